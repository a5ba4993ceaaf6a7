/**
 * The two last pushes (docs/design/search.md, Lemmas 5 to 7): with two pushes left, a first
 * push is applied only if a last push could follow it, as far as the lines of R and C,
 * their growers and where a growing set can walk tell. Keeps every solution. Not a
 * PushPruning rule (rule.ts): dfs.ts hands it the last two plies (`run`), whose loop
 * decides whole directions at once from line masks and asks GrownReach and
 * NeedlessFirstPush by their own methods inside it (the hot loop of the search: most
 * states have two pushes left); its counters are those below. Tests:
 * test/push/competition/search/board/lookahead.test.ts, test/push/competition/search/exact/pruning/quick-two-pushes.test.ts.
 */
import { D_N, K_R } from "../../board/layout.js";
import { LineSet, type LineMath } from "../../board/lines.js";
import type { LookAhead } from "../../board/lookahead.js";
import type { PlyStack } from "../ply-stack.js";
import type { Commutation } from "./commutation.js";
import { FarChildren } from "./two-push-joins/far-children.js";
import { FirstPushPlan } from "./two-push-joins/first-push-plan.js";
import type { GrownReach } from "./grown-reach.js";
import type { LastPushJoins } from "./last-push-joins.js";
import { PruningRule } from "./rule.js";
import type { NeedlessFirstPush } from "./needless-first-push.js";
import { WalksTo } from "./two-push-joins/walks-to.js";

export class TwoPushJoins extends PruningRule {
  readonly name = "two last pushes";
  readonly preserves = "every solution" as const;
  readonly lemma = "Lemmas 5-7";
  /** counts the first pushes of the plies with two left (tried) and those no last push followed (cut) */

  /** R's and C's lines of the state with three pushes left (prepare), for far children */
  readonly keptR = new LineSet();
  readonly keptC = new LineSet();
  /** the masks and the first pushes left of the state being judged (FirstPushPlan.make) */
  readonly plan: FirstPushPlan;
  /** the plan of the far children of the current state with three left (made by the first, under `quick`) */
  private readonly farPlan: FirstPushPlan;
  /** where a grown set can walk (Lemmas 7 and 17) */
  private readonly walks: WalksTo;
  /** the first pushes decided alike for every far child of a state with three left */
  private readonly far: FarChildren;
  /** R's and C's lines of the state being judged, and the lines touching both */
  private readonly r = new LineSet();
  private readonly c = new LineSet();
  private readonly both = new LineSet();
  /** the state with three left whose far children are judged now (`prepare` counts them) */
  private epoch = 0;
  /** the epoch whose far children's first pushes left (the plan's `left`) farLeft holds, or -1 */
  private farPlanned = -1;
  private readonly farLeft = new Int32Array(4);

