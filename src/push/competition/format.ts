/**
 * labsolve's output formats and exit codes.
 * Source: ../shared/spec/asp-competition-io.md (competition output, clingo's layout,
 * exit codes).
 */
import { exitCodeOf, type JsonOutcome, type RunOutcome } from "../../core/outcome.js";
import { pushAtom, type Push } from "./board.js";
import type { DepthStats } from "./search/exact/engine.js";

/** What the json report needs of a run (src/push/competition/search/run/run.ts RunResult). */
export interface RunSummary {
  solutions: readonly Push[][];
  /** the number of answers (solutions holds them when they were kept) */
  count?: number;
  exhausted: boolean;
  interrupted: boolean;
  lowerBound: number;
  upperBound: number | undefined;
  optimal: boolean;
  seconds: number;
  depths: DepthStats[];
  /** the run wanted this many solutions (0: all); with 1 a proven optimum exits 30 (default 1) */
  models?: number;
}

/** The atoms of a solution, steps numbered from 1: `push(Z,D,S)`. */
export function solutionAtoms(pushes: readonly Push[]): string[] {
  return pushes.map((p, i) => pushAtom(p, i + 1));
}

/** The competition's layout of one solution: `ANSWER` and the witness line. */
export function competitionAnswer(pushes: readonly Push[]): string {
  return `ANSWER\n${solutionAtoms(pushes).map((a) => `${a}.`).join(" ")}\n`;
}

/** The competition's closing lines: `INCONSISTENT`, or a comment when interrupted. */
export function competitionEnd(o: RunOutcome, why: string | undefined): string {
  if (o.solutions === 0 && o.exhausted) return "INCONSISTENT\n";
  if (o.interrupted) return `% interrupted${why ? `: ${why}` : ""}\n`;
  return "";
}

/**
 * The competition format's comment on an interrupted run's answer: its pushes and the
 * pushes proven necessary, `% pushes 9, shortest >= 7`.
 */
export function boundsComment(pushes: number, lowerBound: number): string {
  return `% pushes ${pushes}, shortest >= ${lowerBound}\n`;
}

/** clingo's line after an answer when optimising: the answer's number of pushes. */
export function clingoOptimization(pushes: number): string {
  return `Optimization: ${pushes}\n`;
}

/** Comment line of a proven lower bound in the clingo format: no solution has fewer than L pushes. */
export function clingoLowerBound(lowerBound: number): string {
  return `% shortest >= ${lowerBound}\n`;
}

/** clingo's layout of the k-th solution (1-based). */
export function clingoAnswer(k: number, pushes: readonly Push[]): string {
  return `Answer: ${k}\n${solutionAtoms(pushes).join(" ")}\n`;
}

/** The json format's document. */
export interface JsonReport extends JsonOutcome {
  /** the best solution is proven to have the fewest pushes */
  optimal: boolean;
  /** what a solution minimises: the competition's rules count pushes (the game's json has its own cost) */
  cost: "pushes";
  models: { pushes: number; atoms: string[]; steps: { step: number; line: number; dir: string }[] }[];
  statistics: { seconds: number; nodes: number; depths: DepthStats[] };
}

/** Builds the json format's document of a run. */
export function jsonReport(r: RunSummary): JsonReport {
  const o: RunOutcome = { solutions: r.count ?? r.solutions.length, exhausted: r.exhausted, interrupted: r.interrupted, optimal: (r.models ?? 1) === 1 && r.optimal };
  return {
    status: o.solutions > 0 ? "SATISFIABLE" : o.exhausted ? "UNSATISFIABLE" : "UNKNOWN",
    exitCode: exitCodeOf(o),
    exhausted: o.exhausted,
    interrupted: o.interrupted,
    fewest: r.optimal && r.upperBound !== undefined ? r.upperBound : null,
    lowerBound: r.lowerBound,
    upperBound: r.upperBound ?? null,
    optimal: r.optimal,
    cost: "pushes",
    models: r.solutions.map((s) => ({
      pushes: s.length,
      atoms: solutionAtoms(s),
      steps: s.map((p, i) => ({ step: i + 1, line: p.line, dir: p.dir })),
    })),
    statistics: { seconds: r.seconds, nodes: r.depths.reduce((a, d) => a + d.nodes, 0), depths: r.depths },
  };
}
