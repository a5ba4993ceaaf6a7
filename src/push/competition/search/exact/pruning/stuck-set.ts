/**
 * Three pushes left, a set that cannot grow (docs/design/search.md, Lemma 15): when no push grows
 * R (or C) now, a first push X far from that set that does not grow the other one is
 * skipped when the two sets are too far apart for a last push to touch both after any
 * second push. Decided from the state's lines and growth words, before X is applied. Keeps
 * every solution. A PushPruning rule (rule.ts), which dfs.ts calls by name, not through a
 * list of rules (docs/design/search.md, "One interface, called by name"): states of ply 1 or
 * later with three pushes left, with the look-ahead on. Counters: the first pushes of
 * states with three left and a set without growers that reached it (tried) and those it
 * skipped (cut); test/push/competition/search/exact/pruning/stuck-set.test.ts.
 */
import { D_E, D_N } from "../../board/layout.js";
import { LineSet, type LineMath } from "../../board/lines.js";
import type { PlyStack } from "../ply-stack.js";
import { PruningRule, type PushPruning } from "./rule.js";

export class StuckSet extends PruningRule implements PushPruning {
  readonly name = "three pushes, a set that cannot grow";
  readonly preserves = "every solution" as const;
  readonly lemma = "Lemma 15";

  /** no push grows R (C) in the current state */
  private noR = false;
  private noC = false;
  /** lines near R (C): within one, across the wraparound too */
  private nearRRows = 0;
  private nearRCols = 0;
  private nearCRows = 0;
  private nearCCols = 0;
  /** lines within two of R (C), across the wraparound too */
  private wideRRows = 0;
  private wideRCols = 0;
  private wideCRows = 0;
  private wideCCols = 0;
  /** R's and C's lines now */
  private readonly r = new LineSet();
  private readonly c = new LineSet();
  /** index of R's rows and C's rows in the state array, and of the growth words */
  private rAt = 0;
  private cAt = 0;
  private g8 = 0;
  /** per direction (e, w, n, s), the lines whose push `skips` (bit i: line i), made by `prepare` */
  private readonly skipLines = new Int32Array(4);

  /**
   * @param enabled false: the rule never cuts (RuleSwitches.threePushes off, or no
   *   look-ahead: the growth words and C are then not written)
   */
  constructor(
    private readonly plies: PlyStack,
    private readonly lines: LineMath,
    readonly enabled: boolean,
  ) {
    super();
  }

  /** With three pushes left from ply 1 on: `readState` of ply p's state and C (PlyStack.cState). */
  prepare(p: number, remaining: number): boolean {
    if (remaining !== 3 || p === 0) return false;
    return this.readState(p, p * this.plies.stride, this.plies.cState(p));
  }

  /**
   * Reads the state of ply p >= 1 with three pushes left: R's rows at `from`, C's rows
   * in the R group of the state at `cs`, and the growth words of ply p (LookAhead.growth
   * of R and C, computed by the caller). Returns false when the rule cannot cut any of
   * its pushes (both sets have growers, or the rule is off).
   */
  readState(p: number, from: number, cs: number): boolean {
    if (!this.enabled) return false;
    const grow = this.plies.grow;
    const g8 = 8 * p;
    this.noR = (grow[g8] | grow[g8 + 2] | grow[g8 + 4] | grow[g8 + 6]) === 0;
    this.noC = (grow[g8 + 1] | grow[g8 + 3] | grow[g8 + 5] | grow[g8 + 7]) === 0;
    if (!this.noR && !this.noC) return false;
    const lm = this.lines;
    const state = this.plies.state;
    this.g8 = g8;
    this.rAt = this.plies.rOf(from);
    this.cAt = this.plies.rOf(cs);
    lm.of(state, this.rAt, this.r);
    lm.of(state, this.cAt, this.c);
    this.nearRRows = lm.around(this.r.rows);
    this.nearRCols = lm.around(this.r.cols);
    this.nearCRows = lm.around(this.c.rows);
    this.nearCCols = lm.around(this.c.cols);
    this.wideRRows = lm.around(this.nearRRows);
    this.wideRCols = lm.around(this.nearRCols);
    this.wideCRows = lm.around(this.nearCRows);
    this.wideCCols = lm.around(this.nearCCols);
    for (let dir = 0; dir < 4; dir++) this.skipLines[dir] = this.decidesLines(dir);
    return true;
  }

