/**
 * labsolve's output of a game run, in the three formats of src/push/competition/format.ts: the
 * competition's (`ANSWER` and the atoms), clingo's (as clingo optimising the cost) and
 * json (status, cost, bounds, optimal, the atoms, statistics). Atoms: src/push/game/actions.ts.
 */
import { clingoEnd, clingoHeader, exitCodeOf, type JsonOutcome, type OutputFormat, type RunOutcome } from "../../core/outcome.js";
import type { GameSearchResult, GameDepth } from "./search/deepening.js";
import { solutionActionAtoms } from "./actions.js";
import { spareRules, type GameInstance } from "./instance.js";

/** The json document of a game run: the competition's fields (core/outcome.ts JsonOutcome), in units of the cost. */
export interface GameJsonReport extends JsonOutcome {
  rules: "game";
  /** what a solution minimises */
  cost: "pushes" | "moves" | "steps";
  /** the solution is proven cheapest (always so when there is one: the search is exact) */
  optimal: boolean;
  models: { cost: number; atoms: string[] }[];
  statistics: { seconds: number; nodes: number; depths: GameDepth[] };
}

/** How the run ended, for the exit code: a solution is proven optimal (the search is exact: clingo's OPTIMUM FOUND, exit 30). */
export function gameOutcome(r: GameSearchResult): RunOutcome {
  return { solutions: r.actions ? 1 : 0, exhausted: r.exhausted, interrupted: r.interrupted, optimal: r.actions !== undefined };
}

/** The json document of a run. */
export function gameJsonReport(inst: GameInstance, r: GameSearchResult): GameJsonReport {
  const o = gameOutcome(r);
  const cost = r.actions?.length ?? null;
  return {
    rules: "game",
    cost: inst.rules.cost,
    status: o.solutions > 0 ? "SATISFIABLE" : o.exhausted ? "UNSATISFIABLE" : "UNKNOWN",
    exitCode: exitCodeOf(o),
    exhausted: r.exhausted,
    interrupted: r.interrupted,
    fewest: cost,
    lowerBound: r.lowerBound,
    upperBound: cost,
    optimal: cost !== null,
    models: r.actions ? [{ cost: r.actions.length, atoms: solutionActionAtoms(r.actions, spareRules(inst).rotate) }] : [],
    statistics: { seconds: r.seconds, nodes: r.nodes, depths: r.depths },
  };
}

/**
 * The whole output of a game run in a format.
 * @param source clingo's header: `stdin` or the file name; @param version labsolve's
 */
export function gameOutput(format: OutputFormat, inst: GameInstance, r: GameSearchResult, version: string, source: string): string {
  if (format === "json") return `${JSON.stringify(gameJsonReport(inst, r), null, 2)}\n`;
  const atoms = r.actions ? solutionActionAtoms(r.actions, spareRules(inst).rotate) : undefined;
  const o = gameOutcome(r);
  if (format === "clingo") {
    const answer = atoms ? `Answer: 1\n${atoms.join(" ")}\nOptimization: ${atoms.length}\n` : "";
    const optimum = atoms ? { models: 1, optimal: true, pushes: atoms.length } : undefined;
    return clingoHeader(version, source) + answer + clingoEnd(o, r.seconds, optimum);
  }
  if (atoms) return `ANSWER\n${atoms.map((a) => `${a}.`).join(" ")}\n`;
  if (r.exhausted) return "INCONSISTENT\n";
  return `% interrupted${r.interruptedBy ? `: ${r.interruptedBy}` : ""}\n`;
}
