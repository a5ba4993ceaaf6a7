/**
 * The commutation rule after a push that grew R (docs/design/search.md, Lemma 3b; found and
 * measured on branch `prune`): after A grew R, a push B < A of A's orientation whose
 * line holds no field of R after A is skipped. Keeps the first shortest solution only.
 */
import { D_N, K_R } from "../../board/layout.js";
import type { PlyStack } from "../ply-stack.js";
import { PruningRule } from "./rule.js";

export class CommutationAfterGrowth extends PruningRule {
  readonly name = "commutation after growth";
  readonly preserves = "the first shortest solution" as const;
  readonly lemma = "Lemma 3b";
  /** counts the same-orientation pushes B < A after a growing A it examined (tried) and skipped (cut) */

  /** @param enabled only with the commutation rule, on BitBoard (states written at every grown ply) */
  constructor(
    private readonly plies: PlyStack,
    readonly enabled: boolean,
  ) {
    super();
  }

  /**
   * True when move m at ply p >= 1 is skipped: the push A of ply p - 1 grew R, m < A has
   * A's orientation, and m's line holds no field of R in ply p's state (R after A).
   * The caller has checked the orientation; ply p's state is written (A was walked).
   */
  skips(p: number, m: number, a: number): boolean {
    if (!this.enabled || m >= a) return false;
    this.tried++;
    if (this.holdsR(p, m)) return false;
    this.cut++;
    return true;
  }

  /** Whether the line of move m holds a field of R in ply p's state. */
  private holdsR(p: number, m: number): boolean {
    const plies = this.plies;
    const n = plies.n;
    const state = plies.state;
    const dir = (m / n) | 0;
    const line = m - dir * n;
    const rB = p * plies.stride + K_R * n;
    if (dir < D_N) return state[rB + line] !== 0;
    const bit = 1 << line;
    for (let r = 0; r < n; r++) if ((state[rB + r] & bit) !== 0) return true;
    return false;
  }
}
