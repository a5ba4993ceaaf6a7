/**
 * The solver: iterative deepening over push sequences on a bit-level board.
 *
 * Rules: ../shared/spec/push-labyrinth.md. A solution of length t is a sequence of t
 * pushes after which the goal field is in the reachable set R(t) and in none of
 * R(0..t-1); R(0) is the init field alone (no walking before the first push).
 *
 * The board is a SearchBoard (src/search/searchboard.ts): BitBoard, a state of 5N + 2
 * words, up to 32x32, WideBoard above. The search keeps one state per ply in a single
 * Int32Array and allocates nothing while it runs. Pruning, each argued where it is
 * implemented: the transposition table of proven lower bounds (src/search/table.ts),
 * the last push (lastPush), the two last pushes (twoPushes), and for the first solution
 * only, the commutation rule (commutes) and a known solution as upper bound (known).
 *
 * This module does not decide what the checker accepts: src/check.ts has its own
 * simulation.
 */
import type { Push } from "../board.js";
import type { Instance } from "../instance.js";
import { BitBoard, D_N, K_R } from "./bitboard.js";
import { makeBoard, type SearchBoard } from "./searchboard.js";
import { TranspositionTable } from "./table.js";

export { MAX_SIZE } from "./searchboard.js";

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
   * Skip push orders that a swapped order dominates (see Engine.commutes). Sound only
   * when the first solution of the fewest pushes is wanted; default: models === 1.
   */
  commutation?: boolean;
  /**
   * Search only the sequences whose first push m has m % count === index (move order of
   * BitBoard), so that `count` searches with indices 0..count-1 share the work. The
   * empty solution (init on the goal) is reported by index 0 only.
   */
  rootShare?: { index: number; count: number };
  /**
   * A solution known beforehand (the beam's, src/search/beam.ts), models 1 only: when the
   * deepening reaches its length without a shorter solution, it is the answer and that
   * depth is not searched (share index 0 reports it).
   */
  known?: Push[];
  /** use WideBoard (several words a row) even when N <= 32; for tests */
  wide?: boolean;
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
  private readonly board: SearchBoard;
  /** N <= 32 on BitBoard: lines as bit masks, so the last pushes are filtered */
  private readonly lineFilter: boolean;
  /** the low N bits (lineFilter only) */
  private readonly full: number;
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
  /** whether the commutation rule prunes */
  private readonly commutation: boolean;
  /** 1 when the push of ply p added no field to the reachable set */
  private readonly still: Uint8Array;
  /** line masks of the reachable set and the goal's component (see masks) */
  private rowsR = 0;
  private colsR = 0;
  private rowsC = 0;
  private colsC = 0;
  /** result of lastLines */
  private lineRows = 0;
  private lineCols = 0;

  constructor(
    instance: Instance,
    private readonly options: SearchOptions,
  ) {
    this.board = makeBoard(instance.size, options.wide);
    this.lineFilter = this.board instanceof BitBoard;
    this.full = this.board instanceof BitBoard ? this.board.full : 0;
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
    this.commutation = options.commutation ?? this.models === 1;
    this.still = new Uint8Array(Math.max(1, this.horizon));
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
        const known = this.options.known;
        if (known !== undefined && this.models === 1 && depth > 0 && depth === known.length) {
          // a solution of this length exists and none is shorter: it is the first one
          if (this.shareIndex === 0) {
            this.solutions.push(known);
            this.onSolution?.(known);
          }
          this.limitReached = true;
        } else if (depth === 0) {
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

  /**
   * The commutation rule. Pushes of the same orientation (two row pushes, or two column
   * pushes) move disjoint tiles or the same line, so in either order they leave the same
   * board. Seen as a set of tiles (tiles carry the avatar), the reachable set only grows,
   * and walking is monotone. If push A added no tile to the reachable set R, then after
   * A, B the set is walk(F, R) on the final board F, while after B, A it is
   * walk(F, walk(B's board, R)), a superset: every continuation that reaches the goal
   * after A, B reaches it after B, A, at the same step or earlier. When the fewest
   * pushes are searched by iterative deepening (no shorter solution exists), the
   * lexicographically smallest solution of the current depth therefore never has such
   * an A directly before a B with a smaller move index, so that order is skipped. So is
   * A followed by its inverse when A came after another push: the state is then the one
   * before A, two pushes later.
   *
   * The rule makes the search below a state depend on the push that led to it, so the
   * transposition table keys such states with that push (Engine.context).
   * @returns true when move m at ply p is skipped
   */
  private commutes(p: number, m: number): boolean {
    if (!this.commutation || p === 0 || this.still[p - 1] === 0) return false;
    const n = this.n;
    const a = this.path[p - 1];
    const dirA = (a / n) | 0;
    if (dirA < D_N !== ((m / n) | 0) < D_N) return false;
    if (m < a) return true;
    return p >= 2 && m === (dirA ^ 1) * n + (a - dirA * n);
  }

  /** The transposition-table context of the state after ply p's push (0: none). */
  private context(p: number): number {
    return this.commutation && this.still[p] === 1 ? this.path[p] + 1 : 0;
  }

  /** Depth-limited search below ply p with `remaining` >= 1 pushes left. Returns solutions found. */
  private search(p: number, remaining: number): number {
    if (remaining === 1) {
      if (p === 0 || !this.lineFilter) return this.lastPush(p, this.full, this.full, true);
      this.lastLines(p);
      return this.lastPush(p, this.lineRows, this.lineCols, false);
    }
    if (remaining === 2 && p > 0 && this.lineFilter) return this.twoPushes(p);
    const stride = this.stride;
    const state = this.state;
    const from = p * stride;
    const to = from + stride;
    const moves = 4 * this.n;
    let found = 0;
    const step = p === 0 ? this.shareCount : 1;
    for (let m = p === 0 ? this.shareIndex : 0; m < moves; m += step) {
      if (this.commutes(p, m)) continue;
      if (this.child(p, m)) {
        // a shorter solution ends here: pushing stops the moment the goal is reachable
        this.sawGoal = true;
        continue;
      }
      const table = this.table;
      if (table !== undefined) {
        table.hash(state, to);
        table.mix(this.context(p));
        if (table.provenAbove(remaining - 1)) continue;
      }
      const outerSaw = this.sawGoal;
      this.sawGoal = false;
      const below = this.search(p + 1, remaining - 1);
      found += below;
      if (this.limitReached) return found;
      if (table !== undefined && !this.sawGoal) {
        // no sequence of up to remaining-1 pushes from here reaches the goal
        table.hash(state, to);
        table.mix(this.context(p));
        table.storeAbove(remaining - 1);
      }
      this.sawGoal = this.sawGoal || outerSaw;
    }
    return found;
  }

  /**
   * Sets rowsR/colsR (rowsC/colsC when `goal`) to the rows and columns that hold a field
   * of the reachable set of the state at `base` (its goal component when `goal`).
   */
  private masks(base: number, goal: boolean): void {
    const n = this.n;
    const rB = base + K_R * n;
    let rows = 0;
    let cols = 0;
    for (let r = 0; r < n; r++) {
      const x = this.state[rB + r];
      if (x !== 0) rows |= 1 << r;
      cols |= x;
    }
    if (goal) {
      this.rowsC = rows;
      this.colsC = cols;
    } else {
      this.rowsR = rows;
      this.colsR = cols;
    }
  }

  /** Sets lineRows/lineCols to the lines touching both R and C of the state of ply p >= 1. */
  private lastLines(p: number): void {
    const from = p * this.stride;
    this.board.goalComponent(this.state, from, this.scratch);
    this.masks(from, false);
    this.masks(this.scratch, true);
    this.joinLines();
  }

  /** Sets lineRows/lineCols to the lines touching both R and C of the current masks. */
  private joinLines(): void {
    this.lineRows = this.touching(this.rowsR) & this.touching(this.rowsC);
    this.lineCols = this.touching(this.colsR) & this.touching(this.colsC);
  }

  /** Lines (bit i: line i) whose push moves or borders a field of `lines` (bit i: line i holds one). */
  private touching(lines: number): number {
    return (lines | (lines << 1) | (lines >>> 1)) & this.full;
  }

  /**
   * Two pushes left below ply p >= 1 (the reachable set R is closed under walking).
   * A push on line L changes only the tiles on L and the links with an end on L, so if
   * L neither holds nor borders a field of R, R stays as it is, and if it neither holds
   * nor borders a field of the goal's component C, C stays a component. A first push
   * touching neither leaves the last push the lines that touch both R and C now; when
   * there are none, such first pushes are not tried at all. For the others only the
   * side that can change is walked again.
   */
  private twoPushes(p: number): number {
    const n = this.n;
    const board = this.board;
    const state = this.state;
    const to = (p + 1) * this.stride;
    const sc = this.scratch;
    this.lastLines(p);
    const rowLines = this.lineRows;
    const colLines = this.lineCols;
    const lastPossible = (rowLines | colLines) !== 0;
    const rowsR0 = this.rowsR;
    const colsR0 = this.colsR;
    const rowsC0 = this.rowsC;
    const colsC0 = this.colsC;
    const rowsR = this.touching(rowsR0);
    const colsR = this.touching(colsR0);
    const rowsC = this.touching(rowsC0);
    const colsC = this.touching(colsC0);
    let found = 0;
    for (let m = 0; m < 4 * n; m++) {
      const dir = (m / n) | 0;
      const line = m - dir * n;
      const isRow = dir < D_N;
      const touchR = (((isRow ? rowsR : colsR) >>> line) & 1) === 1;
      const touchC = (((isRow ? rowsC : colsC) >>> line) & 1) === 1;
      if (!touchR && !touchC && !lastPossible) continue;
      if (this.commutes(p, m)) continue;
      if (this.child(p, m, touchR)) {
        this.sawGoal = true;
        continue;
      }
      let rl = rowLines;
      let cl = colLines;
      if (touchR || touchC) {
        if (touchR) {
          this.masks(to, false);
        } else {
          this.rowsR = rowsR0;
          this.colsR = colsR0;
        }
        if (touchC) {
          board.goalComponent(state, to, sc);
          this.masks(sc, true);
        } else {
          this.rowsC = rowsC0;
          this.colsC = colsC0;
        }
        this.joinLines();
        rl = this.lineRows;
        cl = this.lineCols;
        if ((rl | cl) === 0) continue;
      }
      found += this.lastPush(p + 1, rl, cl, false);
      if (this.limitReached) return found;
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
   * @param rowLines the rows to try (bit i: row i)
   * @param colLines the columns to try
   * @param all try every line (rowLines and colLines unused)
   */
  private lastPush(p: number, rowLines: number, colLines: number, all: boolean): number {
    const n = this.n;
    let found = 0;
    for (let dir = 0; dir < 4; dir++) {
      const lines = dir < D_N ? rowLines : colLines;
      for (let line = 0; line < n; line++) {
        if (!all && ((lines >>> line) & 1) === 0) continue;
        const m = dir * n + line;
        if (p === 0 && m % this.shareCount !== this.shareIndex) continue;
        if (this.commutes(p, m)) continue;
        if (this.child(p, m)) {
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

  /**
   * Writes the state of ply p + 1: the state of ply p after move m and walking (no walk
   * when `walk` is false: the caller knows R cannot change). Records the move in the
   * path. Returns true when the goal is reachable there.
   */
  private child(p: number, m: number, walk = true): boolean {
    const state = this.state;
    const from = p * this.stride;
    const to = from + this.stride;
    state.copyWithin(to, from, to);
    this.board.applyPush(state, to, m);
    this.still[p] = walk && this.board.walk(state, to) ? 0 : 1;
    this.path[p] = m;
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
