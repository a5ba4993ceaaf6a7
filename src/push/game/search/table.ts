/**
 * The game search's transposition table: for a state (its bytes, compared exactly, so a
 * hash collision never merges two states) the largest remaining cost r for which the
 * search proved that no solution costs r or less from it. Open addressing in buckets of
 * four slots; a full bucket gives up its entry with the smallest r. Fixed size: losing
 * an entry costs time, never correctness.
 */
export class GameTable {
  private readonly keys: Uint8Array;
  private readonly hashes: Int32Array;
  /** r + 1 of each slot, 0: empty */
  private readonly values: Uint8Array;
  private readonly mask: number;
  /** entries stored (slots in use) */
  count = 0;

  /**
   * @param width bytes of a state
   * @param megabytes the table's size in MiB (at least 4096 slots)
   */
  constructor(
    private readonly width: number,
    megabytes: number,
  ) {
    const want = Math.max(4096, Math.floor((megabytes * 2 ** 20) / (width + 5)));
    let slots = 4096;
    while (slots * 2 <= want) slots *= 2;
    this.keys = new Uint8Array(slots * width);
    this.hashes = new Int32Array(slots);
    this.values = new Uint8Array(slots);
    this.mask = slots - 1;
  }

  private static hash(s: Uint8Array, at: number, width: number): number {
    let h = 0x811c9dc5;
    for (let k = 0; k < width; k++) h = Math.imul(h ^ s[at + k], 0x01000193);
    return h;
  }

  private same(slot: number, s: Uint8Array, at: number): boolean {
    const base = slot * this.width;
    for (let k = 0; k < this.width; k++) if (this.keys[base + k] !== s[at + k]) return false;
    return true;
  }

  /**
   * The r proven for the state at s[at .. at+width), -1 when unknown.
   */
  get(s: Uint8Array, at: number): number {
    const h = GameTable.hash(s, at, this.width);
    for (let i = 0; i < 4; i++) {
      const slot = (h + i) & this.mask;
      if (this.values[slot] === 0) return -1;
      if (this.hashes[slot] === h && this.same(slot, s, at)) return this.values[slot] - 1;
    }
    return -1;
  }

  /** Records that no solution costs r (0..254) or less from the state at s[at ..]. */
  put(s: Uint8Array, at: number, r: number): void {
    const h = GameTable.hash(s, at, this.width);
    let victim = -1;
    for (let i = 0; i < 4; i++) {
      const slot = (h + i) & this.mask;
      const v = this.values[slot];
      if (v === 0 || (this.hashes[slot] === h && this.same(slot, s, at))) {
        if (v === 0) this.count++;
        else if (v - 1 >= r) return;
        victim = slot;
        break;
      }
      if (victim < 0 || v < this.values[victim]) victim = slot;
    }
    this.keys.set(s.subarray(at, at + this.width), victim * this.width);
    this.hashes[victim] = h;
    this.values[victim] = Math.min(r, 254) + 1;
  }
}
