/**
 * Sets that cannot meet, four pushes left (docs/design/search.md, Lemma 16), built on StuckSet
 * (stuck-set.ts, Lemma 15).
 */
import { D_N } from "../../board/layout.js";
import type { PlyStack } from "../ply-stack.js";
import { PruningRule, type PushPruning } from "./rule.js";
import type { StuckSet } from "./stuck-set.js";

/**
 * Four pushes left (docs/design/search.md, Lemma 16): when StuckSet skips every push of the
 * state, a push far from both R and C leaves a state where it skips every push again, so
 * such pushes are skipped here. Keeps every solution. A PushPruning rule (rule.ts), which
 * dfs.ts calls by name, not through a list of rules (docs/design/search.md, "One interface,
 * called by name"): states of ply 1 or later with four pushes left, when StuckSet is on.
 * Counters: the pushes of states with four left where the rule applies that reached it
 * (tried) and those it skipped (cut); test/push/competition/search/exact/pruning/stuck-set.test.ts.
 */
export class StuckSetsApart extends PruningRule implements PushPruning {
  readonly name = "four pushes, far from sets that cannot meet";
  readonly preserves = "every solution" as const;
  readonly lemma = "Lemma 16";

  /** the lines near R or C of the state (kept: the children's StuckSet.prepare overwrites its own) */
  private rows = 0;
  private cols = 0;

  constructor(
    private readonly plies: PlyStack,
    private readonly three: StuckSet,
  ) {
    super();
  }

  /** With four pushes left from ply 1 on: `readState` of ply p's state and C (PlyStack.cState). */
  prepare(p: number, remaining: number): boolean {
    if (remaining !== 4 || p === 0 || !this.three.enabled) return false;
    return this.readState(p, p * this.plies.stride, this.plies.cState(p));
  }

  /**
   * Reads the state of ply p >= 1 with four pushes left (as StuckSet.readState; C's
   * rows in the R group of the state at `cs`, the growth words of R and C at ply p).
   * Returns true when its pushes far from R and C are to be skipped.
   */
  readState(p: number, from: number, cs: number): boolean {
    if (!this.three.enabled || !this.three.skipsAll(p, from, cs)) return false;
    this.rows = this.three.nearRows();
    this.cols = this.three.nearCols();
    return true;
  }

  /** True when move m of ply p (after `prepare` returned true) is far from both R and C: skipped. */
  skips(_p: number, m: number): boolean {
    const n = this.plies.n;
    const dir = (m / n) | 0;
    const line = m - dir * n;
    this.tried++;
    if ((((dir < D_N ? this.rows : this.cols) >>> line) & 1) === 1) return false;
    this.cut++;
    return true;
  }
}
