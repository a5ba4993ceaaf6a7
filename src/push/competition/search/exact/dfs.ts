/**
 * The depth-limited depth-first search below one ply (clasp's Solver::search; Fast
 * Downward's search algorithm apart from its pruning methods): every push of a ply in
 * move order, the child state written into the next ply, the pruning rules asked
 * before and after. The last two plies are the rules LastPushJoins and TwoPushJoins; plies with
 * three pushes left or more are searched here: their pushes go through the work split
 * (proof/prefixes.ts: threads' and a proof job's prefixes), then through the rules that prune a ply's pushes,
 * each asked the same way (PushPruning, pruning/rule.ts: Commutation, StuckSet,
 * StuckSetsApart, in that order), and a written child through the transposition table.
 *
 * Glossary and lemmas: docs/design/search.md.
 */
import { D_N, K_R } from "../board/layout.js";
import type { LineMath } from "../board/lines.js";
import type { LookAhead } from "../board/lookahead.js";
import type { PlyStack } from "./ply-stack.js";
import type { DepthPrefixes, JobPrefixes } from "../proof/prefixes.js";
import type { Commutation } from "./pruning/commutation.js";
import type { LastPushJoins } from "./pruning/last-push-joins.js";
import type { StuckSet } from "./pruning/stuck-set.js";
import type { StuckSetsApart } from "./pruning/stuck-sets-apart.js";
import type { Transposition } from "./pruning/transposition.js";
import type { TwoPushJoins } from "./pruning/two-push-joins.js";

/** The rules and helpers the search asks. */
export interface DfsParts {
  plies: PlyStack;
  lines: LineMath;
  look: LookAhead;
  commutation: Commutation;
  /** absent when the table is off (--memory 0) */
  transposition: Transposition | undefined;
  lastPush: LastPushJoins;
  twoPushes: TwoPushJoins;
  /** three pushes left, a set that cannot grow (Lemma 15) */
  stuckSet: StuckSet;
  /** four pushes left, far from sets that cannot meet (Lemma 16) */
  stuckSetsApart: StuckSetsApart;
  /** the depth's prefixes this search owns: first pushes or pairs (threads, checkpoints) */
  depthPrefixes: DepthPrefixes;
  /** a proof job's prefixes and node budget (queue jobs); restricts nothing by default */
  jobPrefixes: JobPrefixes;
}

export class DepthFirst {
  private readonly plies: PlyStack;
  private readonly parts: DfsParts;

  /**
   * @param lookahead the look-ahead rules of the last plies apply (BitBoard, and
   *   RuleSwitches.lookahead not false)
   * @param poison RuleSwitches.poison (tests): far children's unwritten states are cleared
   */
  constructor(
    parts: DfsParts,
    private readonly lookahead: boolean,
    private readonly poison: boolean,
  ) {
    this.parts = parts;
    this.plies = parts.plies;
  }

