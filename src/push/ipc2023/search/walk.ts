/**
 * The board as it is: the regions the robot and the exit reach without a push, by bit masks,
 * and from them Lemma R's F (the fewest flags of Lemma L's relaxed walks of any length) where
 * it is 0 or 1 (docs/design/ipc-planner.md, Lemma F), in place of Lemma L's search with steps free,
 * which visits the same fields one by one.
 *
 * Tiles are opening bits (n 1, s 2, e 4, w 8) at index y*N + x, x from the west, y from the
 * north, 0-based; the exit is the south side of the card on (N-1, N-1). A row is a bit mask
 * (bit x: field (x, y)), so N <= 32.
 */
import { fillBackward, fillForward, fullMask, rotateMask } from "./rotations.js";

/** Scratch space of exitReachable for one board size (N <= 32). */
export class WalkOnBoard {
  private readonly n: number;
  private readonly full: number;
  /** per row: the robot's region (a) and the exit's (b) */
  private readonly a: Int32Array;
  private readonly b: Int32Array;
  /** twoPushWalk's region of the robot on the board as it is, per row, and a pushed board's row masks */
  private readonly kept: Int32Array;
  private readonly pm: Int32Array;
  /** shortestWalk's queue and the call's stamp per field */
  private readonly queue: Int32Array;
  private readonly seen: Int32Array;
  private readonly depth: Int32Array;
  private stamp = 0;
  /** onePushWalk's second search (on the pushed board) */
  private readonly queue2: Int32Array;
  private readonly seen2: Int32Array;
  private readonly depth2: Int32Array;
  private stamp2 = 0;

  /** @param n N, the grid is N x N, 2 <= N <= 32 (a row is a bit mask) */
  constructor(n: number) {
    this.n = n;
    this.full = fullMask(n);
    this.a = new Int32Array(n);
    this.b = new Int32Array(n);
    this.kept = new Int32Array(n);
    this.pm = new Int32Array(5 * n);
    this.queue = new Int32Array(n * n);
    this.seen = new Int32Array(n * n);
    this.depth = new Int32Array(n * n);
    this.queue2 = new Int32Array(n * n);
    this.seen2 = new Int32Array(n * n);
    this.depth2 = new Int32Array(n * n);
  }

  /**
   * Whether some plan with exactly one push reaches the exit within `steps` steps (Lemma V,
   * docs/design/ipc-planner.md): a walk on the board as it is to a field u, a push of a line not
   * holding u (any of the 4N), a walk on the pushed board to the corner, whose card there opens
   * south. Breadth first from the robot, then per push from every field reached (at its
   * distance) on the pushed board, its cards read through the push, not made.
   * @param tiles opening bits (n 1, s 2, e 4, w 8), index y*N + x
   * @param robot the robot's field, y*N + x
   */
  onePushWalk(tiles: Uint8Array, robot: number, steps: number): boolean {
    const n = this.n;
    const queue = this.queue;
    const seen = this.seen;
    const depth = this.depth;
    const stamp = ++this.stamp;
    let tail = 0;
    queue[tail++] = robot;
    seen[robot] = stamp;
    depth[robot] = 0;
    for (let head = 0; head < tail; head++) {
      const f = queue[head];
      const d = depth[f];
      if (d >= steps) continue;
      const t = tiles[f];
      const x = f % n;
      if ((t & 1) !== 0 && f >= n && (tiles[f - n] & 2) !== 0 && seen[f - n] !== stamp) tail = this.enqueue(f - n, d + 1, tail, stamp);
      if ((t & 2) !== 0 && f + n < n * n && (tiles[f + n] & 1) !== 0 && seen[f + n] !== stamp) tail = this.enqueue(f + n, d + 1, tail, stamp);
      if ((t & 4) !== 0 && x < n - 1 && (tiles[f + 1] & 8) !== 0 && seen[f + 1] !== stamp) tail = this.enqueue(f + 1, d + 1, tail, stamp);
      if ((t & 8) !== 0 && x > 0 && (tiles[f - 1] & 4) !== 0 && seen[f - 1] !== stamp) tail = this.enqueue(f - 1, d + 1, tail, stamp);
    }
    // queue[0 .. tail) holds the fields reached, by distance
    for (let line = 0; line < n; line++) {
      for (let d = 0; d < 4; d++) {
        if (this.afterPush(tiles, line, d, tail, steps)) return true;
      }
    }
    return false;
  }

  private enqueue(f: number, d: number, tail: number, stamp: number): number {
    this.seen[f] = stamp;
    this.depth[f] = d;
    this.queue[tail] = f;
    return tail + 1;
  }

