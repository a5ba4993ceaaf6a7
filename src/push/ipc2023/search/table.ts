/**
 * The IPC planner's transposition table: for a state (board, robot, the partial-order
 * context) the least cost g at which an iteration of the deepening (its bound) has searched
 * it. Met again in the same iteration at a cost no smaller, its subtree can hold nothing new
 * within the bound. Keys are two 32-bit Zobrist hashes; a slot always takes the newest entry
 * (a full table forgets, never lies beyond a 64-bit hash collision). Entries carry the
 * iteration's bound, so older entries no longer prune.
 *
 * Several search threads may share one table (sharedBuffer; the threads of one run of one
 * task, units.ts), without locks: each word is read and written whole, but two threads may
 * write a slot's words at once and a reader may see words of two entries. As in the
 * competition search's table (Hyatt and Mann's lockless hashing), the first word is the first
 * hash XOR a scramble of the entry's bound and g, so a mix of two entries' words misses
 * (beyond a hash collision). Another thread's entry may be of a state that thread is still
 * searching: docs/design/ipc-planner.md, "Two threads share the exact search", says why pruning
 * by it keeps the iteration complete.
 */
export class PlanTable {
  /** slot i at [4i, 4i + 3): a ^ scramble(meta), b, meta = (bound << 10) | g; meta 0: empty */
  private readonly slots: Int32Array;
  private readonly mask: number;
  private bound = 1;

  /** Bytes one slot takes. */
  static readonly SLOT_BYTES = 16;

  /**
   * @param slotsLog2 log2 of the slot count (16 bytes a slot); ignored with `shared`
   * @param shared the memory of a table shared with other threads (sharedBuffer)
   */
  constructor(slotsLog2: number, shared?: SharedArrayBuffer) {
    this.slots = shared ? new Int32Array(shared) : new Int32Array(4 * 2 ** slotsLog2);
    this.mask = this.slots.length / 4 - 1;
  }

  /** The memory of a table of 2^slotsLog2 slots that several threads share (give it to each one's constructor). */
  static sharedBuffer(slotsLog2: number): SharedArrayBuffer {
    return new SharedArrayBuffer(PlanTable.SLOT_BYTES * 2 ** slotsLog2);
  }

  /**
   * Starts the iteration of bound `bound` (0 <= bound < 1024): entries of other bounds no
   * longer prune. Bounds rise from one iteration to the next in one search.
   */
  startIteration(bound: number): void {
    this.bound = bound;
  }

  /**
   * True when this state was searched in this iteration at a cost <= g (prune it);
   * otherwise records g for it and returns false. g < 1024.
   */
  seen(a: number, b: number, g: number): boolean {
    const i = (a & this.mask) << 2;
    const s = this.slots;
    const meta = s[i + 2];
    if ((s[i] ^ Math.imul(meta, 0x9e3779b1)) === a && s[i + 1] === b && meta >>> 10 === this.bound && (meta & 0x3ff) <= g) return true;
    const now = (this.bound << 10) | g;
    s[i] = a ^ Math.imul(now, 0x9e3779b1);
    s[i + 1] = b;
    s[i + 2] = now;
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
