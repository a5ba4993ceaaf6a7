/**
 * Lemma J of docs/design/ipc-planner.md: the row view of Lemma R tied to the columns field by
 * field. A plan whose robot steps only south and east visits each row and each column in one
 * run of fields. Call a line *touched* when it is pushed before the walk steps into it. A
 * field of the walk in an untouched row and an untouched column still has its card of now (no
 * push has moved it); in a touched row with shift r and an untouched column it has its row's
 * card of now r fields back, or a card foreign to the row (at most C of them in the row, C the
 * column pushes); in a touched column anything (relaxed). So the plan's pushes R + C are at
 * least the least sum, over such walks, of the touched rows' costs (min(r, N - r), 2 when a
 * touched row is back at shift 0) and the number of touched columns. The same with rows and
 * columns swapped.
 *
 * Tiles are opening bits (n 1, s 2, e 4, w 8) at index y*N + x, x from the west, y from the
 * north, 0-based; the exit is the south side of the card on (N-1, N-1). Scratch space is
 * allocated once per board size; a call allocates nothing. The views' program is in
 * one-view-program.ts; this file asks it, and keeps a node's views for its pushes (prepare).
 */
import { OneViewProgram } from "./one-view-program.js";
import { fillBackward, lineMasks, rotateMask, SouthEastStart } from "./rotations.js";

/** Scratch space and the search of Lemma J for one board size (N <= 32: a line is a 32-bit mask). */
export class OneViewBound extends OneViewProgram {
  /** the masks of lineMasks (rotations.ts) */
  private readonly masks: Int32Array;
  /** per level of a backward run: the fields from which, wild by a touch (gT) or a foreign card (gF), the exit is reached */
  private readonly gT: Int32Array;
  private readonly gF: Int32Array;
  /** per depth: the robot and cap prepared (-1: none), and per view whether it is within cap (1) */
  private preRobot: Int32Array;
  private preCap: Int32Array;
  private preOk: Int32Array;
  private readonly start: SouthEastStart;

  /** @param n N, the grid is N x N (the bound answers "not above" for N > 32) */
  constructor(n: number) {
    super(n);
    this.masks = new Int32Array(10 * n);
    this.current = this.masks;
    const k = this.width;
    this.gT = new Int32Array(k * (n + 2));
    this.gF = new Int32Array(k * (n + 2));
    this.preRobot = new Int32Array(0);
    this.preCap = new Int32Array(0);
    this.preOk = new Int32Array(0);
    this.start = new SouthEastStart(n);
  }

  /** ints of one depth's block in this.stored: per view, N lines of entries and N + 1 of backward sets, two masks per cost */
  private get block(): number {
    return 2 * (2 * this.n + 1) * 2 * this.width;
  }

  /**
   * Prepares Lemma J for the children of a node that are pushes (boundAfterPush): both views
   * of the node's own board at the children's cap, kept per line. The forward pass keeps the
   * entries into each line (view's dynamic program as it is); a backward pass keeps, per line y
   * and cost k, the fields of line y from which, stepped into at cost k by an untouched or a
   * touched crossing line, the exit is reached within cap (the same program read backwards). A
   * push changes one line of its own view (the rest of the walk before and after it is the
   * node's), and none of the lines before the robot's. Scratch space grows with the depth (once
   * per new depth), nothing per call.
   * @param depth the node's depth (its children's boundAfterPush gets the same)
   * @param robot the robot's field, y*N + x
   * @param cap the children's spare: min(their limit - M, 2N); below 0 nothing is prepared
   * @param masks the node's lineMasks (rotations.ts)
   */
  prepare(depth: number, robot: number, cap: number, masks: Int32Array): void {
    const n = this.n;
    if (depth >= this.preCap.length) this.grow(depth + 1);
    this.preCap[depth] = -1;
    if (cap < 0 || n > 32) return;
    const x0 = robot % n;
    const y0 = (robot - x0) / n;
    this.current = masks;
    const base = depth * this.block;
    const viewSize = this.block / 2;
    this.preOk[2 * depth] = this.view(0, x0, y0, cap, base) <= cap ? 1 : 0;
    this.back(0, y0, cap, base);
    this.preOk[2 * depth + 1] = this.view(5 * n, y0, x0, cap, base + viewSize) <= cap ? 1 : 0;
    this.back(5 * n, x0, cap, base + viewSize);
    this.preRobot[depth] = robot;
    this.preCap[depth] = cap;
  }

  private grow(depths: number): void {
    const size = Math.max(depths, 2 * this.preCap.length, 16);
    const stored = new Int32Array(size * this.block);
    stored.set(this.stored);
    this.stored = stored;
    for (const name of ["preRobot", "preCap", "preOk"] as const) {
      const a = new Int32Array(name === "preOk" ? 2 * size : size);
      a.set(this[name]);
      this[name] = a;
    }
  }

  /**
   * bound() for a child of the node prepared at `depth` by a push of `line`: the same answer,
   * from the prepared views (the pushed line's view by one line's pass joined with the
   * prepared entries before it and backward sets after it; unchanged when the line comes
   * before the robot's), the other view by its own pass. Falls back to bound() when the node
   * was not prepared for this robot and cap.
   * @param depth the parent's depth
   * @param line the pushed row (isRow) or column, 0-based
   */
  boundAfterPush(depth: number, line: number, isRow: boolean, tiles: Uint8Array, robot: number, limit: number, masks: Int32Array): number {
    const n = this.n;
    const settled = this.start.open(robot, limit);
    if (settled >= 0) return settled;
    const { x0, y0, m, spare } = this.start;
    if (depth >= this.preCap.length || this.preCap[depth] !== spare || this.preRobot[depth] !== robot) return this.bound(tiles, robot, limit, masks);
    this.current = masks;
    const v = isRow ? 0 : 1;
    const along = isRow ? y0 : x0;
    if (line < along ? this.preOk[2 * depth + v] === 0 : !this.meet(v * 5 * n, line, spare, depth * this.block + (v * this.block) / 2)) return limit + 1;
    if (isRow ? this.view(5 * n, y0, x0, spare) > spare : this.view(0, x0, y0, spare) > spare) return limit + 1;
    return m;
  }