  /** the card on field f after the push of `line` in direction d (0 n, 1 s: a column; 2 e, 3 w: a row), read from tiles */
  private cardAfter(tiles: Uint8Array, line: number, d: number, f: number): number {
    const n = this.n;
    const x = f % n;
    const y = (f - x) / n;
    if (d >= 2) {
      if (y !== line) return tiles[f];
      // east: the card from x - 1; west: from x + 1 (wrapping)
      return tiles[y * n + ((x + (d === 2 ? n - 1 : 1)) % n)];
    }
    if (x !== line) return tiles[f];
    // south: from y - 1; north: from y + 1
    return tiles[((y + (d === 1 ? n - 1 : 1)) % n) * n + x];
  }

  /** onePushWalk for one push: from the fields reached before it (queue[0 .. reached), by distance) not on its line */
  private afterPush(tiles: Uint8Array, line: number, d: number, reached: number, steps: number): boolean {
    const n = this.n;
    const corner = n * n - 1;
    if ((this.cardAfter(tiles, line, d, corner) & 2) === 0) return false;
    const isRow = d >= 2;
    const q1 = this.queue;
    const depth1 = this.depth;
    const q2 = this.queue2;
    const seen2 = this.seen2;
    const depth2 = this.depth2;
    const stamp = ++this.stamp2;
    let i1 = 0;
    let head = 0;
    let tail = 0;
    for (;;) {
      // the next field by distance: a start (reached before the push, off the line) or one found after it
      let f: number;
      let dist: number;
      while (i1 < reached) {
        const u = q1[i1];
        const onLine = isRow ? (u - (u % n)) / n === line : u % n === line;
        if (!onLine && seen2[u] !== stamp) break;
        i1++;
      }
      const fromStart = i1 < reached && (head >= tail || depth1[q1[i1]] <= depth2[q2[head]]);
      if (fromStart) {
        f = q1[i1++];
        dist = depth1[f];
        seen2[f] = stamp;
        depth2[f] = dist;
      } else if (head < tail) {
        f = q2[head++];
        dist = depth2[f];
      } else return false;
      if (f === corner) return true;
      if (dist >= steps) continue;
      const t = this.cardAfter(tiles, line, d, f);
      const x = f % n;
      // (each neighbour once: seen2 is set when it is queued)
      if ((t & 1) !== 0 && f >= n && seen2[f - n] !== stamp && (this.cardAfter(tiles, line, d, f - n) & 2) !== 0) tail = this.found(f - n, dist + 1, tail, stamp);
      if ((t & 2) !== 0 && f + n < n * n && seen2[f + n] !== stamp && (this.cardAfter(tiles, line, d, f + n) & 1) !== 0) tail = this.found(f + n, dist + 1, tail, stamp);
      if ((t & 4) !== 0 && x < n - 1 && seen2[f + 1] !== stamp && (this.cardAfter(tiles, line, d, f + 1) & 8) !== 0) tail = this.found(f + 1, dist + 1, tail, stamp);
      if ((t & 8) !== 0 && x > 0 && seen2[f - 1] !== stamp && (this.cardAfter(tiles, line, d, f - 1) & 4) !== 0) tail = this.found(f - 1, dist + 1, tail, stamp);
    }
  }

  private found(f: number, d: number, tail: number, stamp: number): number {
    this.seen2[f] = stamp;
    this.depth2[f] = d;
    this.queue2[tail] = f;
    return tail + 1;
  }

  /**
   * The fewest steps of a walk on the board as it is (each step through a side open on both
   * cards, no push) from the robot to the corner whose card opens south: breadth first, up to
   * limit (Lemma A's plans without a push, docs/design/ipc-planner.md).
   * @param tiles opening bits (n 1, s 2, e 4, w 8), index y*N + x
   * @param robot the robot's field, y*N + x
   * @returns the walk's steps when at most limit, else limit + 1 (also when there is none)
   */
  shortestWalk(tiles: Uint8Array, robot: number, limit: number): number {
    const n = this.n;
    const corner = n * n - 1;
    if ((tiles[corner] & 2) === 0) return limit + 1;
    const queue = this.queue;
    const seen = this.seen;
    const depth = this.depth;
    const stamp = ++this.stamp;
    let head = 0;
    let tail = 0;
    queue[tail++] = robot;
    seen[robot] = stamp;
    depth[robot] = 0;
    while (head < tail) {
      const f = queue[head++];
      const d = depth[f];
      if (f === corner) return d;
      if (d >= limit) continue;
      const t = tiles[f];
      const x = f % n;
      // north, south, east, west: both facing sides open
      if ((t & 1) !== 0 && f >= n && (tiles[f - n] & 2) !== 0 && seen[f - n] !== stamp) {
        seen[f - n] = stamp;
        depth[f - n] = d + 1;
        queue[tail++] = f - n;
      }
      if ((t & 2) !== 0 && f + n < n * n && (tiles[f + n] & 1) !== 0 && seen[f + n] !== stamp) {
        seen[f + n] = stamp;
        depth[f + n] = d + 1;
        queue[tail++] = f + n;
      }
      if ((t & 4) !== 0 && x < n - 1 && (tiles[f + 1] & 8) !== 0 && seen[f + 1] !== stamp) {
        seen[f + 1] = stamp;
        depth[f + 1] = d + 1;
        queue[tail++] = f + 1;
      }
      if ((t & 8) !== 0 && x > 0 && (tiles[f - 1] & 4) !== 0 && seen[f - 1] !== stamp) {
        seen[f - 1] = stamp;
        depth[f - 1] = d + 1;
        queue[tail++] = f - 1;
      }
    }
    return limit + 1;
  }

