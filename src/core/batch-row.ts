/**
 * A batch row (src/core/plugin.ts BatchRow) from a rule set's outcome and its checker's
 * verdict: the one place that decides a row's fields, for every rule set's batch part.
 * The row's answer is the outcome's first model, checked by the verdict the rule set's
 * checker gives (never by the solver's own code); a rejected answer, or one whose cost
 * the checker counts otherwise, is a verification error. The contract: docs/contract.md.
 */
import { ExitCode, InputError } from "./errors.js";
import { endOf } from "./fact-args.js";
import { parseFacts, type Atom } from "./facts.js";
import { NO_SINK, type Outcome, type Reporter, type SolveContext } from "./outcome.js";
import type { BatchRow, BatchRunner, BatchRunOptions, FactsChecker, FactsSolver, SolveFlags, TextChecker, TextSolver } from "./plugin.js";
import type { Verdict } from "./verdict.js";

/**
 * A row for an instance that was not searched: bad input (exit 65, as labsolve alone), a
 * refused zip entry, a failed worker.
 * @param rules the rule set, when one was chosen; @param extras rule-set extras (the competition's board size)
 */
export function errorRow(instance: string, error: string, errorKind: NonNullable<BatchRow["errorKind"]>, rules: string | null = null, extras: Record<string, unknown> = {}): BatchRow {
  return {
    instance,
    rules,
    status: "UNKNOWN",
    exitCode: ExitCode.BadInput,
    cost: null,
    witnessKind: null,
    fewest: null,
    optimal: false,
    lowerBound: null,
    upperBound: null,
    witness: null,
    statistics: { seconds: 0, states: 0 },
    seconds: 0,
    verified: null,
    interrupted: false,
    error,
    errorKind,
    ...extras,
  };
}

/** labsolve's flags for one batch row: one answer, the batch's options (the rule set's part passes those it takes). */
export function batchFlags(options: BatchRunOptions): SolveFlags {
  return {
    models: 1,
    format: "json",
    timeLimit: options.timeLimit,
    memory: options.tableMegabytes ?? 64,
    threads: options.threads ?? 1,
    ...(options.maxSteps !== undefined ? { maxSteps: options.maxSteps } : {}),
    ...(options.any ? { any: true } : {}),
  };
}

/**
 * The row of a run: the outcome's fields, its first model as the witness, checked by
 * `verify` (the rule set's checker).
 * @param verify the checker's verdict on a witness; an InputError it throws (the witness cannot be read) is a rejection
 * @param extras rule-set extras placed after the row's fields
 */
export async function outcomeRow(instance: string, outcome: Outcome, verify: (witness: readonly string[]) => Verdict | Promise<Verdict>, extras: Record<string, unknown> = {}): Promise<BatchRow> {
  const model = outcome.models[0];
  const row: BatchRow = {
    instance,
    rules: outcome.rules,
    status: outcome.status,
    exitCode: outcome.exitCode,
    cost: outcome.cost,
    witnessKind: outcome.witnessKind,
    fewest: outcome.fewest,
    optimal: outcome.optimal,
    lowerBound: outcome.lowerBound,
    upperBound: outcome.upperBound,
    witness: model ? model.witness : null,
    statistics: { seconds: Number(outcome.statistics.seconds.toFixed(3)), states: outcome.statistics.states },
    seconds: 0,
    verified: null,
    interrupted: outcome.interrupted,
    ...(outcome.interrupted ? { interruptedBy: outcome.interruptedBy ?? "interrupted" } : {}),
    ...(model === undefined && outcome.status === "UNKNOWN" ? { error: `no answer: ${outcome.interrupted ? `interrupted: ${outcome.interruptedBy ?? "interrupted"}` : "the search found none"}` } : {}),
    ...extras,
  };
  if (!model) return row;
  let verdict: Verdict;
  try {
    verdict = await verify(model.witness);
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    return { ...row, verified: false, errorKind: "verification", error: `ANSWER REJECTED BY THE CHECKER: ${e.message}` };
  }
  if (!verdict.valid) {
    const v = verdict.violation;
    return { ...row, verified: false, errorKind: "verification", error: `ANSWER REJECTED BY THE CHECKER: ${v ? `step ${v.step}: ${v.message}` : "invalid"}` };
  }
  // (weights are sums of decimals: equal up to rounding)
  if (verdict.cost !== undefined && Math.abs(verdict.cost - model.cost) > 1e-9 * Math.max(1, Math.abs(model.cost))) {
    return { ...row, verified: false, errorKind: "verification", error: `ANSWER REJECTED BY THE CHECKER: the solver says ${model.cost} ${outcome.cost}, the checker counts ${verdict.cost}` };
  }
  return { ...row, verified: true };
}

