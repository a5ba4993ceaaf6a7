/**
 * Lemma R of docs/design/ipc-planner.md: the rotations a south-east walk needs. A plan whose
 * robot steps only south and east makes exactly M steps, visits each row in one run of
 * fields, and stands in that row (so the row cannot be pushed) from the step into the run
 * to the step out of it. While it is there, the row's cards are its cards of now rotated by
 * the row's net shift r (at least min(r, N - r) pushes of the row), except at most C cards
 * brought in by the plan's C column pushes. So the plan's row pushes R are at least the
 * least sum of row shifts over south-east walks that use at most C foreign ("wild") cards
 * per row; the same with rows and columns swapped; and its cost M + R + C is at least M plus
 * the least R + C that both views allow.
 *
 * Tiles are opening bits (n 1, s 2, e 4, w 8) at index y*N + x, x from the west, y from the
 * north, 0-based; the exit is the south side of the card on (N-1, N-1). Scratch space is
 * allocated once per board size; a call allocates nothing.
 */

const N_ = 1;
const S_ = 2;
const E_ = 4;
const W_ = 8;

/**
 * The bit masks of both views (shared with Lemma J, one-view.ts): per view (0 rows, 1 columns) and
 * line, the fields along the line whose card opens into the line's walk (in: n for rows, w for
 * columns), forwards (e; s), backwards (w; n), out of the line (s; e) and by the exit (s), at
 * [view * 5 + kind] * N + line; bit i is the i-th field along the line.
 * @param mk at least 10 N entries, overwritten
 */
export function lineMasks(tiles: Uint8Array, n: number, mk: Int32Array): void {
  // branch-free: the tiles' bits are random, and a branch per bit mispredicts half the time
  for (let x = 0; x < n; x++) mk[5 * n + x] = mk[6 * n + x] = mk[7 * n + x] = mk[8 * n + x] = mk[9 * n + x] = 0;
  for (let y = 0; y < n; y++) {
    let inM = 0;
    let fwd = 0;
    let back = 0;
    let out = 0;
    const at = y * n;
    for (let x = 0; x < n; x++) {
      const t = tiles[at + x];
      const north = t & 1;
      const south = (t >> 1) & 1;
      const east = (t >> 2) & 1;
      const west = (t >> 3) & 1;
      // rows: in n, forwards e, backwards w, out s, exit s
      inM |= north << x;
      fwd |= east << x;
      back |= west << x;
      out |= south << x;
      // columns: in w, forwards s, backwards n, out e; the exit is the corner's south side too
      mk[5 * n + x] |= west << y;
      mk[6 * n + x] |= south << y;
      mk[7 * n + x] |= north << y;
      mk[8 * n + x] |= east << y;
      mk[9 * n + x] |= south << y;
    }
    mk[y] = inM;
    mk[n + y] = fwd;
    mk[2 * n + y] = back;
    mk[3 * n + y] = out;
    mk[4 * n + y] = out;
  }
}

/**
 * Brings the masks of lineMasks up to date after a push of one line (the tiles already pushed):
 * the line's own five masks of its view, and its bit in each crossing line's five masks of the
 * other view. O(N) where lineMasks is O(N^2); the result equals lineMasks of the new tiles.
 * @param line the pushed line: a row y (isRow) or a column x, 0-based
 * @param mk the masks of lineMasks for the tiles before the push, updated in place
 */
export function updateLineMasks(tiles: Uint8Array, n: number, mk: Int32Array, line: number, isRow: boolean): void {
  if (isRow) {
    const y = line;
    const at = y * n;
    const keep = ~(1 << y);
    let inM = 0;
    let fwd = 0;
    let back = 0;
    let out = 0;
    for (let x = 0; x < n; x++) {
      const t = tiles[at + x];
      const north = t & 1;
      const south = (t >> 1) & 1;
      const east = (t >> 2) & 1;
      const west = (t >> 3) & 1;
      inM |= north << x;
      fwd |= east << x;
      back |= west << x;
      out |= south << x;
      mk[5 * n + x] = (mk[5 * n + x] & keep) | (west << y);
      mk[6 * n + x] = (mk[6 * n + x] & keep) | (south << y);
      mk[7 * n + x] = (mk[7 * n + x] & keep) | (north << y);
      mk[8 * n + x] = (mk[8 * n + x] & keep) | (east << y);
      mk[9 * n + x] = (mk[9 * n + x] & keep) | (south << y);
    }
    mk[y] = inM;
    mk[n + y] = fwd;
    mk[2 * n + y] = back;
    mk[3 * n + y] = out;
    mk[4 * n + y] = out;
  } else {
    const x = line;
    const keep = ~(1 << x);
    let inM = 0;
    let fwd = 0;
    let back = 0;
    let out = 0;
    for (let y = 0; y < n; y++) {
      const t = tiles[y * n + x];
      const north = t & 1;
      const south = (t >> 1) & 1;
      const east = (t >> 2) & 1;
      const west = (t >> 3) & 1;
      inM |= west << y;
      fwd |= south << y;
      back |= north << y;
      out |= east << y;
      mk[y] = (mk[y] & keep) | (north << x);
      mk[n + y] = (mk[n + y] & keep) | (east << x);
      mk[2 * n + y] = (mk[2 * n + y] & keep) | (west << x);
      mk[3 * n + y] = (mk[3 * n + y] & keep) | (south << x);
      mk[4 * n + y] = mk[3 * n + y];
    }
    mk[5 * n + x] = inM;
    mk[6 * n + x] = fwd;
    mk[7 * n + x] = back;
    mk[8 * n + x] = out;
    mk[9 * n + x] = fwd;
  }
}

