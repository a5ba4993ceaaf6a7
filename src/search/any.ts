/**
 * The beam search (src/search/beam.ts) before the exact one:
 * - `labsolve --any`: some solution within the horizon, shortest not required (the
 *   competition's task). The beam answers most instances in milliseconds; when it finds
 *   nothing, the exact iterative deepening decides, so an instance without a solution
 *   still ends INCONSISTENT.
 * - `labsolve` (one solution, the fewest pushes): the beam's solution is an upper bound,
 *   so the deepening proves the shorter depths and stops before the beam's length.
 */
import type { Instance } from "../instance.js";
import { solveBeam } from "./beam.js";
import { hopeless, solve, type SearchOptions, type SearchResult } from "./engine.js";

/**
 * One solution of at most the horizon's pushes, or proof that none exists.
 * @returns a SearchResult with at most one solution; `exhausted` only when the exact
 *   search proved that there is none
 */
export function solveAny(instance: Instance, options: Omit<SearchOptions, "models"> = {}): SearchResult {
  // nothing for the beam to find: the exact search proves that at once
  if (hopeless(instance)) return solve(instance, { ...options, models: 1 });
  const beam = solveBeam(instance, { maxSteps: options.maxSteps, shouldStop: options.shouldStop });
  if (beam.solution || beam.interrupted) {
    if (beam.solution) options.onSolution?.(beam.solution);
    return {
      solutions: beam.solution ? [beam.solution] : [],
      exhausted: false,
      interrupted: beam.interrupted,
      fewest: undefined,
      depths: [],
      nodes: beam.nodes,
    };
  }
  const exact = solve(instance, { ...options, models: 1 });
  return { ...exact, fewest: undefined, nodes: exact.nodes + beam.nodes };
}

/**
 * The first solution of the fewest pushes (models 1), or proof that none exists within
 * the horizon: iterative deepening that stops before the beam solution's length when no
 * shorter solution exists, and answers with the beam's solution then.
 *
 * When shouldStop interrupts the deepening before any solution, the beam's solution is
 * still passed on (onSolution, and in `solutions`), not proven shortest: the run ends
 * interrupted after one (clingo's exit 11), as an interrupted optimisation in clingo
 * prints its best model so far. With rootShare, share index 0 passes it on.
 */
export function solveFirst(instance: Instance, options: Omit<SearchOptions, "models" | "known"> = {}): SearchResult {
  if (hopeless(instance)) return solve(instance, { ...options, models: 1 });
  // narrow beams: wider ones found no shorter solution on the competition's instances
  const beam = solveBeam(instance, { maxSteps: options.maxSteps, shouldStop: options.shouldStop, widths: [64, 256] });
  const known = beam.solution !== undefined && beam.solution.length > 0 ? beam.solution : undefined;
  const exact = solve(instance, { ...options, models: 1, known });
  if (exact.interrupted && exact.solutions.length === 0 && known !== undefined && (options.rootShare?.index ?? 0) === 0) {
    options.onSolution?.(known);
    return { ...exact, solutions: [known], fewest: undefined, nodes: exact.nodes + beam.nodes };
  }
  return { ...exact, nodes: exact.nodes + beam.nodes };
}
