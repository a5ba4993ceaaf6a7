/**
 * The solver's board for any N (used above 32): BitBoard's layout with each row held in
 * W = ceil(N / 32) words instead of one.
 *
 * Row r (0-based, from the south) of group k (openings n, s, e, w, then the reachable
 * set) is the W words at k*N*W + r*W; bit c % 32 of word floor(c / 32) stands for column
 * c (0-based, from the west). The last two words of a state hold the goal's 0-based row
 * and column. Bits at columns N and above are always 0.
 *
 * Rules: ../shared/spec/push-labyrinth.md ("A push", "Moving"). This module does not
 * decide what the checker accepts: src/push/competition/check.ts has its own simulation.
 */
import type { Push } from "../../board.js";
import type { Instance } from "../../instance.js";
import { D_E, D_N, D_W, GROUPS, K_E, K_N, K_R, K_S, K_W, MOVE_DIRS, loadState, popcount, type SearchBoard } from "./layout.js";

export class WideBoard implements SearchBoard {
  readonly n: number;
  readonly stride: number;
  /** words per row */
  readonly words: number;
  private readonly goalAt: number;
  /** mask of the used bits of a row's last word */
  private readonly lastMask: number;
  /** one row of work space: horizontal links */
  private readonly links: Int32Array;
  /** one row of work space: the row being filled */
  private readonly row: Int32Array;
  /** work space of gap: a set's fields as (row, column) pairs */
  private cells = new Int32Array(0);

  /** @throws RangeError when N < 1 */
  constructor(n: number) {
    if (!(n >= 1)) throw new RangeError(`board size must be at least 1, got ${n}`);
    this.n = n;
    this.words = Math.ceil(n / 32);
    const used = n - 32 * (this.words - 1);
    this.lastMask = used === 32 ? -1 : (1 << used) - 1;
    this.goalAt = GROUPS * n * this.words;
    this.stride = this.goalAt + 2;
    this.links = new Int32Array(this.words);
    this.row = new Int32Array(this.words);
  }

  load(instance: Instance, state: Int32Array, base: number): void {
    loadState(instance, state, base, this.stride, this.words);
  }

  push(m: number): Push {
    return { line: (m % this.n) + 1, dir: MOVE_DIRS[Math.floor(m / this.n)] };
  }

  reaches(state: Int32Array, base: number, r: number, c: number): boolean {
    return ((state[base + (K_R * this.n + r) * this.words + (c >>> 5)] >>> (c & 31)) & 1) === 1;
  }

  goalReachable(state: Int32Array, base: number): boolean {
    const g = base + this.goalAt;
    const c = state[g + 1];
    return ((state[base + (K_R * this.n + state[g]) * this.words + (c >>> 5)] >>> (c & 31)) & 1) === 1;
  }

  applyPush(state: Int32Array, base: number, m: number): void {
    const n = this.n;
    const w = this.words;
    const dir = (m / n) | 0;
    const line = m - dir * n;
    const top = n - 1;
    const g = base + this.goalAt;
    if (dir === D_E || dir === D_W) {
      const topWord = top >>> 5;
      const topBit = top & 31;
      for (let k = 0; k < GROUPS; k++) {
        const at = base + (k * n + line) * w;
        if (dir === D_E) {
          // column c goes to c + 1, column N - 1 to 0
          const wrap = (state[at + topWord] >>> topBit) & 1;
          let carry = wrap;
          for (let i = 0; i < w; i++) {
            const x = state[at + i];
            state[at + i] = (x << 1) | carry;
            carry = x >>> 31;
          }
          state[at + w - 1] &= this.lastMask;
        } else {
          // column c goes to c - 1, column 0 to N - 1
          const wrap = state[at] & 1;
          for (let i = 0; i < w; i++) {
            const next = i + 1 < w ? state[at + i + 1] : 0;
            state[at + i] = (state[at + i] >>> 1) | (next << 31);
          }
          state[at + topWord] |= wrap << topBit;
        }
      }
      if (state[g] === line) {
        const c = state[g + 1];
        state[g + 1] = dir === D_E ? (c === top ? 0 : c + 1) : c === 0 ? top : c - 1;
      }
    } else {
      const word = line >>> 5;
      const bit = 1 << (line & 31);
      const keep = ~bit;
      for (let k = 0; k < GROUPS; k++) {
        const b = base + k * n * w + word;
        if (dir === D_N) {
          const carry = state[b + top * w] & bit;
          for (let r = top; r > 0; r--) state[b + r * w] = (state[b + r * w] & keep) | (state[b + (r - 1) * w] & bit);
          state[b] = (state[b] & keep) | carry;
        } else {
          const carry = state[b] & bit;
          for (let r = 0; r < top; r++) state[b + r * w] = (state[b + r * w] & keep) | (state[b + (r + 1) * w] & bit);
          state[b + top * w] = (state[b + top * w] & keep) | carry;
        }
      }
      if (state[g + 1] === line) {
        const r = state[g];
        state[g] = dir === D_N ? (r === top ? 0 : r + 1) : r === 0 ? top : r - 1;
      }
    }
  }

