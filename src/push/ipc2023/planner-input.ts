/**
 * What labsolve plan reads: the domain and the problem, checked to be what the planner's
 * search implements (planner-domain.ts, problem.ts), as the task it plans for.
 */
import type { PlanInput } from "../../core/plugin.js";
import { readIpcDomain } from "./domain.js";
import { assertPlannerDomain } from "./planner-domain.js";
import { assertProblemOfDomain, readIpcProblem, readIpcProblemFacts } from "./problem.js";
import type { IpcTask } from "./task.js";

/**
 * The task of a domain and problem, or the refusal of the first construct the planner does
 * not take (the domain first, then the problem's `(:domain NAME)`, then the problem).
 * @throws InputError (FILE:LINE:COL) as readIpcDomain, assertPlannerDomain,
 *   assertProblemOfDomain and readIpcProblem
 */
export function readPlannerTask(input: PlanInput): IpcTask {
  const domain = readIpcDomain(input.domain.text, input.domain.name);
  assertPlannerDomain(domain);
  assertProblemOfDomain(domain, readIpcProblemFacts(input.problem.text, input.problem.name));
  return readIpcProblem(input.problem.text, input.problem.name);
}
