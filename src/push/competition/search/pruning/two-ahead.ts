/**
 * Two pushes left, judged from the state with three left (docs/search.md, Lemma 18):
 * for a row push X that grows neither R nor C, the state after X differs from the one
 * before only on X's row, so what TwoPushes reads of it before its loop (R's and C's
 * lines, the growth words, R's and C's rows) follows from the state before X, its
 * growth words and a few words per row kept for it. When TwoPushes would then look at
 * no first push, X is skipped and its state never written. Keeps every solution.
 */
import { D_E, K_E, K_N, K_R, K_S, K_W, rotateBits } from "../layout.js";
import { columnTerm, rowGrowthOf } from "../lookahead.js";
import type { Plies } from "../plies.js";
import { PruningRule } from "./rule.js";
import type { TwoPushes } from "./two-pushes.js";

/** Indices of the patched words of the pushed row (TwoAhead.word): the opening groups, then R, then C. */
const P_R = 4;
const P_C = 5;

export class TwoAhead extends PruningRule {
  readonly name = "two pushes left, judged before a still row push is written";
  readonly preserves = "every solution" as const;
  readonly lemma = "Lemma 18";
  // tried: the row pushes with three left that grow neither set; cut: those whose state is not written

  private readonly n: number;
  private readonly top: number;
  private readonly full: number;
  /** the state with three left (its index), its C's rows, its ply's growth words */
  private base = 0;
  private cAt = 0;
  private g8 = 0;
  /** `prepare` has read the current state with three left (start clears it) */
  private prepared = false;
  /** R's and C's rows (bit r: row r holds a field) */
  private rRows = 0;
  private cRows = 0;
  /**
   * OR of the rows' fields of R (C) below row i, at rowsBelow[2i] (+1), and of the
   * rows from i up, at rowsFrom[2i] (+1); i = 0..N
   */
  private readonly rowsBelow: Int32Array;
  private readonly rowsFrom: Int32Array;
  /**
   * The column pushes' growth, per row (columnTerm): terms[4i + k] for k = 0 north grows
   * R, 1 north grows C, 2 south grows R, 3 south grows C; ORed over the rows below i
   * (termsBelow[4i + k]) and from i up (termsFrom[4i + k], i = 0..N, zero at N); `middle` over rows 1 .. N - 2; `pair`: the
   * pair that meets across the wraparound, R then C
   */
  private readonly terms: Int32Array;
  private readonly termsBelow: Int32Array;
  private readonly termsFrom: Int32Array;
  private readonly middle = new Int32Array(4);
  private pairR = 0;
  private pairC = 0;
  /** the pushed row and its words after the push (openings n, s, e, w, then R, C) */
  private y = -1;
  private readonly patch = new Int32Array(6);

  /** @param enabled false: the rule is never asked (SearchOptions.twoAhead) */
  constructor(
    private readonly plies: Plies,
    private readonly two: TwoPushes,
    readonly enabled: boolean,
  ) {
    super();
    const n = plies.n;
    this.n = n;
    this.top = n - 1;
    this.full = plies.bits.full;
    this.rowsBelow = new Int32Array(2 * (n + 1));
    this.rowsFrom = new Int32Array(2 * (n + 1));
    this.terms = new Int32Array(4 * n);
    this.termsBelow = new Int32Array(4 * (n + 1));
    this.termsFrom = new Int32Array(4 * (n + 1));
  }

  /** A new state with three pushes left: `skips` reads it afresh. */
  start(): void {
    this.prepared = false;
  }

  /**
   * True when row push m of ply p (three pushes left, p >= 1), which grows neither R
   * nor C of ply p's state (its growth words at Plies.grow[8p]), leaves a state with
   * two left at which TwoPushes would look at no first push: m is then skipped. Else
   * the state's growth words are at Plies.grow[8(p + 1)] (for TwoPushes.run, `given`).
   * @param cs the state whose R group holds ply p's C (Plies.cState(p))
   */
  skips(p: number, m: number, cs: number): boolean {
    const plies = this.plies;
    const n = this.n;
    const base = p * plies.stride;
    this.tried++;
    // once per state with three left (its children write neither its state nor its C)
    if (!this.prepared) this.prepare(p, base, cs);
    const dir = (m / n) | 0;
    const y = m - dir * n;
    this.patchRow(y, dir === D_E);
    const g8 = 8 * (p + 1);
    this.childGrowth(g8);
    const two2 = 2 * y;
    const rCols = this.rowsBelow[two2] | this.rowsFrom[two2 + 2] | this.patch[P_R];
    const cCols = this.rowsBelow[two2 + 1] | this.rowsFrom[two2 + 3] | this.patch[P_C];
    if (this.two.plan(this.rRows, rCols, this.cRows, cCols, g8, base + K_R * n, this.cAt, true, y, this.patch[P_R], this.patch[P_C])) return false;
    this.cut++;
    return true;
  }

