/**
 * A solver's outcome as the studio's page shows it (Solved: the outcome's own fields, in the
 * commands' words) and the answer cut at a step, for its picture.
 */
import type { Outcome } from "../../src/core/outcome.js";

/** A solver's answer as the page shows it: the outcome's own fields, in the commands' words. */
export interface Solved {
  status: Outcome["status"];
  exitCode: number;
  costKind: Outcome["cost"];
  fewest: number | null;
  optimal: boolean;
  lowerBound: number | null;
  upperBound: number | null;
  /** the best answer's witness words (atoms, moves, states or actions), in order; empty when none */
  witness: string[];
  /** what the witness's words are (moves can be played by hand) */
  kind: Outcome["witnessKind"];
  /** 1 when the witness's first word is the start (a path of states), else 0: step k shows words up to k + start */
  start: 0 | 1;
  notes: string[];
  seconds: number;
  /** states the search generated; null for a solve stopped by the page (its worker is gone) */
  states: number | null;
  /** the outcome as labsolve -f json prints it */
  json: string;
}

/** Words of a witness that are its start, not a step: a path of states names its first state. */
export function startWords(outcome: Outcome): 0 | 1 {
  return outcome.witnessKind === "states" && outcome.models.length > 0 ? 1 : 0;
}

/** The outcome with its best answer cut after step `k` (the others dropped). */
export function cut(outcome: Outcome, k: number): Outcome {
  const model = outcome.models[0];
  return { ...outcome, models: model ? [{ ...model, witness: model.witness.slice(0, k + startWords(outcome)) }] : [] };
}

/** An outcome as the page shows it (`states` null: a solve stopped by the page). */
export function solvedOf(outcome: Outcome, states: number | null = outcome.statistics.states): Solved {
  const model = outcome.models[0];
  return {
    status: outcome.status,
    exitCode: outcome.exitCode,
    costKind: outcome.cost,
    fewest: outcome.fewest,
    optimal: outcome.optimal,
    lowerBound: outcome.lowerBound,
    upperBound: outcome.upperBound,
    witness: model ? model.witness : [],
    start: startWords(outcome),
    kind: outcome.witnessKind,
    notes: outcome.notes,
    seconds: outcome.statistics.seconds,
    states,
    json: JSON.stringify(outcome),
  };
}
