/**
 * The two last pushes (docs/search.md, Lemmas 5 to 7): with two pushes left, a first
 * push is applied only if a last push could follow it, as far as the lines of R and C,
 * their growers and where a growing set can walk tell. Keeps every solution.
 */
import { D_E, D_N, K_R } from "../layout.js";
import { LineSet, type LineMath } from "../lines.js";
import type { LookAhead } from "../lookahead.js";
import type { Plies } from "../plies.js";
import type { Commutation } from "./commutation.js";
import type { GrownReach } from "./grown-reach.js";
import type { LastPush } from "./last-push.js";
import { PruningRule } from "./rule.js";

/** walksTo for a far child: the set moved by m already has a field in the band */
const W0_MOVED_IN_BAND = 0;
/** pendingMeets' walk W0 met the band */
const W0_MEETS = 1;
/** W0 did not meet the band; its lines are kept */
const W0_LINES = 2;

export class TwoPushes extends PruningRule {
  readonly name = "two last pushes";
  readonly preserves = "every solution" as const;
  readonly lemma = "Lemmas 5-7";
  /** counts the first pushes of the plies with two left (tried) and those no last push followed (cut) */

  /** R's and C's lines of the state with three pushes left (prepare), for far children */
  readonly keptR = new LineSet();
  readonly keptC = new LineSet();
  /** what `plan` leaves for the loop of `run`: the lines touching both sets, touching R, C, near R, C */
  private rowLines = 0;
  private colLines = 0;
  private rowsR = 0;
  private colsR = 0;
  private rowsC = 0;
  private colsC = 0;
  private nearRowsR = 0;
  private nearColsR = 0;
  private nearRowsC = 0;
  private nearColsC = 0;
  /** the last pushes that grow both sets now, rows and columns */
  private passAllRows = 0;
  private passAllCols = 0;
  /** the first pushes' lines left for the loop, per direction */
  private readonly left = new Int32Array(4);
  /** the lines of R and C that `plan` was given */
  private readonly planned = new LineSet();
  private readonly plannedC = new LineSet();
  /** R's and C's lines of the state being judged, and the lines touching both */
  private readonly r = new LineSet();
  private readonly c = new LineSet();
  private readonly both = new LineSet();
  /** a set's lines after a first push moved it (walksTo) */
  private readonly moved = new LineSet();
  /** W's lines (walksTo) */
  private readonly w = new LineSet();
  /** walksTo: bit 1 (2) when wLines[0..1] ([2..3]) hold the current state's W lines */
  private wDone = 0;
  /** rows and columns of W for R's test, then for C's (walksTo) */
  private readonly wLines = new Int32Array(4);
  /** the state with three left whose far children are judged now (`prepare` counts them) */
  private epoch = 0;
  /** the epoch whose far children's first pushes left (plan's `left`) farLeft holds, or -1 */
  private farPlanned = -1;
  private readonly farLeft = new Int32Array(4);
  /**
   * per set (R: m, C: 4N + m) and first push m, what walksTo found for the far children
   * of the current state with three left: the epoch it was found in, W0_MOVED_IN_BAND,
   * W0_MEETS or W0_LINES (pendingMeets' walk W0), the band, and W0's lines
   */
  private readonly w0Epoch = new Int32Array(256).fill(-1);
  private readonly w0Code = new Uint8Array(256);
  private readonly w0BandRows = new Int32Array(256);
  private readonly w0BandCols = new Int32Array(256);
  private readonly w0Rows = new Int32Array(256);
  private readonly w0Cols = new Int32Array(256);

  constructor(
    private readonly plies: Plies,
    private readonly lines: LineMath,
    private readonly look: LookAhead,
    private readonly commutation: Commutation,
    private readonly last: LastPush,
    private readonly grown: GrownReach,
    /** SearchOptions.quickTwoPushes: growth words reused, line masks, far children's plan and walks shared (the same decisions) */
    private readonly quick = true,
  ) {
    super();
  }

