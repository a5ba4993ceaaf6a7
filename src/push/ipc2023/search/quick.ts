/**
 * A quick plan for the IPC 2023 planner's anytime mode: weighted best-first search
 * (priority g + W*h, W = 3, h the guide below: how many closed connections a south-east
 * walk must have opened; or W = 2 and h Lemma L's bound, lines.ts, when that guide gives up)
 * over (board, robot) states, each state met once. Its plans are valid but not necessarily cheapest: the exact
 * search (index.ts) then looks for a cheaper one, and the quick plan is what a time limit
 * or a signal hands in when the exact search has not finished.
 *
 * States live in flat typed arrays (boards side by side in one arena); a state cap bounds
 * the memory. Coordinates as task.ts: 0-based, x from the west, y from the north; tiles
 * at y*N + x. Rules: docs/ipc2023.md.
 */
import type { Direction } from "../../../core/grid.js";
import type { IpcMove, IpcTask } from "../task.js";
import { costBound } from "./bound.js";
import { LineBound } from "./lines.js";

/**
 * The quick search's guide (not admissible, not used by the exact search): the Manhattan
 * distance M to the corner plus twice the fewest closed connections on a south-east walk
 * from the robot to the corner (each must be opened by some push), plus 2 when the
 * corner's card does not open south.
 * @param walk scratch space of at least N*N numbers
 */
function guide(tiles: Uint8Array, n: number, robot: number, walk: Int32Array): number {
  const x0 = robot % n;
  const y0 = (robot - x0) / n;
  for (let y = y0; y < n; y++) {
    for (let x = x0; x < n; x++) {
      const f = y * n + x;
      if (f === robot) {
        walk[f] = 0;
        continue;
      }
      let best = 1 << 20;
      if (x > x0) best = walk[f - 1] + ((tiles[f - 1] & 4) !== 0 && (tiles[f] & 8) !== 0 ? 0 : 1);
      if (y > y0) best = Math.min(best, walk[f - n] + ((tiles[f - n] & 2) !== 0 && (tiles[f] & 1) !== 0 ? 0 : 1));
      walk[f] = best;
    }
  }
  const m = 2 * (n - 1) - x0 - y0;
  return m + 2 * walk[n * n - 1] + ((tiles[n * n - 1] & 2) !== 0 ? 0 : 2);
}

const DIRS: readonly Direction[] = ["n", "s", "e", "w"];
const BIT = [1, 2, 4, 8];
const BACK_BIT = [2, 1, 8, 4];
const DX = [0, 0, 1, -1];
const DY = [-1, 1, 0, 0];
const WEIGHT = 3;
/** the weight of cheaperPlan's search (Lemma L's bound as the guide), by default */
export const IMPROVE = 1.25;

/** Options of quickPlan. */
export interface QuickOptions {
  /** states kept at most (default: 500,000, and at most 128 MiB of boards); the search gives up beyond */
  maxStates?: number;
  /** polled every 64 expansions: true stops the search */
  shouldStop?: () => boolean;
}

/** One attempt of the quick search: its guide, the guide's weight W, the states it may keep. */
interface Attempt {
  /** "walk": the closed connections of a south-east walk (guide above); "lines": Lemma L's bound (lines.ts) */
  guide: "walk" | "lines";
  weight: number;
  maxStates: number;
}

/** A min-heap of state indices by priority. */
class Heap {
  private items = new Int32Array(1024);
  private keys = new Float64Array(1024);
  size = 0;

