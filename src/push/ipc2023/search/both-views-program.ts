/**
 * The bit-mask dynamic program behind Lemmas K and E of docs/design/ipc-planner.md (both-views.ts runs
 * it and states the rules): whether some walk of the robot south and east only, from (x0, y0) to
 * the exit, has touched lines costing at most a cap, each field of the walk holding a card the
 * rules allow (its own, its row's or column's shifted one, a foreign one, any). Lemma K counts
 * the touched lines' costs together; a case of Lemma E counts the rows' and the columns' apart,
 * each with its own cap, and caps the foreign cards of a row and of a column.
 *
 * The program runs over the rows in order, with a row as a bit mask (N <= 32): per cost k,
 * column option b (untouched or a shift) and foreign cards g used in that column, the fields of
 * the next row the walk steps into; along a row, per row option a and level (k, foreign cards f
 * of the row), a Kogge-Stone fill on the row's cards where the next column is untouched, and
 * steps to higher levels where it is touched or a card is foreign.
 *
 * The board is read as its line masks (lineMasks of rotations.ts: per view, kind of opening and
 * line, bit i for the i-th field along the line; tiles at y*N + x, 0-based, x from the west, y
 * from the north); the exit is the south side of the card on (N-1, N-1). Scratch space is
 * allocated once per board size; a run allocates nothing.
 */
import { fillForward, fullMask, rotateMask } from "./rotations.js";

/** Scratch space and the program of Lemma K (and of Lemma E's cases) for one board size (N <= 32: a line is a 32-bit mask). */
export class BothViewsProgram {
  protected readonly n: number;
  private readonly full: number;
  /** line options for the current cap: index 0 untouched (shift -1, cost 0), then the touched shifts */
  private readonly shift: Int32Array;
  private readonly cost: Int32Array;
  private options = 0;
  /** per line option: the most foreign cards a touched column with it may hold (0: untouched) */
  private readonly gMaxOf: Int32Array;
  /**
   * Lemma E's case: the most the touched rows' options may cost (one and all: sr), the touched
   * columns' (sc), and the most foreign cards in a touched row and in a touched column (besides
   * Lemma K's cap less the line's cost). Lemma K alone: all the spare.
   */
  private rowCap = 0;
  private colCap = 0;
  private rowForeign = 0;
  private colForeign = 0;
  /**
   * The cost levels: Lemma K's level is the touched lines' cost k (stride: none, rowStep 1, kCap the
   * spare); Lemma E's case c has a level per pair (rows' cost sr, columns' cost sc), sr * (c + 1) + sc
   * (stride and rowStep c + 1, kCap (spare - c) * (c + 1) + c).
   */
  private kCap = 0;
  /** the fields of every exit of the current row into the next (least's test that the walk goes on) */
  private exits = 0;
  private stride = 1 << 20;
  private rowStep = 1;
  /** the searches made (one per call for Lemma K alone; with Lemma E up to one per case) */
  cases = 0;
  /**
   * the (column option b, foreign cards g of the column) pairs within the cap, g <= cap - cost(b)
   * (untouched: g = 0), as slots 0 .. slots - 1: slotOf[b * (cap + 1) + g]; slot 0 is untouched
   */
  private readonly slotOf: Int32Array;
  private readonly slotB: Int32Array;
  private slots = 0;
  /** entries into the current row and exits to the next, at k * slots + slot */
  private en: Int32Array;
  private ex: Int32Array;
  /** per row: the row y - shift(b) whose cards a column shifted by b brings to row y */
  private readonly source: Int32Array;
  /** steps east into touched columns kept for a later level: [((k * (cap + 1) + f) * options + b) * 3 + type] */
  private readonly later: Int32Array;
  /** foreign cards of the row kept for a later level (the column untouched), at k * (cap + 1) + f */
  private readonly laterForeign: Int32Array;
  /** per level k * (cap + 1) + f: 1 when later or laterForeign holds something for it */
  private readonly pending: Int32Array;
  /** per cost k: the fields of every entry into the current row at that cost (0: none) */
  private readonly anyEntry: Int32Array;
  private readonly prefix: Int32Array;

