/**
 * Transposition table of proven lower bounds: an entry says "from this state (tiles,
 * goal field, reachable set) no sequence of up to k pushes makes the goal reachable".
 * Such a fact holds whatever the depth or ply the state is met at, so it prunes in
 * every iteration of the deepening and in solution counting alike.
 *
 * The key is two independent 32-bit hashes of the whole state; a slot is two words:
 * the second hash's high 24 bits with k + 1 in the low 8, and the first hash XOR that
 * word (one cache line, 56 bits of key). A slot holds one entry and a new one always
 * replaces it, so a full table forgets, never lies (beyond a 56-bit hash collision).
 *
 * Several search threads may share one table (a SharedArrayBuffer), without locks: each
 * word is read and written whole (an aligned Int32Array element of shared memory never
 * tears), but two threads may write the two words of a slot at once, and a reader may
 * see one word of one entry with the other word of another. The XOR (Hyatt and Mann's
 * lockless hashing) makes such a mix miss: the first word XOR the second gives back the
 * first hash only when both words are of one entry (or of two entries with the same
 * second word, which then say the same).
 */
/** The most slots of one table: 2^28 slots, 2 GiB (a typed array of 2^29 words; more slots would hardly ever fill). */
const MAX_SLOTS = 2 ** 28;

export class TranspositionTable {
  /** slot i at [2i, 2i + 2): h1 ^ second, then second = (h2 & ~0xff) | (k + 1); 0 in the low byte: empty */
  private readonly entries: Int32Array;
  private readonly mask: number;
  private h1 = 0;
  private h2 = 0;

  /** Bytes one entry takes. */
  static readonly ENTRY_BYTES = 8;

  /**
   * @param megabytes memory budget in MiB; the slot count is the largest power of two
   *   that fits (at least 1024, at most 2^28: 2 GiB)
   * @param words words per state (BitBoard.stride)
   */
  constructor(megabytes: number, readonly words: number, shared?: SharedArrayBuffer) {
    const slots = shared ? shared.byteLength / TranspositionTable.ENTRY_BYTES : TranspositionTable.slotsFor(megabytes);
    if (!Number.isInteger(Math.log2(slots))) throw new RangeError("a shared table's buffer must hold a power of two of slots (TranspositionTable.sharedBuffer)");
    this.entries = shared ? new Int32Array(shared) : new Int32Array(2 * slots);
    this.mask = slots - 1;
  }

  /** The slots of a table of `megabytes` MiB: the largest power of two that fits, at least 1024, at most 2^28. */
  static slotsFor(megabytes: number): number {
    const want = Math.min(MAX_SLOTS, Math.max(1024, Math.floor((megabytes * 1024 * 1024) / TranspositionTable.ENTRY_BYTES)));
    return 2 ** Math.floor(Math.log2(want));
  }

  /** The memory of a table that several threads share (give it to each one's constructor). */
  static sharedBuffer(megabytes: number): SharedArrayBuffer {
    return new SharedArrayBuffer(TranspositionTable.slotsFor(megabytes) * TranspositionTable.ENTRY_BYTES);
  }

  /** Number of slots. */
  get slots(): number {
    return this.mask + 1;
  }

  /**
   * Hashes the state `state[base .. base + words)` (tiles, reachable set, goal); the
   * result is kept for the next provenAbove or storeAbove call.
   */
  hash(state: Int32Array, base: number): void {
    let h1 = 0x2545f491;
    let h2 = 0x6a09e667;
    const end = base + this.words;
    for (let i = base; i < end; i++) {
      let k = Math.imul(state[i], 0xcc9e2d51);
      k = (k << 15) | (k >>> 17);
      h1 ^= Math.imul(k, 0x1b873593);
      h1 = (h1 << 13) | (h1 >>> 19);
      h1 = (Math.imul(h1, 5) + 0xe6546b64) | 0;
      h2 = Math.imul(h2 ^ (state[i] + Math.imul(i - base + 1, 0x9e3779b9)), 0x27d4eb2d);
      h2 ^= h2 >>> 15;
    }
    h1 ^= h1 >>> 16;
    h1 = Math.imul(h1, 0x85ebca6b);
    h1 ^= h1 >>> 13;
    this.h1 = h1;
    this.h2 = h2 & ~0xff;
  }

  /**
   * Mixes a context number into the last hash, so that the same state met in different
   * search contexts (see the engine's commutation rule) has different keys.
   */
  mix(context: number): void {
    if (context === 0) return;
    this.h1 = Math.imul(this.h1 ^ Math.imul(context, 0x9e3779b1), 0x85ebca6b);
    this.h1 ^= this.h1 >>> 13;
    let h2 = Math.imul(this.h2 ^ Math.imul(context, 0x7feb352d), 0x846ca68b);
    h2 ^= h2 >>> 16;
    this.h2 = h2 & ~0xff;
  }

  /** Writes the last hash (of hash and mix) at into[at], into[at + 1], for `recall`. */
  keep(into: Int32Array, at: number): void {
    into[at] = this.h1;
    into[at + 1] = this.h2;
  }

  /** Makes the hash that `keep` wrote at from[at], from[at + 1] the last one again. */
  recall(from: Int32Array, at: number): void {
    this.h1 = from[at];
    this.h2 = from[at + 1];
  }

  /** The last hashed state's 32-bit key (both hashes mixed). */
  get key(): number {
    return this.h1 ^ Math.imul(this.h2, 0x2c1b3c6d);
  }

  /** True when the hashed state is known to need more than k pushes. */
  provenAbove(k: number): boolean {
    const i = 2 * (this.h1 & this.mask);
    const second = this.entries[i + 1];
    return (second & 0xff) > k && (this.entries[i] ^ second) === this.h1 && (second & ~0xff) === this.h2;
  }

  /** Records that the hashed state needs more than k pushes (k < 255). */
  storeAbove(k: number): void {
    const i = 2 * (this.h1 & this.mask);
    const second = this.entries[i + 1];
    if ((this.entries[i] ^ second) === this.h1 && (second & ~0xff) === this.h2 && (second & 0xff) > k) return;
    const word = this.h2 | Math.min(255, k + 1);
    this.entries[i] = this.h1 ^ word;
    this.entries[i + 1] = word;
  }
}
