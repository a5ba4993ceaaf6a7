/**
 * Lemma K of docs/ipc2023-search.md: Lemma J's two views joined. A plan whose robot steps only
 * south and east visits each row and each column in one run of fields; a line is *touched* when
 * the plan pushes it before the walk steps into it, with its shift (net pushes, mod N) at that
 * moment. A field of the walk holds, while the robot stands on it: its card of now (row and
 * column untouched); its row's card of now r fields back, or a card foreign to the row (row
 * touched with shift r, column untouched; at most C foreign cards in the row); its column's card
 * of now s fields back, or a card foreign to the column (column touched with shift s, row
 * untouched; at most R in the column); any card (both touched). The plan's pushes R + C are at
 * least the sum over touched lines, rows and columns alike, of min(r, N - r) (2 when a touched
 * line is back at shift 0). Lemma J charges a touched crossing line 1 and makes its fields
 * wild; here it is charged its shift and its fields keep their shifted cards.
 *
 * The search is a dynamic program over the rows in order, with a row as a bit mask (N <= 32):
 * per cost k, column option b (untouched or a shift) and foreign cards g used in that column,
 * the fields of the next row the walk steps into; along a row, per row option a and level (k,
 * foreign cards f of the row), a Kogge-Stone fill on the row's cards where the next column is
 * untouched, and steps to higher levels where it is touched or a card is foreign.
 *
 * Tiles are opening bits (n 1, s 2, e 4, w 8) at index y*N + x, x from the west, y from the
 * north, 0-based; the exit is the south side of the card on (N-1, N-1). Scratch space is
 * allocated once per board size; a call allocates nothing.
 */
import { fillForward, lineMasks, rotateMask } from "./rotations.js";

/** the largest spare (limit less M) the search is made for; above it the bound answers "not above" */
export const JOINED_MAX_CAP = 3;

/** Scratch space and the search of Lemma K for one board size (N <= 32: a line is a 32-bit mask). */
export class JoinedBound {
  private readonly n: number;
  private readonly full: number;
  private readonly masks: Int32Array;
  /** line options for the current cap: index 0 untouched (shift -1, cost 0), then the touched shifts */
  private readonly shift: Int32Array;
  private readonly cost: Int32Array;
  private options = 0;
  /** entries into the current row and exits to the next, at [(k * options + b) * (cap + 1) + g] */
  private en: Int32Array;
  private ex: Int32Array;
  /** steps east into touched columns kept for a later level: [((k * (cap + 1) + f) * options + b) * 3 + type] */
  private readonly later: Int32Array;
  /** foreign cards of the row kept for a later level (the column untouched), at k * (cap + 1) + f */
  private readonly laterForeign: Int32Array;
  /** per level k * (cap + 1) + f: 1 when later or laterForeign holds something for it */
  private readonly pending: Int32Array;
  /** per cost k: the fields of every entry into the current row at that cost (0: none) */
  private readonly anyEntry: Int32Array;
  private readonly prefix: Int32Array;

  /** @param n N, the grid is N x N (the bound answers "not above" for N > 32) */
  constructor(n: number) {
    this.n = n;
    this.full = n >= 32 ? -1 : (1 << n) - 1;
    this.masks = new Int32Array(10 * n);
    const c = JOINED_MAX_CAP + 1;
    const o = 2 * JOINED_MAX_CAP + 2;
    this.shift = new Int32Array(o);
    this.cost = new Int32Array(o);
    this.en = new Int32Array(c * o * c);
    this.ex = new Int32Array(c * o * c);
    this.later = new Int32Array(c * c * o * 3);
    this.laterForeign = new Int32Array(c * c);
    this.pending = new Int32Array(c * c);
    this.anyEntry = new Int32Array(c);
    this.prefix = new Int32Array(c);
  }

  /**
   * Lemma K's bound on the cost of plans whose walk goes south and east only.
   * @param tiles opening bits, index y*N + x
   * @param robot the robot's field, y*N + x
   * @param limit the caller needs to know only whether the bound exceeds limit
   * @param masks the tiles' lineMasks (rotations.ts) when the caller keeps them (read, not copied)
   * @returns limit + 1 when the bound exceeds limit, else M (a lower bound; also M when limit
   *   less M is above JOINED_MAX_CAP, where the search is not made)
   */
  bound(tiles: Uint8Array, robot: number, limit: number, masks?: Int32Array): number {
    const n = this.n;
    const x0 = robot % n;
    const y0 = (robot - x0) / n;
    const m = 2 * (n - 1) - x0 - y0;
    if (limit < m) return limit + 1;
    const cap = limit - m;
    if (n > 32 || cap > JOINED_MAX_CAP) return m;
    let mk = masks;
    if (!mk) {
      lineMasks(tiles, n, this.masks);
      mk = this.masks;
    }
    return this.least(mk, x0, y0, cap) > cap ? limit + 1 : m;
  }

