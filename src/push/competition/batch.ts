/**
 * The competition's batch part (labsolve batch): one instance solved in worker threads
 * (search/run.ts) and its answer verified by the competition's checker (check.ts) before
 * it is reported: the checker, not the search, decides whether an answer is a solution.
 */
import { InputError } from "../../core/errors.js";
import type { BatchRow, BatchRunner } from "../../core/plugin.js";
import { readOutput } from "../../core/witness.js";
import { checkWitness } from "./check.js";
import { competitionAnswer } from "./format.js";
import { readInstance } from "./instance.js";
import { assertSearchable, runSearch } from "./search/run/run.js";

function errorRow(instance: string, error: string, errorKind: BatchRow["errorKind"], extra: Partial<BatchRow> = {}): BatchRow {
  return { instance, N: null, max_steps: null, status: "error", pushes: null, optimal: null, lowerBound: null, witness: null, seconds: 0, nodes: 0, verified: null, error, errorKind, ...extra };
}

/** batch's part for competition instances. */
export const runner: BatchRunner = {
  async run(text, name, options) {
    let instance;
    try {
      instance = readInstance(text, name).instance;
    } catch (e) {
      if (e instanceof InputError) return errorRow(name, e.message, "input");
      throw e;
    }
    const shape = { N: instance.size, max_steps: options.maxSteps ?? instance.maxSteps };
    try {
      assertSearchable(instance);
    } catch (e) {
      if (e instanceof InputError) return errorRow(name, e.message, "input", shape);
      throw e;
    }
    let run;
    try {
      run = await runSearch(instance, {
        models: 1,
        any: options.any,
        maxSteps: options.maxSteps,
        tableMegabytes: options.tableMegabytes,
        timeLimit: options.timeLimit,
        threads: options.threads ?? 1,
        handleSignals: false,
        signal: options.signal,
      });
    } catch (e) {
      return errorRow(name, `search worker failed: ${e instanceof Error ? e.message : String(e)}`, "worker", shape);
    }
    if (run.interruptedBy === "aborted") return undefined;
    const base = {
      instance: name,
      ...shape,
      seconds: Number(run.seconds.toFixed(3)),
      nodes: run.nodes,
      lowerBound: run.lowerBound,
      ...(run.interrupted && !run.optimal ? { interrupted: run.interruptedBy ?? "unknown" } : {}),
    };
    const answer = run.solutions[0];
    if (!answer) {
      if (run.exhausted) return { ...base, status: "unsatisfiable", pushes: null, optimal: null, witness: null, verified: null };
      return { ...base, status: "unknown", pushes: null, optimal: null, witness: null, verified: null, error: `interrupted: ${run.interruptedBy ?? "unknown"}` };
    }
    const answerText = competitionAnswer(answer);
    const witness = answerText.split("\n")[1];
    const verdict = checkWitness({ ...instance, maxSteps: shape.max_steps }, readOutput(answerText, name).answers[0].atoms);
    if (!verdict.valid) {
      return { ...base, status: "error", pushes: answer.length, optimal: run.optimal, witness, verified: false, errorKind: "verification", error: `ANSWER REJECTED BY THE CHECKER: step ${verdict.violation?.step}: ${verdict.violation?.message}` };
    }
    return { ...base, status: "solved", pushes: answer.length, optimal: run.optimal, witness, verified: true };
  },
};
