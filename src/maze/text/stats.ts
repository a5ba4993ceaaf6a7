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
  /**
   * the fewest moves from S to the exit (or -1: not connected): to the E cell, or, when the
   * exit is the border's openings (no E cell), out through the nearest one, the move out
   * counted (../shared/spec/text-maze.md, section 1: walking through an opening leaves the maze)
   */
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
  return { cells: n, deadEnds, solution: m.exit >= 0 ? fromStart[m.exit] : nearestOpening(m, fromStart), longest: fromA[b], ends: [a, b] };
}

/** The fewest moves out of the maze through a border opening, given the distances from the start (-1: no opening reached). */
function nearestOpening(m: TextMaze, dist: Int32Array): number {
  let best = -1;
  const consider = (i: number, bit: number): void => {
    if ((m.open[i] & bit) !== 0 && dist[i] >= 0 && (best < 0 || dist[i] + 1 < best)) best = dist[i] + 1;
  };
  for (let c = 0; c < m.cols; c++) {
    consider(c, 1); // north border
    consider((m.rows - 1) * m.cols + c, 2); // south
  }
  for (let r = 0; r < m.rows; r++) {
    consider(r * m.cols, 8); // west
    consider(r * m.cols + m.cols - 1, 4); // east
  }
  return best;
}
