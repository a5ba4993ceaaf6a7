/**
 * The solver's board: a state of an NxN board (N <= 32) as 5N + 2 words of an Int32Array.
 *
 * Row r (0-based, from the south) is one 32-bit word per opening direction, bit c
 * (0-based, from the west) set when the tile on (r,c) opens that way; one more word per
 * row holds the reachable set; the last two words hold the goal's 0-based row and
 * column. A state is self-contained, so a search can keep many of them in one array
 * and copy one with copyWithin.
 *
 * Rules: ../shared/spec/push-labyrinth.md ("A push", "Moving"). This module does not
 * decide what the checker accepts: src/check.ts has its own simulation.
 */
import type { Direction, Push } from "../board.js";
import type { Instance } from "../instance.js";
import type { SearchBoard } from "./searchboard.js";

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
 * Spreads the reachable bits `x` of one row along its horizontal links `h` (bit c: the
 * tiles on columns c and c+1 open towards each other).
 */
function fillRow(x: number, h: number): number {
  for (;;) {
    const y = x | ((x & h) << 1) | ((x >>> 1) & h);
    if (y === x) return x;
    x = y;
  }
}

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

export class BitBoard implements SearchBoard {
  /** N */
  readonly n: number;
  /** the low N bits */
  readonly full: number;
  /** words per state: 5N rows, goal row, goal column */
  readonly stride: number;
  /** offset of the goal's row inside a state (its column follows) */
  readonly goalAt: number;

  /** @throws RangeError when N > BITBOARD_MAX */
  constructor(n: number) {
    if (n > BITBOARD_MAX) throw new RangeError(`bit rows hold up to ${BITBOARD_MAX} fields, this board is ${n}x${n}`);
    this.n = n;
    this.full = n === 32 ? -1 : (1 << n) - 1;
    this.goalAt = GROUPS * n;
    this.stride = GROUPS * n + 2;
  }

  /** Writes the instance's start (step 0: R is the init field alone, not walked) at `base`. */
  load(instance: Instance, state: Int32Array, base: number): void {
    loadState(instance, state, base, this.stride, 1);
  }

  /** The push of move index m (1-based line). */
  push(m: number): Push {
    return { line: (m % this.n) + 1, dir: MOVE_DIRS[Math.floor(m / this.n)] };
  }

  /** See SearchBoard.reaches. */
  reaches(state: Int32Array, base: number, r: number, c: number): boolean {
    return ((state[base + K_R * this.n + r] >>> c) & 1) === 1;
  }

  /** True when the goal's field is in the reachable set of the state at `base`. */
  goalReachable(state: Int32Array, base: number): boolean {
    const g = base + this.goalAt;
    return ((state[base + K_R * this.n + state[g]] >>> state[g + 1]) & 1) === 1;
  }

  /**
   * Writes at `to` the state at `from` after move m (as copying it and applyPush, in
   * one pass: a column push writes each row once). The two states must not overlap.
   */
  pushInto(state: Int32Array, from: number, to: number, m: number): void {
    const n = this.n;
    const dir = (m / n) | 0;
    if (dir < D_N) {
      state.copyWithin(to, from, from + this.stride);
      this.applyPush(state, to, m);
      return;
    }
    const line = m - dir * n;
    const top = n - 1;
    const bit = 1 << line;
    const keep = ~bit;
    const north = dir === D_N;
    for (let k = 0; k < GROUPS; k++) {
      const a = from + k * n;
      const b = to + k * n;
      if (north) {
        state[b] = (state[a] & keep) | (state[a + top] & bit);
        for (let r = 1; r < n; r++) state[b + r] = (state[a + r] & keep) | (state[a + r - 1] & bit);
      } else {
        for (let r = 0; r < top; r++) state[b + r] = (state[a + r] & keep) | (state[a + r + 1] & bit);
        state[b + top] = (state[a + top] & keep) | (state[a] & bit);
      }
    }
    const g = from + this.goalAt;
    let gr = state[g];
    const gc = state[g + 1];
    if (gc === line) gr = north ? (gr === top ? 0 : gr + 1) : gr === 0 ? top : gr - 1;
    state[to + this.goalAt] = gr;
    state[to + this.goalAt + 1] = gc;
  }

