/**
 * Where a set grown by a first push can walk, with two pushes left (docs/design/search.md,
 * Lemma 7, and Lemma 17 through GrownReach): whether R (or C), after a first push that
 * grows it far from the other set, can have a field on or beside a line of the only last
 * pushes that can follow. Lemma 7's bound W (the fields that can walk to those lines on
 * the board before the push) is walked once per state and set; Lemma 17's walk of the
 * grown set decides where W cannot. For the far children of a state with three left
 * (Lemma 8: ply p's state not written yet), Lemma 17 (5): the walk on the child's board
 * written aside, shared by the siblings as far as it does not depend on the far push
 * (pendingMeets). Keeps every solution.
 */
import { D_N } from "../../../board/layout.js";
import { LineSet, type LineMath } from "../../../board/lines.js";
import type { PlyStack } from "../../ply-stack.js";
import type { GrownReach } from "../grown-reach.js";

/** reaches for a far child: the set moved by m already has a field in the band */
const W0_MOVED_IN_BAND = 0;
/** pendingMeets' walk W0 met the band */
const W0_MEETS = 1;
/** W0 did not meet the band; its lines are kept */
const W0_LINES = 2;

export class WalksTo {
  /** a set's lines after a first push moved it */
  private readonly moved = new LineSet();
  /** W's lines */
  private readonly w = new LineSet();
  /** bit 1 (2) when wLines[0..1] ([2..3]) hold the current state's W lines */
  private wDone = 0;
  /** rows and columns of W for R's test, then for C's */
  private readonly wLines = new Int32Array(4);
  /** the state with three left whose far children are judged now (`startState` counts them) */
  private epoch = 0;
  /**
   * per set (R: m, C: 4N + m) and first push m, what `reaches` found for the far children
   * of the current state with three left: the epoch it was found in, W0_MOVED_IN_BAND,
   * W0_MEETS or W0_LINES (pendingMeets' walk W0), the band, and W0's lines
   */
  private readonly w0Epoch = new Int32Array(256).fill(-1);
  private readonly w0Code = new Uint8Array(256);
  private readonly w0BandRows = new Int32Array(256);
  private readonly w0BandCols = new Int32Array(256);
  private readonly w0Rows = new Int32Array(256);
  private readonly w0Cols = new Int32Array(256);
  /**
   * per set and first push m (as w0Epoch), for the written children of the current state
   * with three left: the epoch their shared walk was made in, and its lines (nearWalk)
   */
  private readonly n0Epoch = new Int32Array(256).fill(-1);
  private readonly n0Rows = new Int32Array(256);
  private readonly n0Cols = new Int32Array(256);
  private readonly n0 = new LineSet();
  /** the current state with two left is a written child of the current state with three left (startRun) */
  private child = false;

  /**
   * @param grown Lemma 17's walk (counts its walks and cuts)
   * @param quick RuleSwitches.quickTwoPushes: the far children share the walks W0
   */
  constructor(
    private readonly plies: PlyStack,
    private readonly lines: LineMath,
    private readonly grown: GrownReach,
    private readonly quick = true,
  ) {}

  /**
   * A new state with three left: what its far children share is made afresh (the count
   * starts again before it leaves the words of w0Epoch).
   */
  startState(): void {
    if (++this.epoch === 0x7fffffff) {
      this.epoch = 0;
      this.w0Epoch.fill(-1);
      this.n0Epoch.fill(-1);
    }
  }

  /** the lines of W0 that keptLines found */
  keptRows = 0;
  keptCols = 0;

  /**
   * True when, for the far children of the current state with three left, the walk W0 of
   * R (C when `goal`) after first push m was made and did not meet the band; its rows and
   * columns are then in keptRows, keptCols (FarChildren).
   */
  keptLines(goal: boolean, m: number): boolean {
    const i = goal ? 4 * this.plies.n + m : m;
    if (this.w0Epoch[i] !== this.epoch || this.w0Code[i] !== W0_LINES) return false;
    this.keptRows = this.w0Rows[i];
    this.keptCols = this.w0Cols[i];
    return true;
  }

  /**
   * A new state with two left: W is walked afresh when asked.
   * @param child the state (ply p) was written from the current state with three left
   *   (ply p - 1, `startState`) by ply p's push, and that state is still at ply p - 1
   */
  startRun(child = false): void {
    this.wDone = 0;
    this.child = child;
  }