  /**
   * Closes row r of the reachable set of the state at `base` (its W words already hold
   * the seeds) along the row's horizontal links. Returns true when it changed the row.
   */
  private fillRow(state: Int32Array, base: number, r: number): boolean {
    const n = this.n;
    const w = this.words;
    const e = base + (K_E * n + r) * w;
    const west = base + (K_W * n + r) * w;
    const rAt = base + (K_R * n + r) * w;
    const h = this.links;
    const x = this.row;
    // h bit c: columns c and c+1 open towards each other
    for (let i = 0; i < w; i++) {
      const next = i + 1 < w ? state[west + i + 1] : 0;
      h[i] = state[e + i] & ((state[west + i] >>> 1) | (next << 31));
      x[i] = state[rAt + i];
    }
    let changed = false;
    for (;;) {
      let grew = false;
      let carry = 0;
      for (let i = 0; i < w; i++) {
        const xi = x[i];
        const hi = h[i];
        const next = i + 1 < w ? x[i + 1] : 0;
        // east: bit c and link c give bit c + 1; west: bit c + 1 and link c give bit c
        const y = xi | ((xi & hi) << 1) | carry | (((xi >>> 1) | (next << 31)) & hi);
        carry = (y & hi) >>> 31;
        if (y !== xi) {
          x[i] = y;
          grew = true;
        }
      }
      if (!grew) break;
      changed = true;
    }
    if (changed) for (let i = 0; i < w; i++) state[rAt + i] = x[i];
    return changed;
  }

  walk(state: Int32Array, base: number): boolean {
    const n = this.n;
    const w = this.words;
    const nB = base + K_N * n * w;
    const sB = base + K_S * n * w;
    const rB = base + K_R * n * w;
    let grew = false;
    for (;;) {
      for (let r = 0; r < n; r++) {
        let any = false;
        if (r > 0) {
          for (let i = 0; i < w; i++) {
            const at = rB + r * w + i;
            const below = rB + (r - 1) * w + i;
            const x = state[at] | (state[below] & state[nB + (r - 1) * w + i] & state[sB + r * w + i]);
            if (x !== state[at]) {
              state[at] = x;
              grew = true;
            }
            if (x !== 0) any = true;
          }
        } else {
          for (let i = 0; i < w; i++) if (state[rB + i] !== 0) any = true;
        }
        if (any && this.fillRow(state, base, r)) grew = true;
      }
      let changed = false;
      for (let r = n - 2; r >= 0; r--) {
        let added = false;
        for (let i = 0; i < w; i++) {
          const at = rB + r * w + i;
          const x = state[at] | (state[rB + (r + 1) * w + i] & state[nB + r * w + i] & state[sB + (r + 1) * w + i]);
          if (x !== state[at]) {
            state[at] = x;
            added = true;
          }
        }
        if (added) {
          this.fillRow(state, base, r);
          changed = true;
        }
      }
      if (!changed) return grew;
      grew = true;
    }
  }

