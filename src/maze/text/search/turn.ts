/**
 * Theseus' turn rule on a text maze (../shared/spec/text-maze.md, section 2): every move
 * after the first is perpendicular to the move before it (no straight on, no turning back).
 * The fewest moves is over walks: a breadth-first search over states (cell, direction of
 * the last move), state index cell*4 + d (d in the lab's order north 0, east 1, south 2,
 * west 3). Leaving by a border opening is a move too, and obeys the rule.
 */
import { openingMask } from "../../../core/maze-grid.js";
import type { TextMaze } from "../../../core/maze-text.js";
import type { SearchProblem } from "./problem.js";

/** Directions perpendicular to d: d and d' differ in parity. */
function perpendicular(a: number, b: number): boolean {
  return ((a ^ b) & 1) === 1;
}

/** The move out of a goal cell after a last move `last` (-1: none yet): -1 when the goal is the E cell, -2 when no opening allows it. */
function exitAfter(maze: TextMaze, p: SearchProblem, cell: number, last: number): number {
  if (!(p.exitMove[cell] >= 0)) return -1;
  const m = openingMask(maze, cell);
  for (let d = 0; d < 4; d++) if (m & (1 << d) && (last < 0 || perpendicular(d, last))) return d;
  return -2;
}

/** The fewest moves under the turn rule, or undefined when no walk reaches the exit. */
export function turnShortest(maze: TextMaze, p: SearchProblem): Uint8Array | undefined {
  const n = p.rows * p.cols;
  const off = Int32Array.of(-p.cols, 1, p.cols, -1);
  const parent = new Int32Array(4 * n).fill(-2); // the previous state; -1: the start
  const queue = new Int32Array(4 * n);
  let head = 0;
  let tail = 0;
  const finish = (state: number, out: number): Uint8Array => {
    const moves: number[] = [];
    for (let s = state; s >= 0; s = parent[s]) moves.push(s & 3);
    moves.reverse();
    if (out >= 0) moves.push(out);
    return Uint8Array.from(moves);
  };
  if (p.goal[p.start]) {
    const out = exitAfter(maze, p, p.start, -1);
    if (out !== -2) return out >= 0 ? Uint8Array.of(out) : new Uint8Array(0);
  }
  const m0 = p.masks[p.start];
  for (let d = 0; d < 4; d++) {
    if ((m0 & (1 << d)) === 0) continue;
    const s = (p.start + off[d]) * 4 + d;
    if (parent[s] !== -2) continue;
    parent[s] = -1;
    queue[tail++] = s;
  }
  while (head < tail) {
    const s = queue[head++];
    const cell = s >> 2;
    const last = s & 3;
    if (p.goal[cell]) {
      const out = exitAfter(maze, p, cell, last);
      if (out !== -2) return finish(s, out);
    }
    const m = p.masks[cell];
    for (let d = (last + 1) & 1; d < 4; d += 2) {
      if ((m & (1 << d)) === 0) continue;
      const t = (cell + off[d]) * 4 + d;
      if (parent[t] !== -2) continue;
      parent[t] = s;
      queue[tail++] = t;
    }
  }
  return undefined;
}

/** Acyclic-path counts under the turn rule: no state (cell, direction) twice; no cell twice. */
export interface TurnCounts {
  byState: number;
  byCell: number;
  /** the paths enumerated (no state twice), each a move list, up to `keep` of them */
  paths: Uint8Array[];
  /** true when the enumeration stopped at the limit */
  truncated: boolean;
}

/**
 * Every acyclic walk from the start to the exit under the turn rule, by depth-first
 * enumeration: counted when no (cell, direction) state occurs twice, and, stricter, when no
 * cell occurs twice. Exponential: `limit` bounds the search steps.
 */
export function turnAcyclicPaths(maze: TextMaze, p: SearchProblem, keep: number, limit = 5e7): TurnCounts {
  const n = p.rows * p.cols;
  const off = Int32Array.of(-p.cols, 1, p.cols, -1);
  const stateUsed = new Uint8Array(4 * n);
  const cellUsed = new Uint16Array(n);
  const path: number[] = [];
  const result: TurnCounts = { byState: 0, byCell: 0, paths: [], truncated: false };
  let steps = 0;
  const visit = (cell: number, last: number, cellRepeats: number): void => {
    if (++steps > limit) {
      result.truncated = true;
      return;
    }
    if (p.goal[cell]) {
      const out = exitAfter(maze, p, cell, last);
      if (out !== -2) {
        result.byState++;
        if (cellRepeats === 0) result.byCell++;
        if (result.paths.length < keep) result.paths.push(Uint8Array.from(out >= 0 ? [...path, out] : path));
        if (!(p.exitMove[cell] >= 0)) return; // the E cell ends the walk
      }
    }
    const m = p.masks[cell];
    for (let d = 0; d < 4; d++) {
      if ((m & (1 << d)) === 0 || (last >= 0 && !perpendicular(d, last))) continue;
      const to = cell + off[d];
      const s = to * 4 + d;
      if (stateUsed[s]) continue;
      stateUsed[s] = 1;
      const again = cellUsed[to] > 0 ? 1 : 0;
      cellUsed[to]++;
      path.push(d);
      visit(to, d, cellRepeats + again);
      path.pop();
      cellUsed[to]--;
      stateUsed[s] = 0;
      if (result.truncated) return;
    }
  };
  cellUsed[p.start] = 1;
  visit(p.start, -1, 0);
  return result;
}
