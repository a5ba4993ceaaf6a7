/**
 * The IPC planner's transposition table: for a state (board, robot, the partial-order
 * context) the least cost g at which the current iteration of the deepening has searched
 * it. Met again at a cost no smaller, its subtree can hold nothing new within the bound.
 * Keys are two 32-bit Zobrist hashes; a slot always takes the newest entry (a full table
 * forgets, never lies beyond a 64-bit hash collision). Entries carry the iteration's stamp.
 */
export class PlanTable {
  private readonly h1: Int32Array;
  private readonly h2: Int32Array;
  /** (stamp << 8) | g; 0: empty */
  private readonly meta: Int32Array;
  private readonly mask: number;
  private stamp = 1;

  /** @param slotsLog2 log2 of the slot count (12 bytes a slot) */
  constructor(slotsLog2: number) {
    const slots = 2 ** slotsLog2;
    this.h1 = new Int32Array(slots);
    this.h2 = new Int32Array(slots);
    this.meta = new Int32Array(slots);
    this.mask = slots - 1;
  }

  /** Starts a new iteration: older entries no longer prune. */
  nextIteration(): void {
    this.stamp++;
  }

  /**
   * True when this state was searched in this iteration at a cost <= g (prune it);
   * otherwise records g for it and returns false.
   */
  seen(a: number, b: number, g: number): boolean {
    const i = a & this.mask;
    const meta = this.meta[i];
    if (this.h1[i] === a && this.h2[i] === b && meta >>> 8 === this.stamp && (meta & 0xff) <= g) return true;
    this.h1[i] = a;
    this.h2[i] = b;
    this.meta[i] = (this.stamp << 8) | g;
    return false;
  }
}

/**
 * A cache of a state's cost bound (Lemma L) by the state's two 32-bit hashes (board and
 * robot), so that a state met again through pushes in another order is not bounded twice.
 * A value is exact or a lower bound (the search asked only up to a limit); a slot always
 * takes the newest entry.
 */
export class BoundCache {
  private readonly h1: Int32Array;
  private readonly h2: Int32Array;
  /** value * 2 + 1 when exact, value * 2 when only a lower bound; -1 empty */
  private readonly packed: Int32Array;
  private readonly mask: number;

  /** @param slotsLog2 log2 of the slot count (12 bytes a slot) */
  constructor(slotsLog2: number) {
    const slots = 2 ** slotsLog2;
    this.h1 = new Int32Array(slots);
    this.h2 = new Int32Array(slots);
    this.packed = new Int32Array(slots).fill(-1);
    this.mask = slots - 1;
  }

  /** The packed entry for the state (value * 2 + exact), or -1 when none is kept. */
  get(a: number, b: number): number {
    const i = a & this.mask;
    return this.h1[i] === a && this.h2[i] === b ? this.packed[i] : -1;
  }

  /** Keeps a bound: exact, or known only to be at least `value`. */
  set(a: number, b: number, value: number, exact: boolean): void {
    const i = a & this.mask;
    this.h1[i] = a;
    this.h2[i] = b;
    this.packed[i] = value * 2 + (exact ? 1 : 0);
  }
}
