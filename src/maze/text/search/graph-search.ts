/**
 * The lab's searches on a text maze: breadth-first, depth-first (recursive order),
 * Dijkstra and A* (Manhattan distance to the nearest goal). Neighbours in the lab's order
 * north, east, south, west (../shared/spec/text-maze.md, section 1). Typed arrays, no
 * allocation in the loops. `visited`: cells in the order each algorithm takes them from its
 * frontier (BFS: dequeued; DFS: entered; Dijkstra, A*: settled).
 */
import { movesTo, type SearchProblem, type SearchResult } from "./problem.js";
import { CellHeap } from "./heap.js";

const NONE = 255;

/**
 * Breadth-first search: a shortest path. One byte per cell holds its passages (bits 0-3)
 * and, once seen, the move that entered it + 1 (bits 4-6; 5 at the start), with a row of
 * margin above and below the grid (index cell + C). Branch-free expansion: each of the four
 * neighbours is written to the queue's tail and its mark whatever it is, and the tail moves
 * on by 1 only for a passage to an unseen cell (a passage's presence is a coin toss in a
 * random maze, which a branch would mispredict half the time).
 */
export function bfs(p: SearchProblem): SearchResult {
  const n = p.rows * p.cols;
  const cols = p.cols;
  const w = new Uint8Array(n + 2 * cols);
  w.set(p.masks, cols);
  const queue = new Int32Array(n + 4);
  queue[0] = p.start;
  w[p.start + cols] |= 5 << 4;
  const target = p.goals.length === 1 ? p.goals[0] : -1; // one goal cell: a comparison, not a load
  const head = expand(w, queue, cols, target, p.goal);
  // the search stops when it takes a goal from the queue, and only then
  const last = queue[head - 1];
  if (last === target || (target < 0 && p.goal[last] === 1)) return { found: true, moves: bfsMoves(p, w, last), visited: queue.subarray(0, head) };
  return { found: false, moves: new Uint8Array(0), visited: queue.subarray(0, head) };
}

/**
 * BFS's loop, on its own so that its compiled code sees nothing but typed arrays and
 * numbers (an operation first met after the loop, such as building the result, would send
 * the code compiled during the first run back to the interpreter). The queue holds the
 * start; returns the number of cells taken from the queue, the last a goal if one was found.
 */
function expand(w: Uint8Array, queue: Int32Array, cols: number, target: number, goal: Uint8Array): number {
  let head = 0;
  let tail = 1;
  while (head < tail) {
    const cell = queue[head++];
    if (cell === target || (target < 0 && goal[cell] === 1)) return head;
    const i = cell + cols;
    const m = w[i];
    // (x >> 4) - 1 >>> 31 is 1 for an unseen cell, else 0
    const north = m & 1 & (((w[i - cols] >> 4) - 1) >>> 31);
    w[i - cols] |= north << 4;
    queue[tail] = cell - cols;
    tail += north;
    const east = (m >> 1) & 1 & (((w[i + 1] >> 4) - 1) >>> 31);
    w[i + 1] |= east << 5;
    queue[tail] = cell + 1;
    tail += east;
    const south = (m >> 2) & 1 & (((w[i + cols] >> 4) - 1) >>> 31);
    w[i + cols] |= south * 48;
    queue[tail] = cell + cols;
    tail += south;
    const west = (m >> 3) & 1 & (((w[i - 1] >> 4) - 1) >>> 31);
    w[i - 1] |= west << 6;
    queue[tail] = cell - 1;
    tail += west;
  }
  return head;
}

/**
 * The moves to `end` read back from the BFS's marks (bits 4-6 of w[cell + C]: the entering
 * move + 1, 5 at the start), plus the move out by an opening. Each loop is a function of its
 * own, for the reason given at expand.
 */
function bfsMoves(p: SearchProblem, w: Uint8Array, end: number): Uint8Array {
  const cols = p.cols;
  const exit = p.exitMove[end] >= 0 ? p.exitMove[end] : -1;
  const back = Int32Array.of(0, cols, -1, -cols, 1); // per mark: the step back to the cell it was entered from
  const length = stepsBack(w, end, cols, back);
  const moves = new Uint8Array(exit >= 0 ? length + 1 : length);
  if (exit >= 0) moves[length] = exit;
  writeBack(w, end, cols, back, moves, length);
  return moves;
}

/** The number of moves from the start to `end` by BFS's marks. */
function stepsBack(w: Uint8Array, end: number, cols: number, back: Int32Array): number {
  let length = 0;
  for (let c = end, d = w[c + cols] >> 4; d !== 5; c += back[d], d = w[c + cols] >> 4) length++;
  return length;
}

