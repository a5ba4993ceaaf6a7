/**
 * What every pruning rule of the search says about itself (after Fast Downward's
 * pruning methods): what it preserves, where its soundness argument is, and counters
 * of what it looked at and what it cut, which `labsolve --stats` prints per depth.
 */
import type { Preserves, RuleStats } from "../../options.js";

export abstract class PruningRule {
  /** the rule's name, as --stats prints it */
  abstract readonly name: string;
  /** what it keeps of the answer sets */
  abstract readonly preserves: Preserves;
  /** where its soundness argument is (docs/search.md) */
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
