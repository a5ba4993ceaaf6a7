/**
 * The look-ahead of the search on a BitBoard: whether a push would let a closed set of
 * fields (the reachable set R, the goal's component C) grow, read off the board before
 * the push, without applying it. The plain board operations (push, walk) are
 * BitBoard's; this is what the pruning rules of the last two pushes ask of a state
 * (docs/design/search.md, Lemmas 4 to 8).
 *
 * Rules: ../shared/spec/push-labyrinth.md ("A push", "Moving"). This module does not
 * decide what the checker accepts: src/push/competition/check.ts has its own simulation.
 */
import type { BitBoard } from "./bitboard.js";
import { D_E, D_N, K_E, K_N, K_R, K_S, K_W } from "./layout.js";

export class LookAhead {
  private readonly n: number;
  private readonly full: number;

  /** rowsGrowingBothAfter's rows after the push: groups N, S, E, W, R at k * n, the other set at 5n */
  private readonly after: Int32Array;

  constructor(private readonly board: BitBoard) {
    this.n = board.n;
    this.full = board.full;
    this.after = new Int32Array(6 * board.n);
  }

  /**
   * LookAhead.grows for the push of row `line` east (or west).
   */
  private rowGrowth(state: Int32Array, base: number, line: number, east: boolean, otherAt: number): number {
    const n = this.n;
    const top = n - 1;
    const nB = base + K_N * n;
    const sB = base + K_S * n;
    const rB = base + K_R * n;
    const nL = this.board.rotate(state[nB + line], east);
    const sL = this.board.rotate(state[sB + line], east);
    const h = this.board.rotate(state[base + K_E * n + line], east) & (this.board.rotate(state[base + K_W * n + line], east) >>> 1);
    // vertical links into the line from below and from above
    const down = line > 0 ? state[nB + line - 1] & sL : 0;
    const up = line < top ? nL & state[sB + line + 1] : 0;
    let g = 0;
    for (let k = 0; k < 2; k++) {
      const at = k === 0 ? rB : otherAt;
      const x = this.board.rotate(state[at + line], east);
      const below = line > 0 ? state[at + line - 1] : 0;
      const above = line < top ? state[at + line + 1] : 0;
      // a link with exactly one end in the set: along the line, or across it
      if (((((x & h) << 1) | ((x >>> 1) & h)) & ~x) !== 0 || ((below ^ x) & down) !== 0 || ((above ^ x) & up) !== 0) g |= 1 << k;
    }
    return g;
  }

  /**
   * rowGrowth east and west at once (bit 1: east grows R, 2: east grows the other set,
   * 4: west grows R, 8: west grows the other set), reading each word once. With
   * `bothOnly` (the last push's test), only whether both grow in a direction is
   * answered: 3 and 12 are exact, and the other set is read only where R grows.
   */
  private rowGrowthBoth(state: Int32Array, base: number, line: number, otherAt: number, bothOnly = false): number {
    const n = this.n;
    const top = n - 1;
    const full = this.full;
    const rB = base + K_R * n;
    const r0 = state[rB + line];
    const rBelow = line > 0 ? state[rB + line - 1] : 0;
    const rAbove = line < top ? state[rB + line + 1] : 0;
    const c0 = state[otherAt + line];
    const cBelow = line > 0 ? state[otherAt + line - 1] : 0;
    const cAbove = line < top ? state[otherAt + line + 1] : 0;
    // a set with no field on the line or beside it has no link into it: it cannot grow
    // (crosses would say no), and R and C lie apart, so mostly one of them is here
    const rHere = (r0 | rBelow | rAbove) !== 0;
    const cHere = (c0 | cBelow | cAbove) !== 0;
    if (bothOnly ? !(rHere && cHere) : !(rHere || cHere)) return 0;
    const nW = state[base + K_N * n + line];
    const sW = state[base + K_S * n + line];
    const eW = state[base + K_E * n + line];
    const wW = state[base + K_W * n + line];
    const nBelow = line > 0 ? state[base + K_N * n + line - 1] : 0;
    const sAbove = line < top ? state[base + K_S * n + line + 1] : 0;
    // east: every word of the line rotated one column up (wraparound)
    const hE = ((eW << 1) | (eW >>> top)) & full & ((((wW << 1) | (wW >>> top)) & full) >>> 1);
    const downE = nBelow & (((sW << 1) | (sW >>> top)) & full);
    const upE = (((nW << 1) | (nW >>> top)) & full) & sAbove;
    // west: one column down
    const hW = ((eW >>> 1) | ((eW & 1) << top)) & (((wW >>> 1) | ((wW & 1) << top)) >>> 1);
    const downW = nBelow & ((sW >>> 1) | ((sW & 1) << top));
    const upW = ((nW >>> 1) | ((nW & 1) << top)) & sAbove;
    let g = 0;
    if (rHere) {
      if (crosses(((r0 << 1) | (r0 >>> top)) & full, hE, rBelow, rAbove, downE, upE)) g |= 1;
      if (crosses((r0 >>> 1) | ((r0 & 1) << top), hW, rBelow, rAbove, downW, upW)) g |= 4;
      if (bothOnly && g === 0) return 0;
    }
    if (cHere) {
      if ((!bothOnly || (g & 1) !== 0) && crosses(((c0 << 1) | (c0 >>> top)) & full, hE, cBelow, cAbove, downE, upE)) g |= 2;
      if ((!bothOnly || (g & 4) !== 0) && crosses((c0 >>> 1) | ((c0 & 1) << top), hW, cBelow, cAbove, downW, upW)) g |= 8;
    }
    return g;
  }