/** Writes the moves from the start to `end` into moves[0 .. length). */
function writeBack(w: Uint8Array, end: number, cols: number, back: Int32Array, moves: Uint8Array, length: number): void {
  let k = length;
  for (let c = end, d = w[c + cols] >> 4; d !== 5; c += back[d], d = w[c + cols] >> 4) moves[--k] = d - 1;
}

/** Depth-first search in recursive order (north first, back up at a dead end): DFS's path, not always the shortest. */
export function dfs(p: SearchProblem): SearchResult {
  const n = p.rows * p.cols;
  const off = Int32Array.of(-p.cols, 1, p.cols, -1);
  const masks = p.masks;
  const parent = new Uint8Array(n).fill(NONE);
  const stack = new Int32Array(n);
  const next = new Uint8Array(n); // per stack level: the next direction to try
  const visited = new Int32Array(n);
  let seen = 0;
  let top = 0;
  stack[0] = p.start;
  next[0] = 0;
  parent[p.start] = 4;
  visited[seen++] = p.start;
  if (p.goal[p.start]) return { found: true, moves: movesTo(p, parent, p.start), visited: visited.subarray(0, seen) };
  while (top >= 0) {
    const cell = stack[top];
    const d = next[top];
    if (d === 4) {
      top--;
      continue;
    }
    next[top] = d + 1;
    if ((masks[cell] & (1 << d)) === 0) continue;
    const to = cell + off[d];
    if (parent[to] !== NONE) continue;
    parent[to] = d;
    visited[seen++] = to;
    if (p.goal[to]) {
      parent[p.start] = NONE;
      return { found: true, moves: movesTo(p, parent, to), visited: visited.subarray(0, seen) };
    }
    stack[++top] = to;
    next[top] = 0;
  }
  return { found: false, moves: new Uint8Array(0), visited: visited.subarray(0, seen) };
}

/**
 * Best-first search with a heap keyed by cost (every move costs 1) plus `h` (0: Dijkstra;
 * Manhattan: A*); ties broken first come, first served, so the order is reproducible.
 */
function bestFirst(p: SearchProblem, manhattan: boolean): SearchResult {
  const n = p.rows * p.cols;
  const cols = p.cols;
  const off = Int32Array.of(-cols, 1, cols, -1);
  const masks = p.masks;
  const parent = new Uint8Array(n).fill(NONE);
  const dist = new Int32Array(n).fill(-1);
  const done = new Uint8Array(n);
  const visited = new Int32Array(n);
  let seen = 0;
  const goals = p.goals;
  const goalRow = new Int32Array(goals.length);
  const goalCol = new Int32Array(goals.length);
  for (let i = 0; i < goals.length; i++) {
    goalRow[i] = (goals[i] / cols) | 0;
    goalCol[i] = goals[i] % cols;
  }
  const useH = manhattan && goals.length > 0 && goals.length <= 8;
  const h = (cell: number): number => {
    if (!useH) return 0;
    const r = (cell / cols) | 0;
    const c = cell - r * cols;
    let best = 1 << 30;
    for (let i = 0; i < goalRow.length; i++) {
      const d = Math.abs(r - goalRow[i]) + Math.abs(c - goalCol[i]);
      if (d < best) best = d;
    }
    return best;
  };
  const SEQ = 4294967296; // key = f * 2^32 + insertion number
  let seq = 0;
  const heap = new CellHeap(1024);
  dist[p.start] = 0;
  parent[p.start] = 4;
  heap.push(p.start, h(p.start) * SEQ + seq++);
  while (heap.size > 0) {
    const cell = heap.pop();
    if (done[cell]) continue;
    done[cell] = 1;
    visited[seen++] = cell;
    if (p.goal[cell]) {
      parent[p.start] = NONE;
      return { found: true, moves: movesTo(p, parent, cell), visited: visited.subarray(0, seen) };
    }
    const g = dist[cell] + 1;
    const m = masks[cell];
    for (let d = 0; d < 4; d++) {
      if ((m & (1 << d)) === 0) continue;
      const to = cell + off[d];
      if (done[to] || (dist[to] >= 0 && dist[to] <= g)) continue;
      dist[to] = g;
      parent[to] = d;
      heap.push(to, (g + h(to)) * SEQ + seq++);
    }
  }
  return { found: false, moves: new Uint8Array(0), visited: visited.subarray(0, seen) };
}

/** Dijkstra's algorithm (every move costs 1): a shortest path. */
export function dijkstra(p: SearchProblem): SearchResult {
  return bestFirst(p, false);
}

/** A* with the Manhattan distance to the nearest goal cell (admissible): a shortest path. */
export function astar(p: SearchProblem): SearchResult {
  return bestFirst(p, true);
}
