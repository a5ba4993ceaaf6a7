/**
 * Line masks: sets of rows or columns of an N <= 32 board as the low N bits of a word
 * (bit i: 0-based line i). The pruning rules of the last two pushes reason about which
 * lines hold a field of R or C, which lines a push there would touch, and which are
 * near (docs/design/search.md, glossary: touching, near, far).
 */
import { D_E, D_N, rotateBits } from "./layout.js";

/** The rows and the columns that hold a field of one set of fields. */
export class LineSet {
  /** bit r: row r holds a field */
  rows = 0;
  /** bit c: column c holds a field */
  cols = 0;

  set(rows: number, cols: number): void {
    this.rows = rows;
    this.cols = cols;
  }
}

/** Line arithmetic of an NxN board (N <= 32). */
export class LineMath {
  /** the low N bits */
  readonly full: number;
  private readonly top: number;

  constructor(readonly n: number) {
    this.full = n === 32 ? -1 : (1 << n) - 1;
    this.top = n - 1;
  }

  /**
   * Lines whose push moves or borders a field of `lines` (bit i: line i holds one):
   * "touching" in docs/design/search.md. No wraparound: walking does not cross the border.
   */
  touching(lines: number): number {
    return (lines | (lines << 1) | (lines >>> 1)) & this.full;
  }

  /**
   * Lines within one step of a line of `lines`, across the wraparound too: "near" in
   * docs/design/search.md (a push moves a tile from the last line to the first).
   */
  around(lines: number): number {
    const top = this.top;
    return (lines | ((lines << 1) | (lines >>> top)) | ((lines >>> 1) | (lines << top))) & this.full;
  }

  /** Word `x` of N bits rotated by one towards the high bits (`up`) or the low bits, with wraparound. */
  rotate(x: number, up: boolean): number {
    return rotateBits(x, up, this.top, this.full);
  }

  /**
   * Writes into `out` the lines of the set whose N rows are at `state[at .. at + N)`
   * (bit c of row r: field (r, c), 0-based).
   */
  of(state: Int32Array, at: number, out: LineSet): void {
    const n = this.n;
    let rows = 0;
    let cols = 0;
    for (let r = 0; r < n; r++) {
      const x = state[at + r];
      if (x !== 0) rows |= 1 << r;
      cols |= x;
    }
    out.rows = rows;
    out.cols = cols;
  }

  /** LineMath.of for two sets at once (one pass over the rows): `a`'s lines into `outA`, `b`'s into `outB`. */
  ofBoth(state: Int32Array, a: number, outA: LineSet, b: number, outB: LineSet): void {
    const n = this.n;
    let rowsA = 0;
    let colsA = 0;
    let rowsB = 0;
    let colsB = 0;
    for (let r = 0; r < n; r++) {
      const x = state[a + r];
      const y = state[b + r];
      if (x !== 0) rowsA |= 1 << r;
      if (y !== 0) rowsB |= 1 << r;
      colsA |= x;
      colsB |= y;
    }
    outA.rows = rowsA;
    outA.cols = colsA;
    outB.rows = rowsB;
    outB.cols = colsB;
  }

  /**
   * Writes into `out` a superset of the lines holding a field of a set after move m
   * moved it without growing: `rows` and `cols` are its lines before, its rows are at
   * `state[setAt ..]`. A row push moves the set's fields along their row (only the
   * columns can change); a column push along their column (only the rows, by one step,
   * when the column holds a field).
   */
  moved(state: Int32Array, rows: number, cols: number, setAt: number, m: number, out: LineSet): void {
    const n = this.n;
    const dir = (m / n) | 0;
    const line = m - dir * n;
    if (dir < D_N) {
      cols |= this.rotate(state[setAt + line], dir === D_E);
    } else if (((cols >>> line) & 1) !== 0) {
      rows |= this.rotate(rows, dir === D_N);
    }
    out.rows = rows;
    out.cols = cols;
  }

  /**
   * Writes into `out` exactly the lines holding a field of the set at `state[setAt ..]`
   * (N rows) after move m moved it without growing (LineMath.moved gives a superset from
   * the lines alone): a row push keeps every field's row and moves row m's fields one
   * column; a column push keeps every field's column and moves column m's fields one row,
   * across the wraparound. One pass over the rows.
   */
  ofMoved(state: Int32Array, setAt: number, m: number, out: LineSet): void {
    const n = this.n;
    const dir = (m / n) | 0;
    const line = m - dir * n;
    let rows = 0;
    let cols = 0;
    if (dir < D_N) {
      for (let r = 0; r < n; r++) {
        const w = state[setAt + r];
        if (w === 0) continue;
        rows |= 1 << r;
        cols |= r === line ? this.rotate(w, dir === D_E) : w;
      }
    } else {
      const bit = 1 << line;
      let onLine = 0;
      for (let r = 0; r < n; r++) {
        const w = state[setAt + r];
        if (w === 0) continue;
        cols |= w;
        if ((w & ~bit) !== 0) rows |= 1 << r;
        if ((w & bit) !== 0) onLine |= 1 << r;
      }
      rows |= this.rotate(onLine, dir === D_N);
    }
    out.rows = rows;
    out.cols = cols;
  }

  /** Writes into `out` the lines touching both `a` and `b` (the lines a last push may use). */
  join(a: LineSet, b: LineSet, out: LineSet): void {
    out.rows = this.touching(a.rows) & this.touching(b.rows);
    out.cols = this.touching(a.cols) & this.touching(b.cols);
  }
}
