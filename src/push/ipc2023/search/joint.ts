/**
 * Lemma J of docs/ipc2023-search.md: the row view of Lemma R tied to the columns field by
 * field. A plan whose robot steps only south and east visits each row and each column in one
 * run of fields. Call a line *touched* when it is pushed before the walk steps into it. A
 * field of the walk in an untouched row and an untouched column still has its card of now (no
 * push has moved it); in a touched row with shift r and an untouched column it has its row's
 * card of now r fields back, or a card foreign to the row (at most C of them in the row, C the
 * column pushes); in a touched column anything (relaxed). So the plan's pushes R + C are at
 * least the least sum, over such walks, of the touched rows' costs (min(r, N - r), 2 when a
 * touched row is back at shift 0) and the number of touched columns. The same with rows and
 * columns swapped.
 *
 * Tiles are opening bits (n 1, s 2, e 4, w 8) at index y*N + x, x from the west, y from the
 * north, 0-based; the exit is the south side of the card on (N-1, N-1). Scratch space is
 * allocated once per board size; a call allocates nothing.
 */
import { fillForward, lineMasks, rotateMask } from "./rotations.js";

/** Scratch space and the search of Lemma J for one board size (N <= 32: a line is a 32-bit mask). */
export class JointBound {
  private readonly n: number;
  private readonly full: number;
  /** the masks of lineMasks (rotations.ts) */
  private readonly masks: Int32Array;
  /** per cost k: the fields of the next line the walk can step into, by an untouched (a0) or a touched (a1) crossing line */
  private a0: Int32Array;
  private a1: Int32Array;
  private d0: Int32Array;
  private d1: Int32Array;
  /** per level (touches j, foreign cards w) of a run: fields made wild by a touch (wT) or a foreign card (wF) */
  private readonly wT: Int32Array;
  private readonly wF: Int32Array;
  /** per touches j of a run: the fields it leaves by an untouched (ex0) or a touched (ex1) crossing line */
  private readonly ex0: Int32Array;
  private readonly ex1: Int32Array;

  /** @param n N, the grid is N x N (the bound answers "not above" for N > 32) */
  constructor(n: number) {
    this.n = n;
    this.full = n >= 32 ? -1 : (1 << n) - 1;
    this.masks = new Int32Array(10 * n);
    const k = 2 * n + 2;
    this.a0 = new Int32Array(k);
    this.a1 = new Int32Array(k);
    this.d0 = new Int32Array(k);
    this.d1 = new Int32Array(k);
    this.wT = new Int32Array(k * (n + 2));
    this.wF = new Int32Array(k * (n + 2));
    this.ex0 = new Int32Array(k);
    this.ex1 = new Int32Array(k);
  }

  /** the masks of lineMasks for the tiles of the last bound() that did not return at once (Lemma R reads them) */
  get lastMasks(): Int32Array {
    return this.masks;
  }

  /**
   * Lemma J's bound on the cost of plans whose walk goes south and east only: M plus the
   * larger of the two views' least costs.
   * @param tiles opening bits, index y*N + x
   * @param robot the robot's field, y*N + x
   * @param limit the caller needs to know only whether the bound exceeds limit
   * @param masks the tiles' lineMasks when the caller has them
   * @returns limit + 1 when the bound exceeds limit, else M (a lower bound)
   */
  bound(tiles: Uint8Array, robot: number, limit: number, masks?: Int32Array): number {
    const n = this.n;
    const x0 = robot % n;
    const y0 = (robot - x0) / n;
    const m = 2 * (n - 1) - x0 - y0;
    if (limit < m) return limit + 1;
    if (n > 32) return m;
    const spare = Math.min(limit - m, 2 * n);
    if (masks) this.masks.set(masks);
    else lineMasks(tiles, n, this.masks);
    if (this.view(0, x0, y0, spare) > spare) return limit + 1;
    if (this.view(5 * n, y0, x0, spare) > spare) return limit + 1;
    return m;
  }

  /**
   * One view: the least sum of the touched lines' shift costs plus the touched crossing lines
   * over south-east walks from the robot to the exit; cap + 1 when above cap.
   * @param at the view's masks (0 rows, 5N columns)
   * @param x0 the robot's place along its line; y0 its line
   */
  private view(at: number, x0: number, y0: number, cap: number): number {
    const n = this.n;
    const mk = this.masks;
    let a0 = this.a0;
    let a1 = this.a1;
    let d0 = this.d0;
    let d1 = this.d1;
    const ex0 = this.ex0;
    const ex1 = this.ex1;
    // the robot's line: untouched (the robot stands in it), no foreign card, its own field as it is
    let last = y0 === n - 1;
    a0.fill(0, 0, cap + 1);
    a1.fill(0, 0, cap + 1);
    this.run(mk[at + y0], mk[at + n + y0], mk[at + 2 * n + y0], mk[at + (last ? 4 : 3) * n + y0], a0, a1, 1 << x0, 0, cap);
    for (let k = 0; k <= cap; k++) {
      a0[k] = ex0[k];
      a1[k] = ex1[k];
    }
    for (let y = y0 + 1; !last; y++) {
      last = y === n - 1;
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
      if (any === 0) return cap + 1;
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
      [a0, d0] = [d0, a0];
      [a1, d1] = [d1, a1];
    }
    this.a0 = a0;
    this.a1 = a1;
    this.d0 = d0;
    this.d1 = d1;
    const corner = 1 << (n - 1);
    for (let k = 0; k <= cap; k++) if (((a0[k] | a1[k]) & corner) !== 0) return k;
    return cap + 1;
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
