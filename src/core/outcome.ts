/**
 * What every rule set's solver returns: one Outcome (status in clingo's words, clingo's
 * exit code, bounds, the answers or their count, statistics), built by `makeOutcome` from
 * how the run ended, and the sink through which a solver hands its answers to the command
 * as they are found (labsolve -n 0 on millions of answers prints them in bounded memory).
 * The commands format an Outcome in one of the output layouts (src/format/); a solver
 * never prints its answers. The contract: docs/contract.md.
 * Source of the exit codes and status words: ../shared/spec/asp-competition-io.md (clingo).
 */
import { ExitCode } from "./errors.js";

/** labsolve's output layouts (`-f, --format`), the same for every rule set. */
export type OutputFormat = "competition" | "clingo" | "json";
export const OUTPUT_FORMATS: readonly OutputFormat[] = ["competition", "clingo", "json"];

/** How a run ended, in clingo's words. */
export type Status = "OPTIMUM FOUND" | "SATISFIABLE" | "UNSATISFIABLE" | "UNKNOWN";

/** What an answer's cost counts (what the search minimises). */
export type CostKind = "pushes" | "moves" | "steps" | "weight" | "plan cost";

/**
 * What a witness's words are, for the layouts: `atoms` are facts (`push(1,w,1)`, written
 * `push(1,w,1).` in the competition layout), `moves` move words (`south`), `states` a
 * graph's states (`0a`), `actions` a plan's ground actions (`(leave c0 p0 p0)`).
 */
export type WitnessKind = "atoms" | "moves" | "states" | "actions";

/** One answer: its cost and the rule set's witness, with rule-set extras beside them. */
export interface Model {
  /** in units of the outcome's `cost` */
  cost: number;
  /** atoms without the final dot, move words, graph states or plan actions, in order */
  witness: string[];
  [extra: string]: unknown;
}

/** A run's statistics; `states` counts the search's states (nodes) truthfully, whatever the mode. */
export interface Statistics {
  /** wall-clock seconds of the search */
  seconds: number;
  /** states generated (or visited, for the static labyrinths' searches) */
  states: number;
  [extra: string]: unknown;
}

/** What a rule set's solver returns; the json layout prints it as it is (schema/outcome.schema.json). */
export interface Outcome {
  /** the registry's name of the rule set (the turn rule: "maze" with extra `rule: "turn"`) */
  rules: string;
  /** how the run ended, in clingo's words */
  status: Status;
  /** the process's exit code (clingo's: 30, 10, 20, 11, 1) */
  exitCode: number;
  /** what an answer's cost counts */
  cost: CostKind;
  /** what a witness's words are */
  witnessKind: WitnessKind;
  /** the proven optimum of the instance, else null */
  fewest: number | null;
  /** one answer was wanted and it is proven optimal (clingo's OPTIMUM FOUND) */
  optimal: boolean;
  /** cost proven necessary, null when nothing was proven */
  lowerBound: number | null;
  /** cost of the best answer found, null when none */
  upperBound: number | null;
  /** the search ended by itself: every answer enumerated, or none exists */
  exhausted: boolean;
  /** a time limit or a signal stopped the search */
  interrupted: boolean;
  /** what stopped it ("time limit", "SIGINT"), when interrupted */
  interruptedBy?: string;
  /** answers found (and handed to the sink) */
  answers: number;
  /** the answers kept (SolveContext.keep), fewest first; empty when they were only streamed */
  models: Model[];
  /** lines for a human (without `%`): the competition and clingo layouts print them as `% ` comments */
  notes: string[];
  /** the search's time (seconds), states and the rule set's own figures */
  statistics: Statistics;
  [extra: string]: unknown;
}

/** Where a solver hands its answers as they are found; the command's layout prints them (or keeps them). */
export interface AnswerSink {
  /** an answer in its final order, as soon as it is final (fewest first); `kind` what its witness's words are */
  model(m: Model, kind: WitnessKind): void;
  /** one answer wanted, anytime: an answer better than any before, not yet proven the fewest (clingo's layout prints each as found); `cost` what its cost counts */
  better?(m: Model, kind: WitnessKind, cost: CostKind): void;
  /** one answer wanted: the cost proven necessary rose to `bound` */
  lowerBound?(bound: number): void;
  /** a reader slower than the search: a promise that resolves once it caught up, undefined to go on */
  backlog?(): Promise<void> | undefined;
}