  /**
   * Keeps the lines of R (of the state at `from`) and of C (the R group of the state at
   * `cs`) of a state with three pushes left, for its far children (Lemma 8).
   */
  prepare(from: number, cs: number): void {
    const plies = this.plies;
    // a new state with three left: what its far children share is made afresh (the
    // count starts again before it leaves the words of w0Epoch)
    if (++this.epoch === 0x7fffffff) {
      this.epoch = 0;
      this.w0Epoch.fill(-1);
      this.farPlanned = -1;
    }
    this.lines.of(plies.state, plies.rOf(from), this.keptR);
    this.lines.of(plies.state, plies.rOf(cs), this.keptC);
  }

  /**
   * Two pushes left below ply p >= 1 (R is closed under walking). A push on line L
   * changes only the tiles on L and the links with an end on L, so if L neither holds
   * nor borders a field of R, R stays as it is, and if it neither holds nor borders a
   * field of C, C stays a component. A first push touching neither leaves the last push
   * the lines that touch both R and C now; when there are none, such first pushes are
   * not tried at all. For the others, LookAhead.grows tells without applying the push
   * whether R or C would grow; when neither does, both only move with their tiles, and
   * the first push is applied only if some line would then touch both (Lemma 5). After
   * a first push far from R, a last push grows R exactly when it grows R now, so the
   * last push is one of R's growers now, likewise for C (Lemma 6); a first push that
   * grows one set far from the other must let it walk to a line of the other's growers
   * (Lemma 7, walksTo).
   * @param sc the state whose R group holds C
   * @param inherit ply p's push was far from R and C of ply p - 1 (Lemma 8): R, C, their
   *   lines and growth words are those of ply p - 1, and ply p's state is written only
   *   when a first push is applied (Plies.pending)
   * @param after ply p's state was written from ply p - 1's, whose growth words (of R
   *   and of the C that ply p's C was made from) are at Plies.grow[8(p - 1)]: when ply
   *   p's push is a row push that grew neither set, the growth words of the rows away
   *   from it are taken from there (LookAhead.growthAfterRowPush)
   * @param given the last call of `plan` was for ply p's state, with its growth words at
   *   Plies.grow[8p] (TwoAhead made them before writing the state, Lemma 18)
   * @returns the solutions found
   */
  run(p: number, sc: number, inherit: boolean, after = false, given = false): number {
    const plies = this.plies;
    const lm = this.lines;
    const n = plies.n;
    const bits = plies.bits;
    const state = plies.state;
    const stride = plies.stride;
    const from = p * stride;
    const to = from + stride;
    const sc2 = plies.scratch2;
    const cAt = sc + K_R * n;
    // R's rows: inherited, ply p's state may not be written yet (far pushes)
    const rAt = (inherit ? from - stride : from) + K_R * n;
    this.wDone = 0;
    const grow = plies.grow;
    const g8 = 8 * p;
    const r = this.r;
    const c = this.c;
    if (given) {
      // TwoAhead made the lines, the growth words and the masks (plan) of this state
      r.set(this.planned.rows, this.planned.cols);
      c.set(this.plannedC.rows, this.plannedC.cols);
    } else {
      if (inherit) {
        r.set(this.keptR.rows, this.keptR.cols);
        c.set(this.keptC.rows, this.keptC.cols);
        // word by word: a call of copyWithin costs more for 8 words
        for (let i = 0; i < 8; i++) grow[g8 + i] = grow[g8 - 8 + i];
      } else {
        lm.of(state, rAt, r);
        lm.of(state, cAt, c);
        // the rows near R or C (a superset of where growth can start)
        const rowsNear = lm.around(r.rows | c.rows);
        if (after && this.quick && plies.path[p - 1] < 2 * n && this.grewNeither(p - 1)) this.look.growthAfterRowPush(state, from, cAt, grow, g8, g8 - 8, plies.path[p - 1] % n, rowsNear);
        else this.look.growth(state, from, cAt, grow, g8, rowsNear);
      }
      // the far children of one state with three left read the same lines, growth words
      // and rows: their plan is made once (`prepare` starts a state) and kept
      if (!inherit || !this.quick) this.plan(r.rows, r.cols, c.rows, c.cols, g8, rAt, cAt);
      else if (this.farPlanned === this.epoch) {
        // the line masks again (cheap), the first pushes left as kept
        this.lineMasks(r.rows, r.cols, c.rows, c.cols, g8);
        for (let d = 0; d < 4; d++) this.left[d] = this.farLeft[d];
      } else {
        this.plan(r.rows, r.cols, c.rows, c.cols, g8, rAt, cAt);
        for (let d = 0; d < 4; d++) this.farLeft[d] = this.left[d];
        this.farPlanned = this.epoch;
      }
    }
    const rowLines = this.rowLines;
    const colLines = this.colLines;
    const rowsR0 = r.rows;
    const colsR0 = r.cols;
    const rowsC0 = c.rows;
    const colsC0 = c.cols;
    const rowsR = this.rowsR;
    const colsR = this.colsR;
    const rowsC = this.rowsC;
    const colsC = this.colsC;
    const nearRowsR = this.nearRowsR;
    const nearColsR = this.nearColsR;
    const nearRowsC = this.nearRowsC;
    const nearColsC = this.nearColsC;
    const passAllRows = this.passAllRows;
    const passAllCols = this.passAllCols;
    const passRows = passAllRows & rowLines;
    const passCols = passAllCols & colLines;
    const growRowsR = grow[g8] | grow[g8 + 2];
    const growColsR = grow[g8 + 4] | grow[g8 + 6];
    const growRowsC = grow[g8 + 1] | grow[g8 + 3];
    const growColsC = grow[g8 + 5] | grow[g8 + 7];
    const full = lm.full;
    const left = this.left;
    this.tried += 4 * n;
    this.cut += 4 * n;
    let found = 0;
    // the commutation rule skips only pushes of the orientation of ply p - 1's push
    const rowBefore = plies.path[p - 1] < 2 * n;
    for (let dir = 0; dir < 4; dir++) {
      const isRow = dir < D_N;
      const touchesR = isRow ? rowsR : colsR;
      const touchesC = isRow ? rowsC : colsC;
      const nearR = isRow ? nearRowsR : nearColsR;
      const nearC = isRow ? nearRowsC : nearColsC;
      const commute = isRow === rowBefore;
      let lines = left[dir];
      while (lines !== 0) {
        const line = 31 - Math.clz32(lines & -lines);
        lines &= lines - 1;
        const m = dir * n + line;
        const touchR = ((touchesR >>> line) & 1) === 1;
        const touchC = ((touchesC >>> line) & 1) === 1;
        const farR = ((nearR >>> line) & 1) === 0;
        const farC = ((nearC >>> line) & 1) === 0;
        const far = farR && farC;
        if (!touchR && !touchC && (far ? passRows | passCols : rowLines | colLines) === 0) continue;
        if (commute && this.commutation.skips(p, m)) continue;
        // the last pushes that can follow, as far as R's and C's growers now tell
        let allowRows = full;
        let allowCols = full;
        if (farR) {
          allowRows = growRowsR;
          allowCols = growColsR;
        }
        if (farC) {
          allowRows &= growRowsC;
          allowCols &= growColsC;
        }
        if ((allowRows | allowCols) === 0) continue;
        let rl = rowLines;
        let cl = colLines;
        let cNext = cAt;
        if (touchR || touchC) {
          const g = ((grow[g8 + 2 * dir] >>> line) & 1) | (((grow[g8 + 2 * dir + 1] >>> line) & 1) << 1);
          // a set that grows must then walk to a line of the last push (Lemma 7)
          if ((g & 1) !== 0 && farC && !this.walksTo(p, false, rowsR0, colsR0, rAt, m, growRowsC, growColsC)) continue;
          if ((g & 2) !== 0 && farR && !this.walksTo(p, true, rowsC0, colsC0, cAt, m, growRowsR, growColsR)) continue;
          // R after the push: walked when g says it grows, else only moved with its tiles
          // (its lines then follow without applying the push)
          let made = false;
          if ((g & 1) !== 0) {
            if (plies.child(p, m, true)) {
              plies.sawGoal = true;
              continue;
            }
            made = true;
            lm.of(state, to + K_R * n, r);
          } else {
            lm.moved(state, rowsR0, colsR0, rAt, m, r);
          }
          // C likewise. Walking on from C moved gives a closed set holding the goal's
          // component, which may hold more (the push can cut C in two): that is enough
          // for the filters below as long as it stays apart from R (Lemma 4), which it
          // does unless R grew too; if they meet, the goal's component is walked afresh.
          const c2 = sc2 + K_R * n;
          let cMade = false;
          if ((g & 2) !== 0) {
            if (!made) {
              plies.child(p, m, false);
              made = true;
            }
            state.copyWithin(c2, cAt, cAt + n);
            bits.moveRows(state, c2, m);
            bits.walkAfter(state, to, m, c2);
            if ((g & 1) !== 0 && plies.meets(to, sc2)) bits.goalComponent(state, to, sc2);
            lm.of(state, c2, c);
            cMade = true;
          } else {
            lm.moved(state, rowsC0, colsC0, cAt, m, c);
          }
          lm.join(r, c, this.both);
          rl = this.both.rows & allowRows;
          cl = this.both.cols & allowCols;
          if (g === 0) {
            if (isRow) rl &= lm.touching(1 << line) | passAllRows;
            else cl &= lm.touching(1 << line) | passAllCols;
          }
          if ((rl | cl) === 0) continue;
          if (!made) plies.child(p, m, false);
          if (touchC) {
            if (!cMade) {
              state.copyWithin(c2, cAt, cAt + n);
              bits.moveRows(state, c2, m);
            }
            cNext = c2;
          }
        } else {
          if (far) {
            rl = passRows;
            cl = passCols;
          } else if (isRow) {
            rl &= lm.touching(1 << line) | passAllRows;
          } else {
            cl &= lm.touching(1 << line) | passAllCols;
          }
          rl &= allowRows;
          cl &= allowCols;
          if ((rl | cl) === 0) continue;
          plies.child(p, m, false);
        }
        this.cut--;
        found += this.last.run(p + 1, rl, cl, false, cNext);
        if (plies.limitReached) return found;
      }
    }
    return found;
  }