  /**
   * Lemma R's F (the fewest flagged segments of a relaxed walk of Lemma L of any length) up to
   * cap 1, from the regions of the robot and of the exit on the board as it is.
   * - F = 0 exactly when a walk on the board as it is (each step through a side open on both
   *   cards) leads from the robot to the corner and the corner's card opens south.
   * - F <= 1 (docs/design/ipc-planner.md, Lemma F): with steps free, a walk with one flagged
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
    const x0 = robot % n;
    this.region(masks, this.a, (robot - x0) / n, 1 << x0);
    return this.flagsFromRegion(masks, cap);
  }

  /**
   * Lemma V with two pushes to spare (docs/design/ipc-planner.md): whether, for some push, Lemma F's F
   * is at most 1 on the pushed board from the robot's region on the board as it is off the pushed
   * line, each field of it allowed to flag any line (a necessary condition of a plan with one or
   * two pushes whose first push is made from a field of that region). The pushed board's row masks
   * are made from `masks` per push (O(N)), the board itself is not changed.
   * @param masks the tiles' lineMasks (rotations.ts), read only
   * @param robot the robot's field, y*N + x
   */
  twoPushWalk(masks: Int32Array, robot: number): boolean {
    const n = this.n;
    const x0 = robot % n;
    this.region(masks, this.kept, (robot - x0) / n, 1 << x0);
    for (let line = 0; line < n; line++) {
      for (let d = 0; d < 4; d++) {
        this.pushedMasks(masks, line, d);
        if (this.fewestFlagsAfter(this.pm, line, d >= 2, 1) <= 1) return true;
      }
    }
    return false;
  }

  /**
   * The rows' five masks of lineMasks (in n, forwards e, backwards w, out s, exit s at kind * N + y)
   * after the push of `line` towards d (0 n, 1 s: a column; 2 e, 3 w: a row), into this.pm.
   */
  private pushedMasks(masks: Int32Array, line: number, d: number): void {
    const n = this.n;
    const pm = this.pm;
    for (let i = 0; i < 5 * n; i++) pm[i] = masks[i];
    if (d >= 2) {
      // the row's cards move one field east (bit x from bit x - 1) or west
      const r = d === 2 ? 1 : n - 1;
      for (let k = 0; k < 5; k++) pm[k * n + line] = rotateMask(masks[k * n + line], r, n, this.full);
      return;
    }
    // the column's cards move one field south (row y's bit from row y - 1) or north
    const bit = 1 << line;
    for (let y = 0; y < n; y++) {
      const from = (y + (d === 1 ? n - 1 : 1)) % n;
      for (let k = 0; k < 5; k++) pm[k * n + y] = (pm[k * n + y] & ~bit) | (masks[k * n + from] & bit);
    }
  }

  /**
   * F up to cap 1 on the board one push away (masks: after the push of `line`, a row when isRow),
   * from every field of the region kept (twoPushWalk) off that line, each allowed to flag any line
   * (no first segment kept back: a relaxation).
   * @returns F when F <= cap, else cap + 1
   */
  private fewestFlagsAfter(masks: Int32Array, line: number, isRow: boolean, cap: number): number {
    const n = this.n;
    const a = this.a;
    const drop = isRow ? 0 : ~(1 << line);
    let lo = n;
    let hi = -1;
    for (let y = 0; y < n; y++) {
      a[y] = isRow ? (y === line ? 0 : this.kept[y]) : this.kept[y] & drop;
      if (a[y] !== 0) {
        if (y < lo) lo = y;
        hi = y;
      }
    }
    if (hi < 0) return cap + 1;
    this.spread(masks, a, lo, hi);
    return this.flagsFromRegion(masks, cap);
  }

  /** Lemma F from the robot's region in this.a: 0 when it holds the corner opening south; else (cap 1) 1 when some line has an entry and an exit; else cap + 1. */
  private flagsFromRegion(masks: Int32Array, cap: number): number {
    const n = this.n;
    const full = this.full;
    const a = this.a;
    const b = this.b;
    const corner = 1 << (n - 1);
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
    rows.fill(0);
    rows[y] = seed;
    this.spread(masks, rows, y, y);
  }

  /** `rows` (nonzero from row lo to row hi) grown to the fields reached from them (region's sweeps). */
  private spread(masks: Int32Array, rows: Int32Array, lo: number, hi: number): void {
    const n = this.n;
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
