/**
 * The solver: iterative deepening over push sequences on a bit-level board.
 *
 * Rules: ../shared/spec/push-labyrinth.md. A solution of length t is a sequence of t
 * pushes after which the goal field is in the reachable set R(t) and in none of
 * R(0..t-1); R(0) is the init field alone (no walking before the first push).
 *
 * The board is a SearchBoard (src/search/searchboard.ts): BitBoard, a state of 5N + 2
 * words, up to 32x32, WideBoard above. The search keeps one state per ply (and, for the
 * look-ahead, the goal's component per ply) in a single Int32Array and allocates
 * nothing while it runs. Pruning, each argued where it is implemented: the
 * transposition table of proven lower bounds (src/search/table.ts), the last push
 * (lastPush), the two last pushes (twoPushes: a first push is tried only if the growers
 * of R and C, and where those sets can walk, leave a last push to follow: passingLast,
 * allowed, reaches), instances no push can solve (hopeless),
 * and for the first solution only, the commutation rule (commutes) and a known solution
 * as upper bound (known). On BitBoard the last two plies look ahead with
 * BitBoard.grows/growth, which say without applying a push whether R or the goal's
 * component would grow: most pushes there are judged without being applied.
 *
 * This module does not decide what the checker accepts: src/check.ts has its own
 * simulation.
 */
import type { Push } from "../board.js";
import type { Instance } from "../instance.js";
import { BitBoard, D_E, D_N, K_R } from "./bitboard.js";
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
   * Dynamic sharing of the first pushes among searches (worker threads): called at the
   * root of depth d for the next first push nobody has taken yet; returns a move index
   * (0 <= m < 4N, larger than any it returned before for d), or 4N or more when all are
   * taken. Each first push is then searched by exactly the search that claimed it.
   * Replaces rootShare's static split; rootShare.index 0 still reports the empty and
   * the known solution.
   */
  claimRoot?: (depth: number) => number;
  /**
   * A solution known beforehand (the beam's, src/search/beam.ts), models 1 only: when the
   * deepening reaches its length without a shorter solution, it is the answer and that
   * depth is not searched (share index 0 reports it).
   */
  known?: Push[];
  /** use WideBoard (several words a row) even when N <= 32; for tests */
  wide?: boolean;
  /**
   * Filter the last two pushes by the lines touching R and the goal's component and by
   * BitBoard.grows (lastPush, twoPushes); default true. Off, every push of every ply is
   * tried: the plain search the tests compare the filters with.
   */
  lookahead?: boolean;
  /**
   * For tests: a ply's state that the search leaves unwritten (far pushes with three
   * left, see Engine.search) is cleared (no openings, R empty) instead of keeping a
   * stale state, so that code reading it gives wrong answers that the tests see.
   */
  poison?: boolean;
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
 * True when no push sequence can ever make the goal reachable: the avatar does not
 * start on the goal, and the avatar's tile or the goal's tile has no opening. Tiles keep
 * their openings and the avatar and the goal ride on their tiles, so the avatar can
 * then never step off its tile or onto the goal's, and the two are different tiles.
 * (Rules: ../shared/spec/push-labyrinth.md, "A push" and "Moving".)
 */
