/**
 * The statistics maze people ask for, per maze: dead ends (cells with one passage), the
 * length of the path from S to E, and the longest shortest path between two cells (the
 * spanning tree's diameter, by two breadth-first sweeps: exact on a perfect maze, a lower
 * bound on a maze with loops). O(cells).
 */
import type { TextMaze } from "../../core/maze-text.js";
import { distances } from "./distances.js";

export interface MazeStats {
  cells: number;
  deadEnds: number;
  /** moves from S to E (or -1: not connected, or no E cell) */
  solution: number;
  /** the longest shortest path found by two sweeps, and its two ends (0-based) */
  longest: number;
  ends: [number, number];
}

/** The statistics of a maze (see the module's comment). */
export function mazeStats(m: TextMaze): MazeStats {
  const n = m.rows * m.cols;
  let deadEnds = 0;
  const inner = (i: number): number => {
    const r = (i / m.cols) | 0;
    const c = i - r * m.cols;
    const o = m.open[i];
    return (o & 1 && r > 0 ? 1 : 0) + (o & 2 && r < m.rows - 1 ? 1 : 0) + (o & 4 && c < m.cols - 1 ? 1 : 0) + (o & 8 && c > 0 ? 1 : 0);
  };
  for (let i = 0; i < n; i++) if (inner(i) === 1) deadEnds++;
  const fromStart = distances(m, m.start);
  const farthest = (d: Int32Array): number => {
    let best = 0;
    for (let i = 1; i < n; i++) if (d[i] > d[best]) best = i;
    return best;
  };
  const a = farthest(fromStart);
  const fromA = distances(m, a);
  const b = farthest(fromA);
  return { cells: n, deadEnds, solution: m.exit >= 0 ? fromStart[m.exit] : -1, longest: fromA[b], ends: [a, b] };
}