  push(item: number, key: number): void {
    if (this.size === this.items.length) {
      const items = new Int32Array(this.size * 2);
      items.set(this.items);
      this.items = items;
      const keys = new Float64Array(this.size * 2);
      keys.set(this.keys);
      this.keys = keys;
    }
    let i = this.size++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.keys[parent] <= key) break;
      this.items[i] = this.items[parent];
      this.keys[i] = this.keys[parent];
      i = parent;
    }
    this.items[i] = item;
    this.keys[i] = key;
  }

  pop(): number {
    const top = this.items[0];
    const item = this.items[--this.size];
    const key = this.keys[this.size];
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= this.size) break;
      if (child + 1 < this.size && this.keys[child + 1] < this.keys[child]) child++;
      if (this.keys[child] >= key) break;
      this.items[i] = this.items[child];
      this.keys[i] = this.keys[child];
      i = child;
    }
    this.items[i] = item;
    this.keys[i] = key;
    return top;
  }
}

/**
 * A plan found quickly, or undefined when the search gave up (the state cap, shouldStop)
 * or proved that no plan exists among the states it met. Up to three attempts: the walk
 * guide with a fifth of the states; Lemma L's bound as the guide (W = 2; it finds a plan
 * where a detour is needed, e.g. the 16x16 task of seed 3, on which the walk guide's
 * plateau fills any cap), with a twentieth; then the walk guide with all of them.
 * @param task the task (0-based PDDL coordinates)
 * @returns the plan's moves and cost (pushes + steps)
 */
export function quickPlan(task: IpcTask, options: QuickOptions = {}): { moves: IpcMove[]; cost: number } | undefined {
  const cap = options.maxStates ?? Math.min(500_000, Math.floor(2 ** 27 / (task.size * task.size)));
  const attempts: Attempt[] = [
    { guide: "walk", weight: WEIGHT, maxStates: Math.ceil(cap / 5) },
    { guide: "lines", weight: 2, maxStates: Math.ceil(cap / 20) },
    { guide: "walk", weight: WEIGHT, maxStates: cap },
  ];
  for (const a of attempts) {
    const plan = attempt(task, a, options.shouldStop, Infinity);
    if (plan || options.shouldStop?.()) return plan;
  }
  return undefined;
}

/**
 * A plan cheaper than `below`, or undefined: weighted best-first search (W = 1.25) guided by
 * Lemma L's bound, which is admissible, so states with g + h at or above `below` are dropped.
 * @param options maxStates as quickPlan's (a tenth of it is kept, or all of it with
 *   allStates); ms: the time it may take (default 1,500); weight: the guide's weight W
 *   (default 1.25)
 */
export function cheaperPlan(task: IpcTask, below: number, options: QuickOptions & { ms?: number; weight?: number; allStates?: boolean } = {}): { moves: IpcMove[]; cost: number } | undefined {
  const cap = options.maxStates ?? Math.min(500_000, Math.floor(2 ** 27 / (task.size * task.size)));
  const until = performance.now() + (options.ms ?? 1500);
  const stop = (): boolean => performance.now() > until || (options.shouldStop?.() ?? false);
  return attempt(task, { guide: "lines", weight: options.weight ?? IMPROVE, maxStates: options.allStates ? cap : Math.ceil(cap / 10) }, stop, below);
}

