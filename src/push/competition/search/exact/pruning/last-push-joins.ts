/**
 * The last push (docs/design/search.md, Lemma 4): with one push left, only the lines touching
 * both R and C are tried, and of those only the pushes that make both grow
 * (LookAhead.grows). Keeps every solution. Not a PushPruning rule (rule.ts): dfs.ts hands it
 * the whole last ply (`every`, `filtered`), since it picks the lines to push from line
 * masks rather than judging the 4N pushes one by one; its counters are those below.
 * Test: test/push/competition/search/board/lookahead.test.ts.
 */
import { D_E, D_N, D_W } from "../../board/layout.js";
import { LineSet, type LineMath } from "../../board/lines.js";
import type { LookAhead } from "../../board/lookahead.js";
import type { PlyStack } from "../ply-stack.js";
import type { DepthPrefixes } from "../../proof/prefixes.js";
import type { Commutation } from "./commutation.js";
import { PruningRule } from "./rule.js";

export class LastPushJoins extends PruningRule {
  readonly name = "last push";
  readonly preserves = "every solution" as const;
  readonly lemma = "Lemma 4";
  /** counts the pushes of the last plies it filters (tried) and those it never applied (cut) */
  private readonly r = new LineSet();
  private readonly c = new LineSet();
  private readonly both = new LineSet();

  constructor(
    private readonly plies: PlyStack,
    private readonly lines: LineMath,
    private readonly look: LookAhead,
    private readonly commutation: Commutation,
    private readonly share: DepthPrefixes,
  ) {
    super();
  }

  /**
   * The last push below ply p >= 1 of a BitBoard search: the lines touching both R and
   * the goal's component C of ply p's state (C is walked into plies.scratch).
   * @returns the solutions found
   */
  filtered(p: number): number {
    const plies = this.plies;
    const from = p * plies.stride;
    plies.board.goalComponent(plies.state, from, plies.scratch);
    this.lines.of(plies.state, plies.rOf(from), this.r);
    this.lines.of(plies.state, plies.rOf(plies.scratch), this.c);
    this.lines.join(this.r, this.c, this.both);
    return this.run(p, this.both.rows, this.both.cols, false, plies.rOf(plies.scratch), this.r.rows, this.c.rows);
  }

  /**
   * Every push below ply p: at the root (R is not closed before the first push, so
   * Lemma 4 does not apply), and on boards without the look-ahead.
   */
  every(p: number): number {
    return this.run(p, 0, 0, true, 0);
  }

  /**
   * The last push below ply p. A push changes only the links with an end on its line,
   * so a line that neither crosses nor borders R leaves R as it is, and one that neither
   * crosses nor borders C (or any set closed under walking that holds the goal and no
   * field of R) leaves C closed and apart from R: the goal stays unreachable. Only lines
   * touching both R and C are tried, and of those only the pushes that make both grow
   * (Lemma 4). The argument needs R closed under walking, which it is after every push
   * but not at the start (no walking before the first push): there every line is tried.
   * @param rowLines the rows to try (bit i: row i)
   * @param colLines the columns to try
   * @param all try every line (rowLines, colLines and cAt unused)
   * @param cAt index in the state array of C's N rows, when not `all`
   * @param rowsR the rows holding a field of R (bit r: row r; a superset will do: -1)
   * @param rowsC the rows holding a field of C
   * @returns the solutions found
   */
  run(p: number, rowLines: number, colLines: number, all: boolean, cAt: number, rowsR = -1, rowsC = -1): number {
    const plies = this.plies;
    const n = plies.n;
    const from = p * plies.stride;
    let found = 0;
    const look = this.look;
    if (!all) {
      this.tried += 4 * n;
      this.cut += 4 * n;
      // the row pushes that grow both, east and west in one pass over the rows
      look.rowsGrowingBoth(plies.state, from, rowLines, cAt);
      // the column pushes likewise, all columns in one pass over the rows near R and C
      if (colLines !== 0) look.columnsGrowingBoth(plies.state, from, cAt, this.lines.around(rowsR | rowsC));
    }
    for (let dir = 0; dir < 4; dir++) {
      let lines = dir < D_N ? rowLines : colLines;
      const both = dir === D_E ? look.bothEast : dir === D_W ? look.bothWest : dir === D_N ? look.bothNorth : look.bothSouth;
      for (let line = 0; all ? line < n : lines !== 0; line++) {
        if (!all) {
          // the next line of the mask, lowest first
          line = 31 - Math.clz32(lines & -lines);
          lines &= lines - 1;
        }
        const m = dir * n + line;
        if (p === 0 && !this.share.owns(m)) continue;
        if (this.commutation.skips(p, m)) continue;
        if (!all && ((both >>> line) & 1) === 0) continue;
        if (!all) this.cut--;
        if (plies.child(p, m)) {
          plies.sawGoal = true;
          plies.path[p] = m;
          plies.report(p + 1);
          found++;
          if (plies.limitReached) return found;
        }
      }
    }
    return found;
  }
}