  goalComponent(state: Int32Array, from: number, to: number): void {
    const n = this.n;
    const w = this.words;
    state.copyWithin(to, from, from + this.stride);
    state.fill(0, to + K_R * n * w, to + (K_R + 1) * n * w);
    const c = state[to + this.goalAt + 1];
    state[to + (K_R * n + state[to + this.goalAt]) * w + (c >>> 5)] = 1 << (c & 31);
    this.walk(state, to);
  }

  /**
   * The beam's score (SearchBoard.gap): dilation steps from R until it meets C (the
   * fewest Manhattan steps between a field of R and one of C, no wraparound: a dilation
   * by one field in the four directions within the board reaches exactly the fields that
   * far), times 4096, minus both sets' sizes. Small sets are compared pair by pair (on
   * large boards the dilation takes up to 2N passes over the board per child, most of the
   * beam's time); large ones are dilated.
   */
  gap(state: Int32Array, base: number, goalBase: number, work: number): number {
    const n = this.n;
    const w = this.words;
    const rB = base + K_R * n * w;
    const cB = goalBase + K_R * n * w;
    let sizes = 0;
    let sizeR = 0;
    for (let i = 0; i < n * w; i++) {
      const pr = popcount(state[rB + i]);
      sizeR += pr;
      sizes += pr + popcount(state[cB + i]);
    }
    const sizeC = sizes - sizeR;
    if (sizeR > 0 && sizeC > 0 && sizeR * sizeC <= PAIRS_LIMIT * n) return this.nearest(state, rB, cB, sizeR) * 4096 - sizes;
    for (let i = 0; i < n * w; i++) state[work + i] = state[rB + i];
    let steps = 0;
    for (; steps < 2 * n; steps++) {
      let meet = false;
      for (let i = 0; i < n * w; i++) if ((state[work + i] & state[cB + i]) !== 0) meet = true;
      if (meet) break;
      // dilate by one field in the four directions (no wraparound)
      const below = this.row;
      below.fill(0);
      for (let r = 0; r < n; r++) {
        let carry = 0;
        for (let i = 0; i < w; i++) {
          const at = work + r * w + i;
          const x = state[at];
          const next = i + 1 < w ? state[at + 1] : 0;
          const above = r + 1 < n ? state[at + w] : 0;
          let y = x | (x << 1) | carry | (x >>> 1) | (next << 31) | below[i] | above;
          if (i === w - 1) y &= this.lastMask;
          carry = x >>> 31;
          below[i] = x;
          state[at] = y;
        }
      }
    }
    return steps * 4096 - sizes;
  }

  /** The fewest Manhattan steps between a field of the set at rB and one of the set at cB (both not empty; `sizeR` fields at rB). */
  private nearest(state: Int32Array, rB: number, cB: number, sizeR: number): number {
    const n = this.n;
    const w = this.words;
    if (this.cells.length < 2 * sizeR) this.cells = new Int32Array(2 * n * n);
    const cells = this.cells;
    let k = 0;
    for (let r = 0; r < n; r++) {
      for (let i = 0; i < w; i++) {
        for (let x = state[rB + r * w + i]; x !== 0; x &= x - 1) {
          cells[k++] = r;
          cells[k++] = 32 * i + 31 - Math.clz32(x & -x);
        }
      }
    }
    let best = 2 * n;
    for (let r = 0; r < n; r++) {
      for (let i = 0; i < w; i++) {
        for (let x = state[cB + r * w + i]; x !== 0; x &= x - 1) {
          const c = 32 * i + 31 - Math.clz32(x & -x);
          for (let j = 0; j < k; j += 2) {
            const dr = cells[j] - r;
            const dc = cells[j + 1] - c;
            const d = (dr < 0 ? -dr : dr) + (dc < 0 ? -dc : dc);
            if (d < best) {
              if (d === 0) return 0;
              best = d;
            }
          }
        }
      }
    }
    return best;
  }
}

/** WideBoard.gap compares R and C pair by pair up to PAIRS_LIMIT * N pairs (a dilation costs some N words a step, up to 2N steps). */
const PAIRS_LIMIT = 256;