  /** Applies move m to the state at `base` in place: tiles, reachable set and goal ride along (wraparound). */
  applyPush(state: Int32Array, base: number, m: number): void {
    const n = this.n;
    const dir = (m / n) | 0;
    const line = m - dir * n;
    const top = n - 1;
    const g = base + this.goalAt;
    if (dir === D_E || dir === D_W) {
      for (let k = 0; k < GROUPS; k++) state[base + k * n + line] = this.rotate(state[base + k * n + line], dir === D_E);
      if (state[g] === line) {
        const c = state[g + 1];
        state[g + 1] = dir === D_E ? (c === top ? 0 : c + 1) : c === 0 ? top : c - 1;
      }
    } else {
      for (let k = 0; k < GROUPS; k++) this.moveRows(state, base + k * n, m);
      if (state[g + 1] === line) {
        const r = state[g];
        state[g] = dir === D_N ? (r === top ? 0 : r + 1) : r === 0 ? top : r - 1;
      }
    }
  }

  /**
   * Closes the reachable rows of the state at `base` under walking: a step between
   * neighbours inside the board (no wraparound) needs both tiles open towards each other.
   * Returns true when walking added a field (the reachable set grew).
   */
  walk(state: Int32Array, base: number): boolean {
    const n = this.n;
    const nB = base + K_N * n;
    const sB = base + K_S * n;
    const eB = base + K_E * n;
    const wB = base + K_W * n;
    const rB = base + K_R * n;
    // An upward pass closes every row and carries reach north; a downward pass carries
    // it south. When a downward pass changes nothing, the set is closed.
    let grew = false;
    for (;;) {
      for (let r = 0; r < n; r++) {
        const old = state[rB + r];
        let x = old;
        if (r > 0) x |= state[rB + r - 1] & state[nB + r - 1] & state[sB + r];
        if (x === 0) continue;
        x = fillRow(x, state[eB + r] & (state[wB + r] >>> 1));
        if (x !== old) {
          state[rB + r] = x;
          grew = true;
        }
      }
      let changed = false;
      for (let r = n - 2; r >= 0; r--) {
        const x = state[rB + r] | (state[rB + r + 1] & state[nB + r] & state[sB + r + 1]);
        if (x === state[rB + r]) continue;
        state[rB + r] = fillRow(x, state[eB + r] & (state[wB + r] >>> 1));
        changed = true;
      }
      if (!changed) return grew;
      grew = true;
    }
  }

  /**
   * Applies move m to one set of fields held as N rows at `at` (bit c of row r: field
   * (r, c), both 0-based), as applyPush moves each group of a state.
   */
  moveRows(state: Int32Array, at: number, m: number): void {
    const n = this.n;
    const dir = (m / n) | 0;
    const line = m - dir * n;
    const top = n - 1;
    if (dir < D_N) {
      state[at + line] = this.rotate(state[at + line], dir === D_E);
      return;
    }
    const bit = 1 << line;
    const keep = ~bit;
    if (dir === D_N) {
      const carry = state[at + top] & bit;
      for (let r = top; r > 0; r--) state[at + r] = (state[at + r] & keep) | (state[at + r - 1] & bit);
      state[at] = (state[at] & keep) | carry;
    } else {
      const carry = state[at] & bit;
      for (let r = 0; r < top; r++) state[at + r] = (state[at + r] & keep) | (state[at + r + 1] & bit);
      state[at + top] = (state[at + top] & keep) | carry;
    }
  }

  /**
   * BitBoard.walk for a set that was closed before move m was applied: only the rows
   * whose links m changed can start a growth (the row of a row push and its neighbours,
   * every row for a column push), and a row is visited again only when a neighbour grew
   * into it. The set is the state's reachable set, or the N rows at `setAt` (the goal's
   * component, say) walked on the state's tiles. Returns true when the set grew.
   */
  walkAfter(state: Int32Array, base: number, m: number, setAt = base + K_R * this.n): boolean {
    const n = this.n;
    const dir = (m / n) | 0;
    const line = m - dir * n;
    const bit = 1 << line;
    return this.spread(state, base, setAt, dir < D_N ? (bit | (bit << 1) | (bit >>> 1)) & this.full : this.full);
  }