  /**
   * Reads the state with three left at `base` (ply p; C's rows in the R group of the
   * state at `cs`): the rows of R and C, the ORs of their rows below and above each
   * row, and the column pushes' growth per row, ORed below and above each row.
   */
  private prepare(p: number, base: number, cs: number): void {
    const plies = this.plies;
    const state = plies.state;
    const n = this.n;
    const top = this.top;
    this.base = base;
    this.prepared = true;
    this.g8 = 8 * p;
    const cAt = (this.cAt = cs + K_R * n);
    const eB = base + K_E * n;
    const wB = base + K_W * n;
    const rB = base + K_R * n;
    const below = this.rowsBelow;
    const tb = this.termsBelow;
    const terms = this.terms;
    let rRows = 0;
    let cRows = 0;
    for (let r = 0; r < n; r++) {
      const x = state[rB + r];
      const c = state[cAt + r];
      if (x !== 0) rRows |= 1 << r;
      if (c !== 0) cRows |= 1 << r;
      below[2 * r + 2] = below[2 * r] | x;
      below[2 * r + 3] = below[2 * r + 1] | c;
      const e = state[eB + r];
      const w = state[wB + r];
      const sn = r === 0 ? top : r - 1;
      const ss = r === top ? 0 : r + 1;
      const at = 4 * r;
      terms[at] = columnTerm(e, w, x, state[eB + sn], state[wB + sn], state[rB + sn]);
      terms[at + 1] = columnTerm(e, w, c, state[eB + sn], state[wB + sn], state[cAt + sn]);
      terms[at + 2] = columnTerm(e, w, x, state[eB + ss], state[wB + ss], state[rB + ss]);
      terms[at + 3] = columnTerm(e, w, c, state[eB + ss], state[wB + ss], state[cAt + ss]);
      for (let k = 0; k < 4; k++) tb[at + 4 + k] = tb[at + k] | terms[at + k];
    }
    this.rRows = rRows;
    this.cRows = cRows;
    const from = this.rowsFrom;
    const tf = this.termsFrom;
    const middle = this.middle;
    middle.fill(0);
    for (let r = top; r >= 0; r--) {
      from[2 * r] = from[2 * r + 2] | state[rB + r];
      from[2 * r + 1] = from[2 * r + 3] | state[cAt + r];
      const at = 4 * r;
      for (let k = 0; k < 4; k++) {
        tf[at + k] = tf[at + 4 + k] | terms[at + k];
        if (r > 0 && r < top) middle[k] |= terms[at + k];
      }
    }
    const pair = state[base + K_N * n + top] & state[base + K_S * n];
    this.pairR = pair & (state[rB + top] ^ state[rB]);
    this.pairC = pair & (state[cAt + top] ^ state[cAt]);
  }

  /** Row y's words after its push east (or west): openings, R's fields, C's fields. */
  private patchRow(y: number, east: boolean): void {
    const state = this.plies.state;
    const n = this.n;
    const base = this.base;
    const patch = this.patch;
    this.y = y;
    for (let k = 0; k < 4; k++) patch[k] = rotateBits(state[base + k * n + y], east, this.top, this.full);
    patch[P_R] = rotateBits(state[base + K_R * n + y], east, this.top, this.full);
    patch[P_C] = rotateBits(state[this.cAt + y], east, this.top, this.full);
  }

  /** Word k (K_N .. K_W, P_R, P_C) of row r of the state after the push (rows 0 .. N - 1). */
  private word(k: number, r: number): number {
    if (r === this.y) return this.patch[k];
    return k === P_C ? this.plies.state[this.cAt + r] : this.plies.state[this.base + k * this.n + r];
  }

