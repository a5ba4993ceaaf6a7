/**
 * What every pruning rule of the search says about itself (after Fast Downward's
 * pruning methods): what it preserves, where its soundness argument is, and counters
 * of what it looked at and what it cut, which `labsolve --stats` prints per depth.
 *
 * The rules come in four kinds, by where the search asks them (docs/design/search.md, "The
 * rules, with what they keep"):
 * - a ply's pushes (PushPruning, Fast Downward's `prune(state, ops)`): Commutation (with
 *   CommutationAfterGrowth inside it), StuckSet, StuckSetsApart. dfs.ts asks each of them
 *   in one way: `prepare(p, remaining)` once per state, then `skips(p, m)` for each push
 *   the ones before it kept;
 * - a child state after it is written: Transposition (the table: `provenAbove`, `store`);
 * - the last two plies, searched by rules that own their loops: LastPushJoins and
 *   TwoPushJoins (with GrownReach and NeedlessFirstPush inside TwoPushJoins' loop);
 * - a whole depth, asked by the deepening: Hopeless, KnownBound.
 */
import type { Preserves, RuleStats } from "../../options.js";

export abstract class PruningRule {
  /** the rule's name, as --stats prints it */
  abstract readonly name: string;
  /** what it keeps of the answer sets */
  abstract readonly preserves: Preserves;
  /** where its soundness argument is (docs/design/search.md) */
  abstract readonly lemma: string;
  /** what it looked at (pushes, states or depths: each rule says which) */
  tried = 0;
  /** of those, what it cut */
  cut = 0;
  private triedBefore = 0;
  private cutBefore = 0;

  /** The counters since the last call (one depth's), as plain data. */
  takeStats(): RuleStats {
    const stats: RuleStats = {
      name: this.name,
      preserves: this.preserves,
      lemma: this.lemma,
      tried: this.tried - this.triedBefore,
      cut: this.cut - this.cutBefore,
    };
    this.triedBefore = this.tried;
    this.cutBefore = this.cut;
    return stats;
  }
}

/**
 * A rule that prunes a ply's pushes before they are applied (Fast Downward's
 * `prune(state, ops)`, asked push by push). The depth-first search (dfs.ts) asks every
 * such rule the same way, in a fixed order: `prepare` once for the state of ply p, and
 * when it returned true, `skips` for each push of that state that the work split and
 * the rules before it kept. A push one rule skips is not asked of the later ones, so
 * each rule's counters count the pushes that reached it.
 *
 * Moves are BitBoard's move indices (0 <= m < 4N: direction * N + line); plies are
 * 0-based; the state of ply p is at p * stride in PlyStack.state, C's rows (when the
 * look-ahead wrote them) in the R group of the state at PlyStack.cState(p), and the
 * growth words of ply p at 8p in PlyStack.grow.
 */
export interface PushPruning {
  /**
   * Reads the state of ply p with `remaining` >= 3 pushes left (the search has written
   * what the look-ahead computes for it: the growth words from ply 1 on, and C with three
   * pushes left, or four when StuckSet is on). Returns false when the rule skips none
   * of the state's pushes: it is then not asked about them.
   */
  prepare(p: number, remaining: number): boolean;
  /** True when push m of ply p (prepared: `prepare` returned true) is pruned. */
  skips(p: number, m: number): boolean;
}