  /**
   * Which of two sets of fields would grow by walking if move m were applied to the
   * state at `base`, without applying it: bit 1 for the state's reachable set R, bit 2
   * for the set whose N rows are at `otherAt` (absolute index into `state`; the goal's
   * component, say). Both sets must be closed under walking on the state's board, as R
   * is after every walk.
   *
   * A push changes only the links with an end on its line, and the sets' fields off the
   * line stay where they are, so a closed set stays closed unless one of those links
   * has exactly one end in the (moved) set: the rows of a row push and its two
   * neighbours, or for a column push the horizontal links into the column and the one
   * new vertical pair across the wraparound (the other pairs in the column move
   * together). "Grows" is then exact: a crossing link adds its other end.
   * Rules: ../shared/spec/push-labyrinth.md ("A push", "Moving").
   */
  grows(state: Int32Array, base: number, m: number, otherAt: number): number {
    const n = this.n;
    const top = n - 1;
    const dir = (m / n) | 0;
    const line = m - dir * n;
    const nB = base + K_N * n;
    const sB = base + K_S * n;
    const eB = base + K_E * n;
    const wB = base + K_W * n;
    const rB = base + K_R * n;
    if (dir < D_N) return this.rowGrowth(state, base, line, dir === D_E, otherAt);
    let g = 0;
    const bit = 1 << line;
    // the pair that meets across the wraparound: the old top tile and the old bottom one
    if ((state[nB + top] & state[sB] & bit) !== 0) {
      if (((state[rB + top] ^ state[rB]) & bit) !== 0) g = 1;
      if (((state[otherAt + top] ^ state[otherAt]) & bit) !== 0) g |= 2;
    }
    const north = dir === D_N;
    for (let r = 0; r < n && g !== 3; r++) {
      // the tile that lands on (r, line) comes from (src, line)
      const src = north ? (r === 0 ? top : r - 1) : r === top ? 0 : r + 1;
      const left = (state[eB + r] << 1) & state[wB + src] & bit;
      const right = state[eB + src] & (state[wB + r] >>> 1) & bit;
      if ((left | right) === 0) continue;
      let row = state[rB + r];
      let moved = state[rB + src];
      if (((left & ((row << 1) ^ moved)) | (right & ((row >>> 1) ^ moved))) !== 0) g |= 1;
      row = state[otherAt + r];
      moved = state[otherAt + src];
      if (((left & ((row << 1) ^ moved)) | (right & ((row >>> 1) ^ moved))) !== 0) g |= 2;
    }
    return g;
  }