  /**
   * True when first push m of ply p (after `prepare` returned true) is followed by no two pushes
   * that make the goal reachable, nor is the goal reachable after m or after a second
   * push (Lemma 15). For S a set without growers and T the other: m far from S, m not a
   * grower of T, and no line within two of S (where S can be after a second push, which
   * must be near it and cannot grow it) is within one of T's lines after m.
   */
  skips(_p: number, m: number): boolean {
    this.tried++;
    const dir = (m / this.plies.n) | 0;
    if (((this.skipLines[dir] >>> (m - dir * this.plies.n)) & 1) === 0) return false;
    this.cut++;
    return true;
  }

  /**
   * Whether every push of the state of ply p is skipped by `skips` (without counting):
   * `readState`, then each push. Then no three pushes from the state make the goal
   * reachable, and neither do they from a state after a push far from R and C (Lemma 16).
   */
  skipsAll(p: number, from: number, cs: number): boolean {
    if (!this.readState(p, from, cs)) return false;
    const full = this.lines.full;
    for (let dir = 0; dir < 4; dir++) if (this.skipLines[dir] !== full) return false;
    return true;
  }

  /** The lines near R or C (after `readState`): rows, then columns. */
  nearRows(): number {
    return this.nearRRows | this.nearCRows;
  }

  nearCols(): number {
    return this.nearRCols | this.nearCCols;
  }

  /**
   * The lines of direction `dir` whose push `skips` (Lemma 15), all at once: for S a set
   * without growers and T the other, the lines far from S whose push does not grow T and
   * after which T, moved without growing (LineMath.moved), has no line within one of a
   * line within two of S. A row push adds to T's columns only its row rotated (nothing
   * when the row holds no field of T), a column push adds to T's rows its rows rotated
   * when the column holds a field of T: so the test splits into a part shared by the
   * lines and one per row of T (rows) or two cases (columns).
   */
  private decidesLines(dir: number): number {
    const full = this.lines.full;
    const isRow = dir < D_N;
    const at = this.g8 + 2 * dir;
    const grow = this.plies.grow;
    let lines = 0;
    if (this.noR) {
      const far = ~(isRow ? this.nearRRows : this.nearRCols) & ~grow[at + 1] & full;
      if (far !== 0) lines |= this.apartLines(dir, far, this.c, this.cAt, this.wideRRows, this.wideRCols);
    }
    if (this.noC) {
      const far = ~(isRow ? this.nearCRows : this.nearCCols) & ~grow[at] & full & ~lines;
      if (far !== 0) lines |= this.apartLines(dir, far, this.r, this.rAt, this.wideCRows, this.wideCCols);
    }
    return lines;
  }

  /**
   * Of the lines `cand` of direction `dir`, those whose push leaves set T (lines `t`, rows
   * at `tAt`), moved without growing, with no line within one of the lines
   * `wideRows`/`wideCols` (within two of S).
   */
  private apartLines(dir: number, cand: number, t: LineSet, tAt: number, wideRows: number, wideCols: number): number {
    const lm = this.lines;
    if (dir < D_N) {
      // rows stay; the columns gain the pushed row of T rotated
      if ((wideRows & lm.around(t.rows)) !== 0 || (wideCols & lm.around(t.cols)) !== 0) return 0;
      const state = this.plies.state;
      const east = dir === D_E;
      let out = cand;
      let rows = cand & t.rows;
      while (rows !== 0) {
        const y = 31 - Math.clz32(rows & -rows);
        rows &= rows - 1;
        if ((wideCols & lm.around(lm.rotate(state[tAt + y], east))) !== 0) out &= ~(1 << y);
      }
      return out;
    }
    // columns stay; the rows gain T's rows rotated when the pushed column holds a field of T
    if ((wideCols & lm.around(t.cols)) !== 0) return 0;
    const still = (wideRows & lm.around(t.rows)) === 0 ? cand & ~t.cols : 0;
    const moved = (wideRows & lm.around(t.rows | lm.rotate(t.rows, dir === D_N))) === 0 ? cand & t.cols : 0;
    return still | moved;
  }
}
