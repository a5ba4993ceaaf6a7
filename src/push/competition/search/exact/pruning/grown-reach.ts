/**
 * Where a grown set reaches, decided before the push is written (docs/design/search.md,
 * Lemma 17): with two pushes left, a first push Y that grows R (or C) far from the other
 * set can be followed only by a last push that grows the other set now (Lemma 6) and
 * whose line the grown set holds or borders (Lemma 4). Lemma 7 bounds where the grown
 * set can be without walking; when that bound cannot tell, the set is walked here on the
 * board after Y read off the board before Y with Y's line patched (F2: nothing else
 * changes), into N scratch rows, and Y is skipped when the grown set holds no field on or
 * beside such a line. No child state is written for a skipped Y. Keeps every solution.
 * Asked by TwoPushJoins inside its loop, by its own method (`meets`), not through
 * PushPruning (rule.ts). Test: test/push/competition/search/board/grown-reach.test.ts.
 */
import { fillRow, newPairRows } from "../../board/bitboard.js";
import { D_E, D_N, K_E, K_N, K_S, K_W, rotateBits } from "../../board/layout.js";
import type { PlyStack } from "../ply-stack.js";
import { PruningRule } from "./rule.js";

export class GrownReach extends PruningRule {
  readonly name = "two pushes, where the grown set reaches";
  readonly preserves = "every solution" as const;
  readonly lemma = "Lemma 17";
  // tried: the walks made (one or two per first push); cut: the first pushes skipped

  private readonly n: number;
  private readonly top: number;
  private readonly full: number;
  /** index of the scratch rows (PlyStack.grownAt) during one call */
  private at = 0;
  /** the set's rows (`meets`' setAt) of the last call */
  private setAt = 0;
  /** bit r: scratch row r holds the last call's set (-1: all); the others are the set moved, not copied yet */
  private have = -1;

  /** @param enabled false: the rule is never asked (RuleSwitches.grownReach) */
  constructor(
    private readonly plies: PlyStack,
    readonly enabled: boolean,
  ) {
    super();
    this.n = plies.n;
    this.top = plies.n - 1;
    this.full = plies.bits.full;
  }

  /**
   * Whether the set whose N rows are at `setAt` (closed under walking on the board of
   * the state at `base`), moved by move m and closed under walking on the board after m,
   * holds a field on a row of `bandRows` or a column of `bandCols` (bit i: line i). The
   * set moved must hold no field in the band. Reads the state at `base` (indices into
   * PlyStack.state, as `setAt`) and writes only the N scratch rows at PlyStack.grownAt.
   * Rules: ../shared/spec/push-labyrinth.md ("A push", "Moving").
   */
  meets(base: number, setAt: number, m: number, bandRows: number, bandCols: number): boolean {
    const n = this.n;
    const state = this.plies.state;
    const at = this.plies.grownAt;
    this.at = at;
    const dir = (m / n) | 0;
    const line = m - dir * n;
    if (dir < D_N) {
      // the set moved by m is copied into the scratch rows as the walk reaches them (walkRow)
      this.setAt = setAt;
      const east = dir === D_E;
      return this.walkRow(state, base, line, east, bandRows, bandCols);
    }
    // a column push: the set moved (BitBoard.moveRows) and the rows its walk starts at
    // (BitBoard.columnPushRows) in one pass
    const top = this.top;
    const north = dir === D_N;
    const bit = 1 << line;
    const keep = ~bit;
    const near = (bit | (bit << 1) | (bit >>> 1)) & this.full;
    // the new pair's rows
    let rows = newPairRows(n, north);
    if (north) {
      // row r's bit `line` comes from row r - 1 (row 0's from the top row)
      let src = state[setAt + top];
      for (let r = 0; r < n; r++) {
        const here = state[setAt + r];
        const x = (here & keep) | (src & bit);
        state[at + r] = x;
        if ((x & near) !== 0) rows |= 1 << r;
        src = here;
      }
    } else {
      // from row r + 1 (the top row's from row 0)
      let src = state[setAt];
      for (let r = top; r >= 0; r--) {
        const here = state[setAt + r];
        const x = (here & keep) | (src & bit);
        state[at + r] = x;
        if ((x & near) !== 0) rows |= 1 << r;
        src = here;
      }
    }
    this.have = -1;
    return this.walkColumn(state, base, line, north, rows & this.full, bandRows, bandCols);
  }

  /**
   * Makes the N scratch rows at PlyStack.grownAt hold the set the last `meets` found (when it
   * returned false: the set moved by m and closed under walking), rows the walk never
   * read included (walkRow copies the set moved into them only as it reads them).
   */
  finish(): void {
    let rest = ~this.have & this.full;
    if (rest === 0) return;
    this.have = -1;
    const state = this.plies.state;
    const at = this.plies.grownAt;
    const setAt = this.setAt;
    // walkRow reads row `line` (the pushed row) first: the rows left are the set's as they were
    while (rest !== 0) {
      const y = 31 - Math.clz32(rest & -rest);
      rest &= rest - 1;
      state[at + y] = state[setAt + y];
    }
  }

