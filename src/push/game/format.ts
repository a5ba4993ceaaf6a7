/**
 * A game run as the outcome (src/core/outcome.ts): its one model (the cost and the
 * atoms, src/push/game/actions.ts), bounds in units of the instance's cost, statistics.
 */
import { makeOutcome, type Model, type Outcome } from "../../core/outcome.js";
import type { GameSearchResult } from "./search/deepening.js";
import { solutionActionAtoms } from "./actions.js";
import { spareRules, type GameInstance } from "./instance.js";

/** The model of a run's solution, undefined when it has none. */
export function gameModel(inst: GameInstance, r: GameSearchResult): Model | undefined {
  return r.actions ? { cost: r.actions.length, witness: solutionActionAtoms(r.actions, spareRules(inst).rotate) } : undefined;
}

/**
 * The outcome of a run: a solution is proven cheapest (the search is exact: clingo's
 * OPTIMUM FOUND, exit 30), none within the bound UNSATISFIABLE (20), else interrupted.
 * @param kept the model as handed to the sink, when the answers are kept
 */
export function gameOutcome(inst: GameInstance, r: GameSearchResult, kept: Model[]): Outcome {
  const cost = r.actions?.length ?? null;
  return makeOutcome({
    rules: "game",
    cost: inst.rules.cost,
    witnessKind: "atoms",
    wanted: 1,
    answers: r.actions ? 1 : 0,
    proven: r.actions !== undefined,
    exhausted: r.exhausted,
    interrupted: r.interrupted,
    interruptedBy: r.interruptedBy,
    lowerBound: r.lowerBound,
    upperBound: cost,
    models: kept,
    statistics: { seconds: r.seconds, states: r.nodes, depths: r.depths },
  });
}