  /**
   * Closes the set of fields whose N rows are at `setAt` under walking on the tiles of
   * the state at `base` (any set, closed or not). Returns true when it grew.
   */
  close(state: Int32Array, base: number, setAt: number): boolean {
    return this.spread(state, base, setAt, this.full);
  }

  /** Walks the set at `setAt` on the tiles at `base`, starting from the rows of `dirty`. */
  private spread(state: Int32Array, base: number, setAt: number, dirty: number): boolean {
    const n = this.n;
    const nB = base + K_N * n;
    const sB = base + K_S * n;
    const eB = base + K_E * n;
    const wB = base + K_W * n;
    const rB = setAt;
    const top = n - 1;
    let grew = false;
    while (dirty !== 0) {
      const r = 31 - Math.clz32(dirty & -dirty);
      dirty &= dirty - 1;
      const old = state[rB + r];
      let x = old;
      if (r > 0) x |= state[rB + r - 1] & state[nB + r - 1] & state[sB + r];
      if (r < top) x |= state[rB + r + 1] & state[sB + r + 1] & state[nB + r];
      if (x === 0) continue;
      x = fillRow(x, state[eB + r] & (state[wB + r] >>> 1));
      if (x === old) continue;
      state[rB + r] = x;
      grew = true;
      if (r > 0 && (x & state[sB + r] & state[nB + r - 1] & ~state[rB + r - 1]) !== 0) dirty |= 1 << (r - 1);
      if (r < top && (x & state[nB + r] & state[sB + r + 1] & ~state[rB + r + 1]) !== 0) dirty |= 1 << (r + 1);
    }
    return grew;
  }

  /**
   * Writes into `to` the state at `from` with its reachable set replaced by the goal's
   * walking component (the fields the goal connects to).
   */
  goalComponent(state: Int32Array, from: number, to: number): void {
    const n = this.n;
    state.copyWithin(to, from, from + this.stride);
    state.fill(0, to + K_R * n, to + (K_R + 1) * n);
    state[to + K_R * n + state[to + this.goalAt]] = 1 << state[to + this.goalAt + 1];
    this.walk(state, to);
  }

  /**
   * Word `x` of N bits rotated by one towards the high bits (`up`: a row's bits after a
   * push east, or a mask of rows after a push north) or towards the low bits, with
   * wraparound.
   */
  rotate(x: number, up: boolean): number {
    const top = this.n - 1;
    return up ? ((x << 1) | (x >>> top)) & this.full : (x >>> 1) | ((x & 1) << top);
  }

