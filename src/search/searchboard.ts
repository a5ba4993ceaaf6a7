/**
 * What the search needs of a board, and the choice of board by size: BitBoard (one
 * 32-bit word a row, N <= 32) or WideBoard (ceil(N / 32) words a row, any N).
 *
 * A state is `stride` words of an Int32Array: the tiles' openings, the reachable set R
 * and the goal's field; a search keeps many states in one array. Move m (0 <= m < 4N)
 * is direction MOVE_DIRS[floor(m / N)] ("e", "w", "n", "s") on line (m % N) + 1.
 */
import type { Push } from "../board.js";
import type { Instance } from "../instance.js";
import { BitBoard } from "./bitboard.js";
import { WideBoard } from "./wideboard.js";

/** Largest board labsolve searches (BitBoard up to 32, WideBoard above). */
export const MAX_SIZE = 128;

export interface SearchBoard {
  /** N */
  readonly n: number;
  /** words per state */
  readonly stride: number;
  /** Writes the instance's start (step 0: R is the init field alone, not walked) at `base`. */
  load(instance: Instance, state: Int32Array, base: number): void;
  /** The push of move index m (1-based line). */
  push(m: number): Push;
  /** True when the field at 0-based row r, column c is in R of the state at `base`. */
  reaches(state: Int32Array, base: number, r: number, c: number): boolean;
  /** True when the goal's field is in R of the state at `base`. */
  goalReachable(state: Int32Array, base: number): boolean;
  /** Applies move m in place: tiles, R and the goal ride along (wraparound). */
  applyPush(state: Int32Array, base: number, m: number): void;
  /**
   * Closes R under walking (a step between neighbours inside the board, no wraparound,
   * needs both tiles open towards each other). Returns true when R grew.
   */
  walk(state: Int32Array, base: number): boolean;
  /** Writes at `to` the state at `from` with R replaced by the goal's walking component. */
  goalComponent(state: Int32Array, from: number, to: number): void;
  /**
   * How far R of the state at `base` is from the goal component held as R of the state
   * at `goalBase`: dilation steps (one field in the four directions, tiles ignored) until
   * they meet, times 4096, minus the sizes of both sets. Uses the state at `work` as
   * scratch. Lower is closer.
   */
  gap(state: Int32Array, base: number, goalBase: number, work: number): number;
}

/**
 * The board for an NxN instance: BitBoard when N <= 32 (unless `wide`), else WideBoard.
 * @throws RangeError when N > MAX_SIZE
 */
export function makeBoard(n: number, wide = false): SearchBoard {
  if (n > MAX_SIZE) throw new RangeError(`boards up to ${MAX_SIZE}x${MAX_SIZE} are supported, this one is ${n}x${n}`);
  return n <= 32 && !wide ? new BitBoard(n) : new WideBoard(n);
}