  /**
   * @param n N, the grid is N x N
   * @param maxCap the largest cap (spare: limit less M) the program is run with
   */
  constructor(n: number, maxCap: number) {
    this.n = n;
    this.full = fullMask(n);
    const c = maxCap + 1;
    const o = 2 * c;
    this.shift = new Int32Array(o);
    this.cost = new Int32Array(o);
    this.gMaxOf = new Int32Array(o);
    this.slotOf = new Int32Array(o * c);
    this.slotB = new Int32Array(o * c);
    this.source = new Int32Array(o);
    // levels: up to (cap + 1)^2 (Lemma E's pairs), at least cap + 1 (Lemma K's costs)
    const levels = c * c;
    this.en = new Int32Array(levels * o * c);
    this.ex = new Int32Array(levels * o * c);
    this.later = new Int32Array(levels * c * o * 3);
    this.laterForeign = new Int32Array(levels * c);
    this.pending = new Int32Array(levels * c);
    this.anyEntry = new Int32Array(levels);
    this.prefix = new Int32Array(c);
  }

  /** the options of a line within cap (untouched, then each shift r of cost min(r, N - r), 2 for r = 0) and the slots */
  private setOptions(cap: number): void {
    const n = this.n;
    const c1 = cap + 1;
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
    let s = 0;
    for (let b = 0; b < o; b++) {
      const gMax = b === 0 ? 0 : Math.min(cap - this.cost[b], this.colForeign);
      this.gMaxOf[b] = gMax;
      for (let g = 0; g <= gMax; g++) {
        this.slotOf[b * c1 + g] = s;
        this.slotB[s++] = b;
      }
    }
    this.slots = s;
  }

  /**
   * Whether some south-east walk from (x0, y0) to the exit has touched lines costing at most cap,
   * in a case of Lemma E (paired: the rows' cost at most rowCap and the columns' at most colCap,
   * each counted apart) or Lemma K alone (caps and foreign cards all cap, not paired).
   */
  protected least(mk: Int32Array, x0: number, y0: number, cap: number, rowCap: number, colCap: number, rowForeign: number, colForeign: number, paired: boolean): boolean {
    const n = this.n;
    this.cases++;
    this.rowCap = rowCap;
    this.colCap = colCap;
    this.rowForeign = rowForeign;
    this.colForeign = colForeign;
    this.stride = paired ? colCap + 1 : 1 << 20;
    this.rowStep = paired ? colCap + 1 : 1;
    const kCap = paired ? rowCap * (colCap + 1) + colCap : cap;
    this.kCap = kCap;
    this.setOptions(cap);
    const opts = this.options;
    const size = (kCap + 1) * this.slots;
    let en = this.en;
    let ex = this.ex;
    this.anyEntry.fill(0, 0, kCap + 1);
    let found = false;
    for (let y = y0; y < n && !found; y++) {
      ex.fill(0, 0, size);
      this.exits = 0;
      const last = y === n - 1;
      for (let b = 1; b < opts; b++) this.source[b] = (y - this.shift[b] + n) % n;
      if (y > y0) this.reduce(en, cap);
      // the robot's row is untouched (the robot stands in it); the others may be either
      const rowOptions = y === y0 ? 1 : opts;
      for (let a = 0; a < rowOptions && !found; a++) {
        const ca = this.cost[a];
        if (ca > this.rowCap) continue;
        if (y > y0) {
          let some = 0;
          for (let k0 = 0; k0 <= kCap - this.rowStep * ca; k0++) some |= this.anyEntry[k0];
          if (some === 0) continue;
        }
        found = this.row(mk, y, a, cap, y === y0 ? 1 << x0 : 0, en, ex, last);
      }
      if (last || found) break;
      // (row() notes in exits every field it sends on to the next row)
      if (this.exits === 0) break;
      const t = en;
      en = ex;
      ex = t;
    }
    this.en = en;
    this.ex = ex;
    return found;
  }

