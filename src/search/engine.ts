/**
 * The solver: iterative deepening over push sequences on a bit-level board.
 *
 * Rules: ../shared/spec/push-labyrinth.md. A solution of length t is a sequence of t
 * pushes after which the goal field is in the reachable set R(t) and in none of
 * R(0..t-1); R(0) is the init field alone (no walking before the first push).
 *
 * Representation (boards up to 32x32): row r (0-based, from the south) of the board is
 * one 32-bit word per opening direction, bit c (0-based, from the west) set when the
 * tile on (r,c) opens that way; the reachable set is one more word per row. A ply's
 * state is these 5N words and the goal's field; the search keeps one state per ply in a
 * single Int32Array and allocates nothing while it runs.
 *
 * This module does not decide what the checker accepts: src/check.ts has its own
 * simulation.
 */
import type { Direction, Push } from "../board.js";
import type { Instance } from "../instance.js";
import { TranspositionTable } from "./table.js";

/** Largest board the bit rows hold. */
export const MAX_SIZE = 32;

/** Push order of move indices: move m is direction MOVE_DIRS[floor(m / N)] on line (m % N) + 1. */
const MOVE_DIRS: readonly Direction[] = ["e", "w", "n", "s"];
const D_E = 0;
const D_W = 1;
const D_N = 2;

/** Offsets of the five row groups inside a ply's state. */
const K_N = 0;
const K_S = 1;
const K_E = 2;
const K_W = 3;
const K_R = 4;
const GROUPS = 5;

/** What the search measured at one depth of the iterative deepening. */
export interface DepthStats {
  /** number of pushes searched */
  depth: number;
  /** states generated (pushes applied and walked) at this depth */
  nodes: number;
  /** wall-clock milliseconds */
  milliseconds: number;
  /** solutions of exactly this many pushes found */
  solutions: number;
  /** false when the depth was cut short (enough models, or interrupted) */
  complete: boolean;
}

/** Options of one search. */
export interface SearchOptions {
  /** horizon override; default the instance's max_steps */
  maxSteps?: number;
  /** stop after this many solutions; 0 for all (default 1) */
  models?: number;
  /** transposition table size in MiB (default 64); 0 disables it */
  tableMegabytes?: number;
  /** polled every few thousand states; returning true interrupts the search */
  shouldStop?: () => boolean;
  /** called with each solution as it is found, shortest first */
  onSolution?: (pushes: Push[]) => void;
  /** called when a depth ends */
  onDepth?: (stats: DepthStats) => void;
}

/** How a search ended. */
export interface SearchResult {
  /** solutions found, in the order found (shortest first) */
  solutions: Push[][];
  /** true when every sequence up to the horizon was searched (all models known) */
  exhausted: boolean;
  /** true when shouldStop ended the search */
  interrupted: boolean;
  /** the fewest pushes of any solution, when one was found */
  fewest: number | undefined;
  /** per-depth statistics */
  depths: DepthStats[];
  /** total states generated */
  nodes: number;
}

class Interrupted extends Error {}

/**
 * Searches the instance's push sequences by iterative deepening (0, 1, 2, ... pushes),
 * so solutions come shortest first and the first has the fewest pushes.
 * @throws RangeError when the board is larger than MAX_SIZE x MAX_SIZE
 */
export function solve(instance: Instance, options: SearchOptions = {}): SearchResult {
  return new Engine(instance, options).run();
}

class Engine {
  private readonly n: number;
  private readonly full: number;
  private readonly stride: number;
  private readonly horizon: number;
  private readonly models: number;
  /** ply p's state at [p*stride, (p+1)*stride) */
  private readonly state: Int32Array;
  /** offset of the scratch state */
  private readonly scratch: number;
  private readonly goalRow: Int32Array;
  private readonly goalCol: Int32Array;
  /** move index of each ply's push */
  private readonly path: Int32Array;
  private readonly table: TranspositionTable | undefined;
  private readonly shouldStop: (() => boolean) | undefined;
  private readonly onSolution: ((pushes: Push[]) => void) | undefined;
  private readonly solutions: Push[][] = [];
  private nodes = 0;
  private pollCountdown = 4096;
  /** set when a node of the current subtree had the goal reachable */
  private sawGoal = false;
  private limitReached = false;

