/**
 * The solver: iterative deepening over push sequences on a bit-level board.
 *
 * Rules: ../shared/spec/push-labyrinth.md. A solution of length t is a sequence of t
 * pushes after which the goal field is in the reachable set R(t) and in none of
 * R(0..t-1); R(0) is the init field alone (no walking before the first push).
 *
 * The board is a BitBoard (src/search/bitboard.ts): a state of 5N + 2 words. The search
 * keeps one state per ply in a single Int32Array and allocates nothing while it runs.
 *
 * This module does not decide what the checker accepts: src/check.ts has its own
 * simulation.
 */
import type { Push } from "../board.js";
import type { Instance } from "../instance.js";
import { BitBoard, D_N, K_R } from "./bitboard.js";
import { TranspositionTable } from "./table.js";

export { MAX_SIZE } from "./bitboard.js";

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
  /** why a depth was cut short */
  stoppedBy?: "limit" | "interrupt";
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
  /**
   * Search only the sequences whose first push m has m % count === index (move order of
   * BitBoard), so that `count` searches with indices 0..count-1 share the work. The
   * empty solution (init on the goal) is reported by index 0 only.
   */
  rootShare?: { index: number; count: number };
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
  private readonly board: BitBoard;
  private readonly n: number;
  private readonly stride: number;
  private readonly horizon: number;
  private readonly models: number;
  /** ply p's state at [p*stride, (p+1)*stride), then one scratch state */
  private readonly state: Int32Array;
  private readonly scratch: number;
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
  private readonly shareIndex: number;
  private readonly shareCount: number;

  constructor(
    instance: Instance,
    private readonly options: SearchOptions,
  ) {
    this.board = new BitBoard(instance.size);
    this.n = instance.size;
    this.stride = this.board.stride;
    this.horizon = options.maxSteps ?? instance.maxSteps;
    this.models = options.models ?? 1;
    const plies = this.horizon + 1;
    this.state = new Int32Array((plies + 1) * this.stride);
    this.scratch = plies * this.stride;
    this.path = new Int32Array(Math.max(1, this.horizon));
    const mb = options.tableMegabytes ?? 64;
    this.table = mb > 0 && this.horizon >= 2 ? new TranspositionTable(mb, this.stride) : undefined;
    this.shouldStop = options.shouldStop;
    this.onSolution = options.onSolution;
    this.board.load(instance, this.state, 0);
    this.shareIndex = options.rootShare?.index ?? 0;
    this.shareCount = options.rootShare?.count ?? 1;
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
          if (this.board.goalReachable(this.state, 0) && this.shareIndex === 0) this.report(0);
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
        ...(depthComplete ? {} : { stoppedBy: interrupted ? ("interrupt" as const) : ("limit" as const) }),
      };
      depths.push(stats);
      this.options.onDepth?.(stats);
      if (!depthComplete) {
        complete = false;
        break;
      }
      // t = 0 is a solution only when init is the goal, and then pushing stops: nothing longer exists.
      if (depth === 0 && this.board.goalReachable(this.state, 0)) break;
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
    const stride = this.stride;
    const state = this.state;
    const from = p * stride;
    const to = from + stride;
    const moves = 4 * this.n;
    let found = 0;
    const step = p === 0 ? this.shareCount : 1;
    for (let m = p === 0 ? this.shareIndex : 0; m < moves; m += step) {
      if (this.child(from, to, m)) {
        // a shorter solution ends here: pushing stops the moment the goal is reachable
        this.sawGoal = true;
        continue;
      }
      const table = this.table;
      if (table !== undefined) {
        table.hash(state, to);
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
        table.hash(state, to);
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
    const board = this.board;
    const full = board.full;
    const stride = this.stride;
    const state = this.state;
    const from = p * stride;
    const to = from + stride;
    let rowLines = full;
    let colLines = full;
    if (p > 0) {
      const sc = this.scratch;
      board.goalComponent(state, from, sc);
      const rB = from + K_R * n;
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
        if (p === 0 && m % this.shareCount !== this.shareIndex) continue;
        if (this.child(from, to, m)) {
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

  /** Writes at `to` the state at `from` after move m and walking; true when the goal is reachable there. */
  private child(from: number, to: number, m: number): boolean {
    const state = this.state;
    state.copyWithin(to, from, to);
    this.board.applyPush(state, to, m);
    this.board.walk(state, to);
    this.nodes++;
    if (--this.pollCountdown === 0) this.poll();
    return this.board.goalReachable(state, to);
  }

  private poll(): void {
    this.pollCountdown = 4096;
    if (this.shouldStop?.()) throw new Interrupted();
  }

  private report(length: number): void {
    const pushes: Push[] = [];
    for (let i = 0; i < length; i++) pushes.push(this.board.push(this.path[i]));
    this.solutions.push(pushes);
    this.onSolution?.(pushes);
    if (this.models > 0 && this.solutions.length >= this.models) this.limitReached = true;
  }
}