/**
 * The opening of the south-east bounds (Lemmas R, J and K): the robot's place, its Manhattan
 * distance M to the corner and the pushes a south-east plan within the limit may make
 * (limit - M, at most 2N: no view looks further), or the bound when it is settled without a view.
 * One per bound object, set by open(); nothing is allocated per call.
 */
export class SouthEastStart {
  /** the robot's column and row, 0-based (y from the north) */
  x0 = 0;
  y0 = 0;
  /** Manhattan distance from the robot to the corner */
  m = 0;
  /** min(limit - M, 2N), valid when open() returned -1 */
  spare = 0;

  /** @param n N, the grid is N x N */
  constructor(private readonly n: number) {}

  /**
   * @param robot the robot's field, y*N + x
   * @param limit the caller asks only whether the bound exceeds it
   * @returns limit + 1 when M alone exceeds the limit, M when N > 32 (a line is no 32-bit
   *   mask: no view), else -1 (the view is to be made, with this.spare)
   */
  open(robot: number, limit: number): number {
    const n = this.n;
    this.x0 = robot % n;
    this.y0 = (robot - this.x0) / n;
    this.m = 2 * (n - 1) - this.x0 - this.y0;
    if (limit < this.m) return limit + 1;
    if (n > 32) return this.m;
    this.spare = Math.min(limit - this.m, 2 * n);
    return -1;
  }
}

/** The mask of a whole line of N fields (bit i: field i); -1 for N = 32, where 1 << 32 would be 1. */
export function fullMask(n: number): number {
  return n >= 32 ? -1 : (1 << n) - 1;
}

/** A line's mask of N bits rotated by r fields forwards (the card at i comes from i - r). */
export function rotateMask(mask: number, r: number, n: number, full: number): number {
  if (r === 0) return mask;
  return ((mask << r) | (mask >>> (n - r))) & full;
}

/**
 * The fields reached from `ok` by steps forwards along a line on its own cards, `pass` the
 * fields i + 1 whose card opens backwards with i's opening forwards (Kogge-Stone over 32 bits).
 */
export function fillForward(ok: number, pass: number, full: number): number {
  let p = pass;
  ok |= p & (ok << 1);
  p &= p << 1;
  ok |= p & (ok << 2);
  p &= p << 2;
  ok |= p & (ok << 4);
  p &= p << 4;
  ok |= p & (ok << 8);
  p &= p << 8;
  ok |= p & (ok << 16);
  return ok & full;
}

/**
 * The fields from which `good` is reached by steps forwards along a line on its own cards,
 * `pass` as fillForward's (the fields i + 1 whose card opens backwards with i's opening
 * forwards): fillForward read backwards (Kogge-Stone over 32 bits).
 */
export function fillBackward(good: number, pass: number): number {
  let p = pass >>> 1;
  good |= p & (good >>> 1);
  p &= p >>> 1;
  good |= p & (good >>> 2);
  p &= p >>> 2;
  good |= p & (good >>> 4);
  p &= p >>> 4;
  good |= p & (good >>> 8);
  p &= p >>> 8;
  good |= p & (good >>> 16);
  return good;
}

/** Scratch space and the search of Lemma R for one board size (N <= 32: a line is a 32-bit mask). */
export class RotationBound {
  private readonly n: number;
  private readonly full: number;
  /**
   * per view (0 rows, 1 columns) and line: bit masks of the fields along the line whose card
   * opens into the line's walk (in: n for rows, w for columns), forwards (e; s), backwards
   * (w; n), out of the line (s; e) and by the exit (s), at [view * 5 + kind] * N + line
   */
  private readonly masks: Int32Array;
  /** the masks the current bound() reads: this.masks, or the caller's */
  private current: Int32Array;
  /** per cost k (0..cap): the fields of the next line the walk can step into at cost <= k */
  private arrive: Int32Array;
  private down: Int32Array;
  private readonly start: SouthEastStart;

  /** @param n N, the grid is N x N (the bound answers "not above" for N > 32) */
  constructor(n: number) {
    this.n = n;
    this.start = new SouthEastStart(n);
    this.full = fullMask(n);
    this.masks = new Int32Array(10 * n);
    this.current = this.masks;
    this.arrive = new Int32Array(4 * n + 2);
    this.down = new Int32Array(4 * n + 2);
  }

