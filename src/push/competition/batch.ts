/**
 * The competition's batch part (labsolve batch): one instance solved in worker threads
 * (search/run.ts, stopped by the batch's signal) and its answer verified by the
 * competition's checker (check.ts) before it is reported: the checker, not the search,
 * decides whether an answer is a solution. Rows carry the board's size `N` and the
 * horizon `max_steps` beside the outcome's fields.
 */
import { errorRow, outcomeRow, witnessAtoms } from "../../core/batch-row.js";
import { InputError } from "../../core/errors.js";
import { makeOutcome } from "../../core/outcome.js";
import type { BatchRunner } from "../../core/plugin.js";
import type { Verdict } from "../../core/verdict.js";
import { checkWitness } from "./check.js";
import { readInstance, type Instance } from "./instance.js";
import { assertSearchable, runSearch } from "./search/run/run.js";
import { pushModel } from "./solve.js";

/** batch's part for competition instances. */
export const runner: BatchRunner = {
  ownThreads: true,
  async run(text, name, options) {
    let instance;
    try {
      instance = readInstance(text, name).instance;
    } catch (e) {
      if (e instanceof InputError) return errorRow(name, e.message, "input", "competition");
      throw e;
    }
    const shape = { N: instance.size, max_steps: options.maxSteps ?? instance.maxSteps };
    try {
      assertSearchable(instance);
    } catch (e) {
      if (e instanceof InputError) return errorRow(name, e.message, "input", "competition", shape);
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
      return errorRow(name, `search worker failed: ${e instanceof Error ? e.message : String(e)}`, "worker", "competition", shape);
    }
    if (run.interruptedBy === "aborted") return undefined;
    const answer = run.solutions[0];
    // the outcome labsolve's solver part returns for the same run (solve.ts)
    const outcome = makeOutcome({
      rules: "competition",
      cost: "pushes",
      witnessKind: "atoms",
      wanted: 1,
      answers: answer ? 1 : 0,
      proven: run.optimal,
      exhausted: run.exhausted,
      interrupted: run.interrupted,
      interruptedBy: run.interruptedBy,
      lowerBound: run.lowerBound,
      upperBound: run.upperBound ?? null,
      models: answer ? [pushModel(answer, false)] : [],
      statistics: { seconds: run.seconds, states: run.nodes },
    });
    return outcomeRow(name, outcome, (witness) => judged({ ...instance, maxSteps: shape.max_steps }, witness, name), shape);
  },
  async verify(text, name, witness, options) {
    const { instance } = readInstance(text, name);
    return judged({ ...instance, maxSteps: options.maxSteps ?? instance.maxSteps }, witness, name);
  },
};

/**
 * The checker's verdict (check.ts) on a row's witness, the horizon being the batch's
 * (--max-steps overrides the instance's, as the search's did).
 * @throws InputError when the witness's atoms are not facts
 */
function judged(instance: Instance, witness: readonly string[], name: string): Verdict {
  const v = checkWitness(instance, witnessAtoms(witness, name));
  return v.valid ? { rules: "competition", valid: true, cost: v.pushes, costKind: "pushes", steps: v.pushes } : { rules: "competition", valid: false, steps: v.pushes, violation: v.violation && { step: v.violation.step, message: v.violation.message } };
}