  /** BitBoard.grows for the push of row `line` east (or west). */
  private rowGrowth(state: Int32Array, base: number, line: number, east: boolean, otherAt: number): number {
    const n = this.n;
    const top = n - 1;
    const nB = base + K_N * n;
    const sB = base + K_S * n;
    const rB = base + K_R * n;
    const nL = this.rotate(state[nB + line], east);
    const sL = this.rotate(state[sB + line], east);
    const h = this.rotate(state[base + K_E * n + line], east) & (this.rotate(state[base + K_W * n + line], east) >>> 1);
    // vertical links into the line from below and from above
    const down = line > 0 ? state[nB + line - 1] & sL : 0;
    const up = line < top ? nL & state[sB + line + 1] : 0;
    let g = 0;
    for (let k = 0; k < 2; k++) {
      const at = k === 0 ? rB : otherAt;
      const x = this.rotate(state[at + line], east);
      const below = line > 0 ? state[at + line - 1] : 0;
      const above = line < top ? state[at + line + 1] : 0;
      // a link with exactly one end in the set: along the line, or across it
      if (((((x & h) << 1) | ((x >>> 1) & h)) & ~x) !== 0 || ((below ^ x) & down) !== 0 || ((above ^ x) & up) !== 0) g |= 1 << k;
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

  /**
   * BitBoard.grows for every move at once: writes 8 words at out[at..at+8): for each
   * direction d (MOVE_DIRS order e, w, n, s), out[at + 2d] has bit i set when pushing
   * line i in direction d would grow R, out[at + 2d + 1] the same for the set at
   * `otherAt`. Same preconditions and argument as grows; the column pushes of one
   * direction share one pass over the rows (bit c of a row's words stands for column c's
   * push).
   * @param rows a superset of the rows within one step (across the wraparound too) of a
   *   field of either set (bit r: row r); other rows are skipped, as no growth starts there
   */
  growth(state: Int32Array, base: number, otherAt: number, out: Int32Array, at: number, rows = -1): void {
    const n = this.n;
    const top = n - 1;
    const nB = base + K_N * n;
    const sB = base + K_S * n;
    const eB = base + K_E * n;
    const wB = base + K_W * n;
    const rB = base + K_R * n;
    let eR = 0;
    let eC = 0;
    let wR = 0;
    let wC = 0;
    for (let line = 0; line < n; line++) {
      const bit = 1 << line;
      if ((rows & bit) === 0) continue;
      const east = this.rowGrowth(state, base, line, true, otherAt);
      if ((east & 1) !== 0) eR |= bit;
      if ((east & 2) !== 0) eC |= bit;
      const west = this.rowGrowth(state, base, line, false, otherAt);
      if ((west & 1) !== 0) wR |= bit;
      if ((west & 2) !== 0) wC |= bit;
    }
    // columns: the pair across the wraparound, then the links into each column
    const pair = state[nB + top] & state[sB];
    let nR = pair & (state[rB + top] ^ state[rB]);
    let nC = pair & (state[otherAt + top] ^ state[otherAt]);
    let sR = nR;
    let sC = nC;
    for (let r = 0; r < n; r++) {
      if (((rows >>> r) & 1) === 0) continue;
      const e = state[eB + r];
      const w = state[wB + r];
      const x = state[rB + r];
      const y = state[otherAt + r];
      // north: the tile landing on row r comes from row r - 1 (row 0's from the top row)
      let src = r === 0 ? top : r - 1;
      let left = (e << 1) & state[wB + src];
      let right = state[eB + src] & (w >>> 1);
      nR |= (left & ((x << 1) ^ state[rB + src])) | (right & ((x >>> 1) ^ state[rB + src]));
      nC |= (left & ((y << 1) ^ state[otherAt + src])) | (right & ((y >>> 1) ^ state[otherAt + src]));
      // south: from row r + 1 (the top row's from row 0)
      src = r === top ? 0 : r + 1;
      left = (e << 1) & state[wB + src];
      right = state[eB + src] & (w >>> 1);
      sR |= (left & ((x << 1) ^ state[rB + src])) | (right & ((x >>> 1) ^ state[rB + src]));
      sC |= (left & ((y << 1) ^ state[otherAt + src])) | (right & ((y >>> 1) ^ state[otherAt + src]));
    }
    out[at] = eR;
    out[at + 1] = eC;
    out[at + 2] = wR;
    out[at + 3] = wC;
    out[at + 4] = nR;
    out[at + 5] = nC;
    out[at + 6] = sR;
    out[at + 7] = sC;
  }

  /** See SearchBoard.gap. */
  gap(state: Int32Array, base: number, goalBase: number, work: number): number {
    const n = this.n;
    const full = this.full;
    const rB = base + K_R * n;
    const cB = goalBase + K_R * n;
    let sizes = 0;
    for (let r = 0; r < n; r++) {
      state[work + r] = state[rB + r];
      sizes += popcount(state[rB + r]) + popcount(state[cB + r]);
    }
    let steps = 0;
    for (; steps < 2 * n; steps++) {
      let meet = false;
      for (let r = 0; r < n; r++) if ((state[work + r] & state[cB + r]) !== 0) meet = true;
      if (meet) break;
      let below = 0;
      for (let r = 0; r < n; r++) {
        const x = state[work + r];
        const above = r + 1 < n ? state[work + r + 1] : 0;
        state[work + r] = (x | (x << 1) | (x >>> 1) | below | above) & full;
        below = x;
      }
    }
    return steps * 4096 - sizes;
  }
}