  /**
   * Whether R (C when `goal`), after first push m grows it, can have a field on or beside
   * a line of zRows/zCols, the lines of the only last pushes that can follow (when m is
   * far from the other set, the other set's growers now). Without applying m: a path of
   * the board after m from the moved set to such a field either uses no link that m
   * changed (then the moved set already has a field there: R and C are closed, and a
   * field on m's line has only changed links), or after its last changed link, which
   * ends on m's line or beside it, it follows links of the board before m. So some field
   * on or beside m's line must walk, on the board before m, to a field on or beside a
   * line of zRows/zCols; the fields that can (W) are walked once per state, from all of
   * those fields (Lemma 7). (A last push must have a field of the set on or beside its
   * line to make it grow: LookAhead.grows.)
   * @param rows the set's rows before m (bit r: row r holds a field)
   * @param cols the set's columns before m
   * @param setAt index of the set's N rows (ply p's state)
   * @returns false when the set cannot get there: m is then no first push
   */
  reaches(p: number, goal: boolean, rows: number, cols: number, setAt: number, m: number, zRows: number, zCols: number): boolean {
    const plies = this.plies;
    const grown = this.grown;
    // ply p's state not written yet (a far push, Lemma 8)
    const pending = grown.enabled && plies.pending === p;
    const i = goal ? 4 * plies.n + m : m;
    if (pending && this.quick && this.w0Epoch[i] === this.epoch) {
      // a far sibling judged m before: the band, the moved set and W0 are the same (pendingMeets)
      if (this.w0Code[i] === W0_MOVED_IN_BAND) return true;
      const bandRows = this.w0BandRows[i];
      const bandCols = this.w0BandCols[i];
      grown.tried++;
      if (!this.pendingMeets(p, goal, setAt, m, bandRows, bandCols)) {
        grown.cut++;
        return false;
      }
      return true;
    }
    const lm = this.lines;
    const bandRows = lm.touching(zRows);
    const bandCols = lm.touching(zCols);
    const moved = this.moved;
    lm.moved(plies.state, rows, cols, setAt, m, moved);
    if (((moved.rows & bandRows) | (moved.cols & bandCols)) !== 0) {
      if (pending && this.quick) {
        this.w0Epoch[i] = this.epoch;
        this.w0Code[i] = W0_MOVED_IN_BAND;
      }
      return true;
    }
    if (pending) {
      // ply p's state not written (a far push, Lemma 8): the set is walked on its board
      // written aside (Lemma 17 (5)); that walk is exact, so it decides m
      grown.tried++;
      if (!(this.quick ? this.pendingMeets(p, goal, setAt, m, bandRows, bandCols) : grown.meets(plies.boardOf(p), setAt, m, bandRows, bandCols))) {
        grown.cut++;
        return false;
      }
      return true;
    }
    return this.walksOn(p, goal, rows, cols, setAt, m, bandRows, bandCols);
  }

  /** reaches for a written state, after the moved set: W, and Lemma 17 on ply p's state. */
  private walksOn(p: number, goal: boolean, rows: number, cols: number, setAt: number, m: number, bandRows: number, bandCols: number): boolean {
    const lm = this.lines;
    const plies = this.plies;
    const n = plies.n;
    const dir = (m / n) | 0;
    const grown = this.grown;
    // W holds every field of the band's lines, so it has a field on or beside every line
    // across them: only when the band has no line of m's orientation can the test fail;
    // else the set is walked on the board after m without writing it (Lemma 17)
    if ((dir < D_N ? bandCols : bandRows) !== 0) return !grown.enabled || this.grownMeets(p, goal, rows, cols, setAt, m, bandRows, bandCols);
    const bit = goal ? 2 : 1;
    const at = goal ? 2 : 0;
    if ((this.wDone & bit) === 0) {
      this.wDone |= bit;
      const state = plies.state;
      const w = plies.wAt;
      for (let r = 0; r < n; r++) state[w + r] = ((bandRows >>> r) & 1) === 1 ? lm.full : bandCols;
      // without band columns W starts as full rows: only the rows beside them can grow
      plies.bits.closeFrom(state, plies.boardOf(p), w, bandCols === 0 ? lm.touching(bandRows) : -1);
      lm.of(state, w, this.w);
      this.wLines[at] = this.w.rows;
      this.wLines[at + 1] = this.w.cols;
    }
    const near = lm.touching(1 << (m - dir * n));
    if ((this.wLines[at + (dir < D_N ? 0 : 1)] & near) === 0) return false;
    return !grown.enabled || this.grownMeets(p, goal, rows, cols, setAt, m, bandRows, bandCols);
  }

