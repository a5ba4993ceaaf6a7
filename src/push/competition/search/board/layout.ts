/**
 * The solver's state layout, shared by its boards (BitBoard, WideBoard) and the code
 * that reads states: move indices, row groups, loading an instance, and the SearchBoard
 * interface. Imports no board, so the boards and their chooser (searchboard.ts) form no
 * import cycle.
 *
 * A state is `stride` words of an Int32Array: the tiles' openings, the reachable set R
 * and the goal's field; a search keeps many states in one array. Move m (0 <= m < 4N)
 * is direction MOVE_DIRS[floor(m / N)] ("e", "w", "n", "s") on line (m % N) + 1.
 * Coordinates inside states are 0-based (row from the south, column from the west);
 * the facts' are 1-based. Glossary: docs/design/search.md.
 */
import type { Push } from "../../board.js";
import type { Direction } from "../../../../core/grid.js";
import type { Instance } from "../../instance.js";

/** Largest board the bit rows hold. */
export const BITBOARD_MAX = 32;

/** Push order of move indices: move m is direction MOVE_DIRS[floor(m / N)] on line (m % N) + 1. */
export const MOVE_DIRS: readonly Direction[] = ["e", "w", "n", "s"];
export const D_E = 0;
export const D_W = 1;
export const D_N = 2;

/** Offsets, in rows, of the groups inside a state. */
export const K_N = 0;
export const K_S = 1;
export const K_E = 2;
export const K_W = 3;
export const K_R = 4;
/** Row groups of a state: openings n, s, e, w, then the reachable set. */
export const GROUPS = 5;

/**
 * Writes the instance's start (step 0: R is the init field alone, not walked) as a state
 * of `stride` words at `base`, each row held in `words` words (BitBoard: 1, WideBoard:
 * ceil(N / 32)): group k's row r at (k * N + r) * words, column c at bit c % 32 of its
 * word c / 32; the goal's row and column in the last two words.
 */
export function loadState(instance: Instance, state: Int32Array, base: number, stride: number, words: number): void {
  const n = instance.size;
  state.fill(0, base, base + stride);
  const tiles = instance.board.tiles;
  const group = n * words;
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const t = tiles[r * n + c];
      const at = base + r * words + (c >>> 5);
      const bit = 1 << (c & 31);
      if (t & 1) state[at + K_N * group] |= bit;
      if (t & 2) state[at + K_S * group] |= bit;
      if (t & 4) state[at + K_E * group] |= bit;
      if (t & 8) state[at + K_W * group] |= bit;
    }
  }
  const c0 = instance.init.col - 1;
  state[base + K_R * group + (instance.init.row - 1) * words + (c0 >>> 5)] = 1 << (c0 & 31);
  state[base + stride - 2] = instance.goal.row - 1;
  state[base + stride - 1] = instance.goal.col - 1;
}

/** Number of set bits of a 32-bit word. */
export function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}

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
 * Word `x` of N bits (`full`: the low N bits, `top` = N - 1) rotated by one towards the
 * high bits (`up`: a row's bits after a push east, or a mask of rows after a push north)
 * or towards the low bits, with wraparound.
 */
export function rotateBits(x: number, up: boolean, top: number, full: number): number {
  return up ? ((x << 1) | (x >>> top)) & full : (x >>> 1) | ((x & 1) << top);
}
