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

/** What an enumeration of acyclic walks under the turn rule reports. */
export interface TurnEnumeration {
  /** walks reported (no (cell, direction) state twice) */
  byState: number;
  /** of them, those that pass no cell twice (the start included) */
  byCell: number;
  /** every acyclic walk was reported: the enumeration ran to its end */
  exhausted: boolean;
  /** stopped because `shouldStop` said so (a time limit, a signal) before its end */
  interrupted: boolean;
  /** every walk of fewer moves than this was reported (the move out counted) */
  completeBelow: number;
  /** search nodes expanded */
  nodes: number;
}

/** How to run the enumeration. */
export interface TurnEnumerationOptions {
  /** report at most this many walks, fewest moves first (0 or absent: all) */
  models?: number;
  /** each walk, fewest moves first (ties in the lab's direction order), and whether it passes no cell twice */
  onPath?: (moves: Uint8Array, noCellTwice: boolean) => void;
  /** polled every 1024 nodes; true stops the enumeration (interrupted) */
  shouldStop?: () => boolean;
}

const UNREACHABLE = 0x3fffffff;

/**
 * The fewest moves from each state (cell*4 + direction of the last move) to the end of a
 * walk under the turn rule, the move out through an opening counted, ignoring acyclicity
 * (so a lower bound for acyclic walks); UNREACHABLE when no walk ends. A breadth-first
 * search backwards from the states a walk may end in. O(cells).
 */
function movesToEnd(maze: TextMaze, p: SearchProblem): Int32Array {
  const n = p.rows * p.cols;
  const off = Int32Array.of(-p.cols, 1, p.cols, -1);
  const h = new Int32Array(4 * n).fill(UNREACHABLE);
  const isE = (cell: number): boolean => p.goal[cell] === 1 && !(p.exitMove[cell] >= 0);
  let frontier: number[] = [];
  const outs: number[] = [];
  for (let cell = 0; cell < n; cell++) {
    if (!p.goal[cell]) continue;
    for (let d = 0; d < 4; d++) {
      const out = exitAfter(maze, p, cell, d);
      if (out === -1) {
        h[cell * 4 + d] = 0;
        frontier.push(cell * 4 + d);
      } else if (out >= 0) outs.push(cell * 4 + d);
    }
  }
  for (let level = 0; frontier.length > 0 || (level === 0 && outs.length > 0); level++) {
    const next: number[] = [];
    for (const t of frontier) {
      const to = t >> 2;
      const dIn = t & 3;
      const from = to - off[dIn];
      if (from < 0 || from >= n || (p.masks[from] & (1 << dIn)) === 0 || isE(from)) continue;
      for (let d = (dIn + 1) & 1; d < 4; d += 2) {
        const s = from * 4 + d;
        if (h[s] > level + 1) {
          h[s] = level + 1;
          next.push(s);
        }
      }
    }
    if (level === 0) {
      for (const s of outs) {
        if (h[s] > 1) {
          h[s] = 1;
          next.push(s);
        }
      }
    }
    frontier = next;
  }
  return h;
}

/**
 * Every acyclic walk from the start to the exit under the turn rule, fewest moves first:
 * a walk is acyclic when no (cell, direction) state occurs twice, and is counted apart when,
 * stricter, no cell occurs twice (../shared/spec/text-maze.md, section 2). Reaching the E
 * cell ends a walk; leaving by an opening is its last move.
 *
 * Iterative deepening on the exact number of moves L = the fewest, the fewest + 1, ...:
 * pass L walks depth first (lab order), cutting a branch whose moves so far plus its
 * fewest moves to the end (movesToEnd) exceed L, and reports the walks of exactly L moves.
 * The enumeration has no step limit: it ends when a pass cuts nothing (no walk is longer),
 * when `models` walks are reported and one more is found (more exist: not exhausted), or
 * when `shouldStop` says so (interrupted). Memory: O(cells); time: exponential in the
 * maze's size, each pass repeating the shorter ones' (a small factor when walks multiply
 * with their length).
 */
