/**
 * The solver's engine: breadth-first search over (Theseus, Minotaur) states on typed
 * arrays, state index t*N + m (N = R*C cells, 0-based r*C + c). Its own move tables,
 * shared with no checker (src/maze/minotaur/check.ts simulates the rules separately).
 * Rules: ../shared/spec/text-maze.md, section 3 (Theseus moves or waits, escapes through
 * an opening; the Minotaur's two steps, horizontal first; caught when they share a cell).
 */
import type { Level } from "../level.js";

/** Move indices: 0 north, 1 east, 2 south, 3 west, 4 wait (the order tried). */
export const MOVE_WORDS = ["north", "east", "south", "west", "wait"] as const;

/** What the search found. */
export interface SearchResult {
  /** the fewest moves to escape, or -1 when no escape exists (every reachable state visited) */
  fewest: number;
  /** one optimal solution's move indices (MOVE_WORDS), empty when none */
  moves: number[];
  /** distinct states reached */
  visited: number;
}

/** The walking tables of a level. */
interface Tables {
  n: number;
  /** neighbour of cell*4 + dir (n, e, s, w): a cell, -1 a wall, -2 an opening (escape) */
  nb: Int32Array;
  row: Int32Array;
  col: Int32Array;
  open: Uint8Array;
  cols: number;
}

function tables(level: Level): Tables {
  const { rows, cols, open } = level;
  const n = rows * cols;
  const nb = new Int32Array(n * 4);
  const row = new Int32Array(n);
  const col = new Int32Array(n);
  const bits = [1, 4, 2, 8];
  const dr = [-1, 0, 1, 0];
  const dc = [0, 1, 0, -1];
  for (let i = 0; i < n; i++) {
    const r = (i / cols) | 0;
    const c = i - r * cols;
    row[i] = r;
    col[i] = c;
    for (let d = 0; d < 4; d++) {
      if ((open[i] & bits[d]) === 0) nb[i * 4 + d] = -1;
      else {
        const rr = r + dr[d];
        const cc = c + dc[d];
        nb[i * 4 + d] = rr < 0 || rr >= rows || cc < 0 || cc >= cols ? -2 : rr * cols + cc;
      }
    }
  }
  return { n, nb, row, col, open, cols };
}

/** The Minotaur's cell after its two steps toward t. */
function chase(tb: Tables, t: number, m: number): number {
  const { col, row, open, cols } = tb;
  for (let k = 0; k < 2; k++) {
    const o = open[m];
    if (col[t] > col[m] && (o & 4) !== 0) m += 1;
    else if (col[t] < col[m] && (o & 8) !== 0) m -= 1;
    else if (row[t] > row[m] && (o & 2) !== 0) m += cols;
    else if (row[t] < row[m] && (o & 1) !== 0) m -= cols;
    else if (k === 0) return m; // it stays: its second step would stay too
  }
  return m;
}

/** The BFS's arrays after a run (for the count of optimal solutions). */
interface Layers {
  tb: Tables;
  dist: Int32Array;
  queue: Int32Array;
  /** states in the queue */
  tail: number;
  fewest: number;
  wait: boolean;
}

/**
 * Successors of state s (not escapes): calls visit(nextState, move) for each move that
 * neither hits a wall, escapes, nor gets Theseus caught. Returns the number of escape moves.
 */
function expand(tb: Tables, s: number, wait: boolean, visit: (next: number, move: number) => void): number {
  const n = tb.n;
  const t = (s / n) | 0;
  const m = s - t * n;
  let escapes = 0;
  for (let k = 0; k < 5; k++) {
    let nt: number;
    if (k < 4) {
      nt = tb.nb[t * 4 + k];
      if (nt === -1) continue;
      if (nt === -2) {
        escapes++;
        continue;
      }
    } else {
      if (!wait) continue;
      nt = t;
    }
    if (nt === m) continue;
    const nm = chase(tb, nt, m);
    if (nm === nt) continue;
    visit(nt * n + nm, k);
  }
  return escapes;
}

/**
 * Breadth-first search from the level's start: the fewest moves (waits included unless
 * `wait` is false) and one optimal solution (the first in move order north, east, south,
 * west, wait), or -1 when no escape exists.
 * @param all when true, the layer of the last move is expanded fully (for counting optimal solutions)
 */
