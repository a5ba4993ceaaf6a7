/**
 * The choice of board by size: BitBoard (one 32-bit word a row, N <= 32) or WideBoard
 * (ceil(N / 32) words a row, any N). What the search needs of a board, and the state
 * layout both share, are in layout.ts.
 */
import { BitBoard } from "./bitboard.js";
import { MAX_SIZE, type SearchBoard } from "./layout.js";
import { WideBoard } from "./wideboard.js";

export { MAX_SIZE, type SearchBoard } from "./layout.js";

/**
 * The board for an NxN instance: BitBoard when N <= 32 (unless `wide`), else WideBoard.
 * @throws RangeError when N > MAX_SIZE
 */
export function makeBoard(n: number, wide = false): SearchBoard {
  if (n > MAX_SIZE) throw new RangeError(`boards up to ${MAX_SIZE}x${MAX_SIZE} are supported, this one is ${n}x${n}`);
  return n <= 32 && !wide ? new BitBoard(n) : new WideBoard(n);
}
