/**
 * `labsolve --any`: some solution within the horizon, shortest not required (the
 * competition's task). The beam search (src/search/beam.ts) answers most instances in
 * milliseconds; when it finds nothing, the exact iterative deepening decides, so an
 * instance without a solution still ends INCONSISTENT.
 */
import type { Instance } from "../instance.js";
import { solveBeam } from "./beam.js";
import { solve, type SearchOptions, type SearchResult } from "./engine.js";

/**
 * One solution of at most the horizon's pushes, or proof that none exists.
 * @returns a SearchResult with at most one solution; `exhausted` only when the exact
 *   search proved that there is none
 */
export function solveAny(instance: Instance, options: Omit<SearchOptions, "models"> = {}): SearchResult {
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