/** Where a solver writes statistics, warnings and progress (the command's stderr). */
export interface Reporter {
  /** writes a piece of text (lines end with their newline) */
  write(text: string): void;
  /** a terminal: a progress line may be drawn in place */
  isTTY?: boolean;
  /** the terminal's width */
  columns?: number;
}

/** What the command gives a solver besides the instance and the flags. */
export interface SolveContext {
  sink: AnswerSink;
  /** keep every answer in Outcome.models (the json layout prints them all) */
  keep: boolean;
  reporter: Reporter;
  /**
   * when the time limit starts counting, as `performance.now()` milliseconds: absent, the
   * process's start (the commands, as clingo counts it: reading a large instance is part of
   * the time); the library passes the moment it was called
   */
  started?: number;
}

/**
 * Counts the answers a solver finds, hands each to the sink and keeps it when asked: a
 * solver's one place for them.
 */
export class Answers {
  count = 0;
  readonly kept: Model[] = [];
  constructor(
    private readonly context: Pick<SolveContext, "sink" | "keep">,
    private readonly kind: WitnessKind,
  ) {}
  add(m: Model): void {
    this.count++;
    if (this.context.keep) this.kept.push(m);
    this.context.sink.model(m, this.kind);
  }
}

/** A sink that drops the answers (a solver run for its outcome alone keeps them with `keep`). */
export const NO_SINK: AnswerSink = { model: () => undefined };

/** How a run ended, as a solver knows it; `makeOutcome` derives status, exit code and `optimal`. */
export interface RunEnd {
  rules: string;
  cost: CostKind;
  witnessKind: WitnessKind;
  /** answers wanted (-n): 1 the best one, 0 all, N the N fewest */
  wanted: number;
  /** answers found */
  answers: number;
  /** the best answer's cost is proven the fewest */
  proven: boolean;
  /** the search ended by itself: every answer enumerated (or the N wanted, none left), or none exists (proven) */
  exhausted: boolean;
  interrupted: boolean;
  interruptedBy?: string;
  /** default: the best answer's cost when proven, else null */
  fewest?: number | null;
  lowerBound: number | null;
  upperBound: number | null;
  models: Model[];
  notes?: string[];
  statistics: Statistics;
  /** rule-set extras, placed after the contract's fields */
  extras?: Record<string, unknown>;
}

/**
 * clingo's status and exit code of a run: with an answer, `OPTIMUM FOUND` 30 when one was
 * wanted and it is proven optimal, `SATISFIABLE` 30 when the search ended by itself
 * (every answer enumerated), 11 when interrupted, else 10 (not proven optimal, or cut at
 * the N wanted); without one, `UNSATISFIABLE` 20 when none exists (proven), else
 * `UNKNOWN` 1 (interrupted, or an incomplete algorithm found none).
 */
export function statusOf(r: { answers: number; optimal: boolean; exhausted: boolean; interrupted: boolean }): { status: Status; exitCode: number } {
  if (r.answers > 0) {
    if (r.optimal) return { status: "OPTIMUM FOUND", exitCode: ExitCode.Exhausted };
    if (r.exhausted) return { status: "SATISFIABLE", exitCode: ExitCode.Exhausted };
    return { status: "SATISFIABLE", exitCode: r.interrupted ? ExitCode.InterruptedWithAnswer : ExitCode.Satisfiable };
  }
  return r.exhausted ? { status: "UNSATISFIABLE", exitCode: ExitCode.Unsatisfiable } : { status: "UNKNOWN", exitCode: ExitCode.Interrupted };
}

/** The Outcome of a run (status, exit code and `optimal` by `statusOf`). */
export function makeOutcome(r: RunEnd): Outcome {
  const optimal = r.wanted === 1 && r.answers > 0 && r.proven;
  const { status, exitCode } = statusOf({ answers: r.answers, optimal, exhausted: r.exhausted, interrupted: r.interrupted });
  const o: Outcome = {
    rules: r.rules,
    status,
    exitCode,
    cost: r.cost,
    witnessKind: r.witnessKind,
    fewest: r.fewest !== undefined ? r.fewest : r.proven && r.upperBound !== null ? r.upperBound : null,
    optimal,
    lowerBound: r.lowerBound,
    upperBound: r.upperBound,
    exhausted: r.exhausted,
    interrupted: r.interrupted,
    answers: r.answers,
    models: r.models,
    notes: r.notes ?? [],
    statistics: r.statistics,
  };
  if (r.interrupted) o.interruptedBy = r.interruptedBy ?? "interrupted";
  return { ...o, ...r.extras };
}
