/**
 * What the far children of one state with three pushes left share in TwoPushJoins' loop
 * (docs/design/search.md, Lemma 8; docs/notes/2026-11-24-search-ideas-considered.md, "Per-state speed"): a far push X keeps R,
 * C, their lines and growth words, so the loop's tests of a first push m that read only
 * those decide m alike under every far X. The loop of the first far child that judges m
 * (its state not written yet) records how m ended when that did not depend on X: dropped
 * before the commutation rule is asked (DEAD_BEFORE), dropped after it by R's and C's
 * lines and growers (DEAD_AFTER), or at its first walk of Lemma 17 (5), whose W0 did not
 * meet the band (LINES: the walk on the child's board is then needed only where W0's
 * lines come within two of X's line, WalksTo.pendingMeets). `skip` replays those records for the next far
 * child, asking the commutation rule and counting Lemma 17's walks exactly as the loop
 * would, up to the first push whose outcome the records do not give: the loop goes on
 * from there. The same decisions and counters as the loop alone.
 */
import { D_N } from "../../../board/layout.js";
import type { LineMath } from "../../../board/lines.js";
import type { PlyStack } from "../../ply-stack.js";
import type { Commutation } from "../commutation.js";
import type { GrownReach } from "../grown-reach.js";
import type { WalksTo } from "./walks-to.js";

/** dropped before the commutation rule is asked */
const DEAD_BEFORE = 1;
/** dropped after the commutation rule, by the lines and growers alone */
const DEAD_AFTER = 2;
/** the first walk (Lemma 17 (5)) is decided by W0's lines (farRows, farCols) */
const LINES = 3;

export class FarChildren {
  /** the state with three left whose far children are judged now (`startState`) */
  private epoch = 0;
  /** per first push m: the epoch its record is of, the record, W0's lines (LINES) */
  private readonly at = new Int32Array(128).fill(-1);
  private readonly code = new Uint8Array(128);
  private readonly rows = new Int32Array(128);
  private readonly cols = new Int32Array(128);

  constructor(
    private readonly plies: PlyStack,
    private readonly lines: LineMath,
    private readonly commutation: Commutation,
    private readonly grown: GrownReach,
    private readonly walks: WalksTo,
  ) {}

  /** A new state with three left: no first push is recorded. */
  startState(): void {
    if (++this.epoch === 0x7fffffff) {
      this.epoch = 0;
      this.at.fill(-1);
    }
  }

  /** First push m was dropped before the commutation rule was asked (lines alone). */
  deadBefore(m: number): void {
    this.at[m] = this.epoch;
    this.code[m] = DEAD_BEFORE;
  }

  /** First push m was dropped after the commutation rule, by the lines and growers alone (no state written). */
  deadAfter(m: number): void {
    this.at[m] = this.epoch;
    this.code[m] = DEAD_AFTER;
  }

  /**
   * First push m's first walk (of R, or of C when `goal`) was asked: recorded when
   * WalksTo kept W0 for it and W0 did not meet the band (its lines then decide for
   * every far child whose own walk is not needed).
   */
  walked(m: number, goal: boolean): void {
    const walks = this.walks;
    if (!walks.keptLines(goal, m)) return;
    this.at[m] = this.epoch;
    this.code[m] = LINES;
    this.rows[m] = walks.keptRows;
    this.cols[m] = walks.keptCols;
  }

  /**
   * For the far child at ply p (its push X = path[p - 1], its state not written), the
   * first pushes `left` (per direction, the loop's order) that the records decide, from
   * the first on: the commutation rule is asked and Lemma 17's walks counted (tried,
   * cut) as the loop would. Returns the first push whose outcome is not recorded (the
   * loop goes on from it), or 4N when every one was decided (none applied).
   */
  skip(p: number, left: Int32Array): number {
    const plies = this.plies;
    const n = plies.n;
    const x = plies.path[p - 1];
    const xDir = (x / n) | 0;
    const xRow = xDir < D_N;
    const lm = this.lines;
    // the lines that W0 must touch for the walk on the child's board (WalksTo.pendingMeets)
    const touchOpen = lm.touching(lm.around(1 << (x - xDir * n)));
    const epoch = this.epoch;
    const at = this.at;
    const code = this.code;
    const grown = this.grown;
    for (let dir = 0; dir < 4; dir++) {
      const commute = dir < D_N === xRow;
      let lines = left[dir];
      while (lines !== 0) {
        const line = 31 - Math.clz32(lines & -lines);
        lines &= lines - 1;
        const m = dir * n + line;
        if (at[m] !== epoch) return m;
        const c = code[m];
        if (c === DEAD_BEFORE) continue;
        // W0 comes near X's line: the walk on the child's board is made by the loop
        if (c === LINES && ((xRow ? this.rows[m] : this.cols[m]) & touchOpen) !== 0) return m;
        if (commute && this.commutation.skips(p, m)) continue;
        if (c === DEAD_AFTER) continue;
        // the loop's walk: asked (tried), W0 misses X's lines (cut)
        grown.tried++;
        grown.cut++;
      }
    }
    return 4 * n;
  }
}
