/**
 * The second-last push must matter (docs/design/search.md, Lemma 19): with two pushes Y, Z left,
 * Y's line not holding the goal and Y not growing R, the boards after Y, Z and after Z
 * alone differ only within one line of Y's line (Y's changed tiles, carried by Z), the
 * goal is on the same field, and R after Y is R (its fields on Y's line moved along it).
 * So a walk after Z alone that has no field within two lines of Y's line is the walk
 * after Y, Z too. When the walk of R after Z alone does not reach the goal, Z cannot
 * reach it after Y either if R's walk keeps that far from Y's line (it is then R's walk
 * after Y, Z), or if the walk of C after Z alone does (the goal's component is then the
 * same, and R after Y, Z starts in it only where R after Z alone does). Such a last push
 * is dropped; Y is skipped when none is left. The walks after Z alone are made on the
 * board before Y (GrownReach, no band), once per state with two left and Z, and only for
 * a Z that grows the set: the state's growth words (LookAhead.growth, Lemma 6) say which
 * pushes grow R and C, and the walk of a set after a Z that does not grow it is the set
 * moved by Z (LineMath.ofMoved; the goal in it only if it is there now). No walk either
 * where the set passes its test whatever Z does: a walk keeps the fields it starts from,
 * and Z moves a field one line at most, and only a field on Z's line; so a set with a
 * field within one line of Y's line, or within two and off Z's line (Z parallel to Y
 * moves no field across Y's lines), has one within two after Z. When R and C both pass
 * so for every Z, Y keeps every last push unwalked (`settled`). Keeps every solution (a
 * fact of the state, like Lemmas 4 to 7). Asked by TwoPushJoins inside its loop, by its
 * own methods (`startRun`, `keeps`), not through PushPruning (rule.ts). Counters: the
 * first pushes it judged (tried) and those it skipped (cut); test:
 * test/push/competition/search/exact/pruning/needless-first-push.test.ts.
 */
import { D_N } from "../../board/layout.js";
import { LineSet, type LineMath } from "../../board/lines.js";
import type { PlyStack } from "../ply-stack.js";
import type { GrownReach } from "./grown-reach.js";
import { PruningRule } from "./rule.js";

/** zInfo flags: R's walk made, C's walk made, R's walk holds the goal */
const R_DONE = 1;
const C_DONE = 2;
const R_GOAL = 4;

export class NeedlessFirstPush extends PruningRule {
  readonly name = "second-last push relevance";
  readonly preserves = "every solution" as const;
  readonly lemma = "Lemma 19";
  // tried: the first pushes asked about; cut: those skipped (no last push left)

  /** the last pushes' lines left by `keeps` (rows, columns) */
  rows = 0;
  cols = 0;

  private readonly tmp = new LineSet();
  /** the state with two left whose walks are cached (`startRun` counts them) */
  private epoch = 0;
  /** per last push z: the epoch of its entry, its flags, the lines of R's and C's walks after z alone */
  private readonly zEpoch = new Int32Array(128).fill(-1);
  private readonly zFlags = new Uint8Array(128);
  private readonly zRRows = new Int32Array(128);
  private readonly zRCols = new Int32Array(128);
  private readonly zCRows = new Int32Array(128);
  private readonly zCCols = new Int32Array(128);

  /** @param enabled false: the rule is never asked (RuleSwitches.secondLast) */
  constructor(
    private readonly plies: PlyStack,
    private readonly lines: LineMath,
    private readonly grown: GrownReach,
    readonly enabled: boolean,
  ) {
    super();
  }

  /** PlyStack.grow's offset of the state's growth words (LookAhead.growth: R's then C's word per direction) */
  private growAt = 0;
  /** the walks spared because Z does not grow the set (read by test/needless-first-push; not in --stats) */
  spared = 0;
  /** the first pushes asked about that R and C are both near, so that every last push is kept unwalked (read by test/needless-first-push) */
  settled = 0;

