/**
 * The rooms of the transit graph as its CSV implies them: a line is a passage through the
 * room on node1's side direction1 and on node2's side direction2, so those two door sides
 * belong to one room; rooms are the classes of door sides joined this way (union-find).
 * This is exact when every room's passages join all of its doors; a room whose doors no
 * passage joins (a room with no turn in it) stays invisible, and one whose passages fall
 * into two groups would count as two rooms. The state graph itself (76 states, 166 edges)
 * has no rooms at all: that is why "no room twice" cannot be expressed on it.
 */
import type { TransitGraph } from "./graph.js";

const SIDE: Readonly<Record<string, number>> = { u: 0, d: 1, l: 2, r: 3 };

/** Each CSV line's room (0-based), and the number of rooms that carry a passage. */
export function roomOfLine(g: TransitGraph): { ofLine: Int32Array; count: number } {
  const up = new Int32Array(4 * g.transits);
  for (let i = 0; i < up.length; i++) up[i] = i;
  const find = (x: number): number => {
    while (up[x] !== x) x = up[x] = up[up[x]];
    return x;
  };
  for (const p of g.passages) {
    const a = find(4 * p.node1 + SIDE[p.dir1]);
    const b = find(4 * p.node2 + SIDE[p.dir2]);
    if (a !== b) up[a] = b;
  }
  const id = new Map<number, number>();
  const ofLine = new Int32Array(g.passages.length);
  g.passages.forEach((p, k) => {
    const r = find(4 * p.node1 + SIDE[p.dir1]);
    if (!id.has(r)) id.set(r, id.size);
    ofLine[k] = id.get(r)!;
  });
  return { ofLine, count: id.size };
}
