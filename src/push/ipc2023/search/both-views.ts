/**
 * Lemma K of docs/design/ipc-planner.md: Lemma J's two views joined, and Lemma E: Lemma K with the
 * foreign cards paid for. A plan whose robot steps only south and east visits each row and each
 * column in one run of fields; a line is *touched* when the plan pushes it before the walk steps
 * into it, with its shift (net pushes, mod N) at that moment. A field of the walk holds, while
 * the robot stands on it: its card of now (row and column untouched); its row's card of now r
 * fields back, or a card foreign to the row (row touched with shift r, column untouched; at most
 * C foreign cards in the row); its column's card of now s fields back, or a card foreign to the
 * column (column touched with shift s, row untouched; at most R in the column); any card (both
 * touched). The plan's pushes R + C are at least the sum over touched lines, rows and columns
 * alike, of min(r, N - r) (2 when a touched line is back at shift 0). Lemma J charges a touched
 * crossing line 1 and makes its fields wild; here it is charged its shift and its fields keep
 * their shifted cards.
 *
 * This module holds the bounds and their cases: Lemma K's one run of the program, then Lemma E's
 * cases, one per count c of column pushes (bound), and Lemma E with Lemma A's anchor, the first
 * push paid for on a row or on a column (anchoredAbove). The bit-mask dynamic program they run
 * is both-views-program.ts.
 *
 * Tiles are opening bits (n 1, s 2, e 4, w 8) at index y*N + x, x from the west, y from the
 * north, 0-based; the exit is the south side of the card on (N-1, N-1). Scratch space is
 * allocated once per board size; a call allocates nothing.
 */
import { BothViewsProgram } from "./both-views-program.js";
import { lineMasks, SouthEastStart } from "./rotations.js";

/** the largest spare (limit less M) the search is made for; above it the bound answers "not above" */
export const BOTH_VIEWS_MAX_CAP = 3;
/** the largest spare Lemma E with Lemma A's anchor (anchoredAbove) is made for */
export const ANCHORED_MAX_CAP = 4;

/** Scratch space and the search of Lemma K for one board size (N <= 32: a line is a 32-bit mask). */
export class BothViewsBound extends BothViewsProgram {
  private readonly masks: Int32Array;
  /** Lemma E (the foreign cards paid for) on: a case per count of column pushes */
  readonly charged: boolean;
  /** the calls answered "above the limit" */
  cuts = 0;
  /** anchoredAbove's calls answered true */
  anchoredCuts = 0;
  private readonly start: SouthEastStart;

  /**
   * @param n N, the grid is N x N (the bound answers "not above" for N > 32)
   * @param charged Lemma E: the foreign cards paid for by the column (row) pushes, a case per count of column pushes (false: Lemma K alone)
   */
  constructor(n: number, charged = true) {
    super(n, Math.max(BOTH_VIEWS_MAX_CAP, ANCHORED_MAX_CAP));
    this.charged = charged;
    this.masks = new Int32Array(10 * n);
    this.start = new SouthEastStart(n);
  }

  /**
   * Lemma K's bound on the cost of plans whose walk goes south and east only.
   * @param tiles opening bits, index y*N + x
   * @param robot the robot's field, y*N + x
   * @param limit the caller needs to know only whether the bound exceeds limit
   * @param masks the tiles' lineMasks (rotations.ts) when the caller keeps them (read, not copied)
   * @returns limit + 1 when the bound exceeds limit, else M (a lower bound; also M when limit
   *   less M is above BOTH_VIEWS_MAX_CAP, where the search is not made)
   */
  bound(tiles: Uint8Array, robot: number, limit: number, masks?: Int32Array): number {
    const settled = this.start.open(robot, limit);
    if (settled >= 0) return settled;
    // (spare is limit - M here: 2N >= 4 is above the largest cap)
    const { x0, y0, m, spare } = this.start;
    if (spare > BOTH_VIEWS_MAX_CAP) return m;
    let mk = masks;
    if (!mk) {
      lineMasks(tiles, this.n, this.masks);
      mk = this.masks;
    }
    // Lemma K first: where it is above, so is every case of Lemma E (one program instead of spare + 1)
    if (!this.least(mk, x0, y0, spare, spare, spare, spare, spare, false)) {
      this.cuts++;
      return limit + 1;
    }
    if (!this.charged) return m;
    // Lemma E: for some count c of column pushes (0 .. spare), a walk with touched rows costing at
    // most spare - c and touched columns at most c, at most c foreign cards a row, spare - c a column
    for (let c = 0; c <= spare; c++) if (this.least(mk, x0, y0, spare, spare - c, c, c, spare - c, true)) return m;
    this.cuts++;
    return limit + 1;
  }

  /**
   * Lemma E with Lemma A's anchor: right after a step south or east, whether every plan from here
   * whose walk goes south and east only and that makes a push (its first push is on a line the walk
   * has left, which Lemma K's touched lines do not count) costs more than limit.
   * @returns true when above (false also when limit less M is above ANCHORED_MAX_CAP or Lemma E is off)
   */
  anchoredAbove(tiles: Uint8Array, robot: number, limit: number, masks?: Int32Array): boolean {
    if (!this.charged) return false;
    const settled = this.start.open(robot, limit);
    if (settled >= 0) return settled > limit;
    const { x0, y0, spare } = this.start;
    if (spare > ANCHORED_MAX_CAP) return false;
    let mk = masks;
    if (!mk) {
      lineMasks(tiles, this.n, this.masks);
      mk = this.masks;
    }
    for (let c = 0; c <= spare; c++) {
      // the anchor a row push: R = the rows' cost + 1 or more
      if (c < spare && this.least(mk, x0, y0, spare, spare - c - 1, c, c, spare - c, true)) return false;
      // the anchor a column push: C = c >= the columns' cost + 1
      if (c > 0 && this.least(mk, x0, y0, spare, spare - c, c - 1, c, spare - c, true)) return false;
    }
    this.anchoredCuts++;
    return true;
  }
}