  /** columnTerm of row r, whose tile comes from row `src`, for R (P_R) or C (P_C), after the push. */
  private term(r: number, src: number, set: number): number {
    return columnTerm(this.word(K_E, r), this.word(K_W, r), this.word(set, r), this.word(K_E, src), this.word(K_W, src), this.word(set, src));
  }

  /** A word of row r after the push, 0 off the board (r < 0 or r > N - 1). */
  private wordOn(k: number, r: number): number {
    return r < 0 || r > this.top ? 0 : this.word(k, r);
  }

  /**
   * The growth words (LookAhead.growth) of the state after the push of row y, written
   * at Plies.grow[g8 ..]: the row words of the rows two or more from y are the state
   * before's (a row push's growth reads only its row and the two beside it); the three
   * around y are computed on the words after the push. A column push's growth ORs one
   * term per row (columnTerm, reading the row and the one its tile comes from) and the
   * pair across the wraparound: the terms of rows that neither are y nor take their tile
   * from y are the state before's, ORed below and above (termsBelow, termsFrom).
   */
  private childGrowth(g8: number): void {
    const grow = this.plies.grow;
    const y = this.y;
    const top = this.top;
    const full = this.full;
    const prev = this.g8;
    const bit = 1 << y;
    const band = (bit | (bit << 1) | (bit >>> 1)) & full;
    let eR = grow[prev] & ~band;
    let eC = grow[prev + 1] & ~band;
    let wR = grow[prev + 2] & ~band;
    let wC = grow[prev + 3] & ~band;
    for (let r = Math.max(0, y - 1); r <= Math.min(top, y + 1); r++) {
      const g = rowGrowthOf(
        top,
        full,
        this.word(K_N, r),
        this.word(K_S, r),
        this.word(K_E, r),
        this.word(K_W, r),
        this.wordOn(K_N, r - 1),
        this.wordOn(K_S, r + 1),
        this.word(P_R, r),
        this.wordOn(P_R, r - 1),
        this.wordOn(P_R, r + 1),
        this.word(P_C, r),
        this.wordOn(P_C, r - 1),
        this.wordOn(P_C, r + 1),
      );
      const b = 1 << r;
      if ((g & 1) !== 0) eR |= b;
      if ((g & 2) !== 0) eC |= b;
      if ((g & 4) !== 0) wR |= b;
      if ((g & 8) !== 0) wC |= b;
    }
    grow[g8] = eR;
    grow[g8 + 1] = eC;
    grow[g8 + 2] = wR;
    grow[g8 + 3] = wC;
    // the pair across the wraparound: rows N - 1 and 0
    let pairR = this.pairR;
    let pairC = this.pairC;
    if (y === 0 || y === top) {
      const pair = this.word(K_N, top) & this.word(K_S, 0);
      pairR = pair & (this.word(P_R, top) ^ this.word(P_R, 0));
      pairC = pair & (this.word(P_C, top) ^ this.word(P_C, 0));
    }
    // north: row r's tile comes from r - 1 (row 0's from the top row), so the terms of
    // rows y and y + 1 change; south: from r + 1, rows y - 1 and y
    const tb = this.termsBelow;
    const tf = this.termsFrom;
    const up = y === top ? 0 : y + 1;
    const down = y === 0 ? top : y - 1;
    let nR = pairR;
    let nC = pairC;
    let sR = pairR;
    let sC = pairC;
    if (y === top) {
      nR |= this.middle[0];
      nC |= this.middle[1];
    } else {
      nR |= tb[4 * y] | tf[4 * y + 8];
      nC |= tb[4 * y + 1] | tf[4 * y + 9];
    }
    if (y === 0) {
      sR |= this.middle[2];
      sC |= this.middle[3];
    } else {
      sR |= tb[4 * y - 4 + 2] | tf[4 * y + 4 + 2];
      sC |= tb[4 * y - 4 + 3] | tf[4 * y + 4 + 3];
    }
    // the changed rows' terms, on the words after the push
    nR |= this.term(y, down, P_R) | this.term(up, y, P_R);
    nC |= this.term(y, down, P_C) | this.term(up, y, P_C);
    sR |= this.term(y, up, P_R) | this.term(down, y, P_R);
    sC |= this.term(y, up, P_C) | this.term(down, y, P_C);
    grow[g8 + 4] = nR;
    grow[g8 + 5] = nC;
    grow[g8 + 6] = sR;
    grow[g8 + 7] = sC;
  }
}