  /**
   * The line masks of `plan` that follow from R's and C's lines and the growth words at
   * Plies.grow[g8 ..] alone, for the loop of `run`.
   */
  private lineMasks(rRows: number, rCols: number, cRows: number, cCols: number, g8: number): void {
    const lm = this.lines;
    const grow = this.plies.grow;
    this.planned.set(rRows, rCols);
    this.plannedC.set(cRows, cCols);
    // lines touching R, touching C, both
    this.rowsR = lm.touching(rRows);
    this.colsR = lm.touching(rCols);
    this.rowsC = lm.touching(cRows);
    this.colsC = lm.touching(cCols);
    this.rowLines = this.rowsR & this.rowsC;
    this.colLines = this.colsR & this.colsC;
    // lines near (holding or beside, across the wraparound too) R, C
    this.nearRowsR = lm.around(rRows);
    this.nearColsR = lm.around(rCols);
    this.nearRowsC = lm.around(cRows);
    this.nearColsC = lm.around(cCols);
    // the last pushes that would make both R and C grow now: after a first push
    // parallel to them, moving no field of R or C, two lines away or more, they grow
    // them exactly as now (LookAhead.grows reads only its line and the two beside it);
    // after a first push far from both, exactly those of them touching both (Lemma 5)
    this.passAllRows = (grow[g8] & grow[g8 + 1]) | (grow[g8 + 2] & grow[g8 + 3]);
    this.passAllCols = (grow[g8 + 4] & grow[g8 + 5]) | (grow[g8 + 6] & grow[g8 + 7]);
  }