  /**
   * Lemma 17 (5) for first push m of ply p's state, not written yet (ply p's push X was
   * far from R and C of ply p - 1, which it inherits): the set walked after m on ply p's
   * board, written aside (PlyStack.boardOf), as Lemma 17 (4) on a written state. The far
   * children of one state with three left share R, C, their growth words (so the band)
   * and the board but for X's line, so the walk W0 on ply p - 1's board is made once per
   * state, set and m (`prepare` starts a state), to the band. When W0 does not meet the
   * band, it decides for every X whose line W0's lines are not within two of (nearPushed):
   * the walk on ply p's board reads the same words as W0's at every step (X changes only
   * the tiles of its line, m carries a changed tile at most one line on), so it ends as
   * W0 did. Else the set is walked on ply p's board. The same decisions as that walk alone.
   */
  private pendingMeets(p: number, goal: boolean, setAt: number, m: number, bandRows: number, bandCols: number): boolean {
    const plies = this.plies;
    const lm = this.lines;
    const n = plies.n;
    const i = goal ? 4 * n + m : m;
    if (this.w0Epoch[i] !== this.epoch) {
      this.w0Epoch[i] = this.epoch;
      this.w0BandRows[i] = bandRows;
      this.w0BandCols[i] = bandCols;
      const meets = this.grown.meets((p - 1) * plies.stride, setAt, m, bandRows, bandCols);
      this.w0Code[i] = meets ? W0_MEETS : W0_LINES;
      if (!meets) {
        this.grown.finish();
        lm.of(plies.state, plies.grownAt, this.w);
        this.w0Rows[i] = this.w.rows;
        this.w0Cols[i] = this.w.cols;
      }
    }
    if (this.w0Code[i] === W0_LINES && !this.nearPushed(p, this.w0Rows[i], this.w0Cols[i])) return false;
    return this.grown.meets(plies.boardOf(p), setAt, m, bandRows, bandCols);
  }

  /**
   * Whether a set with lines `rows`, `cols` has a field within two lines of the line of
   * ply p's push X (its rows for a row push, else its columns), that is on or beside a
   * line that X or a push across X's line after it can change (X's line and the lines
   * beside it, across the wraparound).
   */
  private nearPushed(p: number, rows: number, cols: number): boolean {
    const lm = this.lines;
    const n = this.plies.n;
    const x = this.plies.path[p - 1];
    const xDir = (x / n) | 0;
    return ((xDir < D_N ? rows : cols) & lm.touching(lm.around(1 << (x - xDir * n)))) !== 0;
  }

  /**
   * Lemma 17 on ply p's board (PlyStack.boardOf; with Lemma 17 on, a state not written is
   * decided in `reaches` before this is asked): false when m is skipped.
   * `goal`, `rows`, `cols`: the set is C (else R), its lines before m.
   */
  private grownMeets(p: number, goal: boolean, rows: number, cols: number, setAt: number, m: number, bandRows: number, bandCols: number): boolean {
    this.grown.tried++;
    const shared = this.child && this.quick ? this.nearWalk(p, goal, rows, cols, setAt, m, bandRows, bandCols) : -1;
    if (shared === 1 || (shared === -1 && this.grown.meets(this.plies.boardOf(p), setAt, m, bandRows, bandCols))) return true;
    this.grown.cut++;
    return false;
  }

  /**
   * Lemma 17 for a written child (ply p) of the current state with three left, when ply
   * p's push X neither holds nor borders the set: the set is then ply p - 1's, closed on
   * its board too, and the two boards differ only on X's line. The walk of the set after
   * m on ply p - 1's board, to its end (no band), is made once per state with three left,
   * set and m, and its lines kept. When those lines are not within two of X's line (as
   * pendingMeets: every word the walk reads where the set lies is the same on both
   * boards, after m too, which moves a changed tile at most one line on), it is the walk
   * on ply p's board, and it meets the band exactly when its lines do.
   * @returns 1 it meets the band, 0 it does not, -1 not decided here
   */
  private nearWalk(p: number, goal: boolean, setRows: number, setCols: number, setAt: number, m: number, bandRows: number, bandCols: number): number {
    const plies = this.plies;
    const lm = this.lines;
    const n = plies.n;
    const x = plies.path[p - 1];
    const xDir = (x / n) | 0;
    // X holds or borders the set
    if ((lm.touching(1 << (x - xDir * n)) & (xDir < D_N ? setRows : setCols)) !== 0) return -1;
    const i = goal ? 4 * n + m : m;
    if (this.n0Epoch[i] !== this.epoch) {
      this.n0Epoch[i] = this.epoch;
      // no band: the walk runs to its end
      this.grown.meets((p - 1) * plies.stride, setAt, m, 0, 0);
      this.grown.finish();
      lm.of(plies.state, plies.grownAt, this.n0);
      this.n0Rows[i] = this.n0.rows;
      this.n0Cols[i] = this.n0.cols;
    }
    const rows = this.n0Rows[i];
    const cols = this.n0Cols[i];
    if (this.nearPushed(p, rows, cols)) return -1;
    return ((rows & bandRows) | (cols & bandCols)) !== 0 ? 1 : 0;
  }
}
