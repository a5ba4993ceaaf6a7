/**
 * The IPC 2023 checker part (labcheck plan): a plan validated by simulating the domain's
 * own actions (validate.ts), as the toolkit's Verdict (src/core/verdict.ts): valid with
 * the plan's cost, or the first failing action (its 1-based number as the step, its place
 * in the plan file) and the precondition that fails, or the goal not reached after the last.
 */
import type { PlanChecker } from "../../core/plugin.js";
import type { Verdict } from "../../core/verdict.js";
import { readIpcDomain } from "./domain.js";
import { assertProblemOfDomain, readIpcProblemFacts } from "./problem.js";
import { validatePlan } from "./validate.js";
import { planText } from "./plan-text.js";

/** labcheck plan's part. */
export const checker: PlanChecker = {
  check(input) {
    const domain = readIpcDomain(input.domain.text, input.domain.name);
    const problem = readIpcProblemFacts(input.problem.text, input.problem.name);
    assertProblemOfDomain(domain, problem);
    const verdict = validatePlan(domain, problem, planText(input.plan.text, input.plan.name), input.plan.name);
    if (verdict.valid) {
      const v: Verdict = { rules: "ipc2023", valid: true, cost: verdict.cost, costKind: "plan cost", steps: verdict.actions };
      return { verdict: v, summary: `plan cost ${verdict.cost} (${verdict.actions} action${verdict.actions === 1 ? "" : "s"}); the goal is reached`, details: "" };
    }
    const where = verdict.location ? ` (${input.plan.name}:${verdict.location.line}:${verdict.location.column})` : "";
    const v: Verdict = {
      rules: "ipc2023",
      valid: false,
      ...(verdict.actions !== undefined ? { steps: verdict.actions } : {}),
      // the goal not reached: the step is the last action's (0 for the empty plan)
      violation: { step: verdict.position ?? verdict.actions ?? 0, message: `${verdict.reason}${where}` },
      ...(verdict.location ? { line: verdict.location.line, column: verdict.location.column } : {}),
    };
    return { verdict: v, summary: "", details: "" };
  },
};