  /**
   * The masks of a state with two pushes left that `run`'s loop reads, and the first
   * pushes' lines left for it (`left`, per direction e, w, n, s): those the lines of R
   * and C and their growers allow (Lemmas 5, 6), less, with `masks` (the shortcuts on),
   * the pushes that grow neither set, touch one and are far from the other and after
   * which no last push remains (aliveRowPushes, aliveColumnPushes: the loop drops each
   * of them too, so without `masks` the loop looks at more pushes but applies the same). Reads only R's and C's lines
   * (bit i: line i holds a field), the growth words at Plies.grow[g8 ..] and, for
   * aliveRowPushes, R's and C's rows at `rAt` and `cAt` (indices into Plies.state): so
   * it can judge a state that is not written (TwoAhead, Lemma 18).
   * @returns false when no line is left: the loop would look at no first push
   */
  plan(rRows: number, rCols: number, cRows: number, cCols: number, g8: number, rAt: number, cAt: number, masks = this.quick): boolean {
    const lm = this.lines;
    const grow = this.plies.grow;
    this.lineMasks(rRows, rCols, cRows, cCols, g8);
    const { rowLines, colLines, rowsR, colsR, rowsC, colsC, nearRowsR, nearColsR, nearRowsC, nearColsC, passAllRows, passAllCols } = this;
    const rowsNear = nearRowsR | nearRowsC;
    const colsNear = nearColsR | nearColsC;
    const passRows = passAllRows & rowLines;
    const passCols = passAllCols & colLines;
    // R's growers and C's growers now (Lemma 6)
    const growRowsR = grow[g8] | grow[g8 + 2];
    const growColsR = grow[g8 + 4] | grow[g8 + 6];
    const growRowsC = grow[g8 + 1] | grow[g8 + 3];
    const growColsC = grow[g8 + 5] | grow[g8 + 7];
    // the first pushes worth trying, as line masks: a push touching neither set needs
    // lines touching both now (after it, those of them growing both, when it is far)
    const anyPass = (passRows | passCols) !== 0;
    const anyLine = (rowLines | colLines) !== 0;
    const full = lm.full;
    const growsR = (growRowsR | growColsR) !== 0;
    const growsC = (growRowsC | growColsC) !== 0;
    const growsBoth = ((growRowsR & growRowsC) | (growColsR & growColsC)) !== 0;
    const tryRows =
      (rowsR | rowsC | (anyPass ? full & ~rowsNear : 0) | (anyLine ? rowsNear : 0)) &
      this.allowed(nearRowsR, nearRowsC, growsR, growsC, growsBoth);
    const tryCols =
      (colsR | colsC | (anyPass ? full & ~colsNear : 0) | (anyLine ? colsNear : 0)) &
      this.allowed(nearColsR, nearColsC, growsR, growsC, growsBoth);
    const left = this.left;
    let any = 0;
    for (let dir = 0; dir < 4; dir++) {
      // the first pushes that grow neither set, touch one (S) and are far from the other
      // (T), and after which, by the test of the loop, no last push remains: dropped at once
      const still = ~(grow[g8 + 2 * dir] | grow[g8 + 2 * dir + 1]);
      let dead = 0;
      if (!masks) {
        // each first push judged by the loop
      } else if (dir < D_N) {
        const east = dir === D_E;
        let cls = rowsR & ~nearRowsC & still & tryRows;
        if (cls !== 0) dead |= cls & ~this.aliveRowPushes(rAt, rowsR, colsR, rowsC, colsC, growRowsC, growColsC, passAllRows, east, cls);
        cls = rowsC & ~nearRowsR & still & tryRows;
        if (cls !== 0) dead |= cls & ~this.aliveRowPushes(cAt, rowsC, colsC, rowsR, colsR, growRowsR, growColsR, passAllRows, east, cls);
      } else {
        const north = dir === D_N;
        let cls = colsR & ~nearColsC & still & tryCols;
        if (cls !== 0) dead |= cls & ~this.aliveColumnPushes(rRows, rCols, rowsR, colsR, rowsC, colsC, growRowsC, growColsC, passAllCols, north, cls);
        cls = colsC & ~nearColsR & still & tryCols;
        if (cls !== 0) dead |= cls & ~this.aliveColumnPushes(cRows, cCols, rowsC, colsC, rowsR, colsR, growRowsR, growColsR, passAllCols, north, cls);
      }
      left[dir] = (dir < D_N ? tryRows : tryCols) & ~dead;
      any |= left[dir];
    }
    return any !== 0;
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
  private walksTo(p: number, goal: boolean, rows: number, cols: number, setAt: number, m: number, zRows: number, zCols: number): boolean {
    const plies = this.plies;
    const grown = this.grown;
    // ply p's state not written yet (a far push, Lemma 8): walk first on ply p - 1's
    // board with that push's line and the lines beside it open (Lemma 17 (5))
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
      return this.walksOn(p, goal, setAt, m, bandRows, bandCols);
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
      grown.tried++;
      if (!(this.quick ? this.pendingMeets(p, goal, setAt, m, bandRows, bandCols) : this.openMeets(p, setAt, m, bandRows, bandCols))) {
        grown.cut++;
        return false;
      }
    }
    return this.walksOn(p, goal, setAt, m, bandRows, bandCols);
  }