  /** the options of a line within cap: untouched, then each shift r of cost min(r, N - r) (2 for r = 0) within cap */
  private setOptions(cap: number): void {
    const n = this.n;
    let o = 0;
    this.shift[o] = -1;
    this.cost[o++] = 0;
    for (let r = 0; r < n; r++) {
      const c = r === 0 ? 2 : Math.min(r, n - r);
      if (c > cap) continue;
      this.shift[o] = r;
      this.cost[o++] = c;
    }
    this.options = o;
  }

  /**
   * The least sum of the touched lines' costs over south-east walks from (x0, y0) to the exit;
   * cap + 1 when above cap.
   */
  private least(mk: Int32Array, x0: number, y0: number, cap: number): number {
    const n = this.n;
    this.setOptions(cap);
    const opts = this.options;
    const c1 = cap + 1;
    const enSize = c1 * opts * c1;
    let en = this.en;
    let ex = this.ex;
    en.fill(0, 0, enSize);
    this.anyEntry.fill(0, 0, c1);
    let best = cap + 1;
    for (let y = y0; y < n; y++) {
      ex.fill(0, 0, enSize);
      let any = 0;
      const last = y === n - 1;
      if (y > y0) this.reduce(en, cap);
      // the robot's row is untouched (the robot stands in it); the others may be either
      const rowOptions = y === y0 ? 1 : opts;
      for (let a = 0; a < rowOptions; a++) {
        const ca = this.cost[a];
        if (ca > cap) continue;
        if (y > y0) {
          let some = 0;
          for (let k0 = 0; k0 <= cap - ca; k0++) some |= this.anyEntry[k0];
          if (some === 0) continue;
        }
        const found = this.row(mk, y, a, cap, y === y0 ? 1 << x0 : 0, en, ex, last);
        if (found < best) best = found;
      }
      if (last) break;
      for (let i = 0; i < enSize; i++) any |= ex[i];
      if (any === 0) return cap + 1;
      const t = en;
      en = ex;
      ex = t;
    }
    this.en = en;
    this.ex = ex;
    return best;
  }

  /**
   * Drops the entries another entry dominates (the same column option, no more cost and no
   * more foreign cards of the column: it reaches at least as much) and notes, per cost, whether
   * any entry is left (anyEntry).
   */
  private reduce(en: Int32Array, cap: number): void {
    const opts = this.options;
    const c1 = cap + 1;
    this.anyEntry.fill(0, 0, c1);
    for (let b = 0; b < opts; b++) {
      const gMax = b === 0 ? 0 : cap - this.cost[b];
      // prefix[g]: the fields of every entry at a lower cost with g or fewer foreign cards
      const prefix = this.prefix;
      prefix.fill(0, 0, gMax + 1);
      for (let k = 0; k <= cap; k++) {
        let run = 0;
        for (let g = 0; g <= gMax; g++) {
          const i = (k * opts + b) * c1 + g;
          const e = en[i] & ~(prefix[g] | run);
          run |= en[i];
          en[i] = e;
          this.anyEntry[k] |= e;
        }
        let acc = 0;
        for (let g = 0; g <= gMax; g++) {
          acc |= en[(k * opts + b) * c1 + g];
          prefix[g] |= acc;
        }
      }
    }
  }

