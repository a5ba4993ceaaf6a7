/** Distances from the start of a text maze (moves; -1 unreachable), for the pictures' shading and the statistics. O(cells). */
import type { MazeCells } from "../../core/maze-grid.js";

/** Breadth-first distances from `from` (default: cell 0 ... or the maze's start) through passages inside the grid. */
export function distances(m: MazeCells & { start?: number }, from = m.start ?? 0): Int32Array {
  const { rows, cols, open } = m;
  const n = rows * cols;
  const dist = new Int32Array(n).fill(-1);
  const queue = new Int32Array(n);
  let head = 0;
  let tail = 0;
  dist[from] = 0;
  queue[tail++] = from;
  while (head < tail) {
    const i = queue[head++];
    const r = (i / cols) | 0;
    const c = i - r * cols;
    const o = open[i];
    const g = dist[i] + 1;
    if (o & 1 && r > 0 && dist[i - cols] < 0) { dist[i - cols] = g; queue[tail++] = i - cols; }
    if (o & 4 && c < cols - 1 && dist[i + 1] < 0) { dist[i + 1] = g; queue[tail++] = i + 1; }
    if (o & 2 && r < rows - 1 && dist[i + cols] < 0) { dist[i + cols] = g; queue[tail++] = i + cols; }
    if (o & 8 && c > 0 && dist[i - 1] < 0) { dist[i - 1] = g; queue[tail++] = i - 1; }
  }
  return dist;
}