  /** walksTo after the moved set and Lemma 17 (5): W, and Lemma 17 on ply p's state. */
  private walksOn(p: number, goal: boolean, setAt: number, m: number, bandRows: number, bandCols: number): boolean {
    const lm = this.lines;
    const plies = this.plies;
    const n = plies.n;
    const dir = (m / n) | 0;
    const grown = this.grown;
    // W holds every field of the band's lines, so it has a field on or beside every line
    // across them: only when the band has no line of m's orientation can the test fail;
    // else the set is walked on the board after m without writing it (Lemma 17)
    if ((dir < D_N ? bandCols : bandRows) !== 0) return !grown.enabled || this.grownMeets(p, setAt, m, bandRows, bandCols);
    const bit = goal ? 2 : 1;
    const at = goal ? 2 : 0;
    if ((this.wDone & bit) === 0) {
      this.wDone |= bit;
      const state = plies.state;
      const w = plies.wAt;
      for (let r = 0; r < n; r++) state[w + r] = ((bandRows >>> r) & 1) === 1 ? lm.full : bandCols;
      // without band columns W starts as full rows: only the rows beside them can grow
      plies.bits.closeFrom(state, plies.written(p), w, bandCols === 0 ? lm.touching(bandRows) : -1);
      lm.of(state, w, this.w);
      this.wLines[at] = this.w.rows;
      this.wLines[at + 1] = this.w.cols;
    }
    const near = lm.touching(1 << (m - dir * n));
    if ((this.wLines[at + (dir < D_N ? 0 : 1)] & near) === 0) return false;
    return !grown.enabled || this.grownMeets(p, setAt, m, bandRows, bandCols);
  }