/** One weighted best-first search (quickPlan's attempts); with the lines guide, only plans cheaper than `below`. */
function attempt(task: IpcTask, options: Attempt, shouldStop: (() => boolean) | undefined, below: number): { moves: IpcMove[]; cost: number } | undefined {
  const n = task.size;
  const cells = n * n;
  const cap = options.maxStates;
  const corner = cells - 1;
  const weight = options.weight;
  const lineBound = options.guide === "lines" ? new LineBound(n) : undefined;
  let arena = new Uint8Array(cells * 1024);
  let robot = new Int32Array(1024);
  let parent = new Int32Array(1024);
  let action = new Int32Array(1024);
  let cost = new Int32Array(1024);
  let count = 0;
  const seen = new Map<number, number>();
  const heap = new Heap();
  const scratch = new Uint8Array(cells);
  const walk = new Int32Array(cells);
  // two 32-bit FNV-1a hashes of (robot, board) make a 53-bit key: a collision (about one in
  // 2^53 per pair) can only hide a state from this search, never make a plan invalid
  const keyOf = (tiles: Uint8Array, r: number): number => {
    let a = 0x811c9dc5 ^ r;
    let b = 0x01000193 ^ (r * 2654435761);
    for (let i = 0; i < tiles.length; i++) {
      a = Math.imul(a ^ tiles[i], 16777619);
      b = Math.imul(b ^ (tiles[i] + i), 2246822519);
    }
    return (a >>> 0) * 2097152 + ((b >>> 0) & 0x1fffff);
  };
  const add = (tiles: Uint8Array, r: number, from: number, act: number, g: number): void => {
    const key = keyOf(tiles, r);
    if (seen.has(key)) return;
    if (costBound(tiles, n, r) === Infinity) return;
    const h = lineBound ? lineBound.bound(tiles, r, Infinity) : guide(tiles, n, r, walk);
    if (h === Infinity) return;
    // below a known plan's cost: with Lemma L's bound (admissible) g + h at or above it cannot lead below it
    if (lineBound && g + h >= below) return;
    if (count === robot.length) {
      const grow = <T extends Int32Array | Uint8Array>(a: T, size: number): T => {
        const b = new (a.constructor as new (k: number) => T)(size);
        b.set(a);
        return b;
      };
      arena = grow(arena, arena.length * 2);
      robot = grow(robot, robot.length * 2);
      parent = grow(parent, parent.length * 2);
      action = grow(action, action.length * 2);
      cost = grow(cost, cost.length * 2);
    }
    arena.set(tiles, count * cells);
    robot[count] = r;
    parent[count] = from;
    action[count] = act;
    cost[count] = g;
    seen.set(key, count);
    heap.push(count, g + weight * h);
    count++;
  };
  add(task.tiles, task.robot.y * n + task.robot.x, -1, -1, 0);
  let expanded = 0;
  while (heap.size > 0) {
    if ((++expanded & 63) === 0 && shouldStop?.()) return undefined;
    if (count >= cap) return undefined;
    const s = heap.pop();
    const tiles = arena.subarray(s * cells, (s + 1) * cells);
    const r = robot[s];
    if (r === corner && (tiles[r] & 2) !== 0) return planOf(s, parent, action, cost[s], n);
    const x = r % n;
    const y = (r - x) / n;
    const g = cost[s] + 1;
    for (let d = 0; d < 4; d++) {
      if ((tiles[r] & BIT[d]) === 0) continue;
      const nx = x + DX[d];
      const ny = y + DY[d];
      if (nx < 0 || ny < 0 || nx >= n || ny >= n) continue;
      const q = ny * n + nx;
      if ((tiles[q] & BACK_BIT[d]) === 0) continue;
      add(tiles, q, s, 4 * n + d, g);
    }
    for (let line = 0; line < n; line++) {
      for (let d = 0; d < 4; d++) {
        const isRow = d >= 2;
        if (isRow ? line === y : line === x) continue; // the robot's lines cannot be pushed
        scratch.set(tiles);
        for (let i = 0; i < n; i++) {
          // the field i along the line, and the field the push brings to it
          const [to, from] = isRow
            ? [line * n + i, line * n + ((i + (d === 2 ? n - 1 : 1)) % n)]
            : [i * n + line, ((i + (d === 1 ? n - 1 : 1)) % n) * n + line];
          scratch[to] = tiles[from];
        }
        add(scratch, r, s, line * 4 + d, g);
      }
    }
  }
  return undefined;
}

/** The moves from the start to state s, read back through the parents. */
function planOf(s: number, parent: Int32Array, action: Int32Array, total: number, n: number): { moves: IpcMove[]; cost: number } {
  const moves: IpcMove[] = [];
  for (let k = s; parent[k] >= 0; k = parent[k]) {
    const a = action[k];
    if (a >= 4 * n) moves.push({ kind: "step", direction: DIRS[a - 4 * n] });
    else moves.push({ kind: "push", line: a >> 2, direction: DIRS[a & 3] });
  }
  return { moves: moves.reverse(), cost: total };
}