/**
 * A rule set's batch run: `solve` gives the outcome, `verify` the checker's verdict on its
 * answer. Bad input (InputError) and a refused option (Error) become input rows (labsolve
 * alone exits 65 on both); anything else the solver throws is a failed worker.
 */
export async function solvedRow(instance: string, rules: string, solve: () => Promise<Outcome>, verify: (witness: readonly string[]) => Verdict | Promise<Verdict>, extras: Record<string, unknown> = {}): Promise<BatchRow> {
  let outcome: Outcome;
  try {
    outcome = await solve();
  } catch (e) {
    if (e instanceof InputError) return errorRow(instance, e.message, "input", rules, extras);
    // a plain Error is a solver's refusal of an option or an input it does not support (labsolve: error, 65)
    if (e instanceof Error && e.constructor === Error) return errorRow(instance, `${instance}: ${e.message}`, "input", rules, extras);
    return errorRow(instance, `the solver failed: ${e instanceof Error ? e.message : String(e)}`, "worker", rules, extras);
  }
  return outcomeRow(instance, outcome, verify, extras);
}

/** A row's solver writes its warnings and statistics nowhere: the row is what a batch reports. */
const QUIET: Reporter = { write: () => undefined };

/** What a solver gets in a batch row: the answers kept (the row's witness is the first), nothing printed, the time limit counted from now (the row's start). */
const rowContext = (): SolveContext => ({ sink: NO_SINK, keep: true, reporter: QUIET, started: performance.now() });

/** A witness's atoms (without their dots) read back as facts. @throws InputError when they are not facts */
export function witnessAtoms(witness: readonly string[], name: string): Atom[] {
  return parseFacts(witness.map((a) => `${a}.`).join(" "), `${name} (witness)`);
}

/**
 * The batch part of a rule set of facts, from its solver part and its checker part (the
 * referee labcheck uses): the row's answer is judged by the referee on the witness's atoms.
 * Its search runs on the calling thread (batch gives it a worker thread).
 */
export function factsBatchRunner(rules: string, solver: FactsSolver, checker: FactsChecker): BatchRunner {
  const verify = (text: string, name: string, witness: readonly string[]): Verdict => {
    const atoms = parseFacts(text, name);
    const referee = checker.referee({ atoms, end: endOf(text), file: name }, {});
    return referee.check(witnessAtoms(witness, name).filter((a) => referee.isAction(a)));
  };
  return sameThreadRunner(rules, (text, name, options) => solver.solve({ source: { text, name }, atoms: parseFacts(text, name), end: endOf(text), stdin: false }, batchFlags(options), rowContext()), verify);
}

/**
 * The batch part of a text rule set (a maze, a level, a graph), from its solver part and
 * its checker part: the row's answer is judged by the referee on the witness's words
 * separated by spaces (as labsolve's default layout writes them).
 * @param split a file of several instances in one text each (see BatchRunner.split)
 */
export function textBatchRunner(rules: string, solver: TextSolver, checker: TextChecker, split?: (text: string) => string[]): BatchRunner {
  const verify = (text: string, name: string, witness: readonly string[]): Verdict =>
    checker.referee({ source: { text, name }, stdin: false }, {}).judge({ text: `${witness.join(" ")}\n`, name: `${name} (witness)` }).verdict;
  return sameThreadRunner(rules, (text, name, options) => solver.solve({ source: { text, name }, stdin: false }, batchFlags(options), rowContext()), verify, split);
}

/** A batch part whose search runs on the calling thread: `solve` gives a row's outcome, `verify` judges a witness on the instance's text. */
function sameThreadRunner(
  rules: string,
  solve: (text: string, name: string, options: BatchRunOptions) => Promise<Outcome>,
  verify: (text: string, name: string, witness: readonly string[]) => Verdict,
  split?: (text: string) => string[],
): BatchRunner {
  return {
    ownThreads: false,
    run: async (text, name, options) =>
      solvedRow(
        name,
        rules,
        () => solve(text, name, options),
        (witness) => verify(text, name, witness),
      ),
    verify: async (text, name, witness) => verify(text, name, witness),
    ...(split ? { split } : {}),
  };
}