export function hopeless(instance: Instance): boolean {
  const { board, init, goal } = instance;
  if (init.row === goal.row && init.col === goal.col) return false;
  return board.tiles[board.index(init)] === 0 || board.tiles[board.index(goal)] === 0;
}

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
  /** the board when it is a BitBoard: its look-ahead BitBoard.grows and walkAfter */
  private readonly bits: BitBoard;
  private readonly isBit: boolean;
  /** the low N bits (lineFilter only) */
  private readonly full: number;
  private readonly n: number;
  private readonly stride: number;
  private readonly horizon: number;
  private readonly models: number;
  /** ply p's state at [p*stride, (p+1)*stride), then two scratch states */
  private readonly state: Int32Array;
  /** the goal's component of the state being searched (its R group holds it) */
  private readonly scratch: number;
  /** the goal's component after a push that moved it (twoPushes) */
  private readonly scratch2: number;
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
  /** SearchOptions.claimRoot */
  private readonly claimRoot: ((depth: number) => number) | undefined;
  /** the depth being searched, and the last first push claimed at it (claimRoot) */
  private depth = 0;
  private claimed = -1;
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
  /** BitBoard.growth of ply p's state at [8p, 8p + 8) (where computed) */
  private readonly grow: Int32Array;
  /** states whose R groups hold the goal's components of the plies (see cState) */
  private readonly cBase: number;
  /** result of passingLast */
  private passRows = 0;
  private passCols = 0;
  /** the lines of R and C (rowsR, colsR, rowsC, colsC) of the state with three pushes left */
  private readonly kept = new Int32Array(4);
  /** the ply whose state is not written yet (its push is in path), or -1 */
  private pending = -1;
  /** SearchOptions.poison */
  private readonly poison: boolean;
  /** N rows for the fields that can walk to a last push's lines (twoPushes, reaches) */
  private readonly wAt: number;
  /** reaches: bit 1 (2) when wLines[0..1] ([2..3]) hold the current state's W lines */
  private wDone = 0;
  /** rows and columns of W for R's test, then for C's (reaches) */
  private readonly wLines = new Int32Array(4);

  constructor(
    private readonly instance: Instance,
    private readonly options: SearchOptions,
  ) {
    this.board = makeBoard(instance.size, options.wide);
    this.lineFilter = this.board instanceof BitBoard && options.lookahead !== false;
    this.bits = this.board instanceof BitBoard ? this.board : new BitBoard(1);
    this.isBit = this.board instanceof BitBoard;
    this.full = this.board instanceof BitBoard ? this.board.full : 0;
    this.n = instance.size;
    this.stride = this.board.stride;
    this.horizon = options.maxSteps ?? instance.maxSteps;
    this.models = options.models ?? 1;
    const plies = this.horizon + 1;
    this.state = new Int32Array((2 * plies + 4) * this.stride);
    this.scratch = plies * this.stride;
    this.scratch2 = this.scratch + this.stride;
    this.cBase = this.scratch2 + this.stride;
    this.wAt = this.cBase + plies * this.stride;
    this.grow = new Int32Array(8 * plies);
    this.path = new Int32Array(Math.max(1, this.horizon));
    const mb = options.tableMegabytes ?? 64;
    this.table = mb > 0 && this.horizon >= 2 ? new TranspositionTable(mb, this.stride) : undefined;
    this.shouldStop = options.shouldStop;
    this.onSolution = options.onSolution;
    this.board.load(instance, this.state, 0);
    this.shareIndex = options.rootShare?.index ?? 0;
    this.shareCount = options.rootShare?.count ?? 1;
    this.claimRoot = options.claimRoot;
    this.commutation = options.commutation ?? this.models === 1;
    this.still = new Uint8Array(Math.max(1, this.horizon));
    this.poison = options.poison === true;
  }

  run(): SearchResult {
    const depths: DepthStats[] = [];
    const none = hopeless(this.instance);
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
        } else if (!none) {
          this.sawGoal = false;
          this.depth = depth;
          this.claimed = -1;
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

  /**
   * Depth-limited search below ply p with `remaining` >= 1 pushes left. Returns solutions
   * found. `cGiven` (two pushes left, set by the parent): the goal's component of ply p's
   * state (or a closed set holding it, apart from R; see lastPush) is already in the R
   * group of the state at cState(p).
   */
  private search(p: number, remaining: number, cGiven = false, inherit = false): number {
    if (remaining === 1) {
      if (p === 0 || !this.lineFilter) return this.lastPush(p, this.full, this.full, true, 0);
      this.lastLines(p);
      return this.lastPush(p, this.lineRows, this.lineCols, false, this.scratch + K_R * this.n);
    }
    if (remaining === 2 && p > 0 && this.lineFilter) {
      if (cGiven) return this.twoPushes(p, this.cState(inherit ? p - 1 : p), inherit);
      this.board.goalComponent(this.state, p * this.stride, this.scratch);
      return this.twoPushes(p, this.scratch, false);
    }
    const stride = this.stride;
    const state = this.state;
    const n = this.n;
    const from = p * stride;
    const to = from + stride;
    const moves = 4 * n;
    const bits = this.bits;
    // R is closed from ply 1 on: BitBoard.growth says which pushes would let it grow, so
    // the others need no walk; with three pushes left, the children's goal components
    // are prepared from this state's (twoPushes needs them)
    const ahead = p > 0 && this.lineFilter;
    const prepare = ahead && remaining === 3;
    const cs = this.cState(p);
    const grow = this.grow;
    const g8 = 8 * p;
    if (ahead) {
      if (prepare) this.board.goalComponent(state, from, cs);
      bits.growth(state, from, prepare ? cs + K_R * n : from + K_R * n, grow, g8);
    }
    // with three pushes left: the lines of R and C, and those within one step of them
    let nearRows = 0;
    let nearCols = 0;
    if (prepare) {
      this.masks(from, false);
      this.masks(cs, true);
      const kept = this.kept;
      kept[0] = this.rowsR;
      kept[1] = this.colsR;
      kept[2] = this.rowsC;
      kept[3] = this.colsC;
      nearRows = this.around(this.rowsR | this.rowsC);
      nearCols = this.around(this.colsR | this.colsC);
    }
    let found = 0;
    const step = p === 0 && this.claimRoot === undefined ? this.shareCount : 1;
    for (let m = p === 0 && this.claimRoot === undefined ? this.shareIndex : 0; m < moves; m += step) {
      if (p === 0 && this.claimRoot !== undefined && !this.owns(m)) continue;
      if (this.commutes(p, m)) continue;
      const dir = (m / n) | 0;
      const line = m - dir * n;
      // with three pushes left, a push far from R and C keeps both, and every push's
      // growth of them (see passingLast): the child's twoPushes takes this state's lines,
      // growth words and C, and the child is written only when twoPushes needs it
      const far = prepare && (((dir < D_N ? nearRows : nearCols) >>> line) & 1) === 0;
      if (far) {
        this.path[p] = m;
        this.still[p] = 1;
        this.pending = p + 1;
        if (this.poison) state.fill(0, to, to + stride);
        const outerSaw = this.sawGoal;
        this.sawGoal = false;
        found += this.search(p + 1, remaining - 1, true, true);
        this.pending = -1;
        if (this.limitReached) return found;
        this.sawGoal = this.sawGoal || outerSaw;
        continue;
      }
      if (this.child(p, m, !ahead || ((grow[g8 + 2 * dir] >>> line) & 1) === 1)) {
        // a shorter solution ends here: pushing stops the moment the goal is reachable
        this.sawGoal = true;
        continue;
      }
      // states with two pushes left are not tabled: twoPushes decides them about as fast
      // as a table lookup, and hits there are rare (measured: 20-25% faster without)
      const table = remaining >= 4 ? this.table : undefined;
      if (table !== undefined) {
        table.hash(state, to);
        table.mix(this.context(p));
        if (table.provenAbove(remaining - 1)) continue;
      }
      if (prepare) {
        // the child's C: this one moved, walked on if it grows, and walked afresh from
        // the goal if that met R (see twoPushes)
        const cc = cs + stride;
        const rows = cs + K_R * n;
        state.copyWithin(rows + stride, rows, rows + n);
        bits.moveRows(state, rows + stride, m);
        if (((grow[g8 + 2 * dir + 1] >>> line) & 1) === 1) {
          bits.walkAfter(state, to, m, rows + stride);
          if (this.meets(to, cc)) bits.goalComponent(state, to, cc);
        }
      }
      const outerSaw = this.sawGoal;
      this.sawGoal = false;
      const below = this.search(p + 1, remaining - 1, prepare);
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
    this.linesOf(base + K_R * this.n, goal);
  }

  /** masks for the set whose N rows are at `rB` (absolute index into state). */
  private linesOf(rB: number, goal: boolean): void {
    const n = this.n;
    let rows = 0;
    let cols = 0;
    for (let r = 0; r < n; r++) {
      const x = this.state[rB + r];
      if (x !== 0) rows |= 1 << r;
      cols |= x;
    }
    this.setLines(rows, cols, goal);
  }

  /** Sets rowsC/colsC when `goal`, else rowsR/colsR. */
  private setLines(rows: number, cols: number, goal: boolean): void {
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

  /** Index of the state whose R group holds ply p's goal component (search, twoPushes). */
  private cState(p: number): number {
    return this.cBase + p * this.stride;
  }

  /** True when the reachable sets of the states at `a` and `b` share a field. */
  private meets(a: number, b: number): boolean {
    const n = this.n;
    const ra = a + K_R * n;
    const rb = b + K_R * n;
    for (let r = 0; r < n; r++) if ((this.state[ra + r] & this.state[rb + r]) !== 0) return true;
    return false;
  }

  /** Lines (bit i: line i) within one step of a line of `lines`, across the wraparound too. */
  private around(lines: number): number {
    const top = this.n - 1;
    return (lines | ((lines << 1) | (lines >>> top)) | ((lines >>> 1) | (lines << top))) & this.full;
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
   * there are none, such first pushes are not tried at all. For the others,
   * BitBoard.grows tells without applying the push whether R or C would grow; when
   * neither does, both only move with their tiles, and the first push is applied only
   * if some line would then touch both. The argument of passingLast holds for each set
   * alone: after a first push whose line neither holds nor is beside a field of R
   * (across the wraparound too), a last push grows R exactly when it grows R now, so the
   * last push is one of R's growers now (likewise C); a first push far from R is not
   * tried when nothing grows R now (allowed), and its last pushes are only R's growers.
   * @param sc the state whose R group holds C
   * @param inherit ply p's push was far from R and C of ply p - 1 (search): R, C, their
   *   lines and growth words are those of ply p - 1, and ply p's state is written only
   *   when a first push is applied (Engine.pending)
   */
  private twoPushes(p: number, sc: number, inherit: boolean): number {
    const n = this.n;
    const bits = this.bits;
    const state = this.state;
    const from = p * this.stride;
    const to = from + this.stride;
    const sc2 = this.scratch2;
    const cAt = sc + K_R * n;
    // R's rows: inherited, ply p's state may not be written yet (search: far pushes)
    const rAt = (inherit ? from - this.stride : from) + K_R * n;
    this.wDone = 0;
    const grow = this.grow;
    const g8 = 8 * p;
    if (inherit) {
      const kept = this.kept;
      this.setLines(kept[0], kept[1], false);
      this.setLines(kept[2], kept[3], true);
    } else {
      this.masks(from, false);
      this.masks(sc, true);
    }
    this.joinLines();
    const rowLines = this.lineRows;
    const colLines = this.lineCols;
    const rowsR0 = this.rowsR;
    const colsR0 = this.colsR;
    const rowsC0 = this.rowsC;
    const colsC0 = this.colsC;
    const rowsR = this.touching(rowsR0);
    const colsR = this.touching(colsR0);
    const rowsC = this.touching(rowsC0);
    const colsC = this.touching(colsC0);
    // lines holding or beside (across the wraparound too) a field of R, of C, of either
    const nearRowsR = this.around(rowsR0);
    const nearColsR = this.around(colsR0);
    const nearRowsC = this.around(rowsC0);
    const nearColsC = this.around(colsC0);
    const rowsNear = nearRowsR | nearRowsC;
    const colsNear = nearColsR | nearColsC;
    // the last pushes that would make both R and C grow now: after a first push that
    // touches neither, exactly these (see passingLast)
    if (inherit) grow.copyWithin(g8, g8 - 8, g8);
    else bits.growth(state, from, cAt, grow, g8, rowsNear);
    this.passingLast(rowLines, colLines, g8);
    const passRows = this.passRows;
    const passCols = this.passCols;
    // after a first push that moves no field of R or C, a last push parallel to it and
    // two lines away or more grows them exactly as it would now: it sees the same tiles
    // and fields (BitBoard.grows reads only its line and the two beside it)
    const passAllRows = (grow[g8] & grow[g8 + 1]) | (grow[g8 + 2] & grow[g8 + 3]);
    const passAllCols = (grow[g8 + 4] & grow[g8 + 5]) | (grow[g8 + 6] & grow[g8 + 7]);
    // after a first push whose line neither holds nor is beside a field of R (across the
    // wraparound too), R stays as it is and a last push grows it exactly when it does
    // now (see passingLast): the last push is then one of R's growers now; likewise C
    const growRowsR = grow[g8] | grow[g8 + 2];
    const growColsR = grow[g8 + 4] | grow[g8 + 6];
    const growRowsC = grow[g8 + 1] | grow[g8 + 3];
    const growColsC = grow[g8 + 5] | grow[g8 + 7];
    // the first pushes worth trying (see the skip below), as line masks
    const anyPass = (passRows | passCols) !== 0;
    const anyLine = (rowLines | colLines) !== 0;
    const full = this.full;
    const growsR = (growRowsR | growColsR) !== 0;
    const growsC = (growRowsC | growColsC) !== 0;
    const growsBoth = ((growRowsR & growRowsC) | (growColsR & growColsC)) !== 0;
    const tryRows =
      (rowsR | rowsC | (anyPass ? full & ~rowsNear : 0) | (anyLine ? rowsNear : 0)) &
      this.allowed(nearRowsR, nearRowsC, growsR, growsC, growsBoth);
    const tryCols =
      (colsR | colsC | (anyPass ? full & ~colsNear : 0) | (anyLine ? colsNear : 0)) &
      this.allowed(nearColsR, nearColsC, growsR, growsC, growsBoth);
    let found = 0;
    for (let dir = 0; dir < 4; dir++) {
      const isRow = dir < D_N;
      let lines = isRow ? tryRows : tryCols;
      while (lines !== 0) {
        const line = 31 - Math.clz32(lines & -lines);
        lines &= lines - 1;
        const m = dir * n + line;
        const touchR = (((isRow ? rowsR : colsR) >>> line) & 1) === 1;
        const touchC = (((isRow ? rowsC : colsC) >>> line) & 1) === 1;
        const farR = (((isRow ? nearRowsR : nearColsR) >>> line) & 1) === 0;
        const farC = (((isRow ? nearRowsC : nearColsC) >>> line) & 1) === 0;
        const far = farR && farC;
        if (!touchR && !touchC && (far ? passRows | passCols : rowLines | colLines) === 0) continue;
        if (this.commutes(p, m)) continue;
        // the last pushes that can follow, as far as R's and C's growers now tell
        let allowRows = full;
        let allowCols = full;
        if (farR) {
          allowRows = growRowsR;
          allowCols = growColsR;
        }
        if (farC) {
          allowRows &= growRowsC;
          allowCols &= growColsC;
        }
        if ((allowRows | allowCols) === 0) continue;
        let rl = rowLines;
        let cl = colLines;
        let cNext = cAt;
        if (touchR || touchC) {
          const g = ((grow[g8 + 2 * dir] >>> line) & 1) | (((grow[g8 + 2 * dir + 1] >>> line) & 1) << 1);
          // a set that grows must then walk to a line of the last push (see reaches)
          if ((g & 1) !== 0 && farC && !this.reaches(p, false, rowsR0, colsR0, rAt, m, growRowsC, growColsC)) continue;
          if ((g & 2) !== 0 && farR && !this.reaches(p, true, rowsC0, colsC0, cAt, m, growRowsR, growColsR)) continue;
          // R after the push: walked when g says it grows, else only moved with its tiles
          // (its lines then follow without applying the push)
          let made = false;
          if ((g & 1) !== 0) {
            if (this.child(p, m, true)) {
              this.sawGoal = true;
              continue;
            }
            made = true;
            this.masks(to, false);
          } else {
            this.movedLines(rowsR0, colsR0, rAt, m, false);
          }
          // C likewise. Walking on from C moved gives a closed set holding the goal's
          // component, which may hold more (the push can cut C in two): that is enough
          // for the filters below as long as it stays apart from R (see lastPush), which
          // it does unless R grew too; if they meet, the goal's component is walked afresh.
          const c2 = sc2 + K_R * n;
          let cMade = false;
          if ((g & 2) !== 0) {
            if (!made) {
              this.child(p, m, false);
              made = true;
            }
            state.copyWithin(c2, cAt, cAt + n);
            bits.moveRows(state, c2, m);
            bits.walkAfter(state, to, m, c2);
            if ((g & 1) !== 0 && this.meets(to, sc2)) bits.goalComponent(state, to, sc2);
            this.masks(sc2, true);
            cMade = true;
          } else {
            this.movedLines(rowsC0, colsC0, cAt, m, true);
          }
          this.joinLines();
          rl = this.lineRows & allowRows;
          cl = this.lineCols & allowCols;
          if (g === 0) {
            if (isRow) rl &= this.touching(1 << line) | passAllRows;
            else cl &= this.touching(1 << line) | passAllCols;
          }
          if ((rl | cl) === 0) continue;
          if (!made) this.child(p, m, false);
          if (touchC) {
            if (!cMade) {
              state.copyWithin(c2, cAt, cAt + n);
              bits.moveRows(state, c2, m);
            }
            cNext = c2;
          }
        } else {
          if (far) {
            rl = passRows;
            cl = passCols;
          } else if (isRow) {
            rl &= this.touching(1 << line) | passAllRows;
          } else {
            cl &= this.touching(1 << line) | passAllCols;
          }
          rl &= allowRows;
          cl &= allowCols;
          if ((rl | cl) === 0) continue;
          this.child(p, m, false);
        }
        found += this.lastPush(p + 1, rl, cl, false, cNext);
        if (this.limitReached) return found;
      }
    }
    return found;
  }

  /**
   * Whether R (C when `goal`), after first push m grows it, can have a field on or beside
   * a line of zRows/zCols, the lines of the only last pushes that can follow (twoPushes:
   * when m is far from the other set, the other set's growers now). Without applying m:
   * a path of the board after m from the moved set to such a field either uses no link
   * that m changed (then the moved set already has a field there: R and C are closed,
   * and a field on m's line has only changed links), or after its last changed link, which
   * ends on m's line or beside it, it follows links of the board before m. So some field
   * on or beside m's line must walk, on the board before m, to a field on or beside a
   * line of zRows/zCols; the fields that can (W) are walked once per state, from all of
   * those fields. (A last push must have a field of the set on or beside its line to
   * make it grow: BitBoard.grows.)
   * @param rows the set's rows before m (bit r: row r holds a field)
   * @param cols the set's columns before m
   * @param setAt the set's N rows (ply p's state)
   * @returns false when the set cannot get there: m is then no first push
   */
  private reaches(p: number, goal: boolean, rows: number, cols: number, setAt: number, m: number, zRows: number, zCols: number): boolean {
    const bandRows = this.touching(zRows);
    const bandCols = this.touching(zCols);
    this.movedLines(rows, cols, setAt, m, goal);
    if (goal ? (this.rowsC & bandRows) | (this.colsC & bandCols) : (this.rowsR & bandRows) | (this.colsR & bandCols)) return true;
    // W holds every field of the band's lines, so it has a field on or beside every line
    // across them: only when the band has no line of m's orientation can the test fail
    const n = this.n;
    const dir = (m / n) | 0;
    if ((dir < D_N ? bandCols : bandRows) !== 0) return true;
    const bit = goal ? 2 : 1;
    if ((this.wDone & bit) === 0) {
      this.wDone |= bit;
      const state = this.state;
      const w = this.wAt;
      for (let r = 0; r < n; r++) state[w + r] = ((bandRows >>> r) & 1) === 1 ? this.full : bandCols;
      this.bits.close(state, this.written(p), w);
      // (the set's line masks are free again: twoPushes sets them after this)
      this.linesOf(w, goal);
      this.wLines[goal ? 2 : 0] = goal ? this.rowsC : this.rowsR;
      this.wLines[goal ? 3 : 1] = goal ? this.colsC : this.colsR;
    }
    const near = this.touching(1 << (m - dir * n));
    return (this.wLines[(goal ? 2 : 0) + (dir < D_N ? 0 : 1)] & near) !== 0;
  }

  /**
   * The first pushes of one orientation (bit i: line i) that the growers of R and C allow
   * (twoPushes): a line far from R (not in nearR) needs a push that grows R now
   * (growsR), one far from C one that grows C, one far from both a line with a push
   * that grows both (growsBoth: a line, not one push).
   */
  private allowed(nearR: number, nearC: number, growsR: boolean, growsC: boolean, growsBoth: boolean): number {
    let lines = nearR & nearC;
    if (growsC) lines |= nearR & ~nearC;
    if (growsR) lines |= nearC & ~nearR;
    if (growsBoth) lines |= ~(nearR | nearC);
    return lines;
  }

  /**
   * Sets passRows/passCols to the lines of rowLines/colLines with a push that would make
   * both R and C grow, by the growth words at grow[at..at+8) (BitBoard.growth).
   *
   * After a push Y whose line neither holds nor borders a field of R or of C, counting
   * the line across the wraparound as a neighbour too, a last push Z makes them grow
   * exactly when it does without Y: Y changes only the tiles of its line, and after Z
   * none of those tiles is in R or C or beside one of their fields (for Z parallel to Y,
   * R and C keep off Y's line and its neighbours; for Z across it, the one changed tile
   * that Z moves lands on a neighbouring line of Y, beside fields that came from Y's
   * lines or their neighbours, which hold neither), so every link with exactly one end
   * in R (or C) joins the same two tiles with or without Y. The wraparound counts: Z
   * moves a tile from the last line to the first (test/differential.test.ts caught a
   * missed solution when the wraparound was left out).
   */
  private passingLast(rowLines: number, colLines: number, at: number): void {
    const g = this.grow;
    this.passRows = ((g[at] & g[at + 1]) | (g[at + 2] & g[at + 3])) & rowLines;
    this.passCols = ((g[at + 4] & g[at + 5]) | (g[at + 6] & g[at + 7])) & colLines;
  }

  /**
   * Sets rowsR/colsR (rowsC/colsC when `goal`) to a superset of the lines holding a
   * field of a set after move m moved it without growing: `rows` and `cols` are its
   * lines before, its rows are at `setAt`. A row push moves the set's fields along
   * their row (only the columns can change); a column push along their column (only
   * the rows, by one step, when the column holds a field).
   */
  private movedLines(rows: number, cols: number, setAt: number, m: number, goal: boolean): void {
    const n = this.n;
    const dir = (m / n) | 0;
    const line = m - dir * n;
    if (dir < D_N) {
      cols |= this.bits.rotate(this.state[setAt + line], dir === D_E);
    } else if (((cols >>> line) & 1) !== 0) {
      rows |= this.bits.rotate(rows, dir === D_N);
    }
    this.setLines(rows, cols, goal);
  }

  /**
   * The last push below ply p. A push changes only the links with an end on its line,
   * so a line that neither crosses nor borders the reachable set R leaves R as it is,
   * and one that neither crosses nor borders C, the goal's walking component (or any
   * set closed under walking that holds the goal and no field of R), leaves C closed
   * and apart from R: the goal stays unreachable. Only lines touching both R and C are
   * tried, and of those only the pushes that make both grow (BitBoard.grows): if R
   * stays closed it cannot reach the goal, and if C stays closed R cannot enter it. The
   * argument needs R closed under walking, which it is after every push but not at the
   * start (no walking before the first push): there every line is tried.
   * @param rowLines the rows to try (bit i: row i)
   * @param colLines the columns to try
   * @param all try every line (rowLines, colLines and cAt unused)
   * @param cAt index in `state` of C's rows (N words), when not `all`
   */
  private lastPush(p: number, rowLines: number, colLines: number, all: boolean, cAt: number): number {
    const n = this.n;
    const from = p * this.stride;
    let found = 0;
    for (let dir = 0; dir < 4; dir++) {
      let lines = dir < D_N ? rowLines : colLines;
      for (let line = 0; all ? line < n : lines !== 0; line++) {
        if (!all) {
          // the next line of the mask, lowest first
          line = 31 - Math.clz32(lines & -lines);
          lines &= lines - 1;
        }
        const m = dir * n + line;
        if (p === 0 && (this.claimRoot !== undefined ? !this.owns(m) : m % this.shareCount !== this.shareIndex)) continue;
        if (this.commutes(p, m)) continue;
        if (!all && this.bits.grows(this.state, from, m, cAt) !== 3) continue;
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
    const from = this.written(p);
    const to = from + this.stride;
    if (this.isBit) {
      this.bits.pushInto(state, from, to, m);
    } else {
      state.copyWithin(to, from, to);
      this.board.applyPush(state, to, m);
    }
    // from ply 1 on R was closed before the push: the walk starts at the push's line
    const grew = walk && (p > 0 && this.isBit ? this.bits.walkAfter(state, to, m) : this.board.walk(state, to));
    this.still[p] = grew ? 0 : 1;
    this.path[p] = m;
    this.nodes++;
    if (--this.pollCountdown === 0) this.poll();
    return this.board.goalReachable(state, to);
  }

  /**
   * The index of ply p's state, written first if search left it unwritten (far pushes:
   * then it is ply p - 1's state after ply p's push).
   */
  private written(p: number): number {
    const from = p * this.stride;
    if (this.pending === p) {
      this.pending = -1;
      this.bits.pushInto(this.state, from - this.stride, from, this.path[p - 1]);
      this.nodes++;
      if (--this.pollCountdown === 0) this.poll();
    }
    return from;
  }

  /** Whether first push m is this search's (claimRoot; m increasing within a depth). */
  private owns(m: number): boolean {
    while (this.claimed < m) this.claimed = this.claimRoot!(this.depth);
    return this.claimed === m;
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