  /**
   * A new state with two left: the walks after each Z are made afresh when asked.
   * @param growAt offset in PlyStack.grow of the 8 growth words of the state's R and C (as
   *   LookAhead.growth writes them; a far child's are its parent's, Lemma 8)
   */
  startRun(growAt: number): void {
    if (++this.epoch === 0x7fffffff) {
      this.epoch = 0;
      this.zEpoch.fill(-1);
    }
    this.growAt = growAt;
  }

  /**
   * For first push m (0-based move index: direction floor(m / N), line m % N) of the state
   * with two left whose board is at `base` (its R's N rows at rAt, a closed set holding the
   * goal and no field of R at cAt, both closed on that board): the caller has checked that
   * m's line does not hold the goal and that m does not grow R. Of the last pushes on
   * rows `rowLines` and columns `colLines` (bit i: line i, either direction), keeps those
   * lines some push of which is not dropped by Lemma 19, into `rows`, `cols`. Returns false
   * when none is left (m is skipped). Writes only PlyStack.grownAt's rows.
   * @param rLines the lines of m's orientation (rows for a row push) holding a field of R;
   *   `cLines` likewise of C. Exact, or fewer: a line left out costs only walks (a line
   *   too many would keep last pushes the rule drops).
   */
  keeps(base: number, rAt: number, cAt: number, m: number, rowLines: number, colLines: number, rLines: number, cLines: number): boolean {
    const plies = this.plies;
    const n = plies.n;
    const lm = this.lines;
    const dir = (m / n) | 0;
    const isRow = dir < D_N;
    const yLine = lm.around(1 << (m - dir * n));
    this.tried++;
    // a set with a field within one line of Y's line keeps one within two after any Z
    const rNear = (rLines & yLine) !== 0;
    const cNear = (cLines & yLine) !== 0;
    if (rNear && cNear) {
      this.settled++;
      this.rows = rowLines;
      this.cols = colLines;
      return true;
    }
    // the fields where the boards after Y, Z and after Z differ, and those beside them,
    // lie within two lines of Y's line (Z carries a changed tile one line on, across the wraparound)
    const near = lm.around(yLine);
    // the lines across Y's of the sets' fields within two lines of Y's line: a Z parallel
    // to Y keeps them all there, a Z across Y all but those on Z's line
    const rHold = rNear ? -1 : (rLines & near) === 0 ? 0 : this.hold(rAt, isRow, near);
    const cHold = cNear ? -1 : (cLines & near) === 0 ? 0 : this.hold(cAt, isRow, near);
    let rows = 0;
    let cols = 0;
    for (let zd = 0; zd < 4; zd++) {
      const zRow = zd < D_N;
      // a Z parallel to Y moves no field across Y's lines: none of the near fields is lost
      const across = zRow === isRow ? 0 : -1;
      let zl = zRow ? rowLines & ~rows : colLines & ~cols;
      while (zl !== 0) {
        const line = 31 - Math.clz32(zl & -zl);
        zl &= zl - 1;
        const zBit = 1 << line;
        const rPass = (rHold & ~(zBit & across)) !== 0;
        const cPass = (cHold & ~(zBit & across)) !== 0;
        if ((rPass && cPass) || this.kept(base, rAt, cAt, zd * n + line, isRow, near, rPass, cPass)) {
          if (zRow) rows |= zBit;
          else cols |= zBit;
        }
      }
    }
    this.rows = rows;
    this.cols = cols;
    if ((rows | cols) !== 0) return true;
    this.cut++;
    return false;
  }

  /**
   * The lines across a first push's orientation (columns when `isRow`) holding a field of
   * the set at setAt on one of the `near` lines of its orientation.
   */
  private hold(setAt: number, isRow: boolean, near: number): number {
    const state = this.plies.state;
    let lines = 0;
    if (isRow) {
      while (near !== 0) {
        const r = 31 - Math.clz32(near & -near);
        near &= near - 1;
        lines |= state[setAt + r];
      }
      return lines;
    }
    const n = this.plies.n;
    for (let r = 0; r < n; r++) if ((state[setAt + r] & near) !== 0) lines |= 1 << r;
    return lines;
  }