  /**
   * Lemma 17 (5) for first push m of ply p's state, not written yet (ply p's push X was
   * far from R and C of ply p - 1, which it inherits): GrownReach.meets on ply p - 1's
   * board with X's line and the lines beside it open. The far children of one state with
   * three left share R, C, their growth words (so the band) and the board but for X's
   * line, so the walk with no line open (W0) is made once per state, set and m
   * (`prepare` starts a state) and decides for every X whose open lines W0 does not
   * touch: the walk with them open reads the same words as W0's at every step (a word
   * differs only where a field of the set lies on or beside an open line), so it ends
   * as W0 did; and when W0 meets the band, the walk with lines open meets it too (it
   * reads more links, never fewer). Else the walk with X's lines open is made.
   * The same decisions as that walk alone.
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
        lm.of(plies.state, plies.grownAt, this.w);
        this.w0Rows[i] = this.w.rows;
        this.w0Cols[i] = this.w.cols;
      }
    }
    if (this.w0Code[i] === W0_MEETS) return true;
    const x = plies.path[p - 1];
    const xDir = (x / n) | 0;
    const open = lm.around(1 << (x - xDir * n));
    const touched = (xDir < D_N ? this.w0Rows[i] : this.w0Cols[i]) & lm.touching(open);
    if (touched === 0) return false;
    return this.openMeets(p, setAt, m, bandRows, bandCols);
  }

  /** Lemma 17 (5) itself: GrownReach.meets on ply p - 1's board with the lines of ply p's push X and beside it open. */
  private openMeets(p: number, setAt: number, m: number, bandRows: number, bandCols: number): boolean {
    const plies = this.plies;
    const n = plies.n;
    const x = plies.path[p - 1];
    const xDir = (x / n) | 0;
    const open = this.lines.around(1 << (x - xDir * n));
    return this.grown.meets((p - 1) * plies.stride, setAt, m, bandRows, bandCols, xDir < D_N ? open : 0, xDir < D_N ? 0 : open);
  }