  constructor(
    private readonly plies: PlyStack,
    private readonly lines: LineMath,
    private readonly look: LookAhead,
    private readonly commutation: Commutation,
    private readonly last: LastPushJoins,
    private readonly grown: GrownReach,
    /** Lemma 19: a last push dropped where the first push cannot matter (asked when enabled) */
    private readonly second: NeedlessFirstPush,
    /** RuleSwitches.quickTwoPushes: growth words reused, line masks, far children's plan and walks shared (the same decisions) */
    private readonly quick = true,
  ) {
    super();
    this.plan = new FirstPushPlan(plies, lines, quick);
    this.farPlan = new FirstPushPlan(plies, lines, quick);
    this.walks = new WalksTo(plies, lines, grown, quick);
    this.far = new FarChildren(plies, lines, commutation, grown, this.walks);
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
      this.farPlanned = -1;
    }
    this.walks.startState();
    this.far.startState();
    this.lines.ofBoth(plies.state, plies.rOf(from), this.keptR, plies.rOf(cs), this.keptC);
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
   * (Lemma 7, WalksTo).
   * @param sc the state whose R group holds C
   * @param inherit ply p's push was far from R and C of ply p - 1 (Lemma 8): R, C, their
   *   lines and growth words are those of ply p - 1, and ply p's state is written only
   *   when a first push is applied (PlyStack.pending)
   * @param after ply p's state was written from ply p - 1's, whose growth words (of R
   *   and of the C that ply p's C was made from) are at PlyStack.grow[8(p - 1)]: when ply
   *   p's push is a row push that grew neither set, the growth words of the rows away
   *   from it are taken from there (LookAhead.growthAfterRowPush)
   * @returns the solutions found
   */
  run(p: number, sc: number, inherit: boolean, after = false): number {
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
    // a far child whose siblings' loops recorded how its first pushes end: those are
    // replayed (FarChildren), and the loop starts at the first push they do not decide
    const record = inherit && this.quick && this.grown.enabled;
    let start = 0;
    if (record && this.farPlanned === this.epoch) {
      start = this.far.skip(p, this.farLeft);
      if (start === 4 * n) {
        this.tried += 4 * n;
        this.cut += 4 * n;
        return 0;
      }
    }
    // a written child of the state with three left (its parent still at ply p - 1): the
    // walks of a set its push did not touch are shared with its siblings (WalksTo)
    this.walks.startRun(after && !inherit);
    const second = this.second;
    const relevance = second.enabled;
    // the board of ply p's state (written aside when ply p is pending) and its goal's field, for Lemma 19
    let base = -1;
    let goalRow = -1;
    let goalCol = -1;
    const grow = plies.grow;
    // the growth words read: a far child's are its parent's (Lemma 8), read in place
    const g8 = inherit ? 8 * (p - 1) : 8 * p;
    if (relevance) second.startRun(g8);
    const r = this.r;
    const c = this.c;
    // the far children of one state with three left share one plan (farPlan), made by
    // the first of them and kept while the other states' plans are made in `plan`
    const shared = inherit && this.quick;
    const plan = shared ? this.farPlan : this.plan;
    if (inherit) {
      r.set(this.keptR.rows, this.keptR.cols);
      c.set(this.keptC.rows, this.keptC.cols);
    } else {
      lm.ofBoth(state, rAt, r, cAt, c);
      // the rows near R or C (a superset of where growth can start)
      const rowsNear = lm.around(r.rows | c.rows);
      if (after && this.quick && plies.path[p - 1] < 2 * n && this.grewNeither(p - 1)) this.look.growthAfterRowPush(state, from, cAt, grow, g8, g8 - 8, plies.path[p - 1] % n, rowsNear);
      else this.look.growth(state, from, cAt, grow, g8, rowsNear);
    }
    // the far children of one state with three left read the same lines, growth words
    // and rows: their plan is made once (`prepare` starts a state) and kept
    if (!shared) plan.make(r.rows, r.cols, c.rows, c.cols, g8, rAt, cAt);
    else if (this.farPlanned === this.epoch) {
      // the line masks as the first far child made them, the first pushes left as kept
      for (let d = 0; d < 4; d++) plan.left[d] = this.farLeft[d];
      if (start > 0) {
        const d0 = (start / n) | 0;
        for (let d = 0; d < d0; d++) plan.left[d] = 0;
        plan.left[d0] &= -1 << (start - d0 * n);
      }
    } else {
      plan.make(r.rows, r.cols, c.rows, c.cols, g8, rAt, cAt);
      for (let d = 0; d < 4; d++) this.farLeft[d] = plan.left[d];
      this.farPlanned = this.epoch;
    }
    const rowsR0 = r.rows;
    const colsR0 = r.cols;
    const rowsC0 = c.rows;
    const colsC0 = c.cols;
    const { rowLines, colLines, rowsR, colsR, rowsC, colsC, nearRowsR, nearColsR, nearRowsC, nearColsC, passAllRows, passAllCols } = plan;
    const { growRowsR, growColsR, growRowsC, growColsC, left } = plan;
    const passRows = passAllRows & rowLines;
    const passCols = passAllCols & colLines;
    const full = lm.full;
    const walks = this.walks;
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
        if (!touchR && !touchC && (far ? passRows | passCols : rowLines | colLines) === 0) {
          if (record) this.far.deadBefore(m);
          continue;
        }
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
        if ((allowRows | allowCols) === 0) {
          if (record) this.far.deadAfter(m);
          continue;
        }
        let rl = rowLines;
        let cl = colLines;
        let cNext = cAt;
        // rows holding a field of R and of C after the push (supersets), for LastPushJoins
        let setRowsR = rowsR0;
        let setRowsC = rowsC0;
        if (touchR || touchC) {
          const g = ((grow[g8 + 2 * dir] >>> line) & 1) | (((grow[g8 + 2 * dir + 1] >>> line) & 1) << 1);
          // a set that grows must then walk to a line of the last push (Lemma 7)
          const walkR = (g & 1) !== 0 && farC;
          if (walkR && !walks.reaches(p, false, rowsR0, colsR0, rAt, m, growRowsC, growColsC)) {
            if (record) this.far.walked(m, false);
            continue;
          }
          if ((g & 2) !== 0 && farR && !walks.reaches(p, true, rowsC0, colsC0, cAt, m, growRowsR, growColsR)) {
            // the first walk asked decides for the siblings (R's when it was asked)
            if (record) this.far.walked(m, !walkR);
            continue;
          }
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
            bits.moveRowsInto(state, cAt, c2, m);
            bits.walkAfter(state, to, m, c2);
            if ((g & 1) !== 0 && plies.meets(to, sc2)) bits.goalComponent(state, to, sc2);
            lm.of(state, c2, c);
            cMade = true;
          } else {
            lm.moved(state, rowsC0, colsC0, cAt, m, c);
          }
          lm.join(r, c, this.both);
          setRowsR = r.rows;
          setRowsC = c.rows;
          rl = this.both.rows & allowRows;
          cl = this.both.cols & allowCols;
          if (g === 0) {
            if (isRow) rl &= lm.touching(1 << line) | passAllRows;
            else cl &= lm.touching(1 << line) | passAllCols;
          }
          if ((rl | cl) === 0) {
            // nothing written when neither set grows
            if (record && g === 0) this.far.deadAfter(m);
            continue;
          }
          // neither set grows, so both only move with their tiles: when the last push can
          // only be a row push, LastPushJoins's test (Lemma 4) is made on the child's rows
          // around those rows, without writing the child (LookAhead.rowsGrowingBothAfter,
          // on ply p's board written aside if ply p's state is not written: PlyStack.boardOf);
          // no row passing, the child would have no last push
          if (g === 0 && cl === 0 && this.look.rowsGrowingBothAfter(state, plies.boardOf(p), cAt, m, rl) === 0) continue;
          // Lemma 19, when m does not grow R and its line does not hold the goal
          if (relevance && (g & 1) === 0) {
            if (base < 0) {
              base = plies.boardOf(p);
              goalRow = state[base + stride - 2];
              goalCol = state[base + stride - 1];
            }
            if ((isRow ? goalRow : goalCol) !== line) {
              if (!second.keeps(base, rAt, cAt, m, rl, cl, isRow ? rowsR0 : colsR0, isRow ? rowsC0 : colsC0)) continue;
              rl = second.rows;
              cl = second.cols;
            }
          }
          if (!made) plies.child(p, m, false);
          if (touchC) {
            if (!cMade) {
              bits.moveRowsInto(state, cAt, c2, m);
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
          if ((rl | cl) === 0) {
            if (record) this.far.deadAfter(m);
            continue;
          }
          // Lemma 19: m touches neither set, so it does not grow R and its line does not hold the goal
          if (relevance) {
            if (base < 0) base = plies.boardOf(p);
            if (!second.keeps(base, rAt, cAt, m, rl, cl, isRow ? rowsR0 : colsR0, isRow ? rowsC0 : colsC0)) continue;
            rl = second.rows;
            cl = second.cols;
          }
          plies.child(p, m, false);
        }
        this.cut--;
        found += this.last.run(p + 1, rl, cl, false, cNext, setRowsR, setRowsC);
        if (plies.limitReached) return found;
      }
    }
    return found;
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
}