  /** rowsGrowingBoth's answer: bit i set when pushing row i east grows both sets */
  bothEast = 0;
  /** the same for the pushes west */
  bothWest = 0;

  /** columnsGrowingBoth's answer: bit i set when pushing column i north grows both sets */
  bothNorth = 0;
  /** the same for the pushes south */
  bothSouth = 0;
  /** columnGrowth's words for columnsGrowingBoth (out[4 .. 8)) */
  private readonly columnWords = new Int32Array(8);

  /**
   * Which column pushes would grow both R of the state at `base` and the set at
   * `otherAt` (LookAhead.grows(...) === 3, the last push's test, Lemma 4), every column
   * at once in one pass over the rows (columnGrowth): sets bothNorth and bothSouth (bit
   * i: column i's push). The same answers as grows (test/push/competition/search/board/grows.test.ts).
   * @param rows as in growth: a superset of the rows within one step (across the
   *   wraparound too) of a field of either set (LineMath.around of the sets' rows)
   */
  columnsGrowingBoth(state: Int32Array, base: number, otherAt: number, rows: number): void {
    const words = this.columnWords;
    this.columnGrowth(state, base, otherAt, words, 0, rows);
    this.bothNorth = words[4] & words[5];
    this.bothSouth = words[6] & words[7];
  }

  /**
   * Which pushes of the rows `lines` (bit i: row i) would grow both R of the state at
   * `base` and the set at `otherAt` (LookAhead.grows(...) === 3, the last push's test,
   * Lemma 4), east and west at once (rowGrowthBoth: each row's words read once, the other
   * set's only where R grows): sets bothEast and bothWest (bit i: row i's push). The same
   * answers as grows (test/push/competition/search/board/grows.test.ts).
   */
  rowsGrowingBoth(state: Int32Array, base: number, lines: number, otherAt: number): void {
    let east = 0;
    let west = 0;
    lines &= this.full;
    while (lines !== 0) {
      const line = 31 - Math.clz32(lines & -lines);
      lines &= lines - 1;
      const g = this.rowGrowthBoth(state, base, line, otherAt, true);
      if ((g & 3) === 3) east |= 1 << line;
      if ((g & 12) === 12) west |= 1 << line;
    }
    this.bothEast = east;
    this.bothWest = west;
  }

  /**
   * rowsGrowingBoth for the state at `base` after move m, without writing that state:
   * which rows of `lines` (bit i: row i, 0-based from the south) have an east or a west
   * push that would grow both R and the set at `otherAt` once m is applied. R and the
   * other set are taken as moved with their tiles by m, not walked: the answer is the
   * last push's test (Lemma 4) for the child only when m grows neither set (its growth
   * word, LookAhead.grows === 0), as TwoPushJoins asks it. Only the rows beside `lines`
   * are made, as BitBoard.moveRowsInto would write them (a column push changes bit
   * m % N of every row, a row push one row).
   * @returns bit i set when row i's push east or west grows both after m
   */
  rowsGrowingBothAfter(state: Int32Array, base: number, otherAt: number, m: number, lines: number): number {
    const n = this.n;
    const top = n - 1;
    const board = this.board;
    const rows = this.after;
    const dir = (m / n) | 0;
    const line = m - dir * n;
    lines &= this.full;
    let need = (lines | (lines << 1) | (lines >>> 1)) & this.full;
    if (dir < D_N) {
      // a row push: its own row rotated, the others as they are
      const east = dir === D_E;
      while (need !== 0) {
        const r = 31 - Math.clz32(need & -need);
        need &= need - 1;
        for (let k = 0; k < 5; k++) rows[k * n + r] = r === line ? board.rotate(state[base + k * n + r], east) : state[base + k * n + r];
        rows[5 * n + r] = r === line ? board.rotate(state[otherAt + r], east) : state[otherAt + r];
      }
    } else {
      // a column push: each row's bit of the column from the row before it (north) or after it (south)
      const bit = 1 << line;
      const north = dir === D_N;
      while (need !== 0) {
        const r = 31 - Math.clz32(need & -need);
        need &= need - 1;
        const src = north ? (r === 0 ? top : r - 1) : r === top ? 0 : r + 1;
        for (let k = 0; k < 5; k++) rows[k * n + r] = (state[base + k * n + r] & ~bit) | (state[base + k * n + src] & bit);
        rows[5 * n + r] = (state[otherAt + r] & ~bit) | (state[otherAt + src] & bit);
      }
    }
    this.rowsGrowingBoth(rows, 0, lines, 5 * n);
    return this.bothEast | this.bothWest;
  }

