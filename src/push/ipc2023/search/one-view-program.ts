/**
 * The bit-mask dynamic program behind Lemma J of docs/design/ipc-planner.md (one-view.ts states the
 * rule and asks it): one view of a south-east walk from the robot to the exit, line by line, with
 * per cost k the fields of the next line the walk steps into by an untouched or a touched
 * crossing line; along a line, per touched shift and level (touches, foreign cards), a
 * Kogge-Stone fill on the line's cards, and steps to higher levels where a field is made wild.
 *
 * The board is read as its line masks (lineMasks of rotations.ts: per view, kind of opening and
 * line, bit i for the i-th field along the line; tiles at y*N + x, 0-based, x from the west, y
 * from the north); the exit is the south side of the card on (N-1, N-1). Scratch space is
 * allocated once per board size; a run allocates nothing.
 */
import { fillForward, fullMask, rotateMask } from "./rotations.js";

/** Scratch space and the program of Lemma J for one board size (N <= 32: a line is a 32-bit mask). */
export class OneViewProgram {
  protected readonly n: number;
  protected readonly full: number;
  /** the masks the current question reads (lineMasks of rotations.ts) */
  protected current: Int32Array = new Int32Array(0);
  /** per cost k: the fields of the next line the walk can step into, by an untouched (a0) or a touched (a1) crossing line */
  protected a0: Int32Array;
  protected a1: Int32Array;
  private d0: Int32Array;
  private d1: Int32Array;
  /** per level (touches j, foreign cards w) of a run: fields made wild by a touch (wT) or a foreign card (wF) */
  private readonly wT: Int32Array;
  private readonly wF: Int32Array;
  /** per touches j of a run: the fields it leaves by an untouched (ex0) or a touched (ex1) crossing line */
  private readonly ex0: Int32Array;
  private readonly ex1: Int32Array;
  /** entries per cost of one line: 2N + 2 (cap <= 2N) */
  protected readonly width: number;
  /** where view() keeps the entries into each line when asked to (one-view.ts: per depth of prepare) */
  protected stored: Int32Array = new Int32Array(0);

  /** @param n N, the grid is N x N */
  constructor(n: number) {
    this.n = n;
    this.full = fullMask(n);
    const k = 2 * n + 2;
    this.a0 = new Int32Array(k);
    this.a1 = new Int32Array(k);
    this.d0 = new Int32Array(k);
    this.d1 = new Int32Array(k);
    this.wT = new Int32Array(k * (n + 2));
    this.wF = new Int32Array(k * (n + 2));
    this.ex0 = new Int32Array(k);
    this.ex1 = new Int32Array(k);
    this.width = k;
  }

  /**
   * One view: the least sum of the touched lines' shift costs plus the touched crossing lines
   * over south-east walks from the robot to the exit; cap + 1 when above cap.
   * @param at the view's masks (0 rows, 5N columns)
   * @param x0 the robot's place along its line; y0 its line
   * @param store where to keep the entries into each line (prepare), -1: nowhere
   */
  protected view(at: number, x0: number, y0: number, cap: number, store = -1): number {
    const n = this.n;
    const mk = this.current;
    const a0 = this.a0;
    const a1 = this.a1;
    const ex0 = this.ex0;
    const ex1 = this.ex1;
    // the robot's line: untouched (the robot stands in it), no foreign card, its own field as it is
    const lastLine = y0 === n - 1;
    a0.fill(0, 0, cap + 1);
    a1.fill(0, 0, cap + 1);
    this.run(mk[at + y0], mk[at + n + y0], mk[at + 2 * n + y0], mk[at + (lastLine ? 4 : 3) * n + y0], a0, a1, 1 << x0, 0, cap);
    for (let k = 0; k <= cap; k++) {
      a0[k] = ex0[k];
      a1[k] = ex1[k];
    }
    for (let y = y0 + 1; y < n; y++) {
      if (!this.nextLine(at, y, cap, store)) {
        if (store >= 0) this.stored.fill(0, store + (y + 1) * 2 * this.width, store + n * 2 * this.width);
        return cap + 1;
      }
    }
    return this.cornerCost(cap);
  }

  /** the least k with the corner in this.a0[k] | this.a1[k] (after the last line), cap + 1 when none */
  private cornerCost(cap: number): number {
    const corner = 1 << (this.n - 1);
    for (let k = 0; k <= cap; k++) if (((this.a0[k] | this.a1[k]) & corner) !== 0) return k;
    return cap + 1;
  }

