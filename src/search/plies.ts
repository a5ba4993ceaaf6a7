/**
 * The depth-first search's memory: one state per ply (and, for the look-ahead, the
 * goal's component per ply) in a single Int32Array, the path of moves, the growth words,
 * and the operations every part of the search shares: writing a child state, the
 * lazily written state of a far push, polling for interruption, reporting a solution.
 * Nothing here allocates while the search runs (but report, once per solution).
 *
 * Glossary (ply, R, C, far, growth words): docs/search.md.
 */
import type { Push } from "../board.js";
import type { Instance } from "../instance.js";
import { BitBoard } from "./bitboard.js";
import { K_R, type SearchBoard } from "./layout.js";
import { makeBoard } from "./searchboard.js";

/** Thrown through the search when shouldStop asked it to stop. */
export class Interrupted extends Error {}

/** States between two polls of shouldStop. */
const POLL_EVERY = 4096;

export class Plies {
  readonly board: SearchBoard;
  /** the board when it is a BitBoard (else a 1x1 stand-in nobody calls) */
  readonly bits: BitBoard;
  readonly isBit: boolean;
  readonly n: number;
  /** words per state */
  readonly stride: number;
  /** ply p's state at [p*stride, (p+1)*stride), then scratch states (see below) */
  readonly state: Int32Array;
  /** a state whose R group holds the goal's component of the state being searched */
  readonly scratch: number;
  /** the goal's component after a first push that moved it (TwoPushes) */
  readonly scratch2: number;
  /** states whose R groups hold the goal's components of the plies (cState) */
  private readonly cBase: number;
  /** N rows for the fields that can walk to a last push's lines (TwoPushes.walksTo) */
  readonly wAt: number;
  /** move index of each ply's push */
  readonly path: Int32Array;
  /** 1 when the push of ply p added no field to the reachable set */
  readonly still: Uint8Array;
  /** growth words (LookAhead.growth) of ply p's state at [8p, 8p + 8), where computed */
  readonly grow: Int32Array;
  /** the ply whose state is not written yet (its push is in path), or -1 */
  pending = -1;
  /** states generated (pushes applied) */
  nodes = 0;
  /** set when a node of the current subtree had the goal reachable */
  sawGoal = false;
  /** set when enough solutions were found */
  limitReached = false;
  readonly solutions: Push[][] = [];
  private pollCountdown = POLL_EVERY;

  /**
   * @param horizon the most pushes searched
   * @param models stop after this many solutions (0: all)
   * @throws RangeError when N > MAX_SIZE
   */
  constructor(
    instance: Instance,
    readonly horizon: number,
    private readonly models: number,
    wide: boolean,
    private readonly shouldStop: (() => boolean) | undefined,
    private readonly onSolution: ((pushes: Push[]) => void) | undefined,
  ) {
    this.board = makeBoard(instance.size, wide);
    this.isBit = this.board instanceof BitBoard;
    this.bits = this.board instanceof BitBoard ? this.board : new BitBoard(1);
    this.n = instance.size;
    this.stride = this.board.stride;
    const plies = horizon + 1;
    this.state = new Int32Array((2 * plies + 4) * this.stride);
    this.scratch = plies * this.stride;
    this.scratch2 = this.scratch + this.stride;
    this.cBase = this.scratch2 + this.stride;
    this.wAt = this.cBase + plies * this.stride;
    this.grow = new Int32Array(8 * plies);
    this.path = new Int32Array(Math.max(1, horizon));
    this.still = new Uint8Array(Math.max(1, horizon));
    this.board.load(instance, this.state, 0);
  }

  /** Index of the state whose R group holds ply p's goal component. */
  cState(p: number): number {
    return this.cBase + p * this.stride;
  }

  /** Index of the N rows of R of the state at `base`. */
  rOf(base: number): number {
    return base + K_R * this.n;
  }

  /**
   * Writes the state of ply p + 1: the state of ply p after move m and walking (no walk
   * when `walk` is false: the caller knows R cannot change). Records the move in the
   * path. Returns true when the goal is reachable there.
   * @throws Interrupted when shouldStop says so (polled every few thousand states)
   */
  child(p: number, m: number, walk = true): boolean {
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
   * The index of ply p's state, written first if the search left it unwritten (a far
   * push with three left: it is then ply p - 1's state after ply p's push; R cannot
   * change, docs/search.md Lemma 8).
   */
  written(p: number): number {
    const from = p * this.stride;
    if (this.pending === p) {
      this.pending = -1;
      this.bits.pushInto(this.state, from - this.stride, from, this.path[p - 1]);
      this.nodes++;
      if (--this.pollCountdown === 0) this.poll();
    }
    return from;
  }

  /** True when the reachable sets of the states at `a` and `b` share a field. */
  meets(a: number, b: number): boolean {
    const n = this.n;
    const ra = a + K_R * n;
    const rb = b + K_R * n;
    for (let r = 0; r < n; r++) if ((this.state[ra + r] & this.state[rb + r]) !== 0) return true;
    return false;
  }

  /** Records the path's first `length` pushes as a solution. */
  report(length: number): void {
    const pushes: Push[] = [];
    for (let i = 0; i < length; i++) pushes.push(this.board.push(this.path[i]));
    this.accept(pushes);
  }

  /** Records a solution (the path's, or one known beforehand). */
  accept(pushes: Push[]): void {
    this.solutions.push(pushes);
    this.onSolution?.(pushes);
    if (this.models > 0 && this.solutions.length >= this.models) this.limitReached = true;
  }

  /** @throws Interrupted when shouldStop says so */
  private poll(): void {
    this.pollCountdown = POLL_EVERY;
    if (this.shouldStop?.()) throw new Interrupted();
  }
}
