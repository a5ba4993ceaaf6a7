/**
 * labsolve's output formats and exit codes.
 * Source: ../shared/spec/asp-competition-io.md (competition output, clingo's layout,
 * exit codes).
 */
import { pushAtom, type Push } from "./board.js";
import type { DepthStats } from "./search/engine.js";
import { ExitCode } from "./errors.js";

export type OutputFormat = "competition" | "clingo" | "json";
export const OUTPUT_FORMATS: readonly OutputFormat[] = ["competition", "clingo", "json"];

/** The atoms of a solution, steps numbered from 1: `push(Z,D,S)`. */
export function solutionAtoms(pushes: readonly Push[]): string[] {
  return pushes.map((p, i) => pushAtom(p, i + 1));
}

/** How a run ended, in the terms the formats need. */
export interface RunOutcome {
  solutions: number;
  exhausted: boolean;
  interrupted: boolean;
}

/**
 * clingo's exit code for an outcome: 10 found (not exhausted), 20 none and exhausted,
 * 30 found and exhausted, 11 interrupted after a solution, 1 interrupted without one.
 */
export function exitCodeOf(o: RunOutcome): ExitCode {
  if (o.solutions > 0) {
    if (o.exhausted) return ExitCode.Exhausted;
    return o.interrupted ? ExitCode.InterruptedWithAnswer : ExitCode.Satisfiable;
  }
  return o.exhausted ? ExitCode.Unsatisfiable : ExitCode.Interrupted;
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

/** clingo's header lines. */
export function clingoHeader(version: string, source: string): string {
  return `labsolve version ${version}\nReading from ${source}\nSolving...\n`;
}

/** clingo's layout of the k-th solution (1-based). */
export function clingoAnswer(k: number, pushes: readonly Push[]): string {
  return `Answer: ${k}\n${solutionAtoms(pushes).join(" ")}\n`;
}

/** clingo's result line and statistics. */
export function clingoEnd(o: RunOutcome, seconds: number): string {
  const result = o.solutions > 0 ? "SATISFIABLE" : o.exhausted ? "UNSATISFIABLE" : "UNKNOWN";
  const models = `${o.solutions}${o.exhausted ? "" : "+"}`;
  const interrupted = o.interrupted ? "INTERRUPTED  : 1\n" : "";
  return `${result}\n\n${interrupted}Models       : ${models}\nCalls        : 1\nTime         : ${seconds.toFixed(3)}s\n`;
}

/** The json format's document. */
export interface JsonReport {
  status: "SATISFIABLE" | "UNSATISFIABLE" | "UNKNOWN";
  exitCode: number;
  exhausted: boolean;
  interrupted: boolean;
  /** fewest pushes of any solution: the first solution's length, null with --any (not proven) */
  fewest: number | null;
  models: { pushes: number; atoms: string[]; steps: { step: number; line: number; dir: string }[] }[];
  statistics: { seconds: number; nodes: number; depths: DepthStats[] };
}

/**
 * Builds the json format's document.
 * @param shortest true when the solutions came shortest first (not --any)
 */
export function jsonReport(o: RunOutcome, solutions: readonly Push[][], seconds: number, depths: DepthStats[], shortest: boolean): JsonReport {
  return {
    status: o.solutions > 0 ? "SATISFIABLE" : o.exhausted ? "UNSATISFIABLE" : "UNKNOWN",
    exitCode: exitCodeOf(o),
    exhausted: o.exhausted,
    interrupted: o.interrupted,
    fewest: shortest && solutions.length > 0 ? solutions[0].length : null,
    models: solutions.map((s) => ({
      pushes: s.length,
      atoms: solutionAtoms(s),
      steps: s.map((p, i) => ({ step: i + 1, line: p.line, dir: p.dir })),
    })),
    statistics: { seconds, nodes: depths.reduce((a, d) => a + d.nodes, 0), depths },
  };
}
