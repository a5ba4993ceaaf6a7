/**
 * A known solution as upper bound (docs/design/search.md, Lemma 9): when the deepening reaches
 * its length without a shorter solution, it is the first shortest solution and that
 * depth is not searched. Keeps the first shortest solution only. Asked by the deepening
 * once per depth (deepening.ts); counters: the depths it looked at (tried) and the one it
 * answered (cut). Tests: test/push/competition/shared.test.ts, test/push/competition/search/run/merge.test.ts.
 */
import type { Push } from "../../../board.js";
import { PruningRule } from "./rule.js";

export class KnownBound extends PruningRule {
  readonly name = "known solution";
  readonly preserves = "the first shortest solution" as const;
  readonly lemma = "Lemma 9";

  /**
   * @param known a solution found beforehand (the beam's), or undefined
   * @param enabled false unless one solution is wanted (models 1)
   */
  constructor(
    private readonly known: Push[] | undefined,
    private readonly enabled: boolean,
  ) {
    super();
  }

  /** The known solution when depth d >= 1 is its length (the depth is then not searched). */
  answers(depth: number): Push[] | undefined {
    const known = this.known;
    if (known === undefined || !this.enabled || depth === 0) return undefined;
    this.tried++;
    if (depth !== known.length) return undefined;
    this.cut++;
    return known;
  }
}
