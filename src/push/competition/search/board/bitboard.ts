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
 * decide what the checker accepts: src/push/competition/check.ts has its own simulation.
 */
import type { Push } from "../../board.js";
import type { Instance } from "../../instance.js";
import { BITBOARD_MAX, D_E, D_N, D_W, GROUPS, K_E, K_N, K_R, K_S, K_W, MOVE_DIRS, loadState, popcount, rotateBits, type SearchBoard } from "./layout.js";


/**
 * The rows of the one vertical pair a push of a column north (rows 0 and 1) or south
 * (top - 1 and top) makes in that column: the tiles that meet across the wraparound
 * (bit r: row r; row 0 alone on a 1x1 board).
 */
export function newPairRows(n: number, north: boolean): number {
  if (n < 2) return 1;
  return north ? 3 : 3 << (n - 2);
}

/**
 * Spreads the reachable bits `x` of one row along its horizontal links `h` (bit c: the
 * tiles on columns c and c+1 open towards each other).
 */
export function fillRow(x: number, h: number): number {
  for (;;) {
    const y = x | ((x & h) << 1) | ((x >>> 1) & h);
    if (y === x) return x;
    x = y;
  }
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
    // each word read once: the word of the row a tile comes from is carried to the next row
    for (let k = 0; k < GROUPS; k++) {
      const a = from + k * n;
      const b = to + k * n;
      if (north) {
        let src = state[a + top];
        for (let r = 0; r < n; r++) {
          const here = state[a + r];
          state[b + r] = (here & keep) | (src & bit);
          src = here;
        }
      } else {
        let src = state[a];
        for (let r = top; r >= 0; r--) {
          const here = state[a + r];
          state[b + r] = (here & keep) | (src & bit);
          src = here;
        }
      }
    }
    const f = this.goalAfter(state, from, m);
    state[to + this.goalAt] = f >>> 5;
    state[to + this.goalAt + 1] = f & 31;
  }

  /**
   * The goal's field after move m from the state at `base` (it rides on its tile, across
   * the wraparound), as row * 32 + column (0-based, rows from the south). The state is
   * only read.
   */
  goalAfter(state: Int32Array, base: number, m: number): number {
    const n = this.n;
    const top = n - 1;
    const dir = (m / n) | 0;
    const line = m - dir * n;
    let r = state[base + this.goalAt];
    let c = state[base + this.goalAt + 1];
    if (dir < D_N) {
      if (r === line) c = dir === D_E ? (c === top ? 0 : c + 1) : c === 0 ? top : c - 1;
    } else if (c === line) {
      r = dir === D_N ? (r === top ? 0 : r + 1) : r === 0 ? top : r - 1;
    }
    return (r << 5) | c;
  }

  /** Applies move m to the state at `base` in place: tiles, reachable set and goal ride along (wraparound). */
  applyPush(state: Int32Array, base: number, m: number): void {
    const n = this.n;
    const dir = (m / n) | 0;
    const line = m - dir * n;
    const f = this.goalAfter(state, base, m);
    if (dir === D_E || dir === D_W) {
      for (let k = 0; k < GROUPS; k++) state[base + k * n + line] = this.rotate(state[base + k * n + line], dir === D_E);
    } else {
      for (let k = 0; k < GROUPS; k++) this.moveRows(state, base + k * n, m);
    }
    state[base + this.goalAt] = f >>> 5;
    state[base + this.goalAt + 1] = f & 31;
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
   * Writes at `to` the N rows at `from` (one set of fields) moved by move m, as copying
   * them and moveRows would, in one pass (each row read once; a row push copies the rows
   * and rotates its own). The two ranges must not overlap.
   */
  moveRowsInto(state: Int32Array, from: number, to: number, m: number): void {
    const n = this.n;
    const dir = (m / n) | 0;
    const line = m - dir * n;
    const top = n - 1;
    if (dir < D_N) {
      for (let r = 0; r < n; r++) state[to + r] = state[from + r];
      state[to + line] = this.rotate(state[from + line], dir === D_E);
      return;
    }
    const bit = 1 << line;
    const keep = ~bit;
    if (dir === D_N) {
      // row r's bit comes from row r - 1 (row 0's from the top row)
      let src = state[from + top];
      for (let r = 0; r < n; r++) {
        const here = state[from + r];
        state[to + r] = (here & keep) | (src & bit);
        src = here;
      }
    } else {
      let src = state[from];
      for (let r = top; r >= 0; r--) {
        const here = state[from + r];
        state[to + r] = (here & keep) | (src & bit);
        src = here;
      }
    }
  }

  /**
   * BitBoard.walk for a set that was closed before move m was applied: only the rows
   * where a link m changed has an end in the set can start a growth (the row of a row
   * push and its neighbours; for a column push the rows where the set has a field on or
   * beside the column, and the rows of the new pair across the wraparound), and a row is
   * visited again only when a neighbour grew into it. The set is the state's reachable set, or the N rows at `setAt` (the goal's
   * component, say) walked on the state's tiles. Returns true when the set grew.
   */
  walkAfter(state: Int32Array, base: number, m: number, setAt = base + K_R * this.n): boolean {
    const n = this.n;
    const dir = (m / n) | 0;
    const line = m - dir * n;
    const bit = 1 << line;
    if (dir < D_N) return this.spread(state, base, setAt, (bit | (bit << 1) | (bit >>> 1)) & this.full);
    return this.spread(state, base, setAt, this.columnPushRows(state, setAt, line, dir === D_N));
  }

  /**
   * The rows where a walk of a set that was closed before a push of column `line` can
   * start (bit r: row r): a column push changed the links into the column in every row
   * and one pair in it (rows 0 and 1 after a push north, top - 1 and top after a push
   * south: the tiles that met across the wraparound; the other pairs in the column moved
   * together); the set was closed, so a path out of it leaves it first through such a
   * link with an end in it: the rows where the set (its N rows at `setAt`, as after the
   * push) has a field on or beside the column, and the new pair's rows.
   * Used by walkAfter and by Lemma 17's walk (pruning/grown-reach.ts).
   */
  columnPushRows(state: Int32Array, setAt: number, line: number, north: boolean): number {
    const n = this.n;
    const bit = 1 << line;
    const near = (bit | (bit << 1) | (bit >>> 1)) & this.full;
    let rows = newPairRows(n, north);
    for (let r = 0; r < n; r++) if ((state[setAt + r] & near) !== 0) rows |= 1 << r;
    return rows & this.full;
  }

  /**
   * Closes the set of fields whose N rows are at `setAt` under walking on the tiles of
   * the state at `base` (any set, closed or not). Returns true when it grew.
   */
  close(state: Int32Array, base: number, setAt: number): boolean {
    return this.spread(state, base, setAt, this.full);
  }

  /**
   * BitBoard.close for a set whose rows outside `rows` (bit r: row r) gain nothing from
   * their neighbours as the set is (a row that is full, or empty with empty neighbours):
   * the walk starts at `rows` alone and gives the same closure. Returns true when it grew.
   */
  closeFrom(state: Int32Array, base: number, setAt: number, rows: number): boolean {
    return this.spread(state, base, setAt, rows & this.full);
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
    return rotateBits(x, up, this.n - 1, this.full);
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
