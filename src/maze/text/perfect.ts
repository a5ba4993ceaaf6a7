/**
 * The perfection check of a text maze, labcheck's own: a maze is perfect when every cell is
 * reachable and there is exactly one path between any two cells, i.e. the passages form a
 * spanning tree of the grid (../shared/spec/text-maze.md, section 1). O(cells): connected
 * (one breadth-first sweep from cell 0) and passages = cells - 1. It accepts perfect mazes
 * that branch (it never compares a cell with the last one visited, only with its parent).
 *
 * Border openings are ways out, not passages between cells: they do not count.
 */
import type { MazeCells } from "../../core/maze-grid.js";

export interface Perfection {
  perfect: boolean;
  /** passages between cells (each counted once) */
  passages: number;
  cells: number;
  /** cells reachable from cell 0 */
  reached: number;
  /** the first cell (0-based index, row-major) not reachable from cell 0, or -1 */
  unreachable: number;
  /** a passage that closes a loop, as [cell, neighbour] (0-based), or undefined */
  loop: [number, number] | undefined;
}

/** The perfection check (see the module's comment). Never throws. */
export function checkPerfect(m: MazeCells): Perfection {
  const { rows, cols, open } = m;
  const n = rows * cols;
  let passages = 0;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const i = r * cols + c;
      if (open[i] & 2 && r < rows - 1) passages++; // south
      if (open[i] & 4 && c < cols - 1) passages++; // east
    }
  }
  const seen = new Uint8Array(n);
  const queue = new Int32Array(n);
  let head = 0;
  let tail = 0;
  if (n > 0) {
    queue[tail++] = 0;
    seen[0] = 1;
  }
  while (head < tail) {
    const i = queue[head++];
    const r = (i / cols) | 0;
    const c = i - r * cols;
    const o = open[i];
    if (o & 1 && r > 0 && !seen[i - cols]) { seen[i - cols] = 1; queue[tail++] = i - cols; }
    if (o & 2 && r < rows - 1 && !seen[i + cols]) { seen[i + cols] = 1; queue[tail++] = i + cols; }
    if (o & 4 && c < cols - 1 && !seen[i + 1]) { seen[i + 1] = 1; queue[tail++] = i + 1; }
    if (o & 8 && c > 0 && !seen[i - 1]) { seen[i - 1] = 1; queue[tail++] = i - 1; }
  }
  const unreachable = tail === n ? -1 : seen.indexOf(0);
  const perfect = tail === n && passages === n - 1;
  return { perfect, passages, cells: n, reached: tail, unreachable, loop: perfect ? undefined : findLoop(m) };
}

/** A passage whose two cells are already joined by others (union-find in row-major order), or undefined. */
function findLoop(m: MazeCells): [number, number] | undefined {
  const { rows, cols, open } = m;
  const n = rows * cols;
  const up = new Int32Array(n);
  for (let i = 0; i < n; i++) up[i] = i;
  const find = (x: number): number => {
    while (up[x] !== x) {
      up[x] = up[up[x]];
      x = up[x];
    }
    return x;
  };
  for (let i = 0; i < n; i++) {
    const r = (i / cols) | 0;
    const c = i - r * cols;
    for (const [bit, ok, j] of [[4, c < cols - 1, i + 1], [2, r < rows - 1, i + cols]] as const) {
      if (!(open[i] & bit) || !ok) continue;
      const a = find(i);
      const b = find(j);
      if (a === b) return [i, j];
      up[a] = b;
    }
  }
  return undefined;
}
