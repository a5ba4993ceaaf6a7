/**
 * The IPC 2023 checker part (labcheck plan): a plan validated by simulating the domain's
 * own actions (validate.ts). `valid cost=C` (exit 0), or the first failing action, its
 * position and the precondition that fails, or the goal not reached (exit 1).
 */
import type { PlanChecker } from "../../core/plugin.js";
import { readIpcDomain } from "./domain.js";
import { assertProblemOfDomain, readIpcProblemFacts } from "./problem.js";
import { validatePlan } from "./validate.js";

/** labcheck plan's part. */
export const checker: PlanChecker = {
  check(input) {
    const domain = readIpcDomain(input.domain.text, input.domain.name);
    const problem = readIpcProblemFacts(input.problem.text, input.problem.name);
    assertProblemOfDomain(domain, problem);
    const verdict = validatePlan(domain, problem, input.plan.text, input.plan.name);
    if (verdict.valid) return { text: `valid cost=${verdict.cost}\n`, exitCode: 0 };
    const where = verdict.location ? `${input.plan.name}:${verdict.location.line}:${verdict.location.column}: ` : `${input.plan.name}: `;
    return { text: `invalid: ${where}${verdict.reason}\n`, exitCode: 1 };
  },
};