  /** the view through line y of a child: the prepared entries into y, one line's pass, the prepared backward sets after it */
  private meet(at: number, y: number, cap: number, vb: number): boolean {
    const w = this.width;
    const st = this.stored;
    const f = vb + y * 2 * w;
    for (let k = 0; k <= cap; k++) {
      this.a0[k] = st[f + k];
      this.a1[k] = st[f + w + k];
    }
    if (!this.nextLine(at, y, cap, -1)) return false;
    const b = vb + (this.n + y + 1) * 2 * w;
    for (let k = 0; k <= cap; k++) if (((this.a0[k] & st[b + k]) | (this.a1[k] & st[b + w + k])) !== 0) return true;
    return false;
  }

  /**
   * The backward sets of one view (prepare): for each line y from the last down to y0 + 2 and
   * cost k <= cap, at vb + (N + y) * 2 * width (+ width for a touched crossing line), the fields
   * of line y from which the exit is reached within cap when stepped into at cost k. Line N
   * (after the last): the corner's field, by the exit, at every cost.
   */
  private back(at: number, y0: number, cap: number, vb: number): void {
    const n = this.n;
    const w = this.width;
    const st = this.stored;
    const mk = this.current;
    const full = this.full;
    const corner = 1 << (n - 1);
    const end = vb + 2 * n * 2 * w;
    for (let k = 0; k <= cap; k++) st[end + k] = st[end + w + k] = corner;
    for (let y = n - 1; y >= y0 + 2; y--) {
      const o = vb + (n + y) * 2 * w;
      const x = o + 2 * w;
      for (let k = 0; k <= cap; k++) st[o + k] = st[o + w + k] = 0;
      const inM = mk[at + y];
      const fwd = mk[at + n + y];
      const back = mk[at + 2 * n + y];
      const out = mk[at + (y === n - 1 ? 4 : 3) * n + y];
      for (let r = -1; r < n; r++) {
        const c = r < 0 ? 0 : r === 0 ? 2 : Math.min(r, n - r);
        if (c > cap) continue;
        const s = r < 0 ? 0 : r;
        const foreign = r < 0 ? 0 : Math.min(cap - c, n);
        const jcap = cap - c;
        const rIn = rotateMask(inM, s, n, full);
        const rFwd = rotateMask(fwd, s, n, full);
        const rBack = rotateMask(back, s, n, full);
        const rOut = rotateMask(out, s, n, full);
        const pass = ((rFwd & (rBack >>> 1)) << 1) & full;
        const width = foreign + 1;
        const gT = this.gT;
        const gF = this.gF;
        // levels (touches j, foreign cards k) backwards: run's moves go to (j + 1, k) and (j, k + 1)
        for (let j = jcap; j >= 0; j--) {
          const x0 = st[x + j + c];
          const x1 = st[x + w + j + c];
          for (let f = foreign; f >= 0; f--) {
            const i = j * width + f;
            const goodNext = (j < jcap ? gT[i + width] : 0) | (f < foreign ? gF[i + 1] : 0);
            const ok = fillBackward((rOut & x0) | (rFwd & (goodNext >>> 1)), pass);
            const step = (goodNext >>> 1) | ((ok & rBack) >>> 1);
            gT[i] = x1 | step;
            gF[i] = x0 | step;
            if (f === 0) {
              st[o + w + j] |= gT[i];
              st[o + j] |= (rIn & ok) | (foreign > 0 ? gF[i + 1] : 0);
            }
          }
        }
      }
    }
  }

  /**
   * Lemma J's bound on the cost of plans whose walk goes south and east only: M plus the
   * larger of the two views' least costs.
   * @param tiles opening bits, index y*N + x
   * @param robot the robot's field, y*N + x
   * @param limit the caller needs to know only whether the bound exceeds limit
   * @param masks the tiles' lineMasks when the caller keeps them (read, not copied)
   * @returns limit + 1 when the bound exceeds limit, else M (a lower bound)
   */
  bound(tiles: Uint8Array, robot: number, limit: number, masks?: Int32Array): number {
    const n = this.n;
    const settled = this.open(tiles, robot, limit, masks);
    if (settled >= 0) return settled;
    const { x0, y0, m, spare } = this.start;
    if (this.view(0, x0, y0, spare) > spare) return limit + 1;
    if (this.view(5 * n, y0, x0, spare) > spare) return limit + 1;
    return m;
  }

  /** this.start.open, and the masks the views read: the caller's, or built here; -1 when the views are to be made */
  private open(tiles: Uint8Array, robot: number, limit: number, masks?: Int32Array): number {
    const settled = this.start.open(robot, limit);
    if (settled >= 0) return settled;
    if (masks) this.current = masks;
    else {
      lineMasks(tiles, this.n, this.masks);
      this.current = this.masks;
    }
    return -1;
  }

  /**
   * Lemma A's question: do both views exceed limit (each asked alone, as bound() asks them)?
   * @returns true when the row view and the column view are both above limit
   */
  bothAbove(tiles: Uint8Array, robot: number, limit: number, masks?: Int32Array): boolean {
    const settled = this.open(tiles, robot, limit, masks);
    if (settled >= 0) return settled > limit;
    const { x0, y0, spare } = this.start;
    return this.view(0, x0, y0, spare) > spare && this.view(5 * this.n, y0, x0, spare) > spare;
  }

}
