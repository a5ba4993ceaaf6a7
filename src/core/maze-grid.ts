/**
 * A maze grid on typed arrays, shared by the static labyrinths (text mazes, Theseus' turn
 * rule, the Minotaur): no object per cell. Cells are 0-based, index r*C + c, rows from
 * the top; a cell's opening bits are core/grid.ts OPEN (n 1, s 2, e 4, w 8).
 *
 * Directions are numbered in the teaching lab's order, north 0, east 1, south 2, west 3
 * (../shared/spec/text-maze.md, section 1: "Its algorithms explore the neighbours in the
 * order north, east, south, west"), so a student's hand trace matches.
 */

/** Direction numbers in the lab's order. */
export const NORTH = 0;
export const EAST = 1;
export const SOUTH = 2;
export const WEST = 3;

/** The opening bit (core/grid.ts OPEN) of each direction number 0..3 (north, east, south, west). */
export const DIR_BIT: Readonly<Uint8Array> = Uint8Array.of(1, 4, 2, 8);
/** The opposite of each direction number. */
export const DIR_OPPOSITE: Readonly<Uint8Array> = Uint8Array.of(SOUTH, WEST, NORTH, EAST);
/** Row change of each direction number. */
export const DIR_DR: Readonly<Int8Array> = Int8Array.of(-1, 0, 1, 0);
/** Column change of each direction number. */
export const DIR_DC: Readonly<Int8Array> = Int8Array.of(0, 1, 0, -1);

/** The index change of a step in each direction on a grid of `cols` columns: [-C, +1, +C, -1]. */
export function dirOffsets(cols: number): Int32Array {
  return Int32Array.of(-cols, 1, cols, -1);
}

/** The bare shape a maze algorithm needs: the size and each cell's opening bits. */
export interface MazeCells {
  rows: number;
  cols: number;
  /** opening bits per cell (index r*C + c) */
  open: Uint8Array;
}

/**
 * True when the cell has a passage in direction `d` (0..3) that stays inside the grid:
 * a border opening (a way out) is not a passage to a neighbour.
 */
export function hasPassage(m: MazeCells, cell: number, d: number): boolean {
  if ((m.open[cell] & DIR_BIT[d]) === 0) return false;
  const r = (cell / m.cols) | 0;
  const c = cell - r * m.cols;
  const nr = r + DIR_DR[d];
  const nc = c + DIR_DC[d];
  return nr >= 0 && nr < m.rows && nc >= 0 && nc < m.cols;
}

/**
 * The cells' neighbour masks: bit d (1 << d, lab order) set when the cell has a passage
 * to its neighbour in direction d inside the grid (border openings dropped). O(cells).
 */
export function passageMasks(m: MazeCells): Uint8Array {
  const { rows, cols, open } = m;
  const n = rows * cols;
  const out = new Uint8Array(n);
  let i = 0;
  if (open.byteOffset % 4 === 0) {
    // four cells a word: n (1) and w (8) stay, s (2) moves up to bit 2, e (4) down to bit 1
    const words = n >> 2;
    const from = new Uint32Array(open.buffer, open.byteOffset, words);
    const to = new Uint32Array(out.buffer, 0, words);
    for (let k = 0; k < words; k++) {
      const x = from[k];
      to[k] = (x & 0x09090909) | ((x & 0x02020202) << 1) | ((x & 0x04040404) >>> 1);
    }
    i = words << 2;
  }
  for (; i < n; i++) out[i] = LAB_MASK[open[i] & 15];
  // border cells: drop the ways out of the grid
  for (let c = 0; c < cols; c++) {
    out[c] &= ~1;
    out[(rows - 1) * cols + c] &= ~4;
  }
  for (let r = 0; r < rows; r++) {
    out[r * cols] &= ~8;
    out[r * cols + cols - 1] &= ~2;
  }
  return out;
}

/** Opening bits (n 1, s 2, e 4, w 8) to lab-order bits (north 1, east 2, south 4, west 8). */
const LAB_MASK: Readonly<Uint8Array> = (() => {
  const t = new Uint8Array(16);
  for (let o = 0; o < 16; o++) t[o] = (o & 1 ? 1 : 0) | (o & 4 ? 2 : 0) | (o & 2 ? 4 : 0) | (o & 8 ? 8 : 0);
  return t;
})();

/**
 * The direction (0..3) of each border opening of a cell, as a mask (bit d = 1 << d): the
 * ways out of the maze. 0 for an inner cell or a closed border.
 */
export function openingMask(m: MazeCells, cell: number): number {
  const r = (cell / m.cols) | 0;
  const c = cell - r * m.cols;
  const o = m.open[cell];
  let mask = 0;
  if (o & 1 && r === 0) mask |= 1;
  if (o & 4 && c === m.cols - 1) mask |= 2;
  if (o & 2 && r === m.rows - 1) mask |= 4;
  if (o & 8 && c === 0) mask |= 8;
  return mask;
}

/** Opens the passage between `cell` and its neighbour in direction `d` (both sides). Does not check the border. */
export function carve(open: Uint8Array, cols: number, cell: number, d: number): void {
  open[cell] |= DIR_BIT[d];
  open[cell + (d === 0 ? -cols : d === 1 ? 1 : d === 2 ? cols : -1)] |= DIR_BIT[DIR_OPPOSITE[d]];
}

/** 1-based `(row, column)` of a cell, as every output writes it. */
export function cellName(cols: number, cell: number): string {
  return `(${((cell / cols) | 0) + 1}, ${(cell % cols) + 1})`;
}