  /** Lemma 17 on ply p's state (written first if it is not): false when m is skipped. */
  private grownMeets(p: number, setAt: number, m: number, bandRows: number, bandCols: number): boolean {
    this.grown.tried++;
    if (this.grown.meets(this.plies.written(p), setAt, m, bandRows, bandCols)) return true;
    this.grown.cut++;
    return false;
  }

  /**
   * Of the row pushes `cls` (one direction, east when `east`), each touching S, far from
   * T and growing neither, those after which the test of `run` leaves a last push: S
   * only moves (its columns gain its row's fields rotated, LineMath.moved), T stays, and
   * the last push must touch both, grow T (T's growers now, Lemma 6: `tGrowRows`,
   * `tGrowCols`) and, if it is a row, lie beside the pushed row or grow both now
   * (`passAllRows`; Lemma 5 (d)). The same decision as the loop's, as masks.
   * @param sAt index of S's N rows; sRows, sCols, tRows, tCols: the lines touching S, T
   */
  aliveRowPushes(sAt: number, sRows: number, sCols: number, tRows: number, tCols: number, tGrowRows: number, tGrowCols: number, passAllRows: number, east: boolean, cls: number): number {
    const lm = this.lines;
    const rowsLeft = sRows & tRows & tGrowRows;
    const colsLeft = tCols & tGrowCols;
    if ((rowsLeft & passAllRows) !== 0 || (sCols & colsLeft) !== 0) return cls;
    let alive = lm.touching(rowsLeft) & cls;
    if (colsLeft === 0) return alive;
    // a moved row of S touches a column of colsLeft: the row before the push meets them rotated back
    const back = lm.rotate(lm.touching(colsLeft), !east);
    const state = this.plies.state;
    let rest = cls & ~alive;
    while (rest !== 0) {
      const y = 31 - Math.clz32(rest & -rest);
      rest &= rest - 1;
      if ((state[sAt + y] & back) !== 0) alive |= 1 << y;
    }
    return alive;
  }

  /**
   * aliveRowPushes for column pushes (north when `north`): S's rows gain its rows
   * rotated when the pushed column holds a field of S (LineMath.moved); a last push
   * that is a column must lie beside the pushed one or grow both now (`passAllCols`).
   * @param sRows0 S's rows, sCols0 its columns; sRows, sCols, tRows, tCols: the lines touching S, T
   */
  aliveColumnPushes(sRows0: number, sCols0: number, sRows: number, sCols: number, tRows: number, tCols: number, tGrowRows: number, tGrowCols: number, passAllCols: number, north: boolean, cls: number): number {
    const lm = this.lines;
    const colsLeft = sCols & tCols & tGrowCols;
    const rowsLeft = tRows & tGrowRows;
    if ((colsLeft & passAllCols) !== 0 || (sRows & rowsLeft) !== 0) return cls;
    let alive = lm.touching(colsLeft) & cls;
    if ((lm.rotate(sRows0, north) & lm.touching(rowsLeft)) !== 0) alive |= sCols0 & cls;
    return alive;
  }

  /** Whether ply q's push grew neither R nor C of ply q's state, by ply q's growth words. */
  private grewNeither(q: number): boolean {
    const n = this.plies.n;
    const m = this.plies.path[q];
    const dir = (m / n) | 0;
    const at = 8 * q + 2 * dir;
    const grow = this.plies.grow;
    return (((grow[at] | grow[at + 1]) >>> (m - dir * n)) & 1) === 0;
  }

  /**
   * The first pushes of one orientation (bit i: line i) that the growers of R and C
   * allow (Lemma 6): a line far from R (not in nearR) needs a push that grows R now
   * (growsR), one far from C one that grows C, one far from both a line with a push
   * that grows both (growsBoth: a line, not one push).
   */
  private allowed(nearR: number, nearC: number, growsR: boolean, growsC: boolean, growsBoth: boolean): number {
    let lines = nearR & nearC;
    if (growsC) lines |= nearR & ~nearC;
    if (growsR) lines |= nearC & ~nearR;
    if (growsBoth) lines |= ~(nearR | nearC);
    return lines;
  }
}
