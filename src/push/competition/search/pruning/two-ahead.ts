/**
 * Two pushes left, judged from the state with three left (docs/search.md, Lemma 18):
 * for a row push X that grows neither R nor C, the state after X differs from the one
 * before only on X's row, so what TwoPushes reads of it before its loop (R's and C's
 * lines, the growth words, R's and C's rows) follows from the state before X, its
 * growth words and a few words per row kept for it. When TwoPushes would then look at
 * no first push, X is skipped and its state never written. Keeps every solution.
 */
import { D_E, GROUPS, K_E, K_N, K_R, K_S, K_W, rotateBits } from "../layout.js";
import type { LineMath } from "../lines.js";
import { columnTerm, type LookAhead } from "../lookahead.js";
import type { Plies } from "../plies.js";
import { PruningRule } from "./rule.js";
import type { TwoPushes } from "./two-pushes.js";

export class TwoAhead extends PruningRule {
  readonly name = "two pushes left, judged before a row push growing neither set is written";
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
  /** @param enabled false: the rule is never asked (SearchOptions.twoAhead) */
  constructor(
    private readonly plies: Plies,
    private readonly lines: LineMath,
    private readonly look: LookAhead,
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
   * the state's growth words are at Plies.grow[8(p + 1)] and FirstPushPlan.make was made
   * for it (TwoPushes.run, `given`).
   * @param cs the state whose R group holds ply p's C (Plies.cState(p))
   */
  skips(p: number, m: number, cs: number): boolean {
    const plies = this.plies;
    const n = this.n;
    const top = this.top;
    const full = this.full;
    this.tried++;
    // once per state with three left (its children write neither its state nor its C)
    if (!this.prepared) this.prepare(p, p * plies.stride, cs);
    const state = plies.state;
    const base = this.base;
    const cAt = this.cAt;
    const dir = (m / n) | 0;
    const y = m - dir * n;
    const east = dir === D_E;
    const rowR = rotateBits(state[base + K_R * n + y], east, top, full);
    const rowC = rotateBits(state[cAt + y], east, top, full);
    const two2 = 2 * y;
    const rCols = this.rowsBelow[two2] | this.rowsFrom[two2 + 2] | rowR;
    const cCols = this.rowsBelow[two2 + 1] | this.rowsFrom[two2 + 3] | rowC;
    // ply p's state and C are read as after the push: row y of every group, and of C,
    // rotated here and back below (nothing else reads them meanwhile)
    for (let k = 0; k < GROUPS; k++) state[base + k * n + y] = rotateBits(state[base + k * n + y], east, top, full);
    state[cAt + y] = rowC;
    const g8 = 8 * (p + 1);
    this.childGrowth(y, g8);
    const left = this.two.plan.make(this.rRows, rCols, this.cRows, cCols, g8, base + K_R * n, cAt, true);
    for (let k = 0; k < GROUPS; k++) state[base + k * n + y] = rotateBits(state[base + k * n + y], !east, top, full);
    state[cAt + y] = rotateBits(rowC, !east, top, full);
    if (left) return false;
    this.cut++;
    return true;
  }

  /**
   * Reads the state with three left at `base` (ply p; C's rows in the R group of the
   * state at `cs`): the rows of R and C, the ORs of their rows below and above each
   * row, and the column pushes' growth per row, ORed below and above each row.
   */
  private prepare(p: number, base: number, cs: number): void {
    const state = this.plies.state;
    const n = this.n;
    const top = this.top;
    this.base = base;
    this.prepared = true;
    this.g8 = 8 * p;
    const cAt = (this.cAt = cs + K_R * n);
    const rB = base + K_R * n;
    const eB = base + K_E * n;
    const wB = base + K_W * n;
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
    }
    // the column words' parts per row: 0 in rows not near a field of either set
    const near = this.lines.around(rRows | cRows);
    for (let r = 0; r < n; r++) {
      const at = 4 * r;
      let t0 = 0;
      let t1 = 0;
      let t2 = 0;
      let t3 = 0;
      if (((near >>> r) & 1) === 1) {
        const x = state[rB + r];
        const c = state[cAt + r];
        const e = state[eB + r];
        const w = state[wB + r];
        const sn = r === 0 ? top : r - 1;
        const ss = r === top ? 0 : r + 1;
        t0 = columnTerm(e, w, x, state[eB + sn], state[wB + sn], state[rB + sn]);
        t1 = columnTerm(e, w, c, state[eB + sn], state[wB + sn], state[cAt + sn]);
        t2 = columnTerm(e, w, x, state[eB + ss], state[wB + ss], state[rB + ss]);
        t3 = columnTerm(e, w, c, state[eB + ss], state[wB + ss], state[cAt + ss]);
      }
      terms[at] = t0;
      terms[at + 1] = t1;
      terms[at + 2] = t2;
      terms[at + 3] = t3;
      tb[at + 4] = tb[at] | t0;
      tb[at + 5] = tb[at + 1] | t1;
      tb[at + 6] = tb[at + 2] | t2;
      tb[at + 7] = tb[at + 3] | t3;
    }
    this.rRows = rRows;
    this.cRows = cRows;
    const from = this.rowsFrom;
    const tf = this.termsFrom;
    for (let r = top; r >= 0; r--) {
      from[2 * r] = from[2 * r + 2] | state[rB + r];
      from[2 * r + 1] = from[2 * r + 3] | state[cAt + r];
      const at = 4 * r;
      tf[at] = tf[at + 4] | terms[at];
      tf[at + 1] = tf[at + 5] | terms[at + 1];
      tf[at + 2] = tf[at + 6] | terms[at + 2];
      tf[at + 3] = tf[at + 7] | terms[at + 3];
    }
    // rows 1 .. N - 2
    const middle = this.middle;
    for (let k = 0; k < 4; k++) middle[k] = 0;
    for (let r = 1; r < top; r++) {
      const at = 4 * r;
      middle[0] |= terms[at];
      middle[1] |= terms[at + 1];
      middle[2] |= terms[at + 2];
      middle[3] |= terms[at + 3];
    }
    const pair = state[base + K_N * n + top] & state[base + K_S * n];
    this.pairR = pair & (state[rB + top] ^ state[rB]);
    this.pairC = pair & (state[cAt + top] ^ state[cAt]);
  }

