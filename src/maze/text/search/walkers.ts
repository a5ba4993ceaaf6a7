/**
 * The maze walkers that maze libraries offer beside graph search: the wall follower,
 * Trémaux's algorithm and dead-end filling. Neighbours in the lab's order (north, east,
 * south, west). Typed arrays.
 *
 * Sources: the wall follower (left hand on the wall) finds the exit of a simply connected
 * (perfect) maze, and may circle forever around a loop; Trémaux's algorithm (marks on
 * passages, never a passage marked twice) finds the exit of any maze, and the passages
 * marked once at the end are a path; dead-end filling fills every dead end until only the
 * paths from the start to the goal remain (Wikipedia, "Maze-solving algorithm").
 */
import { bfs } from "./graph-search.js";
import { type SearchProblem, type SearchResult } from "./problem.js";

/**
 * The left-hand wall follower: facing south at the start, at each cell it turns left if it
 * can, else goes straight, else right, else back. Its answer is the walk itself.
 * Gives up (found false) when it comes back to a cell facing the same way: it circles.
 */
export function wallFollower(p: SearchProblem): SearchResult {
  const n = p.rows * p.cols;
  const off = Int32Array.of(-p.cols, 1, p.cols, -1);
  const seenState = new Uint8Array(n); // bit h: been here heading h
  const firstSeen = new Uint8Array(n);
  const visited: number[] = [p.start];
  firstSeen[p.start] = 1;
  const moves: number[] = [];
  let cell = p.start;
  let heading = 2;
  while (!p.goal[cell]) {
    const m = p.masks[cell];
    if (m === 0) return { found: false, moves: new Uint8Array(0), visited: Int32Array.from(visited) };
    // left of heading in N E S W numbering is heading+3
    let d = (heading + 3) & 3;
    while ((m & (1 << d)) === 0) d = (d + 1) & 3;
    if (seenState[cell] & (1 << d)) return { found: false, moves: Uint8Array.from(moves), visited: Int32Array.from(visited) };
    seenState[cell] |= 1 << d;
    moves.push(d);
    heading = d;
    cell += off[d];
    if (!firstSeen[cell]) {
      firstSeen[cell] = 1;
      visited.push(cell);
    }
  }
  if (p.exitMove[cell] >= 0) moves.push(p.exitMove[cell]);
  return { found: true, moves: Uint8Array.from(moves), visited: Int32Array.from(visited) };
}

/**
 * Trémaux's algorithm. Walking, it marks each passage it goes through (at most twice). At a
 * new cell it takes the first unmarked passage (lab order) other than the one it came by;
 * at a cell seen before, it turns back if the passage it came by has one mark, else it takes
 * a passage with the fewest marks; a dead end sends it back. The answer: the passages marked
 * once, from the start to the goal.
 */
export function tremaux(p: SearchProblem): SearchResult {
  const n = p.rows * p.cols;
  const off = Int32Array.of(-p.cols, 1, p.cols, -1);
  const marks = new Uint8Array(4 * n); // marks[cell*4 + d] on the passage leaving cell by d
  const seen = new Uint8Array(n);
  const visited: number[] = [p.start];
  seen[p.start] = 1;
  let cell = p.start;
  let came = -1; // direction of the move that entered cell
  const mark = (c: number, d: number): void => {
    marks[c * 4 + d]++;
    marks[(c + off[d]) * 4 + ((d + 2) & 3)]++;
  };
  let found = p.goal[cell] === 1;
  let guard = 8 * n + 8;
  while (!found && guard-- > 0) {
    const m = p.masks[cell];
    const back = came < 0 ? -1 : (came + 2) & 3;
    let go = -1;
    const newCell = seen[cell] === 1;
    if (newCell) {
      for (let d = 0; d < 4; d++) if (m & (1 << d) && d !== back && marks[cell * 4 + d] === 0) { go = d; break; }
      if (go < 0 && back >= 0 && marks[cell * 4 + back] < 2) go = back;
      seen[cell] = 2;
    } else if (back >= 0 && marks[cell * 4 + back] === 1) {
      go = back;
    } else {
      for (let want = 0; want < 2 && go < 0; want++) for (let d = 0; d < 4; d++) if (m & (1 << d) && marks[cell * 4 + d] === want) { go = d; break; }
    }
    if (go < 0) break; // every passage marked twice: no way out
    mark(cell, go);
    cell += off[go];
    came = go;
    if (!seen[cell]) {
      seen[cell] = 1;
      visited.push(cell);
    }
    found = p.goal[cell] === 1;
  }
  if (!found) return { found: false, moves: new Uint8Array(0), visited: Int32Array.from(visited) };
  // the passages marked once form the path: a breadth-first walk on them
  const once = new Uint8Array(n);
  for (let c = 0; c < n; c++) {
    let bits = 0;
    for (let d = 0; d < 4; d++) if (marks[c * 4 + d] === 1) bits |= 1 << d;
    once[c] = bits;
  }
  const path = bfs({ ...p, masks: once, goal: singleGoal(n, cell), goals: Int32Array.of(cell) });
  const moves = path.moves;
  if (p.exitMove[cell] >= 0) {
    const withExit = new Uint8Array(moves.length + 1);
    withExit.set(moves);
    withExit[moves.length] = p.exitMove[cell];
    return { found: true, moves: withExit, visited: Int32Array.from(visited) };
  }
  return { found: true, moves, visited: Int32Array.from(visited) };
}

function singleGoal(n: number, cell: number): Uint8Array {
  const g = new Uint8Array(n);
  g[cell] = 1;
  return g;
}

/**
 * Dead-end filling: every dead end other than the start and the goals is filled, and the
 * cells it leaves with one way on, until none is left; then the way through the cells left
 * open (breadth-first, so on a braided maze the shortest of the ways left). `visited`: the
 * cells filled, in order.
 */
export function deadEndFilling(p: SearchProblem): SearchResult {
  const n = p.rows * p.cols;
  const off = Int32Array.of(-p.cols, 1, p.cols, -1);
  const masks = Uint8Array.from(p.masks);
  const degree = new Uint8Array(n);
  const queue = new Int32Array(n);
  let head = 0;
  let tail = 0;
  for (let c = 0; c < n; c++) {
    const m = masks[c];
    degree[c] = (m & 1) + ((m >> 1) & 1) + ((m >> 2) & 1) + ((m >> 3) & 1);
    if (degree[c] <= 1 && c !== p.start && !p.goal[c]) queue[tail++] = c;
  }
  while (head < tail) {
    const c = queue[head++];
    const m = masks[c];
    masks[c] = 0;
    for (let d = 0; d < 4; d++) {
      if ((m & (1 << d)) === 0) continue;
      const to = c + off[d];
      masks[to] &= ~(1 << ((d + 2) & 3));
      if (--degree[to] === 1 && to !== p.start && !p.goal[to]) queue[tail++] = to;
    }
  }
  const rest = bfs({ ...p, masks });
  return { found: rest.found, moves: rest.moves, visited: queue.subarray(0, tail) };
}