  /**
   * Lemma R's bound on the cost of plans whose walk goes south and east only: M plus the
   * least R + C (row pushes, column pushes) that the row view and the column view allow.
   * @param tiles opening bits, index y*N + x
   * @param robot the robot's field, y*N + x
   * @param limit the caller needs to know only whether the bound exceeds limit
   * @param masks the tiles' lineMasks when the caller keeps them (read, not copied)
   * @returns limit + 1 when the bound exceeds limit, else M (a lower bound: M + 2N + 1 when
   *   limit - M is above 2N, where the search looks no further)
   */
  bound(tiles: Uint8Array, robot: number, limit: number, masks?: Int32Array): number {
    const n = this.n;
    const start = this.start;
    const settled = start.open(robot, limit);
    if (settled >= 0) return settled;
    const { x0, y0, m, spare } = start;
    if (masks) this.current = masks;
    else {
      lineMasks(tiles, n, this.masks);
      this.current = this.masks;
    }
    // feasibility is upward closed in (R, C) (both views only improve with more wild
    // cards), so SE <= limit iff some C has rowView(C) <= spare - C and colView(spare - C) <= C
    for (let c = 0; c <= spare; c++) {
      const r = spare - c;
      if (this.view(0, x0, y0, Math.min(c, n), r) > r) continue;
      if (this.view(5 * n, y0, x0, Math.min(r, n), c) <= c) return m;
    }
    return m + spare + 1;
  }

  /** a line's mask rotated by r fields forwards (the card at i comes from i - r) */
  private rot(mask: number, r: number): number {
    return rotateMask(mask, r, this.n, this.full);
  }

  /**
   * The row view (or, with the masks of the columns, the column view): the least sum over
   * lines of min(r, N - r), r the line's shift while the walk is in it, over south-east
   * walks from (x0, y0) to the exit using at most `wild` foreign cards per line (a foreign
   * card opens every side); cap + 1 when above cap. The robot's line is not shifted and its
   * own card is never foreign.
   * @param at the view's masks in this.masks (0 rows, 5N columns)
   * @param x0 the robot's place along its line; y0 its line
   */
  private view(at: number, x0: number, y0: number, wild: number, cap: number): number {
    const n = this.n;
    const mk = this.current;
    let arrive = this.arrive;
    let down = this.down;
    const startBit = 1 << x0;
    // the robot's line: no shift, cost 0
    const first = this.run(mk[at + y0], mk[at + n + y0], mk[at + 2 * n + y0], y0 === n - 1 ? mk[at + 4 * n + y0] : mk[at + 3 * n + y0], startBit, startBit, wild);
    for (let k = 0; k <= cap; k++) arrive[k] = first;
    if (y0 === n - 1) return (first >>> (n - 1)) & 1 ? 0 : cap + 1;
    for (let y = y0 + 1; y < n; y++) {
      const last = y === n - 1;
      down.fill(0, 0, cap + 1);
      if (arrive[cap] === 0) return cap + 1;
      const inM = mk[at + y];
      const fwd = mk[at + n + y];
      const back = mk[at + 2 * n + y];
      const out = mk[at + (last ? 4 : 3) * n + y];
      for (let r = 0; r < n; r++) {
        const c = r <= n - r ? r : n - r;
        if (c > cap) continue;
        const rin = this.rot(inM, r);
        const rf = this.rot(fwd, r);
        const rb = this.rot(back, r);
        const ro = this.rot(out, r);
        let before = 0;
        for (let k = 0; k + c <= cap; k++) {
          const seeds = arrive[k] & ~before;
          before = arrive[k];
          if (seeds === 0) continue;
          down[k + c] |= this.run(rin, rf, rb, ro, seeds, 0, wild);
        }
      }
      for (let k = 1; k <= cap; k++) down[k] |= down[k - 1];
      [arrive, down] = [down, arrive];
      if (last) {
        this.arrive = arrive;
        this.down = down;
        for (let k = 0; k <= cap; k++) if ((arrive[k] >>> (n - 1)) & 1) return k;
        return cap + 1;
      }
    }
    return cap + 1;
  }

  /**
   * One line of the walk: from the fields stepped into (seeds; their in-sides asked unless
   * in `own`, the robot's field, which is never foreign), along the line forwards, the fields
   * it can leave by the out-side, with at most `wild` foreign cards.
   */
  private run(inM: number, fwd: number, back: number, out: number, seeds: number, own: number, wild: number): number {
    const full = this.full;
    // a step i -> i + 1 on own cards: i opens forwards and i + 1 backwards
    const pass = (fwd & (back >>> 1)) << 1 & full;
    let ok = (seeds & inM) | own;
    let bad = seeds & ~ok;
    let exits = 0;
    for (let w = 0; ; w++) {
      ok = fillForward(ok, pass, full);
      // own cards opening forwards into a closed backwards side: reached, in-side closed
      bad |= ((ok & fwd & ~(back >>> 1)) << 1) & full;
      exits |= ok & out;
      if (w === wild) break;
      const foreign = (ok | bad) & ~own;
      exits |= foreign;
      const next = (foreign << 1) & full;
      ok = next & back;
      bad = next & ~back;
      if (next === 0) break;
    }
    return exits;
  }
}
