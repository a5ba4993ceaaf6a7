/**
 * What every rule set's output shares: clingo's exit codes for how a run ended, the
 * output formats' names, and clingo's header and closing lines.
 * Source: ../shared/spec/asp-competition-io.md (clingo's layout, exit codes).
 */
import { ExitCode } from "./errors.js";

export type OutputFormat = "competition" | "clingo" | "json";
export const OUTPUT_FORMATS: readonly OutputFormat[] = ["competition", "clingo", "json"];

/** How a run ended, in the terms the formats need. */
export interface RunOutcome {
  solutions: number;
  exhausted: boolean;
  interrupted: boolean;
  /**
   * one solution wanted and it is proven to have the fewest pushes (or the least cost):
   * clingo's `OPTIMUM FOUND`, which exits 30 as clingo does (default false)
   */
  optimal?: boolean;
}

/**
 * clingo's exit code for an outcome: 10 found (not exhausted, optimum not proven), 20
 * none and exhausted, 30 found and exhausted or its optimum proven (clingo 5.4 exits 30
 * with `OPTIMUM FOUND`), 11 interrupted after a solution, 1 interrupted without one.
 */
export function exitCodeOf(o: RunOutcome): ExitCode {
  if (o.solutions > 0) {
    if (o.exhausted || o.optimal === true) return ExitCode.Exhausted;
    return o.interrupted ? ExitCode.InterruptedWithAnswer : ExitCode.Satisfiable;
  }
  return o.exhausted ? ExitCode.Unsatisfiable : ExitCode.Interrupted;
}

/** clingo's header lines. */
export function clingoHeader(version: string, source: string): string {
  return `labsolve version ${version}\nReading from ${source}\nSolving...\n`;
}

/** The optimisation part of clingo's closing lines (models 1 with a solution). */
export interface ClingoOptimum {
  /** answers printed */
  models: number;
  /** the optimum is proven */
  optimal: boolean;
  /** pushes of the best answer */
  pushes: number;
}

/**
 * clingo's result line and statistics; with `optimum`, as clingo optimising:
 * `OPTIMUM FOUND` when proven, `Optimum : yes|unknown` and `Optimization : P`.
 */
export function clingoEnd(o: RunOutcome, seconds: number, optimum?: ClingoOptimum): string {
  const interrupted = o.interrupted ? "INTERRUPTED  : 1\n" : "";
  const time = `Calls        : 1\nTime         : ${seconds.toFixed(3)}s\n`;
  if (optimum) {
    const result = optimum.optimal ? "OPTIMUM FOUND" : "SATISFIABLE";
    const models = `${optimum.models}${optimum.optimal ? "" : "+"}`;
    return `${result}\n\n${interrupted}Models       : ${models}\n  Optimum    : ${optimum.optimal ? "yes" : "unknown"}\nOptimization : ${optimum.pushes}\n${time}`;
  }
  const result = o.solutions > 0 ? "SATISFIABLE" : o.exhausted ? "UNSATISFIABLE" : "UNKNOWN";
  const models = `${o.solutions}${o.exhausted ? "" : "+"}`;
  return `${result}\n\n${interrupted}Models       : ${models}\n${time}`;
}

/** The fields every rule set's json document starts with, in units of the rule set's cost. */
export interface JsonOutcome {
  status: "SATISFIABLE" | "UNSATISFIABLE" | "UNKNOWN";
  exitCode: number;
  exhausted: boolean;
  interrupted: boolean;
  /** the optimum when proven (the first solution's cost), else null */
  fewest: number | null;
  /** cost proven necessary: the deepest bound searched to the end without a solution + 1, or the optimum */
  lowerBound: number;
  /** cost of the best solution found, null when none */
  upperBound: number | null;
}