  /**
   * Drops the entries another entry dominates (the same column option, no more cost and no
   * more foreign cards of the column: it reaches at least as much) and notes, per level, the
   * fields of the entries left (anyEntry). Lemma E's levels (pairs of costs) are not ordered by
   * cost: there only an entry of the same level dominates.
   */
  private reduce(en: Int32Array, cap: number): void {
    const opts = this.options;
    const c1 = cap + 1;
    const slots = this.slots;
    const prefix = this.prefix;
    const kCap = this.kCap;
    const ordered = this.stride > kCap;
    this.anyEntry.fill(0, 0, kCap + 1);
    for (let b = 0; b < opts; b++) {
      const gMax = this.gMaxOf[b];
      const s0 = this.slotOf[b * c1];
      // prefix[g]: the fields of every entry at a lower cost with g or fewer foreign cards
      prefix.fill(0, 0, gMax + 1);
      for (let k = 0; k <= kCap; k++) {
        let run = 0;
        let acc = 0;
        for (let g = 0; g <= gMax; g++) {
          const i = k * slots + s0 + g;
          const was = en[i];
          const e = was & ~(prefix[g] | run);
          run |= was;
          en[i] = e;
          this.anyEntry[k] |= e;
        }
        for (let g = 0; ordered && g <= gMax; g++) {
          acc |= en[k * slots + s0 + g];
          prefix[g] |= acc;
        }
      }
    }
  }