export function turnAcyclicPaths(maze: TextMaze, p: SearchProblem, options: TurnEnumerationOptions = {}): TurnEnumeration {
  const n = p.rows * p.cols;
  const off = Int32Array.of(-p.cols, 1, p.cols, -1);
  const h = movesToEnd(maze, p);
  const result: TurnEnumeration = { byState: 0, byCell: 0, exhausted: false, interrupted: false, completeBelow: 0, nodes: 0 };
  const wanted = options.models ?? 0;
  const maxMoves = 4 * n + 1; // at most 4n states, then the move out
  // the start's fewest moves to the end (it has no last move)
  const startOut = p.goal[p.start] ? exitAfter(maze, p, p.start, -1) : -2;
  let first = startOut === -2 ? UNREACHABLE : startOut >= 0 ? 1 : 0;
  for (let d = 0; d < 4; d++) if (p.masks[p.start] & (1 << d)) first = Math.min(first, 1 + h[(p.start + off[d]) * 4 + d]);
  if (first >= UNREACHABLE) {
    result.exhausted = true;
    result.completeBelow = maxMoves + 1;
    return result;
  }
  const stateUsed = new Uint8Array(4 * n);
  const cellUsed = new Uint8Array(n);
  const depthMax = maxMoves + 1;
  const cellAt = new Int32Array(depthMax);
  const lastAt = new Int8Array(depthMax);
  const nextDir = new Int8Array(depthMax);
  const repeats = new Int32Array(depthMax);
  const path = new Uint8Array(depthMax);
  let probing = false; // `models` walks reported: looking for one more, to know whether more exist
  let stop = false;
  let cut = false;
  /** At a node of depth k: a walk ends here with L moves? Returns false when the node has no children (the E cell). */
  const enter = (k: number, L: number): boolean => {
    const cell = cellAt[k];
    if (!p.goal[cell]) return true;
    const out = exitAfter(maze, p, cell, lastAt[k]);
    if (out === -2) return true;
    const moves = k + (out >= 0 ? 1 : 0);
    if (moves === L) {
      if (probing) {
        stop = true;
        return false;
      }
      if (out >= 0) path[k] = out;
      result.byState++;
      if (repeats[k] === 0) result.byCell++;
      options.onPath?.(path.slice(0, moves), repeats[k] === 0);
      if (wanted > 0 && result.byState >= wanted) probing = true;
    } else if (moves > L) cut = true;
    return out !== -1;
  };
  for (let L = first; L <= maxMoves; L++) {
    cut = false;
    cellUsed[p.start] = 1;
    cellAt[0] = p.start;
    lastAt[0] = -1;
    repeats[0] = 0;
    nextDir[0] = enter(0, L) ? 0 : 4;
    let depth = 0;
    while (!stop) {
      const k = depth;
      if (nextDir[k] >= 4) {
        if (k === 0) break;
        stateUsed[cellAt[k] * 4 + lastAt[k]] = 0;
        cellUsed[cellAt[k]]--;
        depth--;
        continue;
      }
      const d = nextDir[k]++;
      const cell = cellAt[k];
      const last = lastAt[k];
      if ((p.masks[cell] & (1 << d)) === 0 || (last >= 0 && ((d ^ last) & 1) === 0)) continue;
      const to = cell + off[d];
      const s = to * 4 + d;
      if (stateUsed[s] || h[s] >= UNREACHABLE) continue;
      if (k + 1 + h[s] > L) {
        cut = true;
        continue;
      }
      stateUsed[s] = 1;
      const again = cellUsed[to] > 0 ? 1 : 0;
      cellUsed[to]++;
      path[k] = d;
      depth = k + 1;
      cellAt[depth] = to;
      lastAt[depth] = d;
      repeats[depth] = repeats[k] + again;
      nextDir[depth] = enter(depth, L) ? 0 : 4;
      if ((++result.nodes & 1023) === 0 && options.shouldStop?.()) {
        result.interrupted = true;
        stop = true;
      }
    }
    if (stop) {
      result.completeBelow = L;
      return result;
    }
    result.completeBelow = L + 1;
    if (!cut) break;
  }
  result.exhausted = true;
  return result;
}