  constructor(
    private readonly instance: Instance,
    private readonly options: SearchOptions,
  ) {
    const n = instance.size;
    if (n > MAX_SIZE) throw new RangeError(`boards up to ${MAX_SIZE}x${MAX_SIZE} are supported, this one is ${n}x${n}`);
    this.n = n;
    this.full = n === 32 ? -1 : (1 << n) - 1;
    this.stride = GROUPS * n;
    this.horizon = options.maxSteps ?? instance.maxSteps;
    this.models = options.models ?? 1;
    const plies = this.horizon + 1;
    // one more state after the plies: scratch for the goal's component
    this.state = new Int32Array((plies + 1) * this.stride);
    this.scratch = plies * this.stride;
    this.goalRow = new Int32Array(plies);
    this.goalCol = new Int32Array(plies);
    this.path = new Int32Array(Math.max(1, this.horizon));
    const mb = options.tableMegabytes ?? 64;
    this.table = mb > 0 && this.horizon >= 2 ? new TranspositionTable(mb, n) : undefined;
    this.shouldStop = options.shouldStop;
    this.onSolution = options.onSolution;

    const tiles = instance.board.tiles;
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        const t = tiles[r * n + c];
        if (t & 1) this.state[K_N * n + r] |= 1 << c;
        if (t & 2) this.state[K_S * n + r] |= 1 << c;
        if (t & 4) this.state[K_E * n + r] |= 1 << c;
        if (t & 8) this.state[K_W * n + r] |= 1 << c;
      }
    }
    this.state[K_R * n + instance.init.row - 1] = 1 << (instance.init.col - 1);
    this.goalRow[0] = instance.goal.row - 1;
    this.goalCol[0] = instance.goal.col - 1;
  }

  run(): SearchResult {
    const depths: DepthStats[] = [];
    let interrupted = false;
    let complete = true;
    for (let depth = 0; depth <= this.horizon; depth++) {
      const started = performance.now();
      const nodesBefore = this.nodes;
      const before = this.solutions.length;
      let depthComplete = true;
      try {
        if (depth === 0) {
          if (this.goalReachable(0)) this.report(0);
        } else {
          this.sawGoal = false;
          this.search(0, depth);
        }
      } catch (e) {
        if (!(e instanceof Interrupted)) throw e;
        interrupted = true;
        depthComplete = false;
      }
      if (this.limitReached) depthComplete = false;
      const stats: DepthStats = {
        depth,
        nodes: this.nodes - nodesBefore,
        milliseconds: performance.now() - started,
        solutions: this.solutions.length - before,
        complete: depthComplete,
      };
      depths.push(stats);
      this.options.onDepth?.(stats);
      if (!depthComplete) {
        complete = false;
        break;
      }
      // t = 0 is a solution only when init is the goal, and then pushing stops: nothing longer exists.
      if (depth === 0 && this.solutions.length > 0) break;
    }
    return {
      solutions: this.solutions,
      exhausted: complete && !interrupted,
      interrupted,
      fewest: this.solutions.length > 0 ? this.solutions[0].length : undefined,
      depths,
      nodes: this.nodes,
    };
  }

  /** Depth-limited search below ply p with `remaining` >= 1 pushes left. Returns solutions found. */
  private search(p: number, remaining: number): number {
    if (remaining === 1) return this.lastPush(p);
    const n = this.n;
    const stride = this.stride;
    const state = this.state;
    const from = p * stride;
    const to = from + stride;
    const moves = 4 * n;
    let found = 0;
    for (let m = 0; m < moves; m++) {
      state.copyWithin(to, from, to);
      this.goalRow[p + 1] = this.goalRow[p];
      this.goalCol[p + 1] = this.goalCol[p];
      this.applyPush(p + 1, m);
      this.walk(to);
      this.nodes++;
      if (--this.pollCountdown === 0) this.poll();
      if (this.goalReachable(p + 1)) {
        // a shorter solution ends here: pushing stops the moment the goal is reachable
        this.sawGoal = true;
        continue;
      }
      const table = this.table;
      if (table !== undefined) {
        table.hash(state, to, this.goalRow[p + 1], this.goalCol[p + 1]);
        if (table.provenAbove(remaining - 1)) continue;
      }
      this.path[p] = m;
      const outerSaw = this.sawGoal;
      this.sawGoal = false;
      const below = this.search(p + 1, remaining - 1);
      found += below;
      if (this.limitReached) return found;
      if (table !== undefined && !this.sawGoal) {
        // no sequence of up to remaining-1 pushes from here reaches the goal
        table.hash(state, to, this.goalRow[p + 1], this.goalCol[p + 1]);
        table.storeAbove(remaining - 1);
      }
      this.sawGoal = this.sawGoal || outerSaw;
    }
    return found;
  }

  /**
   * The last push below ply p. A push changes only the links with an end on its line,
   * so a line that neither crosses nor borders the reachable set R leaves R as it is,
   * and one that neither crosses nor borders the goal's walking component C leaves C a
   * whole component apart from R: the goal stays unreachable. Only lines touching both
   * R and C are tried. The argument needs R closed under walking, which it is after
   * every push but not at the start (no walking before the first push): there every
   * line is tried.
   */
  private lastPush(p: number): number {
    const n = this.n;
    const full = this.full;
    const stride = this.stride;
    const state = this.state;
    const from = p * stride;
    const to = from + stride;
    const rB = from + K_R * n;
    let rowLines = full;
    let colLines = full;
    if (p > 0) {
      // the goal's component, walked in the scratch state
      const sc = this.scratch;
      state.copyWithin(sc, from, from + K_R * n);
      state.fill(0, sc + K_R * n, sc + stride);
      state[sc + K_R * n + this.goalRow[p]] = 1 << this.goalCol[p];
      this.walk(sc);
      const cB = sc + K_R * n;
      let rowsR = 0;
      let colsR = 0;
      let rowsC = 0;
      let colsC = 0;
      for (let r = 0; r < n; r++) {
        const x = state[rB + r];
        const y = state[cB + r];
        if (x !== 0) rowsR |= 1 << r;
        if (y !== 0) rowsC |= 1 << r;
        colsR |= x;
        colsC |= y;
      }
      rowLines = (rowsR | (rowsR << 1) | (rowsR >>> 1)) & (rowsC | (rowsC << 1) | (rowsC >>> 1)) & full;
      colLines = (colsR | (colsR << 1) | (colsR >>> 1)) & (colsC | (colsC << 1) | (colsC >>> 1)) & full;
    }
    let found = 0;
    for (let dir = 0; dir < 4; dir++) {
      const lines = dir < D_N ? rowLines : colLines;
      for (let line = 0; line < n; line++) {
        if (((lines >>> line) & 1) === 0) continue;
        const m = dir * n + line;
        state.copyWithin(to, from, to);
        this.goalRow[p + 1] = this.goalRow[p];
        this.goalCol[p + 1] = this.goalCol[p];
        this.applyPush(p + 1, m);
        this.walk(to);
        this.nodes++;
        if (--this.pollCountdown === 0) this.poll();
        if (this.goalReachable(p + 1)) {
          this.sawGoal = true;
          this.path[p] = m;
          this.report(p + 1);
          found++;
          if (this.limitReached) return found;
        }
      }
    }
    return found;
  }

  private poll(): void {
    this.pollCountdown = 4096;
    if (this.shouldStop?.()) throw new Interrupted();
  }

  private report(length: number): void {
    const n = this.n;
    const pushes: Push[] = [];
    for (let i = 0; i < length; i++) {
      const m = this.path[i];
      pushes.push({ line: (m % n) + 1, dir: MOVE_DIRS[Math.floor(m / n)] });
    }
    this.solutions.push(pushes);
    this.onSolution?.(pushes);
    if (this.models > 0 && this.solutions.length >= this.models) this.limitReached = true;
  }

  private goalReachable(p: number): boolean {
    return ((this.state[p * this.stride + K_R * this.n + this.goalRow[p]] >>> this.goalCol[p]) & 1) === 1;
  }

  /** Applies move m to ply p's state in place: tiles, reachable set and goal ride along. */
  private applyPush(p: number, m: number): void {
    const n = this.n;
    const state = this.state;
    const base = p * this.stride;
    const dir = (m / n) | 0;
    const line = m - dir * n;
    if (dir === D_E || dir === D_W) {
      const full = this.full;
      const top = n - 1;
      for (let k = 0; k < GROUPS; k++) {
        const i = base + k * n + line;
        const x = state[i];
        state[i] = dir === D_E ? ((x << 1) | (x >>> top)) & full : (x >>> 1) | ((x & 1) << top);
      }
      if (this.goalRow[p] === line) {
        const c = this.goalCol[p];
        this.goalCol[p] = dir === D_E ? (c === top ? 0 : c + 1) : c === 0 ? top : c - 1;
      }
    } else {
      const bit = 1 << line;
      const keep = ~bit;
      const top = n - 1;
      for (let k = 0; k < GROUPS; k++) {
        const b = base + k * n;
        if (dir === D_N) {
          const carry = state[b + top] & bit;
          for (let r = top; r > 0; r--) state[b + r] = (state[b + r] & keep) | (state[b + r - 1] & bit);
          state[b] = (state[b] & keep) | carry;
        } else {
          const carry = state[b] & bit;
          for (let r = 0; r < top; r++) state[b + r] = (state[b + r] & keep) | (state[b + r + 1] & bit);
          state[b + top] = (state[b + top] & keep) | carry;
        }
      }
      if (this.goalCol[p] === line) {
        const r = this.goalRow[p];
        this.goalRow[p] = dir === D_N ? (r === top ? 0 : r + 1) : r === 0 ? top : r - 1;
      }
    }
  }

  /**
   * Closes the reachable rows of the state at `base` under walking: a step between
   * neighbours inside the board needs both tiles open towards each other.
   */
  private walk(base: number): void {
    const n = this.n;
    const state = this.state;
    const nB = base + K_N * n;
    const sB = base + K_S * n;
    const eB = base + K_E * n;
    const wB = base + K_W * n;
    const rB = base + K_R * n;
    // An upward pass closes every row and carries reach north; a downward pass carries
    // it south. When a downward pass changes nothing, the set is closed.
    for (;;) {
      for (let r = 0; r < n; r++) {
        let x = state[rB + r];
        if (r > 0) x |= state[rB + r - 1] & state[nB + r - 1] & state[sB + r];
        if (x === 0) continue;
        const h = state[eB + r] & (state[wB + r] >>> 1);
        for (;;) {
          const y = x | ((x & h) << 1) | ((x >>> 1) & h);
          if (y === x) break;
          x = y;
        }
        state[rB + r] = x;
      }
      let changed = false;
      for (let r = n - 2; r >= 0; r--) {
        let x = state[rB + r] | (state[rB + r + 1] & state[nB + r] & state[sB + r + 1]);
        if (x === state[rB + r]) continue;
        const h = state[eB + r] & (state[wB + r] >>> 1);
        for (;;) {
          const y = x | ((x & h) << 1) | ((x >>> 1) & h);
          if (y === x) break;
          x = y;
        }
        state[rB + r] = x;
        changed = true;
      }
      if (!changed) return;
    }
  }
}
