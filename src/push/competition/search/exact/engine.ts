/**
 * The solver's entry: iterative deepening over push sequences on a bit-level board,
 * assembled from its parts (Fast Downward's layout: the search algorithm, the pruning
 * methods, the look-ahead apart; clasp's: the solve algorithm around the search):
 *
 * - deepening.ts: depth 0, 1, 2, ... and the per-depth statistics;
 * - dfs.ts: the depth-first search of one depth, in ply-stack.ts's memory;
 * - pruning/: each rule behind one interface (PruningRule: what it preserves, its
 *   lemma in docs/design/search.md, counters of what it tried and cut; the rules that prune a
 *   ply's pushes also behind PushPruning, which dfs.ts asks the same way): hopeless, the
 *   transposition table, the commutation rule and its extension after growth, the
 *   last push, the two last pushes, three pushes left with a set that cannot grow, a
 *   known solution as upper bound;
 * - layout.ts, bitboard.ts, wideboard.ts: the boards; lookahead.ts: whether a push
 *   would let R or C grow, without applying it; lines.ts: line masks.
 *
 * Rules: ../shared/spec/push-labyrinth.md; glossary and soundness: docs/design/search.md. This
 * module does not decide what the checker accepts: src/push/competition/check.ts has its own simulation.
 */
import { InputError } from "../../../../core/errors.js";
import type { Instance } from "../../instance.js";
import { MAX_SIZE } from "../board/layout.js";
import { deepen } from "./deepening.js";
import { DepthFirst } from "./dfs.js";
import { LineMath } from "../board/lines.js";
import { LookAhead } from "../board/lookahead.js";
import type { EngineOptions, SearchOptions, SearchResult } from "../options.js";
import { PlyStack } from "./ply-stack.js";
import { CommutationAfterGrowth } from "./pruning/commutation-after-growth.js";
import { Commutation } from "./pruning/commutation.js";
import { GrownReach } from "./pruning/grown-reach.js";
import { Hopeless } from "./pruning/hopeless.js";
import { KnownBound } from "./pruning/known-bound.js";
import { LastPushJoins } from "./pruning/last-push-joins.js";
import { NeedlessFirstPush } from "./pruning/needless-first-push.js";
import { StuckSet } from "./pruning/stuck-set.js";
import { StuckSetsApart } from "./pruning/stuck-sets-apart.js";
import { Transposition } from "./pruning/transposition.js";
import { TwoPushJoins } from "./pruning/two-push-joins.js";
import { DepthPrefixes, JobPrefixes } from "../proof/prefixes.js";

export { MAX_SIZE } from "../board/layout.js";

/**
 * Refuses a board larger than the solver handles (MAX_SIZE), before any output.
 * @throws InputError (`FILE:LINE:COL: error: ...` at the field/2 fact that makes the board that large, exit 65)
 */
export function assertSearchable(instance: Instance): void {
  if (instance.size > MAX_SIZE) {
    throw new InputError(instance.file, instance.sizeAt, `the board is ${instance.size}x${instance.size}; labsolve handles boards up to ${MAX_SIZE}x${MAX_SIZE}`);
  }
}

export { hopeless } from "./pruning/hopeless.js";
export type { DepthStats, EngineOptions, Preserves, RuleStats, RuleSwitches, SearchOptions, SearchResult, WorkOptions } from "../options.js";

/**
 * Searches the instance's push sequences by iterative deepening (0, 1, 2, ... pushes),
 * so solutions come shortest first and the first has the fewest pushes. One thread; the
 * library's entry (src/index.ts), with the user's options only.
 * @throws RangeError when the board is larger than MAX_SIZE x MAX_SIZE
 */
export function solve(instance: Instance, options: SearchOptions = {}): SearchResult {
  return searchInstance(instance, options);
}

/**
 * solve with every option: the run's (threads' first pushes or pairs, a proof job's prefixes, a resumed
 * proof, a known solution, a shared table) and the tests' rule switches.
 * @throws RangeError when the board is larger than MAX_SIZE x MAX_SIZE
 */
export function searchInstance(instance: Instance, options: EngineOptions = {}): SearchResult {
  const horizon = options.maxSteps ?? instance.maxSteps;
  const models = options.models ?? 1;
  const { onNodes, shouldStop } = options;
  const poll = onNodes
    ? (): boolean => {
        onNodes(plies.nodes);
        return shouldStop?.() ?? false;
      }
    : shouldStop;
  const plies: PlyStack = new PlyStack(instance, horizon, models, options.wide === true, poll, options.onSolution, options.keep !== false);
  const lookahead = plies.isBit && options.lookahead !== false;
  const lines = new LineMath(plies.isBit ? instance.size : 1);
  const look = new LookAhead(plies.bits);
  // pairs need ply 1's own loop: not below a proof job's prefixes
  const pairsFrom = options.prefix === undefined && options.rootPairs !== undefined ? Math.max(5, options.rootPairs) : undefined;
  const { onRootDone } = options;
  const rootDone = onRootDone ? (depth: number, unit: number): void => onRootDone(depth, unit, plies.nodes) : undefined;
  const depthPrefixes = new DepthPrefixes(options.rootShare?.index ?? 0, options.rootShare?.count ?? 1, options.claimRoot, options.skipRoot, rootDone, pairsFrom);
  const commuting = options.commutation ?? models === 1;
  const afterGrowth = new CommutationAfterGrowth(plies, commuting && options.afterGrowth !== false && plies.isBit);
  const commutation = new Commutation(plies, commuting, afterGrowth);
  const mb = options.tableMegabytes ?? 64;
  const transposition = mb > 0 && horizon >= 2 ? new Transposition(plies, mb, commutation, options.sharedTable) : undefined;
  const lastPush = new LastPushJoins(plies, lines, look, commutation, depthPrefixes);
  const grown = new GrownReach(plies, options.grownReach !== false);
  const needless = new NeedlessFirstPush(plies, lines, grown, options.secondLast !== false);
  const twoPushes = new TwoPushJoins(plies, lines, look, commutation, lastPush, grown, needless, options.quickTwoPushes !== false);
  // the growth words and C that StuckSet reads are written only with the look-ahead
  const stuckSet = new StuckSet(plies, lines, lookahead && options.threePushes !== false);
  const stuckSetsApart = new StuckSetsApart(plies, stuckSet);
  const jobPrefixes = options.prefix ?? new JobPrefixes(undefined);
  jobPrefixes.attach(plies);
  const dfs = new DepthFirst({ plies, lines, look, commutation, transposition, lastPush, twoPushes, stuckSet, stuckSetsApart, depthPrefixes, jobPrefixes }, lookahead, options.poison === true);
  const hopeless = new Hopeless(instance);
  const known = new KnownBound(options.known, models === 1);
  const rules = [hopeless, known, commutation, afterGrowth, ...(transposition ? [transposition] : []), ...(lookahead ? [lastPush, twoPushes, grown, needless, stuckSet, stuckSetsApart] : [])];
  return deepen({ plies, dfs, depthPrefixes, hopeless, known, rules, onDepth: options.onDepth, beforeDepth: options.beforeDepth, from: options.fromDepth });
}
