/**
 * A text maze as the searches see it: neighbour masks in the lab's order (core/maze-grid.ts),
 * the start, the goal cells, and, for a goal reached through a border opening, the move
 * out. Cells 0-based (r*C + c).
 */
import { openingMask, passageMasks } from "../../../core/maze-grid.js";
import type { TextMaze } from "../../../core/maze-text.js";

export interface SearchProblem {
  rows: number;
  cols: number;
  /** bit d (1 << d, lab order north, east, south, west): a passage to that neighbour */
  masks: Uint8Array;
  start: number;
  /** 1 on a goal cell: the E cell, or a cell with an opening in the border */
  goal: Uint8Array;
  /**
   * per goal cell, the move out through its first opening (lab order); -1 for the E cell.
   * Empty when the goal is the E cell: reading it then gives undefined, which is not >= 0.
   */
  exitMove: Int8Array;
  /** the goal cells (for A*'s heuristic), exactly those with `goal` 1 */
  goals: Int32Array;
}

/** The search problem of a maze: to the E cell, or, without one, out through any opening. */
export function searchProblem(maze: TextMaze): SearchProblem {
  const n = maze.rows * maze.cols;
  const goal = new Uint8Array(n);
  const exitMove = maze.exit >= 0 ? new Int8Array(0) : new Int8Array(n).fill(-1);
  const goals: number[] = [];
  if (maze.exit >= 0) {
    goal[maze.exit] = 1;
    goals.push(maze.exit);
  } else {
    for (let cell = 0; cell < n; cell++) {
      const r = (cell / maze.cols) | 0;
      const c = cell - r * maze.cols;
      if (r !== 0 && c !== 0 && r !== maze.rows - 1 && c !== maze.cols - 1) continue;
      const m = openingMask(maze, cell);
      if (m === 0) continue;
      goal[cell] = 1;
      exitMove[cell] = m & 1 ? 0 : m & 2 ? 1 : m & 4 ? 2 : 3;
      goals.push(cell);
    }
  }
  return { rows: maze.rows, cols: maze.cols, masks: passageMasks(maze), start: maze.start, goal, exitMove, goals: Int32Array.from(goals) };
}

/** What a search answers: the moves (directions 0..3, lab order) and the cells in the order it took them from its frontier. */
export interface SearchResult {
  found: boolean;
  moves: Uint8Array;
  visited: Int32Array;
}

/**
 * The moves from the start to `end` by the parent directions (`parentDir[cell] - bias` the
 * move that entered it), plus the move out when `end` is left by an opening.
 */
export function movesTo(p: SearchProblem, parentDir: Uint8Array, end: number, bias = 0): Uint8Array {
  const off = [-p.cols, 1, p.cols, -1];
  let length = 0;
  for (let c = end; c !== p.start; c -= off[parentDir[c] - bias]) length++;
  const out = p.exitMove[end] >= 0 ? 1 : 0;
  const moves = new Uint8Array(length + out);
  let k = length;
  for (let c = end; c !== p.start; c -= off[parentDir[c] - bias]) moves[--k] = parentDir[c] - bias;
  if (out) moves[length] = p.exitMove[end];
  return moves;
}
