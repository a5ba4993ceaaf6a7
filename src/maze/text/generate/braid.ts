/**
 * Braiding (Jamis Buck, "Mazes for Programmers", ch. 9): a fraction of the dead ends get a
 * second passage, to a neighbouring dead end when there is one, else to a random neighbour:
 * the maze gets loops. Cells 0-based r*C + c.
 */
import { carve, DIR_BIT } from "../../../core/maze-grid.js";
import type { Random } from "./spanning.js";

function degree(o: number): number {
  return (o & 1) + ((o >> 1) & 1) + ((o >> 2) & 1) + ((o >> 3) & 1);
}

/** Removes round(p x the dead ends) of the dead ends, in random order (a dead end already gone is skipped). */
export function braid(rows: number, cols: number, open: Uint8Array, p: number, rnd: Random): void {
  const n = rows * cols;
  const ends: number[] = [];
  for (let i = 0; i < n; i++) if (degree(open[i]) === 1) ends.push(i);
  for (let i = ends.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    const t = ends[i];
    ends[i] = ends[j];
    ends[j] = t;
  }
  const take = Math.round(p * ends.length);
  const options = new Uint8Array(4);
  const best = new Uint8Array(4);
  for (let k = 0; k < take; k++) {
    const cell = ends[k];
    if (degree(open[cell]) !== 1) continue;
    const r = (cell / cols) | 0;
    const c = cell - r * cols;
    let m = 0;
    let b = 0;
    for (let d = 0; d < 4; d++) {
      if (open[cell] & DIR_BIT[d]) continue;
      const to = d === 0 ? (r > 0 ? cell - cols : -1) : d === 1 ? (c < cols - 1 ? cell + 1 : -1) : d === 2 ? (r < rows - 1 ? cell + cols : -1) : c > 0 ? cell - 1 : -1;
      if (to < 0) continue;
      options[m++] = d;
      if (degree(open[to]) === 1) best[b++] = d;
    }
    if (m === 0) continue;
    const d = b > 0 ? best[Math.floor(rnd() * b)] : options[Math.floor(rnd() * m)];
    carve(open, cols, cell, d);
  }
}
