/**
 * The iterative deepening (clasp's solve algorithm around Solver::search): depth 0, 1,
 * 2, ... pushes, each searched to the end by the depth-first search, so solutions come
 * shortest first and the first has the fewest pushes. Per depth it records what was
 * searched and what each pruning rule tried and cut.
 */
import type { DepthFirst } from "./dfs.js";
import type { DepthStats, SearchResult } from "../options.js";
import { Interrupted, type PlyStack } from "./ply-stack.js";
import type { Hopeless } from "./pruning/hopeless.js";
import type { KnownBound } from "./pruning/known-bound.js";
import type { PruningRule } from "./pruning/rule.js";
import type { DepthPrefixes } from "../proof/prefixes.js";

/** What the deepening drives. */
export interface DeepeningParts {
  plies: PlyStack;
  dfs: DepthFirst;
  depthPrefixes: DepthPrefixes;
  hopeless: Hopeless;
  known: KnownBound;
  /** every rule, for the per-depth counters */
  rules: PruningRule[];
  onDepth: ((stats: DepthStats) => void) | undefined;
  /** WorkOptions.beforeDepth */
  beforeDepth?: (depth: number) => void;
  /** WorkOptions.fromDepth: the first depth searched (the ones below are known to have no solution) */
  from?: number;
}

/**
 * Runs the deepening from depth `from` (default 0) up to the plies' horizon, or until
 * enough solutions (PlyStack.models) or an interruption.
 */
export function deepen(parts: DeepeningParts): SearchResult {
  const { plies, dfs, depthPrefixes: owned } = parts;
  const depths: DepthStats[] = [];
  let interrupted = false;
  let complete = true;
  for (let depth = parts.from ?? 0; depth <= plies.horizon; depth++) {
    const started = performance.now();
    const nodesBefore = plies.nodes;
    const before = plies.found;
    plies.reach(depth);
    plies.plyNodes.fill(0);
    let depthComplete = true;
    let skipped = false;
    try {
      parts.beforeDepth?.(depth);
      const known = parts.known.answers(depth);
      if (known !== undefined) {
        // a solution of this length exists and none is shorter: it is the first one
        if (owned.first) plies.accept(known);
        plies.limitReached = true;
      } else if (depth === 0) {
        if (plies.board.goalReachable(plies.state, 0) && owned.first) plies.report(0);
      } else if (parts.hopeless.skips()) {
        skipped = true;
      } else {
        plies.sawGoal = false;
        owned.start(depth);
        dfs.search(0, depth);
        if (!plies.limitReached) owned.finish();
      }
    } catch (e) {
      if (!(e instanceof Interrupted)) throw e;
      interrupted = true;
      depthComplete = false;
    }
    if (plies.limitReached) depthComplete = false;
    const stats: DepthStats = {
      depth,
      nodes: plies.nodes - nodesBefore,
      plies: Array.from(plies.plyNodes.subarray(0, depth)),
      milliseconds: performance.now() - started,
      solutions: plies.found - before,
      complete: depthComplete,
      ...(depthComplete ? {} : { stoppedBy: interrupted ? ("interrupt" as const) : ("limit" as const) }),
      rules: parts.rules.map((r) => r.takeStats()),
    };
    depths.push(stats);
    parts.onDepth?.(stats);
    if (!depthComplete) {
      complete = false;
      break;
    }
    // t = 0 is a solution only when init is the goal, and then pushing stops: nothing longer exists.
    if (depth === 0 && plies.board.goalReachable(plies.state, 0)) break;
    // a hopeless instance (Lemma 1) skips every depth alike: the horizon is searched
    // (a huge max_steps would otherwise loop here for ever)
    if (skipped) break;
  }
  return {
    solutions: plies.solutions,
    exhausted: complete && !interrupted,
    interrupted,
    count: plies.found,
    fewest: plies.fewest,
    depths,
    nodes: plies.nodes,
  };
}