  /**
   * LookAhead.grows for every move at once: writes 8 words at out[at..at+8): for each
   * direction d (MOVE_DIRS order e, w, n, s), out[at + 2d] has bit i set when pushing
   * line i in direction d would grow R, out[at + 2d + 1] the same for the set at
   * `otherAt`. Same preconditions and argument as grows (docs/design/search.md, Lemma 4); the column pushes of one
   * direction share one pass over the rows (bit c of a row's words stands for column c's
   * push).
   * @param rows a superset of the rows within one step (across the wraparound too) of a
   *   field of either set (bit r: row r); other rows are skipped, as no growth starts there
   */
  growth(state: Int32Array, base: number, otherAt: number, out: Int32Array, at: number, rows = -1): void {
    this.rowWords(state, base, otherAt, out, at, rows & this.full, at, 0);
    this.columnGrowth(state, base, otherAt, out, at, rows);
  }

  /**
   * LookAhead.growth of a state made by a push of row `pushed` (east or west) from a
   * state whose growth words are at out[prev .. prev + 8), when that push grew neither
   * set (both only moved with their tiles, R unwalked, the other set moved): the push
   * changed the tiles and the sets' fields of row `pushed` alone (F2), and a row push's
   * growth reads only its row and the two beside it (no wraparound: rowGrowth), so the
   * row words of every row two or more from `pushed` are the previous state's; the
   * three rows around it are computed afresh, and the column words (one pass over the
   * rows, every column at once) too. Writes exactly what growth writes (test/push/competition/search/exact/pruning/quick-two-pushes.test.ts).
   * @param rows as in growth: a superset of the rows near a field of either set
   */
  growthAfterRowPush(state: Int32Array, base: number, otherAt: number, out: Int32Array, at: number, prev: number, pushed: number, rows = -1): void {
    const bit = 1 << pushed;
    const band = (bit | (bit << 1) | (bit >>> 1)) & this.full;
    this.rowWords(state, base, otherAt, out, at, band & rows, prev, ~band);
    this.columnGrowth(state, base, otherAt, out, at, rows);
  }

  /**
   * The row words (out[at .. at + 4)) of growthAfterRowPush alone: the previous state's
   * for the rows two or more from row `pushed`, rowGrowthBoth for the three around it.
   */
  rowsAfterRowPush(state: Int32Array, base: number, otherAt: number, out: Int32Array, at: number, prev: number, pushed: number, rows = -1): void {
    const bit = 1 << pushed;
    const band = (bit | (bit << 1) | (bit >>> 1)) & this.full;
    this.rowWords(state, base, otherAt, out, at, band & rows, prev, ~band);
  }

  /**
   * The row words of growth (out[at .. at + 4): east grows R, east grows the other set,
   * west grows R, west grows the other set, bit y: row y): the bits `kept` of the words at
   * out[prev ..] (0: none), and rowGrowthBoth for each row of `lines`.
   */
  private rowWords(state: Int32Array, base: number, otherAt: number, out: Int32Array, at: number, lines: number, prev: number, kept: number): void {
    let eR = out[prev] & kept;
    let eC = out[prev + 1] & kept;
    let wR = out[prev + 2] & kept;
    let wC = out[prev + 3] & kept;
    while (lines !== 0) {
      const line = 31 - Math.clz32(lines & -lines);
      lines &= lines - 1;
      const g = this.rowGrowthBoth(state, base, line, otherAt);
      if (g === 0) continue;
      const bit = 1 << line;
      if ((g & 1) !== 0) eR |= bit;
      if ((g & 2) !== 0) eC |= bit;
      if ((g & 4) !== 0) wR |= bit;
      if ((g & 8) !== 0) wC |= bit;
    }
    out[at] = eR;
    out[at + 1] = eC;
    out[at + 2] = wR;
    out[at + 3] = wC;
  }

