/**
 * Lemma L of docs/design/ipc-planner.md: the cost bound's term for pushes, "the lines a walk
 * needs". A card differs from the one the board has now only after a push of its row or
 * its column, so a plan that pushes the set S of lines walks on the board relaxed so that
 * every card of a line in S opens every side. The least |W| + (segments of W that need a
 * line of S) over walks W, found by an A* search over (field, mode: which of the field's
 * row and column segments is flagged), never exceeds steps + pushes of any plan (the
 * lemma's proof), and the robot's own row and column cannot have been pushed while it has
 * not yet left them (their flags are frozen off until the first step across them). The
 * search also records where it stepped into each line (Lemma L', lineEntries).
 *
 * Tiles are opening bits (n 1, s 2, e 4, w 8) at index y*N + x, x from the west, y from the
 * north, 0-based; the exit is the south side of the card on (N-1, N-1). Everything lives in
 * typed arrays allocated once per board size; a call allocates nothing.
 */

/*
 * Search states: field * 8 + mode. A mode says which of the robot's two lines (the row and
 * the column of its field, as segments of the walk) are flagged (in S: every card on them
 * opens every side) and whether they are still the robot's first segments (frozen: no push
 * can have happened to them yet). Both flags on at once is never needed: a walk leaves a
 * field along one of the two lines, and the exit is covered by either.
 */
const P = 0; // no flag
const R = 1; // the row flagged
const C = 2; // the column flagged
const FR_P = 3; // first row segment (frozen), column not flagged
const FR_C = 4; // first row segment, column flagged
const FC_P = 5; // first column segment (frozen), row not flagged
const FC_R = 6; // first column segment, row flagged
const START = 7; // the robot's field before any step: both frozen
const MODES = 8;
const BIT = [1, 2, 4, 8];
const BACK = [2, 1, 8, 4];

/** Scratch space and the search of Lemma L for one board size. */
export class LineBound {
  private readonly n: number;
  /** least cost found per state, valid where seen === stamp */
  private readonly dist: Int32Array;
  private readonly seen: Int32Array;
  private stamp = 0;
  /** per field, the least f of a step into it (valid where arrivalSeen === stamp) */
  private readonly arrival: Int32Array;
  private readonly arrivalSeen: Int32Array;
  /** four rotating layers of states by f = cost + Manhattan distance to the corner (f .. f+3) */
  private readonly layers: Int32Array[];
  private readonly sizes = new Int32Array(4);
  /** per direction n s e w: how f changes with a step (the Manhattan distance falls by 1 going s or e) */
  private static readonly STEP = [2, 0, 0, 2];
  /** with steps free (fewestFlags): no step changes f */
  private static readonly FREE = [0, 0, 0, 0];
  /** neighbour field per (field, direction n s e w), -1 off the grid */
  private readonly next: Int32Array;

  /** @param n N, the grid is N x N */
  constructor(n: number) {
    this.n = n;
    const states = n * n * MODES;
    this.dist = new Int32Array(states);
    this.seen = new Int32Array(states);
    this.arrival = new Int32Array(n * n);
    this.arrivalSeen = new Int32Array(n * n);
    this.layers = [new Int32Array(states), new Int32Array(states), new Int32Array(states), new Int32Array(states)];
    this.next = new Int32Array(n * n * 4);
    for (let f = 0; f < n * n; f++) {
      const x = f % n;
      const y = (f - x) / n;
      this.next[f * 4] = y > 0 ? f - n : -1;
      this.next[f * 4 + 1] = y < n - 1 ? f + n : -1;
      this.next[f * 4 + 2] = x < n - 1 ? f + 1 : -1;
      this.next[f * 4 + 3] = x > 0 ? f - 1 : -1;
    }
  }

  /**
   * The least f of a step into field q whose side leaving the field before was usable, the
   * side of q itself not asked (a push of q's line may change q's card).
   */
  private arrive(q: number, f: number): void {
    if (this.arrivalSeen[q] !== this.stamp || this.arrival[q] > f) {
      this.arrivalSeen[q] = this.stamp;
      this.arrival[q] = f;
    }
  }

  /**
   * After a bound() that returned V (not from a limit): for each line, the least f at which
   * the search stepped into one of its fields, `below` when none below it. Rows y at
   * out[offset + y], columns x at out[offset + N + x]. A push of a line whose value is at
   * least V leaves the bound at V or more (Lemma L', docs/design/ipc-planner.md).
   */
  lineEntries(out: Int32Array, offset: number, below: number): void {
    const n = this.n;
    for (let i = 0; i < 2 * n; i++) out[offset + i] = below;
    for (let f = 0; f < n * n; f++) {
      if (this.arrivalSeen[f] !== this.stamp) continue;
      const a = this.arrival[f];
      if (a >= below) continue;
      const x = f % n;
      const y = (f - x) / n;
      if (a < out[offset + y]) out[offset + y] = a;
      if (a < out[offset + n + x]) out[offset + n + x] = a;
    }
  }