  /**
   * One row y with row option a: from the entries `en` (and the robot's own field `own`), the
   * exits south into `ex`; on the last row, the least cost at which the corner is left by the
   * exit (cap + 1 when none).
   */
  private row(mk: Int32Array, y: number, a: number, cap: number, own: number, en: Int32Array, ex: Int32Array, last: boolean): number {
    const n = this.n;
    const full = this.full;
    const opts = this.options;
    const c1 = cap + 1;
    const ra = this.shift[a];
    const ca = this.cost[a];
    const touched = ra >= 0;
    const fa = touched ? cap - ca : 0;
    const later = this.later;
    const laterForeign = this.laterForeign;
    // the row's own cards (rotated by its shift): in (n), forwards (e), backwards (w), out (s)
    const rN = touched ? rotateMask(mk[y], ra, n, full) : mk[y];
    const rE = touched ? rotateMask(mk[n + y], ra, n, full) : mk[n + y];
    const rW = touched ? rotateMask(mk[2 * n + y], ra, n, full) : mk[2 * n + y];
    const rS = touched ? rotateMask(mk[3 * n + y], ra, n, full) : mk[3 * n + y];
    const pass = ((rE & (rW >>> 1)) << 1) & full;
    const corner = 1 << (n - 1);
    let best = cap + 1;
    for (let k = ca; k <= cap; k++) {
      for (let f = 0; f <= fa; f++) {
        // fields stood on at this level in an untouched column, on the row's own cards (filled below)
        let u0 = k === 0 && f === 0 ? own : 0;
        // the east openings of every other field stood on at this level
        let eo = 0;
        const lf = k * c1 + f;
        const arrivals = f === 0 && this.anyEntry[k - ca] !== 0;
        if (!arrivals && this.pending[lf] === 0 && u0 === 0) continue;
        const held = this.pending[lf] !== 0;
        this.pending[lf] = 0;
        // a foreign card of the row (wild) in an untouched column
        const wildU = laterForeign[lf];
        if (wildU !== 0) {
          laterForeign[lf] = 0;
          eo |= wildU;
          ex[(k * opts + 0) * c1 + 0] |= wildU;
          if (last && (wildU & corner) !== 0 && k < best) best = k;
        }
        if (arrivals) {
          // steps south into this row from the one above (cost k - ca before it)
          const k0 = k - ca;
          for (let b = 0; b < opts; b++) {
            const gMax = b === 0 ? 0 : cap - this.cost[b];
            for (let g = 0; g <= gMax; g++) {
              const e = en[(k0 * opts + b) * c1 + g];
              if (e === 0) continue;
              if (b === 0) {
                u0 |= e & rN;
                if (touched && fa > 0) {
                  laterForeign[k * c1 + 1] |= e;
                  this.pending[k * c1 + 1] = 1;
                }
                continue;
              }
              if (touched) {
                // both lines touched: any card
                eo |= e;
                ex[(k * opts + b) * c1 + g] |= e;
                if (last && (e & corner) !== 0 && k < best) best = k;
                continue;
              }
              // an untouched row, a touched column: the column's card s back (row y - s's card now), or a foreign one
              const src = (y - this.shift[b] + n) % n;
              const own2 = e & mk[src];
              ex[(k * opts + b) * c1 + g] |= own2 & mk[3 * n + src];
              eo |= own2 & mk[n + src];
              if (last && (own2 & mk[3 * n + src] & corner) !== 0 && k < best) best = k;
              if (g < cap - this.cost[b]) {
                eo |= e;
                ex[(k * opts + b) * c1 + g + 1] |= e;
                if (last && (e & corner) !== 0 && k < best) best = k;
              }
            }
          }
        }
        // steps east into a touched column, made at a lower level
        for (let b = 1; held && b < opts; b++) {
          const at = (lf * opts + b) * 3;
          const own2 = later[at];
          const foreign = later[at + 1];
          const wild = later[at + 2];
          if ((own2 | foreign | wild) === 0) continue;
          later[at] = later[at + 1] = later[at + 2] = 0;
          if (own2 !== 0) {
            const src = (y - this.shift[b] + n) % n;
            ex[(k * opts + b) * c1] |= own2 & mk[3 * n + src];
            eo |= own2 & mk[n + src];
            if (last && (own2 & mk[3 * n + src] & corner) !== 0 && k < best) best = k;
          }
          if (foreign !== 0) {
            eo |= foreign;
            ex[(k * opts + b) * c1 + 1] |= foreign;
            if (last && (foreign & corner) !== 0 && k < best) best = k;
          }
          if (wild !== 0) {
            eo |= wild;
            ex[(k * opts + b) * c1] |= wild;
            if (last && (wild & corner) !== 0 && k < best) best = k;
          }
        }
        // the run on the row's own cards through untouched columns
        u0 = fillForward(u0 | (((eo << 1) & full) & rW), pass, full);
        if (u0 !== 0) {
          ex[(k * opts) * c1] |= u0 & rS;
          if (last && (u0 & rS & corner) !== 0 && k < best) best = k;
        }
        const east = ((eo | (u0 & rE)) << 1) & full;
        if (east === 0) continue;
        // a foreign card of the row in the next (untouched) column
        if (touched && f < fa) {
          laterForeign[lf + 1] |= east;
          this.pending[lf + 1] = 1;
        }
        for (let b = 1; b < opts; b++) {
          const k2 = k + this.cost[b];
          if (k2 > cap) continue;
          const at = ((k2 * c1 + f) * opts + b) * 3;
          this.pending[k2 * c1 + f] = 1;
          if (touched) later[at + 2] |= east;
          else {
            const src = (y - this.shift[b] + n) % n;
            later[at] |= east & mk[2 * n + src];
            // a card foreign to the column: its budget is cap less the column's cost
            if (this.cost[b] < cap) later[at + 1] |= east;
          }
        }
      }
    }
    return best;
  }
}
