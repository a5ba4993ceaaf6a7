/**
 * labsolve's output formats as objects (after clasp's Output classes): one class per
 * format behind the Output interface, fed by the run's callbacks
 * (src/push/competition/search/run/run.ts RunOptions) and its result. Layouts: src/push/competition/format.ts and
 * ../shared/spec/asp-competition-io.md.
 */
import type { Push } from "./board.js";
import { boundsComment, clingoAnswer, clingoLowerBound, clingoOptimization, competitionAnswer, competitionEnd, jsonReport } from "./format.js";
import { clingoEnd, clingoHeader, type OutputFormat } from "../../core/outcome.js";
import type { Bounds, RunResult } from "./search/run/run.js";

/** What every format is told, in this order: start, then solution/better/lowerBound as they come, then end. */
export interface Output {
  /** before the search starts */
  start(): void;
  /** an answer in its final order (RunOptions.onSolution) */
  solution(pushes: Push[]): void;
  /** models 1: a solution with fewer pushes than any before (RunOptions.onBetter) */
  better(pushes: Push[], bounds: Bounds): void;
  /** models 1: the lower bound rose (RunOptions.onLowerBound) */
  lowerBound(bounds: Bounds): void;
  /** after the run */
  end(result: RunResult): void;
}

/** What a format needs to know besides the run. */
export interface OutputContext {
  /** writes to standard output */
  write: (text: string) => void;
  /** labsolve's version, for clingo's header */
  version: string;
  /** where the instance came from, for clingo's header (`stdin` or the file name) */
  source: string;
  /** models wanted (1: the best solution, anytime; 0 for all) */
  models: number;
}

/**
 * The competition's format: each answer as `ANSWER` and its witness line; with models 1
 * one ANSWER, the final best, and when interrupted a comment with its bounds
 * (`% pushes 9, shortest >= 7`); `INCONSISTENT`, or `% interrupted: WHY`, at the end.
 */
export class CompetitionOutput implements Output {
  constructor(private readonly ctx: OutputContext) {}
  start(): void {}
  solution(pushes: Push[]): void {
    this.ctx.write(competitionAnswer(pushes));
  }
  better(): void {}
  lowerBound(): void {}
  end(r: RunResult): void {
    if (this.ctx.models === 1 && r.interrupted && r.upperBound !== undefined) this.ctx.write(boundsComment(r.upperBound, r.lowerBound));
    this.ctx.write(competitionEnd({ solutions: r.count, exhausted: r.exhausted, interrupted: r.interrupted }, r.interruptedBy));
  }
}

/**
 * clingo's default format. With models 1 it reads like clingo optimising the number of
 * pushes: every better solution as found (`Answer: k`, its atoms, `Optimization: P`), a
 * comment line per proven lower bound (`% shortest >= L`), `OPTIMUM FOUND` when proven.
 * Otherwise each answer as `Answer: k` and its atoms.
 */
export class ClingoOutput implements Output {
  private count = 0;
  constructor(private readonly ctx: OutputContext) {}
  start(): void {
    this.ctx.write(clingoHeader(this.ctx.version, this.ctx.source));
  }
  solution(pushes: Push[]): void {
    if (this.ctx.models !== 1) this.ctx.write(clingoAnswer(++this.count, pushes));
  }
  better(pushes: Push[]): void {
    this.ctx.write(clingoAnswer(++this.count, pushes) + clingoOptimization(pushes.length));
  }
  lowerBound(bounds: Bounds): void {
    this.ctx.write(clingoLowerBound(bounds.lower));
  }
  end(r: RunResult): void {
    const outcome = { solutions: r.count, exhausted: r.exhausted, interrupted: r.interrupted };
    const optimum = this.ctx.models === 1 && r.upperBound !== undefined ? { models: this.count, optimal: r.optimal, pushes: r.upperBound } : undefined;
    this.ctx.write(clingoEnd(outcome, r.seconds, optimum));
  }
}

/** One JSON document at the end (src/push/competition/format.ts JsonReport): status, bounds, models, statistics. */
export class JsonOutput implements Output {
  constructor(private readonly ctx: OutputContext) {}
  start(): void {}
  solution(): void {}
  better(): void {}
  lowerBound(): void {}
  end(r: RunResult): void {
    this.ctx.write(`${JSON.stringify(jsonReport({ ...r, models: this.ctx.models }), null, 2)}\n`);
  }
}

const OUTPUTS: Record<OutputFormat, new (ctx: OutputContext) => Output> = {
  competition: CompetitionOutput,
  clingo: ClingoOutput,
  json: JsonOutput,
};

/** The Output of a format. */
export function makeOutput(format: OutputFormat, ctx: OutputContext): Output {
  return new OUTPUTS[format](ctx);
}
