/**
 * The game search's states: an append-only arena of fixed-width byte strings with each
 * state's parent and action, and an open-addressing hash set over it (exact comparison,
 * so a hash collision never merges two states). States are appended in breadth-first
 * order, so the arena is also the search's queue. Memory grows by doubling up to a cap.
 */

/** Thrown by StateStore.add when the cap is reached. */
export class StoreFull extends Error {}

/** Fixed-width states with parents; see the module comment. */
export class StateStore {
  private arena: Uint8Array;
  private parents: Int32Array;
  private actions: Int32Array;
  private hashes: Int32Array;
  private table: Int32Array;
  private mask: number;
  /** states stored */
  count = 0;

  /**
   * @param width bytes of a state
   * @param maxStates the cap (StoreFull beyond it)
   */
  constructor(
    readonly width: number,
    readonly maxStates: number,
  ) {
    const initial = Math.min(maxStates, 1 << 12);
    this.arena = new Uint8Array(initial * width);
    this.parents = new Int32Array(initial);
    this.actions = new Int32Array(initial);
    this.hashes = new Int32Array(initial);
    this.table = new Int32Array(tableSize(initial));
    this.mask = this.table.length - 1;
  }

  /** Bytes a stored state costs (arena, parent, action, hash and two table slots). */
  static bytesPerState(width: number): number {
    return width + 4 + 4 + 4 + 8;
  }

  /** Copies state i into `out` (at least `width` bytes). */
  read(i: number, out: Uint8Array): void {
    out.set(this.arena.subarray(i * this.width, (i + 1) * this.width));
  }

  parent(i: number): number {
    return this.parents[i];
  }

  action(i: number): number {
    return this.actions[i];
  }

  /**
   * Adds a state unless it is stored already.
   * @param s the state's bytes (first `width`)
   * @param parent index of the state it came from (-1 for the start)
   * @param action the action's code (bfs.ts)
   * @returns the new state's index, or -1 when it was stored already
   * @throws StoreFull when the cap is reached
   */
  add(s: Uint8Array, parent: number, action: number): number {
    const w = this.width;
    let h = 0x811c9dc5;
    for (let k = 0; k < w; k++) h = Math.imul(h ^ s[k], 0x01000193);
    let slot = h & this.mask;
    for (;;) {
      const e = this.table[slot];
      if (e === 0) break;
      const i = e - 1;
      if (this.hashes[i] === h && this.equal(i, s)) return -1;
      slot = (slot + 1) & this.mask;
    }
    if (this.count === this.parents.length) {
      if (this.count >= this.maxStates) throw new StoreFull("state store full");
      this.grow();
      return this.add(s, parent, action);
    }
    const i = this.count++;
    this.arena.set(s.subarray(0, w), i * w);
    this.parents[i] = parent;
    this.actions[i] = action;
    this.hashes[i] = h;
    this.table[slot] = i + 1;
    return i;
  }

  private equal(i: number, s: Uint8Array): boolean {
    const a = this.arena;
    const base = i * this.width;
    for (let k = 0; k < this.width; k++) if (a[base + k] !== s[k]) return false;
    return true;
  }

  private grow(): void {
    const cap = Math.min(this.maxStates, this.parents.length * 2);
    const arena = new Uint8Array(cap * this.width);
    arena.set(this.arena);
    this.arena = arena;
    const widen = (a: Int32Array): Int32Array => {
      const b = new Int32Array(cap);
      b.set(a);
      return b;
    };
    this.parents = widen(this.parents);
    this.actions = widen(this.actions);
    this.hashes = widen(this.hashes);
    this.table = new Int32Array(tableSize(cap));
    this.mask = this.table.length - 1;
    for (let i = 0; i < this.count; i++) {
      let slot = this.hashes[i] & this.mask;
      while (this.table[slot] !== 0) slot = (slot + 1) & this.mask;
      this.table[slot] = i + 1;
    }
  }
}

/** A power of two at least twice `states`. */
function tableSize(states: number): number {
  let n = 16;
  while (n < states * 2) n *= 2;
  return n;
}