  /**
   * Searches below ply p with `remaining` >= 1 pushes left; returns the solutions found.
   * `cGiven` (two pushes left, set by the parent): the goal's component of ply p's state
   * (or a closed set holding it, apart from R; Lemma 4) is already in the R group of the
   * state at cState(p), or at cState(p - 1) when `inherit` (ply p's push was far: Lemma 8).
   * @throws Interrupted (PlyStack.child) when shouldStop says so
   */
  search(p: number, remaining: number, cGiven = false, inherit = false): number {
    const plies = this.plies;
    const parts = this.parts;
    if (remaining === 1) {
      if (p === 0 || !this.lookahead) return parts.lastPush.every(p);
      return parts.lastPush.filtered(p);
    }
    if (remaining === 2 && p > 0 && this.lookahead) {
      if (cGiven) return parts.twoPushes.run(p, plies.cState(inherit ? p - 1 : p), inherit, !inherit);
      plies.board.goalComponent(plies.state, p * plies.stride, plies.scratch);
      return parts.twoPushes.run(p, plies.scratch, false);
    }
    const stride = plies.stride;
    const state = plies.state;
    const n = plies.n;
    const from = p * stride;
    const to = from + stride;
    const moves = 4 * n;
    const bits = plies.bits;
    const job = parts.jobPrefixes;
    // R is closed from ply 1 on: LookAhead.growth says which pushes would let it grow, so
    // the others need no walk; with three pushes left, the children's goal components
    // are prepared from this state's (TwoPushJoins needs them)
    const ahead = p > 0 && this.lookahead;
    const prepare = ahead && remaining === 3;
    // with four left, C and its growth too, for Lemma 16
    const withC = prepare || (ahead && remaining === 4 && parts.stuckSet.enabled);
    const cs = plies.cState(p);
    const grow = plies.grow;
    const g8 = 8 * p;
    if (ahead) {
      if (withC) plies.board.goalComponent(state, from, cs);
      parts.look.growth(state, from, withC ? cs + K_R * n : from + K_R * n, grow, g8);
    }
    // with three pushes left: the lines near R or C (Lemma 8)
    let nearRows = 0;
    let nearCols = 0;
    if (prepare) {
      const two = parts.twoPushes;
      two.prepare(from, cs);
      nearRows = parts.lines.around(two.keptR.rows | two.keptC.rows);
      nearCols = parts.lines.around(two.keptR.cols | two.keptC.cols);
    }
    // the rules that prune this state's pushes, each asked the same way (PushPruning:
    // prepare, then skips for each push the ones before kept), called by name rather than
    // through a list, so the calls stay monomorphic (docs/design/search.md, "One interface,
    // called by name")
    const { commutation, stuckSet, stuckSetsApart } = parts;
    const byOrder = commutation.prepare(p, remaining);
    const stuck = stuckSet.prepare(p, remaining);
    const apart = stuckSetsApart.prepare(p, remaining);
    // states with two pushes left are not tabled: TwoPushJoins decides them about as fast
    // as a table lookup, and hits there are rare (measured: 20-25% faster without)
    const table = remaining >= 4 ? parts.transposition : undefined;
    let found = 0;
    // the depth's work is shared in first pushes, or in pairs of pushes (proof/prefixes.ts)
    const owned = parts.depthPrefixes;
    const pairs = p < 2 && owned.pairs;
    const m0 = p === 1 ? plies.path[0] * moves : 0;
    for (let m = 0; m < moves; m++) {
      if (p === 0 && !pairs && !owned.owns(m)) continue;
      // a pair another search owns, or one done before: not searched here, so ply 1's
      // state is not proven (the transposition table must not record it)
      if (p === 1 && pairs && !owned.owns(m0 + m)) {
        plies.sawGoal = true;
        continue;
      }
      // off a proof job's prefixes: not searched here, so not proven (proof/prefixes.ts)
      if (p < job.plies && job.skips(p, m, remaining)) {
        plies.sawGoal = true;
        continue;
      }
      if (byOrder && commutation.skips(p, m)) continue;
      if (stuck && stuckSet.skips(p, m)) continue;
      if (apart && stuckSetsApart.skips(p, m)) continue;
      const dir = (m / n) | 0;
      const line = m - dir * n;
      // with three pushes left, a push far from R and C keeps both, and every push's
      // growth of them: the child's TwoPushJoins takes this state's lines, growth words and
      // C, and the child is written only when TwoPushJoins needs it (Lemma 8)
      if (prepare && (((dir < D_N ? nearRows : nearCols) >>> line) & 1) === 0) {
        plies.path[p] = m;
        plies.still[p] = 1;
        plies.setPending(p + 1);
        if (this.poison) state.fill(0, to, to + stride);
        const outerSaw = plies.sawGoal;
        plies.sawGoal = false;
        // (this.search(p + 1, 2, true, true) would make just this call)
        found += parts.twoPushes.run(p + 1, cs, true);
        plies.setPending(-1);
        if (plies.limitReached) return found;
        plies.sawGoal = plies.sawGoal || outerSaw;
        continue;
      }
      if (plies.child(p, m, !ahead || ((grow[g8 + 2 * dir] >>> line) & 1) === 1)) {
        // a shorter solution ends here: pushing stops the moment the goal is reachable
        plies.sawGoal = true;
        continue;
      }
      if (table !== undefined && table.provenAbove(p, remaining - 1)) continue;
      // a proof job past its node budget: the child goes to the frontier (proof/prefixes.ts)
      if (p < job.until && job.defers(p, remaining)) {
        plies.sawGoal = true;
        continue;
      }
      if (prepare) {
        // the child's C: this one moved, walked on if it grows, and walked afresh from
        // the goal if that met R (Lemma 4)
        const cc = cs + stride;
        const rows = cs + K_R * n;
        bits.moveRowsInto(state, rows, rows + stride, m);
        if (((grow[g8 + 2 * dir + 1] >>> line) & 1) === 1) {
          bits.walkAfter(state, to, m, rows + stride);
          if (plies.meets(to, cc)) bits.goalComponent(state, to, cc);
        }
      }
      const outerSaw = plies.sawGoal;
      plies.sawGoal = false;
      // with three left, this.search(p + 1, 2, true, false) would make just this call
      found += prepare ? parts.twoPushes.run(p + 1, cs + stride, false, true) : this.search(p + 1, remaining - 1);
      if (plies.limitReached) return found;
      // no sequence of up to remaining - 1 pushes from the child reaches the goal
      if (table !== undefined && !plies.sawGoal) table.store(p, remaining - 1);
      plies.sawGoal = plies.sawGoal || outerSaw;
    }
    return found;
  }
}