  /**
   * The walk after a push of row `line` east (or west): only that row's tiles change,
   * so only its words are patched, and the walk starts at it and its neighbours (the set
   * was closed before). Returns true as soon as the set has a field in the band.
   */
  private walkRow(state: Int32Array, base: number, line: number, east: boolean, bandRows: number, bandCols: number): boolean {
    const n = this.n;
    const top = this.top;
    const full = this.full;
    const at = this.at;
    const nB = base + K_N * n;
    const sB = base + K_S * n;
    const eB = base + K_E * n;
    const wB = base + K_W * n;
    const nL = rotateBits(state[nB + line], east, top, full);
    const sL = rotateBits(state[sB + line], east, top, full);
    const hL = rotateBits(state[eB + line], east, top, full) & (rotateBits(state[wB + line], east, top, full) >>> 1);
    const bit = 1 << line;
    const setAt = this.setAt;
    // row `line` of the set moved
    const moved = rotateBits(state[setAt + line], east, top, full);
    let have = 0;
    let dirty = (bit | (bit << 1) | (bit >>> 1)) & full;
    while (dirty !== 0) {
      const r = 31 - Math.clz32(dirty & -dirty);
      dirty &= dirty - 1;
      // the scratch rows r - 1 .. r + 1 are the set moved until the walk first reads them
      let want = (r > 0 ? 7 << (r - 1) : 3) & full & ~have;
      if (want !== 0) {
        have |= want;
        while (want !== 0) {
          const y = 31 - Math.clz32(want & -want);
          want &= want - 1;
          state[at + y] = y === line ? moved : state[setAt + y];
        }
      }
      // a row with no field of the set in it or beside it gains nothing
      if ((state[at + r] | (r > 0 ? state[at + r - 1] : 0) | (r < top ? state[at + r + 1] : 0)) === 0) continue;
      const nR = r === line ? nL : state[nB + r];
      const sR = r === line ? sL : state[sB + r];
      const nBelow = r > 0 ? (r - 1 === line ? nL : state[nB + r - 1]) : 0;
      const sAbove = r < top ? (r + 1 === line ? sL : state[sB + r + 1]) : 0;
      const h = r === line ? hL : state[eB + r] & (state[wB + r] >>> 1);
      const old = state[at + r];
      let x = old;
      if (r > 0) x |= state[at + r - 1] & nBelow & sR;
      if (r < top) x |= state[at + r + 1] & sAbove & nR;
      if (x === 0) continue;
      x = fillRow(x, h);
      if (x === old) continue;
      state[at + r] = x;
      if ((x & bandCols) !== 0 || ((bandRows >>> r) & 1) === 1) {
        this.have = have;
        return true;
      }
      if (r > 0 && (x & sR & nBelow & ~state[at + r - 1]) !== 0) dirty |= 1 << (r - 1);
      if (r < top && (x & nR & sAbove & ~state[at + r + 1]) !== 0) dirty |= 1 << (r + 1);
    }
    this.have = have;
    return false;
  }

  /**
   * The walk after a push of column `line` north (or south): every row's bit `line`
   * takes the tile of the row before it (wraparound), read as it is needed; the walk
   * starts at the rows `start` (bit r: row r; BitBoard.columnPushRows of the moved set,
   * made by `meets`). Returns true as soon as the set has a field in the band.
   */
  private walkColumn(state: Int32Array, base: number, line: number, north: boolean, start: number, bandRows: number, bandCols: number): boolean {
    const n = this.n;
    const top = this.top;
    const at = this.at;
    const nB = base + K_N * n;
    const sB = base + K_S * n;
    const eB = base + K_E * n;
    const wB = base + K_W * n;
    const bit = 1 << line;
    const keep = ~bit;
    // the walk starts in the rows where a link the push changed has an end in the set
    // (BitBoard.columnPushRows) and visits a row again when a field is added beside it
    let dirty = start;
    while (dirty !== 0) {
      const r = 31 - Math.clz32(dirty & -dirty);
      dirty &= dirty - 1;
      // a row with no field of the set in it or beside it gains nothing
      if ((state[at + r] | (r > 0 ? state[at + r - 1] : 0) | (r < top ? state[at + r + 1] : 0)) === 0) continue;
      // bit `line` of a row's words comes from the row whose tile lands on it (wraparound)
      const from = north ? (r === 0 ? top : r - 1) : r === top ? 0 : r + 1;
      const nR = (state[nB + r] & keep) | (state[nB + from] & bit);
      const sR = (state[sB + r] & keep) | (state[sB + from] & bit);
      let nBelow = 0;
      if (r > 0) {
        const f = north ? (r === 1 ? top : r - 2) : r;
        nBelow = (state[nB + r - 1] & keep) | (state[nB + f] & bit);
      }
      let sAbove = 0;
      if (r < top) {
        const f = north ? r : r + 1 === top ? 0 : r + 2;
        sAbove = (state[sB + r + 1] & keep) | (state[sB + f] & bit);
      }
      const e = (state[eB + r] & keep) | (state[eB + from] & bit);
      const w = (state[wB + r] & keep) | (state[wB + from] & bit);
      const h = e & (w >>> 1);
      const old = state[at + r];
      let x = old;
      if (r > 0) x |= state[at + r - 1] & nBelow & sR;
      if (r < top) x |= state[at + r + 1] & sAbove & nR;
      if (x === 0) continue;
      x = fillRow(x, h);
      if (x === old) continue;
      state[at + r] = x;
      if ((x & bandCols) !== 0 || ((bandRows >>> r) & 1) === 1) return true;
      if (r > 0 && (x & sR & nBelow & ~state[at + r - 1]) !== 0) dirty |= 1 << (r - 1);
      if (r < top && (x & nR & sAbove & ~state[at + r + 1]) !== 0) dirty |= 1 << (r + 1);
    }
    return false;
  }
}
