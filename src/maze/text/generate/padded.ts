/**
 * A generator's working grid with a one-cell frame: (R + 2) x (C + 2) bytes, cell (r, c)
 * (0-based) at (r + 1) * (C + 2) + c + 1. Each byte holds the cell's opening bits
 * (core/grid.ts OPEN: n 1, s 2, e 4, w 8), IN (16) for a cell in the tree that has no
 * passage yet, or FRAME (128) outside the grid. A step is one table lookup and one load,
 * with no bounds arithmetic and no division: the frame rejects a step off the grid.
 */

/** A frame cell (outside the grid). */
export const FRAME = 128;
/** A cell in the tree that has no passage yet (the root). */
export const IN = 16;

/** The opening bit of each direction in the lab's order (north, east, south, west). */
export const BIT: Readonly<Uint8Array> = Uint8Array.of(1, 4, 2, 8);
/** The opening bit of the opposite side, per direction. */
export const BACK: Readonly<Uint8Array> = Uint8Array.of(2, 8, 1, 4);

/** A framed grid of `rows` x `cols` cells: every inner byte 0, the frame FRAME. */
export function framedGrid(rows: number, cols: number): Uint8Array {
  const w = cols + 2;
  const g = new Uint8Array((rows + 2) * w);
  g.fill(FRAME, 0, w);
  g.fill(FRAME, (rows + 1) * w);
  for (let r = 1; r <= rows; r++) {
    g[r * w] = FRAME;
    g[r * w + w - 1] = FRAME;
  }
  return g;
}

/** The framed index of cell `cell` (0-based r*C + c). */
export function framed(cols: number, cell: number): number {
  const r = (cell / cols) | 0;
  return (r + 1) * (cols + 2) + cell - r * cols + 1;
}

/** The index change of a step in each direction (lab order) on the framed grid. */
export function framedOffsets(cols: number): Int32Array {
  return Int32Array.of(-(cols + 2), 1, cols + 2, -1);
}

/** Copies the framed grid's opening bits into `open` (R*C bytes, 0-based r*C + c). */
export function unframe(rows: number, cols: number, g: Uint8Array, open: Uint8Array): void {
  const w = cols + 2;
  for (let r = 0; r < rows; r++) {
    const from = (r + 1) * w + 1;
    const to = r * cols;
    for (let c = 0; c < cols; c++) open[to + c] = g[from + c] & 15;
  }
}