  private reach(s: number, d: number): void {
    if (this.seen[s] === this.stamp && this.dist[s] <= d) return;
    this.seen[s] = this.stamp;
    this.dist[s] = d;
    const layer = d & 3;
    this.layers[layer][this.sizes[layer]++] = s;
  }

  /**
   * Lemma L's bound: the least steps + flagged line segments over walks from the robot to
   * the exit.
   * @param tiles opening bits, index y*N + x
   * @param robot the robot's field, y*N + x
   * @param limit the caller needs to know the bound only up to limit
   * @param freeSteps count the flags only (steps cost 0): F, the fewest flagged segments of
   *   any relaxed walk (Lemma R); then limit bounds F
   * @returns the bound, or limit + 1 when it exceeds limit (Infinity when no walk exists
   *   even with every other line flagged)
   */
  bound(tiles: Uint8Array, robot: number, limit: number, freeSteps = false): number {
    const exit = this.n * this.n - 1;
    const next = this.next;
    this.stamp++;
    if (this.stamp === 0x7fffffff) {
      this.seen.fill(0);
      this.arrivalSeen.fill(0);
      this.stamp = 1;
    }
    this.sizes.fill(0);
    const n = this.n;
    const rx = robot % n;
    const step = freeSteps ? LineBound.FREE : LineBound.STEP;
    let pending = 1;
    this.reach(robot * MODES + START, freeSteps ? 0 : 2 * (n - 1) - rx - (robot - rx) / n);
    for (let d = this.dist[robot * MODES + START]; pending > 0; d++) {
      if (d > limit) return limit + 1;
      const li = d & 3;
      const layer = this.layers[li];
      // steps towards the corner keep f: they are appended to this layer while it is read
      for (let i = 0; i < this.sizes[li]; i++) {
        const s = layer[i];
        pending--;
        if (this.dist[s] !== d) continue;
        const mode = s & 7;
        const f = s >> 3;
        const card = tiles[f];
        const rowOn = mode === R || mode === FC_R;
        const colOn = mode === C || mode === FR_C;
        if (f === exit && (rowOn || colOn || (card & 2) !== 0)) return d;
        const before = this.sizes[0] + this.sizes[1] + this.sizes[2] + this.sizes[3];
        const base = f * 4;
        // flag a line of this field (not a frozen one)
        if (mode === P) {
          this.reach(f * MODES + R, d + 1);
          this.reach(f * MODES + C, d + 1);
        } else if (mode === FR_P) this.reach(f * MODES + FR_C, d + 1);
        else if (mode === FC_P) this.reach(f * MODES + FC_R, d + 1);
        else if (mode === R) this.reach(f * MODES + C, d + 1);
        else if (mode === C) this.reach(f * MODES + R, d + 1);
        // steps along the row (e, w): the row's flag carries, the column is a new segment
        const inFirstRow = mode === FR_P || mode === FR_C || mode === START;
        for (let k = 2; k < 4; k++) {
          const q = next[base + k];
          if (q < 0) continue;
          const g = d + step[k];
          if (rowOn) {
            this.arrive(q, g);
            this.reach(q * MODES + R, g);
            continue;
          }
          if (!colOn && (card & BIT[k]) === 0) continue;
          this.arrive(q, g);
          const open = (tiles[q] & BACK[k]) !== 0;
          if (inFirstRow) this.reach(q * MODES + (open ? FR_P : FR_C), open ? g : g + 1);
          else this.reach(q * MODES + (open ? P : C), open ? g : g + 1);
        }
        // steps along the column (n, s)
        const inFirstCol = mode === FC_P || mode === FC_R || mode === START;
        for (let k = 0; k < 2; k++) {
          const q = next[base + k];
          if (q < 0) continue;
          const g = d + step[k];
          if (colOn) {
            this.arrive(q, g);
            this.reach(q * MODES + C, g);
            continue;
          }
          if (!rowOn && (card & BIT[k]) === 0) continue;
          this.arrive(q, g);
          const open = (tiles[q] & BACK[k]) !== 0;
          if (inFirstCol) this.reach(q * MODES + (open ? FC_P : FC_R), open ? g : g + 1);
          else this.reach(q * MODES + (open ? P : R), open ? g : g + 1);
        }
        pending += this.sizes[0] + this.sizes[1] + this.sizes[2] + this.sizes[3] - before;
      }
      this.sizes[li] = 0;
    }
    return Infinity;
  }
}