  /**
   * The walk through line y: from this.a0 / this.a1 (the fields of line y stepped into at cost
   * <= k, by an untouched / a touched crossing line) to the same arrays for line y + 1 (for the
   * last line: the fields left by the exit). False when no field of line y is stepped into.
   * @param store where the entries are kept (prepare): line y's at store + y * 2 * width; -1: nowhere
   */
  protected nextLine(at: number, y: number, cap: number, store: number): boolean {
    const n = this.n;
    const mk = this.current;
    const a0 = this.a0;
    const a1 = this.a1;
    const d0 = this.d0;
    const d1 = this.d1;
    const ex0 = this.ex0;
    const ex1 = this.ex1;
    const last = y === n - 1;
    if (store >= 0) {
      const o = store + y * 2 * this.width;
      for (let k = 0; k <= cap; k++) {
        this.stored[o + k] = a0[k];
        this.stored[o + this.width + k] = a1[k];
      }
    }
    // fields new at cost k (an entry by a touched crossing line is as good as by an untouched one)
    let any = 0;
    for (let k = cap; k >= 0; k--) {
      if (k > 0) {
        a0[k] &= ~a0[k - 1] & ~a1[k - 1];
        a1[k] &= ~a1[k - 1];
      }
      a0[k] &= ~a1[k];
      any |= a0[k] | a1[k];
    }
    if (any === 0) return false;
    for (let k = 0; k <= cap; k++) d0[k] = d1[k] = 0;
    const inM = mk[at + y];
    const fwd = mk[at + n + y];
    const back = mk[at + 2 * n + y];
    const out = mk[at + (last ? 4 : 3) * n + y];
    // r = -1: untouched; r >= 0: touched with shift r
    for (let r = -1; r < n; r++) {
      const c = r < 0 ? 0 : r === 0 ? 2 : Math.min(r, n - r);
      if (c > cap) continue;
      const s = r < 0 ? 0 : r;
      // the column pushes C are at most cap - R <= cap - c: the foreign cards of a touched row
      const foreign = r < 0 ? 0 : Math.min(cap - c, n);
      const jcap = cap - c;
      let seeds = 0;
      for (let k = 0; k <= jcap; k++) seeds |= a0[k] | a1[k];
      if (seeds === 0) continue;
      this.run(rotateMask(inM, s, n, this.full), rotateMask(fwd, s, n, this.full), rotateMask(back, s, n, this.full), rotateMask(out, s, n, this.full), a0, a1, 0, foreign, jcap);
      for (let j = 0; j <= jcap; j++) {
        d0[j + c] |= ex0[j];
        d1[j + c] |= ex1[j];
      }
    }
    for (let k = 1; k <= cap; k++) {
      d0[k] |= d0[k - 1];
      d1[k] |= d1[k - 1];
    }
    this.a0 = d0;
    this.d0 = a0;
    this.a1 = d1;
    this.d1 = a1;
    return true;
  }

  /**
   * One line of the walk, forwards from the fields stepped into at cost k (counted in
   * touches): s0[k] by an untouched crossing line (on their own card with the in-side open,
   * or a foreign card), s1[k] by a touched one (wild), and own (the robot's field as it is, at
   * cost 0). A field further on is entered on its own card (both sides open), or made wild by
   * touching its crossing line (cost one more) or by a foreign card (at most `foreign`). Sets
   * ex0[j] / ex1[j]: the fields left by the out-side at cost j, the crossing line untouched /
   * touched.
   */
  private run(inM: number, fwd: number, back: number, out: number, s0: Int32Array, s1: Int32Array, own: number, foreign: number, jcap: number): void {
    const full = this.full;
    const wT = this.wT;
    const wF = this.wF;
    const ex0 = this.ex0;
    const ex1 = this.ex1;
    const width = foreign + 1;
    for (let i = (jcap + 1) * width - 1; i >= 0; i--) wT[i] = wF[i] = 0;
    for (let j = 0; j <= jcap; j++) ex0[j] = ex1[j] = 0;
    const pass = ((fwd & (back >>> 1)) << 1) & full;
    for (let j = 0; j <= jcap; j++) {
      const row = j * width;
      wT[row] |= s1[j];
      // a field entered by an untouched crossing line may hold a card foreign to the line
      if (foreign > 0) wF[row + 1] |= s0[j];
      for (let w = 0; w <= foreign; w++) {
        const i = row + w;
        const wt = wT[i];
        const wf = wF[i];
        let seed = ((wt | wf) << 1) & back & full;
        if (w === 0) seed |= (s0[j] & inM) | (j === 0 ? own : 0);
        if ((seed | wt | wf) === 0) continue;
        const ok = fillForward(seed, pass, full);
        ex0[j] |= (ok & out) | wf;
        ex1[j] |= wt;
        const next = (((ok & fwd) | wt | wf) << 1) & full;
        if (next === 0) continue;
        if (j < jcap) wT[i + width] |= next;
        if (w < foreign) wF[i + 1] |= next;
      }
    }
  }
}