  /**
   * One row y with row option a: from the entries `en` (and the robot's own field `own`), the
   * exits south into `ex`. True when the row is the last and its corner is left by the exit.
   */
  private row(mk: Int32Array, y: number, a: number, cap: number, own: number, en: Int32Array, ex: Int32Array, last: boolean): boolean {
    const n = this.n;
    const full = this.full;
    const opts = this.options;
    const slots = this.slots;
    const slotOf = this.slotOf;
    const slotB = this.slotB;
    const cost = this.cost;
    const source = this.source;
    const c1 = cap + 1;
    const ra = this.shift[a];
    const ca = cost[a];
    const touched = ra >= 0;
    const fa = touched ? Math.min(cap - ca, this.rowForeign) : 0;
    const later = this.later;
    const laterForeign = this.laterForeign;
    const pending = this.pending;
    // the row's own cards (rotated by its shift): in (n), forwards (e), backwards (w), out (s)
    const rN = touched ? rotateMask(mk[y], ra, n, full) : mk[y];
    const rE = touched ? rotateMask(mk[n + y], ra, n, full) : mk[n + y];
    const rW = touched ? rotateMask(mk[2 * n + y], ra, n, full) : mk[2 * n + y];
    const rS = touched ? rotateMask(mk[3 * n + y], ra, n, full) : mk[3 * n + y];
    const pass = ((rE & (rW >>> 1)) << 1) & full;
    // on the last row only the corner's exit counts; elsewhere every exit south
    const goal = last ? 1 << (n - 1) : 0;
    let done = 0;
    // a touched row's cost moves its entries up by rowStep per unit (Lemma E: its rows' cost sr)
    const ka = this.rowStep * ca;
    const kCap = this.kCap;
    const stride = this.stride;
    const colCap = this.colCap;
    for (let k = ka; k <= kCap; k++) {
      const base = k * slots;
      for (let f = 0; f <= fa; f++) {
        // fields stood on at this level in an untouched column, on the row's own cards (filled below)
        let u0 = k === 0 && f === 0 ? own : 0;
        const lf = k * c1 + f;
        const arrivals = f === 0 && this.anyEntry[k - ka] !== 0;
        if (!arrivals && pending[lf] === 0 && u0 === 0) continue;
        const held = pending[lf] !== 0;
        pending[lf] = 0;
        // the east openings of every other field stood on at this level
        let eo = 0;
        // a foreign card of the row (wild) in an untouched column
        const wildU = laterForeign[lf];
        if (wildU !== 0) {
          laterForeign[lf] = 0;
          eo |= wildU;
          ex[base] |= wildU;
          done |= wildU;
        }
        if (arrivals) {
          // steps south into this row from the one above (level k - ka before it)
          const from = (k - ka) * slots;
          const e0 = en[from];
          if (e0 !== 0) {
            u0 |= e0 & rN;
            if (touched && fa > 0) {
              laterForeign[lf + 1] |= e0;
              pending[lf + 1] = 1;
            }
          }
          for (let s = 1; s < slots; s++) {
            const e = en[from + s];
            if (e === 0) continue;
            if (touched) {
              // both lines touched: any card
              eo |= e;
              ex[base + s] |= e;
              done |= e;
              continue;
            }
            // an untouched row, a touched column: the column's card s back (row y - s's card now), or a foreign one
            const src = source[slotB[s]];
            const stood = e & mk[src];
            const south = stood & mk[3 * n + src];
            ex[base + s] |= south;
            done |= south;
            eo |= stood & mk[n + src];
            // the next slot is the same column with one more foreign card, if the budget has it
            if (s + 1 < slots && slotB[s + 1] === slotB[s]) {
              eo |= e;
              ex[base + s + 1] |= e;
              done |= e;
            }
          }
        }
        // steps east into a touched column, made at a lower level
        for (let b = 1; held && b < opts; b++) {
          const at = (lf * opts + b) * 3;
          const stood = later[at];
          const foreign = later[at + 1];
          const wild = later[at + 2];
          if ((stood | foreign | wild) === 0) continue;
          later[at] = later[at + 1] = later[at + 2] = 0;
          const s = slotOf[b * c1];
          if (stood !== 0) {
            const src = source[b];
            const south = stood & mk[3 * n + src];
            ex[base + s] |= south;
            done |= south;
            eo |= stood & mk[n + src];
          }
          if (foreign !== 0) {
            eo |= foreign;
            ex[base + s + 1] |= foreign;
            done |= foreign;
          }
          if (wild !== 0) {
            eo |= wild;
            ex[base + s] |= wild;
            done |= wild;
          }
        }
        // the run on the row's own cards through untouched columns
        u0 = fillForward(u0 | (((eo << 1) & full) & rW), pass, full);
        if (u0 !== 0) {
          ex[base] |= u0 & rS;
          done |= u0 & rS;
        }
        if ((done & goal) !== 0) {
          // found: what is kept for later levels is dropped (the scratch space stays clear)
          later.fill(0, 0, (kCap + 1) * c1 * opts * 3);
          laterForeign.fill(0, 0, (kCap + 1) * c1);
          pending.fill(0, 0, (kCap + 1) * c1);
          return true;
        }
        const east = ((eo | (u0 & rE)) << 1) & full;
        if (east === 0) continue;
        // a foreign card of the row in the next (untouched) column
        if (touched && f < fa) {
          laterForeign[lf + 1] |= east;
          pending[lf + 1] = 1;
        }
        for (let b = 1; b < opts; b++) {
          // (Lemma E: the columns' cost sc = k mod stride stays within colCap)
          const k2 = k + cost[b];
          if (k2 > kCap || (k % stride) + cost[b] > colCap) continue;
          const at = ((k2 * c1 + f) * opts + b) * 3;
          pending[k2 * c1 + f] = 1;
          if (touched) later[at + 2] |= east;
          else {
            later[at] |= east & mk[2 * n + source[b]];
            // a card foreign to the column: its budget is cap less the column's cost
            if (this.gMaxOf[b] > 0) later[at + 1] |= east;
          }
        }
      }
    }
    this.exits |= done;
    return false;
  }
}
