/**
 * The IPC 2023 solver part (labsolve plan, docs/ipc2023.md): the domain checked, the
 * problem read, a cost-optimal plan by the planner (search/index.ts) in the IPC's plan
 * format. Exit codes: 30 the plan is proven optimal, 20 no plan exists (proven), 1
 * stopped by the time limit without a plan.
 */
import type { PlanSolver } from "../../core/plugin.js";
import { readIpcDomain } from "./domain.js";
import { planText } from "./plan-writer.js";
import { assertProblemOfDomain, readIpcProblem, readIpcProblemFacts } from "./problem.js";

/** labsolve plan's part. */
export const solver: PlanSolver = {
  async solve(input, flags) {
    const domain = readIpcDomain(input.domain.text, input.domain.name);
    assertProblemOfDomain(domain, readIpcProblemFacts(input.problem.text, input.problem.name));
    const task = readIpcProblem(input.problem.text, input.problem.name);
    const { solveIpc } = await import("./search/index.js");
    const started = Date.now();
    const result = solveIpc(task, {
      timeLimitMs: flags.timeLimit === undefined ? undefined : flags.timeLimit * 1000,
      onIteration: flags.stats ? (bound, expanded) => process.stderr.write(`% no plan of cost <= ${bound}; ${expanded} states expanded\n`) : undefined,
    });
    if (flags.stats) {
      process.stderr.write(`% ${result.expanded} states expanded, ${((Date.now() - started) / 1000).toFixed(3)} s, cost >= ${result.lowerBound}\n`);
    }
    if (result.moves && result.cost !== undefined) return { plan: planText(task, result.moves, result.cost), exitCode: result.proven ? 30 : 10 };
    if (result.proven) return { message: "; no plan exists\n", exitCode: 20 };
    return { message: `; no plan found: stopped by the time limit (every plan costs at least ${result.lowerBound})\n`, exitCode: 1 };
  },
};
