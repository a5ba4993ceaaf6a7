/**
 * The groups of deferred pushes that relevance deferral (deferral.ts; docs/search.md,
 * Lemmas 10 to 14) carries down the search path, kept per ply: a group is the set of far
 * pushes made at one ply (a line mask per direction), the union of their changed fields
 * D carried along by the pushes applied since (N rows of column bits), and whether it is
 * off (made real at this ply). Ply p's groups are copies of ply p - 1's, moved by the push
 * between them; changes made while a state is searched are saved and restored (a stack).
 *
 * Inside the search: typed arrays sized per depth, nothing allocated per state.
 */
import type { BitBoard } from "../bitboard.js";

/**
 * True when the set at set[at..at + n) (n rows of column bits, 0-based) holds or is beside,
 * without wraparound, a field of mask[from..from + n); `full` is the mask of n columns.
 */
export function besideMask(set: Int32Array, at: number, mask: Int32Array, from: number, n: number, full: number): boolean {
  for (let r = 0; r < n; r++) {
    const x = mask[from + r];
    let near = x | ((x << 1) & full) | (x >>> 1);
    if (r > 0) near |= mask[from + r - 1];
    if (r < n - 1) near |= mask[from + r + 1];
    if ((set[at + r] & near) !== 0) return true;
  }
  return false;
}

/** Per ply (0 .. depth), the groups of deferred pushes of that ply's state. */
export class DeferredGroups {
  /** plies the arrays hold (depth + 1); also the most groups a ply's state has */
  h = 0;
  /** groups of ply q's state: count[q] of them, the g-th at index q * h + g */
  count = new Int32Array(0);
  /** the ply at which group (q * h + g)'s pushes were made */
  ply = new Int32Array(0);
  /** its pushes: 4 line masks (directions in layout order) at index (q * h + g) * 4 */
  members = new Int32Array(0);
  /** the union of its pushes' carried D: n rows at (q * h + g) * n */
  mask = new Int32Array(0);
  /** 1 when made real at ply q (its state is then a realized one) */
  off = new Uint8Array(0);
  /** saved groups: ply, group, 4 member words, n mask rows per entry */
  private saved = new Int32Array(0);
  /** entries on the save stack */
  top = 0;

  constructor(private readonly n: number) {}

  /** Makes room for a search of `depth` pushes; the root (ply 0) has no group. */
  start(depth: number): void {
    const h = depth + 1;
    if (h > this.h) {
      this.h = h;
      const n = this.n;
      this.count = new Int32Array(h);
      this.ply = new Int32Array(h * h);
      this.members = new Int32Array(h * h * 4);
      this.mask = new Int32Array(h * h * n);
      this.off = new Uint8Array(h * h);
      this.saved = new Int32Array(h * h * h * (6 + n));
    }
    this.count[0] = 0;
    this.top = 0;
  }

  /**
   * Copies ply p's groups that are not off to ply p + 1, their masks moved by push m
   * (none when m < 0); returns how many.
   */
  copy(p: number, m: number, bits: BitBoard): number {
    const n = this.n;
    const h = this.h;
    let c = 0;
    for (let g = 0; g < this.count[p]; g++) {
      const a = p * h + g;
      if (this.off[a] === 1) continue;
      const b = (p + 1) * h + c;
      this.ply[b] = this.ply[a];
      this.off[b] = 0;
      for (let i = 0; i < 4; i++) this.members[b * 4 + i] = this.members[a * 4 + i];
      for (let r = 0; r < n; r++) this.mask[b * n + r] = this.mask[a * n + r];
      if (m >= 0) bits.moveRows(this.mask, b * n, m);
      c++;
    }
    this.count[p + 1] = c;
    return c;
  }

  /** Whether ply q's state has a group that is not off. */
  active(q: number): boolean {
    const gq = q * this.h;
    for (let g = 0; g < this.count[q]; g++) if (this.off[gq + g] === 0) return true;
    return false;
  }

  /** Whether a group of ply p's state that is not off has a field in row `row` (0-based), or, with row < 0, in column bit `bit`. */
  holdsLine(p: number, row: number, bit: number): boolean {
    const n = this.n;
    const gq = p * this.h;
    for (let g = 0; g < this.count[p]; g++) {
      if (this.off[gq + g] === 1) continue;
      const at = (gq + g) * n;
      if (row >= 0) {
        if (this.mask[at + row] !== 0) return true;
      } else {
        for (let r = 0; r < n; r++) if ((this.mask[at + r] & bit) !== 0) return true;
      }
    }
    return false;
  }

  /** The union of the masks of ply p's groups that are not off, into out (n rows). */
  union(p: number, out: Int32Array): void {
    const n = this.n;
    out.fill(0);
    const gq = p * this.h;
    for (let g = 0; g < this.count[p]; g++) {
      if (this.off[gq + g] === 1) continue;
      for (let r = 0; r < n; r++) out[r] |= this.mask[(gq + g) * n + r];
    }
  }

  /** Saves group g of ply q (members and mask) before it is changed. */
  save(q: number, g: number): void {
    const n = this.n;
    const s = this.top * (6 + n);
    this.top++;
    const at = q * this.h + g;
    this.saved[s] = q;
    this.saved[s + 1] = g;
    for (let i = 0; i < 4; i++) this.saved[s + 2 + i] = this.members[at * 4 + i];
    for (let r = 0; r < n; r++) this.saved[s + 6 + r] = this.mask[at * n + r];
  }

  /** Restores the groups saved since the stack held `to` entries (latest first). */
  restore(to: number): void {
    const n = this.n;
    while (this.top > to) {
      this.top--;
      const s = this.top * (6 + n);
      const at = this.saved[s] * this.h + this.saved[s + 1];
      for (let i = 0; i < 4; i++) this.members[at * 4 + i] = this.saved[s + 2 + i];
      for (let r = 0; r < n; r++) this.mask[at * n + r] = this.saved[s + 6 + r];
    }
  }
}
