/**
 * The commutation rule (docs/design/search.md, Lemma 3): of two same-orientation pushes after one
 * that added no field to R, only the index order is searched, and a push followed by its
 * inverse after another push is skipped. Keeps the first shortest solution only. A
 * PushPruning rule (rule.ts), which dfs.ts calls by name, not through a list of rules
 * (docs/design/search.md, "One interface, called by name"): every state from ply 1 on, when one
 * solution is wanted; after a push that grew R it asks CommutationAfterGrowth (Lemma 3b).
 * Counters: the pushes it was asked about after a still push (tried) and those it skipped
 * (cut); test/push/competition/search/exact/pruning/pruning.test.ts.
 */
import { D_N } from "../../board/layout.js";
import type { PlyStack } from "../ply-stack.js";
import type { CommutationAfterGrowth } from "./commutation-after-growth.js";
import { PruningRule, type PushPruning } from "./rule.js";

export class Commutation extends PruningRule implements PushPruning {
  readonly name = "commutation";
  readonly preserves = "the first shortest solution" as const;
  readonly lemma = "Lemma 3";
  /**
   * @param enabled false: the rule never cuts (all solutions are wanted)
   * @param afterGrowth the rule's extension to a push A that grew R (Lemma 3b)
   */
  constructor(
    private readonly plies: PlyStack,
    readonly enabled: boolean,
    private readonly afterGrowth: CommutationAfterGrowth,
  ) {
    super();
  }

  /** Applies from ply 1 on, whatever is left, unless all solutions are wanted. */
  prepare(p: number, _remaining: number): boolean {
    return this.enabled && p !== 0;
  }

  /**
   * True when move m at ply p is skipped (also unprepared: the last plies' rules,
   * LastPushJoins and TwoPushJoins, ask it from their own loops, by this method). Pushes
   * of the same orientation move disjoint tiles or the same line, so in either order they leave the same board; if push A
   * added no tile to R, the order B, A reaches at least the fields A, B reaches, at the
   * same step or earlier (Lemma 3), so after a still A only the moves of A's orientation
   * with a larger index are searched, and A's inverse only directly after the root.
   */
  skips(p: number, m: number): boolean {
    if (!this.enabled || p === 0) return false;
    const plies = this.plies;
    const n = plies.n;
    const a = plies.path[p - 1];
    const dirA = (a / n) | 0;
    if (dirA < D_N !== ((m / n) | 0) < D_N) return false;
    if (plies.still[p - 1] === 0) return this.afterGrowth.skips(p, m, a);
    this.tried++;
    if (m < a || (p >= 2 && m === (dirA ^ 1) * n + (a - dirA * n))) {
      this.cut++;
      return true;
    }
    return false;
  }

  /**
   * The transposition-table context of the state after ply p's push (0: none): the
   * search below it depends on that push when the push was still (Lemma 3), and with
   * Lemma 3b on whatever the push, so such states are keyed with it.
   */
  context(p: number): number {
    return this.enabled && (this.plies.still[p] === 1 || this.afterGrowth.enabled) ? this.plies.path[p] + 1 : 0;
  }
}
