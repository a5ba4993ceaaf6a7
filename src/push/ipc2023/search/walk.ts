/**
 * The board as it is: the regions the robot and the exit reach without a push, by bit masks,
 * and from them Lemma R's F (the fewest flags of Lemma L's relaxed walks of any length) where
 * it is 0 or 1 (docs/ipc2023-search.md, Lemma F), in place of Lemma L's search with steps free,
 * which visits the same fields one by one.
 *
 * Tiles are opening bits (n 1, s 2, e 4, w 8) at index y*N + x, x from the west, y from the
 * north, 0-based; the exit is the south side of the card on (N-1, N-1). A row is a bit mask
 * (bit x: field (x, y)), so N <= 32.
 */
import { fillBackward, fillForward, fullMask } from "./rotations.js";

/** Scratch space of exitReachable for one board size (N <= 32). */
export class WalkOnBoard {
  private readonly n: number;
  private readonly full: number;
  /** per row: the robot's region (a) and the exit's (b) */
  private readonly a: Int32Array;
  private readonly b: Int32Array;

  /** @param n N, the grid is N x N, 2 <= N <= 32 (a row is a bit mask) */
  constructor(n: number) {
    this.n = n;
    this.full = fullMask(n);
    this.a = new Int32Array(n);
    this.b = new Int32Array(n);
  }

  /**
   * Lemma R's F (the fewest flagged segments of a relaxed walk of Lemma L of any length) up to
   * cap 1, from the regions of the robot and of the exit on the board as it is.
   * - F = 0 exactly when a walk on the board as it is (each step through a side open on both
   *   cards) leads from the robot to the corner and the corner's card opens south.
   * - F <= 1 (docs/ipc2023-search.md, Lemma F): with steps free, a walk with one flagged
   *   segment of a line L is a walk on open sides to a field c beside L, a step across c's
   *   open side into L, any run along L (the flag covers every side of its fields), a step out
   *   of L into a field c' whose side towards L is open, and a walk on open sides to the exit;
   *   or the run ends on the corner (the flag covers the exit). The robot's first segments,
   *   which cannot be flagged, are never entered by a step across their line.
   * @param masks the tiles' lineMasks (rotations.ts: rows' in = n, forwards = e, backwards = w,
   *   out = s at [kind * N + y]), read only
   * @param robot the robot's field, y*N + x
   * @param cap 0 or 1
   * @returns F when F <= cap, else cap + 1
   */
  fewestFlags(masks: Int32Array, robot: number, cap: number): number {
    const n = this.n;
    const full = this.full;
    const a = this.a;
    const b = this.b;
    const x0 = robot % n;
    const corner = 1 << (n - 1);
    this.region(masks, a, (robot - x0) / n, 1 << x0);
    const exitOpen = (masks[5 * n - 1] & corner) !== 0;
    if (exitOpen && (a[n - 1] & corner) !== 0) return 0;
    if (cap < 1) return cap + 1;
    // the region of the exit (steps are symmetric: the fields from which it is reached)
    if (exitOpen) this.region(masks, b, n - 1, corner);
    else b.fill(0);
    // rows entered (bit y) and left (bit y; the last row holds the corner) across their
    // fields; columns likewise (bit x)
    let rowIn = 0;
    let rowOut = 1 << (n - 1);
    let colIn = 0;
    let colOut = corner;
    for (let y = 0; y < n; y++) {
      const north = masks[y];
      const south = masks[3 * n + y];
      if (y > 0) {
        if ((a[y] & north) !== 0) rowIn |= 1 << (y - 1);
        if ((b[y] & north) !== 0) rowOut |= 1 << (y - 1);
      }
      if (y < n - 1) {
        if ((a[y] & south) !== 0) rowIn |= 1 << (y + 1);
        if ((b[y] & south) !== 0) rowOut |= 1 << (y + 1);
      }
      const east = masks[n + y];
      const west = masks[2 * n + y];
      colIn |= (((a[y] & east) << 1) | ((a[y] & west) >>> 1)) & full;
      colOut |= (((b[y] & east) << 1) | ((b[y] & west) >>> 1)) & full;
    }
    return (rowIn & rowOut) !== 0 || (colIn & colOut) !== 0 ? 1 : 2;
  }

  /**
   * The fields reached from `seed` (a mask of row y) by steps through sides open on both
   * cards, per row into `rows`: sweeps down and up over the rows reached, each row filled
   * along its own open sides, until a sweep adds nothing.
   */
  private region(masks: Int32Array, rows: Int32Array, y: number, seed: number): void {
    const n = this.n;
    rows.fill(0);
    rows[y] = seed;
    let lo = y;
    let hi = y;
    for (let changed = true; changed; ) {
      changed = false;
      for (let y = lo; y <= hi; y++) {
        if (rows[y] === 0) continue;
        const filled = this.fillRow(masks, rows, y);
        if (y < n - 1) {
          const down = filled & masks[3 * n + y] & masks[y + 1];
          if ((down & ~rows[y + 1]) !== 0) {
            rows[y + 1] |= down;
            if (y + 1 > hi) hi = y + 1;
            changed = true;
          }
        }
      }
      for (let y = hi; y >= lo; y--) {
        if (rows[y] === 0) continue;
        const filled = this.fillRow(masks, rows, y);
        if (y > 0) {
          const up = filled & masks[y] & masks[3 * n + y - 1];
          if ((up & ~rows[y - 1]) !== 0) {
            rows[y - 1] |= up;
            if (y - 1 < lo) lo = y - 1;
            changed = true;
          }
        }
      }
    }
  }

  /** Row y of `rows` filled along the row's own open sides (east of one card and west of the next), stored and returned. */
  private fillRow(masks: Int32Array, rows: Int32Array, y: number): number {
    const n = this.n;
    const pass = ((masks[n + y] & (masks[2 * n + y] >>> 1)) << 1) & this.full;
    const filled = fillBackward(fillForward(rows[y], pass, this.full), pass);
    rows[y] = filled;
    return filled;
  }
}
