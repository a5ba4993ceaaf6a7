/**
 * labsolve's output layouts, rule-set neutral: each one a class behind `Layout` (after
 * clasp's Output classes), fed the answers as the solver finds them (AnswerSink) and the
 * Outcome at the end. One module per layout: competition.ts, clingo.ts, json.ts. The
 * layouts: docs/contract.md.
 */
import type { AnswerSink, Model, Outcome, WitnessKind } from "../core/outcome.js";

/** A layout: `start` before the search, the sink's calls as answers come, `end` with the outcome. */
export interface Layout extends AnswerSink {
  start(): void;
  better(m: Model, kind: WitnessKind): void;
  lowerBound(bound: number): void;
  end(outcome: Outcome): void;
  /** the layout prints every answer at the end (json): the solver must keep them */
  readonly keepsAnswers: boolean;
}

/** What a layout needs besides the run. */
export interface LayoutContext {
  /** writes to standard output */
  write: (text: string) => void;
  /** labsolve's version, for clingo's header */
  version: string;
  /** where the instance came from, for clingo's header (`stdin` or the file name) */
  source: string;
  /** answers wanted (-n): 1 the best one (an optimisation), 0 all */
  wanted: number;
}

/** The layout's constructor of each format. */
export type LayoutClass = new (ctx: LayoutContext) => Layout;

/**
 * A witness as the competition layout's line: atoms as facts, each with its final dot
 * (`push(1,w,1). push(2,n,2).`); move words, states and actions separated by spaces.
 */
export function witnessLine(kind: WitnessKind, witness: readonly string[]): string {
  return kind === "atoms" ? witness.map((w) => `${w}.`).join(" ") : witness.join(" ");
}
