/**
 * Boards after each push of a competition witness, computed in a few lines here, for
 * the pictures' tests (independent of src/push/competition/check.ts and of the search): tiles by 1-based
 * "row,col", rows from the south; wraparound pushes.
 */
import { readFileSync } from "node:fs";

const BIT: Record<string, number> = { n: 1, s: 2, e: 4, w: 8 };

/** The instance's size and tiles, from its facts. */
export function readTiles(file: string): { n: number; tiles: Map<string, number> } {
  const text = readFileSync(file, "utf8");
  const tiles = new Map<string, number>();
  let n = 0;
  for (const m of text.matchAll(/field\((\d+),(\d+)\)/g)) {
    n = Math.max(n, Number(m[1]));
    tiles.set(`${m[1]},${m[2]}`, tiles.get(`${m[1]},${m[2]}`) ?? 0);
  }
  for (const m of text.matchAll(/connect\((\d+),(\d+),([nsew])\)/g)) tiles.set(`${m[1]},${m[2]}`, (tiles.get(`${m[1]},${m[2]}`) ?? 0) | BIT[m[3]]);
  return { n, tiles };
}

/** The boards at steps 0..k for pushes [line, dir]. */
export function boardsAfter(file: string, pushes: [number, string][]): Map<string, number>[] {
  const { n, tiles } = readTiles(file);
  const out = [new Map(tiles)];
  let cur = tiles;
  for (const [z, d] of pushes) {
    const next = new Map(cur);
    for (let i = 1; i <= n; i++) {
      const j = (i % n) + 1; // i -> i+1 with wraparound
      const k = ((i + n - 2) % n) + 1; // i -> i-1
      if (d === "e") next.set(`${z},${j}`, cur.get(`${z},${i}`)!);
      if (d === "w") next.set(`${z},${k}`, cur.get(`${z},${i}`)!);
      if (d === "n") next.set(`${j},${z}`, cur.get(`${i},${z}`)!);
      if (d === "s") next.set(`${k},${z}`, cur.get(`${i},${z}`)!);
    }
    out.push(next);
    cur = next;
  }
  return out;
}