function bfs(level: Level, wait: boolean, all: boolean): SearchResult & { layers: Layers; parent: Int32Array; pmove: Uint8Array } {
  const tb = tables(level);
  const { n, nb } = tb;
  const S = n * n;
  const dist = new Int32Array(S).fill(-1);
  const parent = new Int32Array(S);
  const pmove = new Uint8Array(S);
  const queue = new Int32Array(S);
  const start = level.theseus * n + level.minotaur;
  dist[start] = 0;
  parent[start] = -1;
  queue[0] = start;
  let head = 0;
  let tail = 1;
  let fewest = -1;
  let endState = -1;
  let endMove = 0;
  while (head < tail) {
    const s = queue[head++];
    const d = dist[s];
    if (fewest >= 0 && d + 1 > fewest) break;
    const t = (s / n) | 0;
    const m = s - t * n;
    for (let k = 0; k < 5; k++) {
      let nt: number;
      if (k < 4) {
        nt = nb[t * 4 + k];
        if (nt === -1) continue;
        if (nt === -2) {
          if (fewest < 0) {
            fewest = d + 1;
            endState = s;
            endMove = k;
          }
          continue;
        }
      } else {
        if (!wait) continue;
        nt = t;
      }
      if (nt === m) continue;
      const nm = chase(tb, nt, m);
      if (nm === nt) continue;
      const ns = nt * n + nm;
      if (dist[ns] >= 0) continue;
      dist[ns] = d + 1;
      parent[ns] = s;
      pmove[ns] = k;
      queue[tail++] = ns;
    }
    if (fewest >= 0 && !all) break;
  }
  const moves: number[] = [];
  if (fewest >= 0) {
    moves.push(endMove);
    for (let s = endState; parent[s] >= 0; s = parent[s]) moves.push(pmove[s]);
    moves.reverse();
  }
  return { fewest, moves, visited: tail, layers: { tb, dist, queue, tail, fewest, wait }, parent, pmove };
}

/**
 * The fewest moves to escape and one optimal solution.
 * @param options wait: whether Theseus may wait (true in the spec; false for the variant without waiting)
 */
export function solveLevel(level: Level, options: { wait: boolean }): SearchResult {
  const { fewest, moves, visited } = bfs(level, options.wait, false);
  return { fewest, moves, visited };
}

/** Every optimal solution, or their count alone when there are more than the limit. */
export interface AllOptimal extends SearchResult {
  /** the number of optimal solutions (a float: exact up to 2^53) */
  count: number;
  /** the solutions (move indices), in move order; undefined when count > limit */
  solutions: number[][] | undefined;
  /**
   * true when `solutions` holds every optimal solution (the enumeration of the optimal
   * solutions ran to its end: count <= limit), or when none exists (proven)
   */
  exhausted: boolean;
}

/**
 * The optimal solutions: counted over the BFS layers (ways[s] = the optimal
 * continuations from s), listed by a walk over states on optimal paths.
 * @param limit list at most this many
 * @param partial when there are more than `limit`: true lists the first `limit`, false none (solutions undefined)
 */
export function allOptimal(level: Level, options: { wait: boolean }, limit: number, partial = false): AllOptimal {
  const run = bfs(level, options.wait, true);
  const { fewest, visited } = run;
  if (fewest < 0) return { fewest, moves: [], visited, count: 0, solutions: [], exhausted: true };
  const { tb, dist, queue, tail, wait } = run.layers;
  const ways = new Float64Array(dist.length);
  for (let i = tail - 1; i >= 0; i--) {
    const s = queue[i];
    const d = dist[s];
    if (d > fewest - 1) continue;
    let w = 0;
    const escapes = expand(tb, s, wait, (ns) => {
      if (dist[ns] === d + 1 && d + 1 <= fewest - 1) w += ways[ns];
    });
    ways[s] = d === fewest - 1 ? escapes : w;
  }
  const start = queue[0];
  const count = ways[start];
  if (count > limit && !partial) return { fewest, moves: run.moves, visited, count, solutions: undefined, exhausted: false };
  const solutions: number[][] = [];
  const path: number[] = [];
  const walk = (s: number): void => {
    if (solutions.length >= limit) return;
    const d = dist[s];
    if (d === fewest - 1) {
      const t = (s / tb.n) | 0;
      for (let k = 0; k < 4 && solutions.length < limit; k++) if (tb.nb[t * 4 + k] === -2) solutions.push([...path, k]);
      return;
    }
    const next: [number, number][] = [];
    expand(tb, s, wait, (ns, k) => {
      if (dist[ns] === d + 1 && ways[ns] > 0) next.push([ns, k]);
    });
    for (const [ns, k] of next) {
      path.push(k);
      walk(ns);
      path.pop();
    }
  };
  walk(start);
  return { fewest, moves: run.moves, visited, count, solutions, exhausted: solutions.length === count };
}