  /**
   * The growth words (LookAhead.growth) of the state after the push of row y (ply p's
   * state and C, row y rotated by `skips`), written at Plies.grow[g8 ..]: the row words of the
   * rows two or more from y are the state before's (a row push's growth reads only its
   * row and the two beside it: LookAhead.rowsAfterRowPush); a column push's growth ORs
   * one term per row (columnTerm, reading the row and the one its tile comes from) and
   * the pair across the wraparound: the terms of rows that neither are y nor take their
   * tile from y are the state before's, ORed below and above (termsBelow, termsFrom).
   */
  private childGrowth(y: number, g8: number): void {
    const plies = this.plies;
    const state = plies.state;
    const grow = plies.grow;
    const n = this.n;
    const top = this.top;
    const at = this.base;
    const cAt = this.cAt;
    this.look.rowsAfterRowPush(state, at, cAt, grow, g8, this.g8, y);
    const eB = at + K_E * n;
    const wB = at + K_W * n;
    const rB = at + K_R * n;
    // the pair across the wraparound: rows N - 1 and 0
    let pairR = this.pairR;
    let pairC = this.pairC;
    if (y === 0 || y === top) {
      const pair = state[at + K_N * n + top] & state[at + K_S * n];
      pairR = pair & (state[rB + top] ^ state[rB]);
      pairC = pair & (state[cAt + top] ^ state[cAt]);
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
      sR |= tb[4 * y - 2] | tf[4 * y + 6];
      sC |= tb[4 * y - 1] | tf[4 * y + 7];
    }
    // the changed rows' terms, on the words after the push
    const eY = state[eB + y];
    const wY = state[wB + y];
    const rY = state[rB + y];
    const cY = state[cAt + y];
    // row y, its tile from `down` (north) or `up` (south)
    let e = state[eB + down];
    let w = state[wB + down];
    nR |= columnTerm(eY, wY, rY, e, w, state[rB + down]);
    nC |= columnTerm(eY, wY, cY, e, w, state[cAt + down]);
    // row `down`, its tile from y (south)
    sR |= columnTerm(e, w, state[rB + down], eY, wY, rY);
    sC |= columnTerm(e, w, state[cAt + down], eY, wY, cY);
    e = state[eB + up];
    w = state[wB + up];
    sR |= columnTerm(eY, wY, rY, e, w, state[rB + up]);
    sC |= columnTerm(eY, wY, cY, e, w, state[cAt + up]);
    // row `up`, its tile from y (north)
    nR |= columnTerm(e, w, state[rB + up], eY, wY, rY);
    nC |= columnTerm(e, w, state[cAt + up], eY, wY, cY);
    grow[g8 + 4] = nR;
    grow[g8 + 5] = nC;
    grow[g8 + 6] = sR;
    grow[g8 + 7] = sC;
  }
}