  /** The column words of growth (out[at + 4 .. at + 8)): one pass over the rows in `rows`. */
  private columnGrowth(state: Int32Array, base: number, otherAt: number, out: Int32Array, at: number, rows: number): void {
    const n = this.n;
    const top = n - 1;
    const nB = base + K_N * n;
    const sB = base + K_S * n;
    const eB = base + K_E * n;
    const wB = base + K_W * n;
    const rB = base + K_R * n;
    // columns: the pair across the wraparound, then the links into each column
    const pair = state[nB + top] & state[sB];
    let nR = pair & (state[rB + top] ^ state[rB]);
    let nC = pair & (state[otherAt + top] ^ state[otherAt]);
    let sR = nR;
    let sC = nC;
    for (let r = 0; r < n; r++) {
      if (((rows >>> r) & 1) === 0) continue;
      const x = state[rB + r];
      const y = state[otherAt + r];
      // north: the tile landing on row r comes from row r - 1 (row 0's from the top row);
      // south: from row r + 1 (the top row's from row 0)
      const below = r === 0 ? top : r - 1;
      const above = r === top ? 0 : r + 1;
      const xN = state[rB + below];
      const xS = state[rB + above];
      const yN = state[otherAt + below];
      const yS = state[otherAt + above];
      // a set with no field in the three rows adds nothing here (R and C lie apart, so
      // mostly one of them is here)
      const rHere = (x | xN | xS) !== 0;
      const cHere = (y | yN | yS) !== 0;
      if (!rHere && !cHere) continue;
      const e = state[eB + r];
      const w = state[wB + r];
      let left = (e << 1) & state[wB + below];
      let right = state[eB + below] & (w >>> 1);
      if (rHere) nR |= (left & ((x << 1) ^ xN)) | (right & ((x >>> 1) ^ xN));
      if (cHere) nC |= (left & ((y << 1) ^ yN)) | (right & ((y >>> 1) ^ yN));
      left = (e << 1) & state[wB + above];
      right = state[eB + above] & (w >>> 1);
      if (rHere) sR |= (left & ((x << 1) ^ xS)) | (right & ((x >>> 1) ^ xS));
      if (cHere) sC |= (left & ((y << 1) ^ yS)) | (right & ((y >>> 1) ^ yS));
    }
    out[at + 4] = nR;
    out[at + 5] = nC;
    out[at + 6] = sR;
    out[at + 7] = sC;
  }

}

/**
 * One row's part of a column push's growth of a closed set (bit c: the push of column
 * c; LookAhead.columnGrowth ORs it over the rows): the links along row r between the
 * tiles beside column c and the tile that lands on (r, c), which comes from row `src`,
 * that have exactly one end in the set. `e`, `w`, `x`: row r's east and west openings
 * and fields of the set; `eSrc`, `wSrc`, `xSrc`: those of row `src` (the tile, and the
 * set, move along the column).
 */
export function columnTerm(e: number, w: number, x: number, eSrc: number, wSrc: number, xSrc: number): number {
  const left = (e << 1) & wSrc;
  const right = eSrc & (w >>> 1);
  return (left & ((x << 1) ^ xSrc)) | (right & ((x >>> 1) ^ xSrc));
}

/**
 * Whether a closed set, moved to `x` on a pushed row, has a link with exactly one end in
 * it: along the row (links `h`, bit c: columns c and c + 1), or across it to the rows
 * below and above (links `down`, `up`; the set's fields there: `below`, `above`).
 */
function crosses(x: number, h: number, below: number, above: number, down: number, up: number): boolean {
  return ((((x & h) << 1) | ((x >>> 1) & h)) & ~x) !== 0 || ((below ^ x) & down) !== 0 || ((above ^ x) & up) !== 0;
}