  /**
   * Whether last push z may follow a first push whose line's `near` lines (its orientation:
   * rows when `isRow`) are given; `rNear` (`cNear`): R's (C's) walk after z alone is known
   * to come within two lines of the first push's line, unwalked (not both: `keeps`).
   */
  private kept(base: number, rAt: number, cAt: number, z: number, isRow: boolean, near: number, rNear: boolean, cNear: boolean): boolean {
    if (this.zEpoch[z] !== this.epoch) {
      this.zEpoch[z] = this.epoch;
      this.zFlags[z] = 0;
    }
    // R near: z is kept when C's walk comes near, else only when R's walk reaches the goal
    if (rNear && this.cComesNear(base, cAt, z, isRow, near)) return true;
    let flags = this.zFlags[z];
    if ((flags & R_DONE) === 0) {
      flags |= R_DONE;
      if (this.after(base, rAt, z, 0)) flags |= R_GOAL;
      this.zRRows[z] = this.tmp.rows;
      this.zRCols[z] = this.tmp.cols;
      this.zFlags[z] = flags;
    }
    // R's walk after z alone reaches the goal: nothing to say
    if ((flags & R_GOAL) !== 0) return true;
    // (R near and C's walk not: dropped)
    if (rNear) return false;
    // R's walk after Y, Z is its walk after Z alone (a field of R on Y's line keeps it near)
    if (((isRow ? this.zRRows[z] : this.zRCols[z]) & near) === 0) return false;
    return cNear || this.cComesNear(base, cAt, z, isRow, near);
  }

  /** Whether C's walk after z alone (made once per state and z) has a field on a `near` line of the first push's orientation. */
  private cComesNear(base: number, cAt: number, z: number, isRow: boolean, near: number): boolean {
    const flags = this.zFlags[z];
    if ((flags & C_DONE) === 0) {
      this.zFlags[z] = flags | C_DONE;
      this.after(base, cAt, z, 1);
      this.zCRows[z] = this.tmp.rows;
      this.zCCols[z] = this.tmp.cols;
    }
    return ((isRow ? this.zCRows[z] : this.zCCols[z]) & near) !== 0;
  }

  /**
   * The set at setAt (R when `which` is 0, C when 1) after z alone, closed under walking:
   * its lines into `tmp`; returns whether it holds the goal's field after z. When the
   * state's growth words say z does not grow the set, that is the set moved by z
   * (LineMath.ofMoved), and it holds the goal after z only if it holds it now (the goal
   * rides on its tile, as the set's fields): no walk.
   */
  private after(base: number, setAt: number, z: number, which: 0 | 1): boolean {
    const plies = this.plies;
    const n = plies.n;
    const zd = (z / n) | 0;
    if (((plies.grow[this.growAt + 2 * zd + which] >>> (z - zd * n)) & 1) === 1) return this.walk(base, setAt, z);
    this.spared++;
    const state = plies.state;
    this.lines.ofMoved(state, setAt, z, this.tmp);
    const goalAt = base + plies.bits.goalAt;
    return ((state[setAt + state[goalAt]] >>> state[goalAt + 1]) & 1) === 1;
  }

  /**
   * The set at setAt moved by z and closed under walking on the board at `base` after z
   * (GrownReach, no band): its lines into `tmp`; returns whether it holds the goal's field
   * after z.
   */
  private walk(base: number, setAt: number, z: number): boolean {
    const plies = this.plies;
    const state = plies.state;
    this.grown.meets(base, setAt, z, 0, 0);
    this.grown.finish();
    const at = plies.grownAt;
    this.lines.of(state, at, this.tmp);
    const goal = plies.bits.goalAfter(state, base, z);
    return ((state[at + (goal >>> 5)] >>> (goal & 31)) & 1) === 1;
  }
}
