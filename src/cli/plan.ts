/**
 * `labsolve plan DOMAIN PROBLEM [-o PLANFILE]`: cost-optimal plans of the IPC 2023
 * classical domain "labyrinth" (docs/ipc2023.md), in the IPC's plan format.
 * Exit codes: 30 the plan is proven optimal, 20 no plan exists (proven), 1 stopped by the
 * time limit without a plan, 65 bad input (FILE:LINE:COL).
 */
import { existsSync, realpathSync, writeFileSync } from "node:fs";
import type { Command } from "commander";
import { readIpcDomain } from "../push/ipc2023/domain.js";
import { planText } from "../push/ipc2023/plan-writer.js";
import { readIpcProblem } from "../push/ipc2023/problem.js";
import type { IpcResult, IpcTask } from "../push/ipc2023/task.js";
import { positiveNumber } from "./args.js";
import { guarded, readSource } from "./common.js";

interface PlanFlags {
  output?: string;
  timeLimit?: number;
  stats?: boolean;
}

/** The planner's signature (src/search/ipc/index.ts), injectable for tests. */
export type Planner = (task: IpcTask, options: { timeLimitMs?: number; onIteration?: (bound: number, expanded: number) => void }) => IpcResult;

const samePath = (a: string, b: string): boolean => existsSync(a) && existsSync(b) && realpathSync(a) === realpathSync(b);

/**
 * Runs `labsolve plan`; returns the exit code.
 * @throws InputError on a bad domain or problem, Error on a usage error (`-o` naming an input)
 */
export async function planCommand(domainFile: string, problemFile: string, flags: PlanFlags, planner?: Planner): Promise<number> {
  const domainSource = readSource(domainFile);
  readIpcDomain(domainSource.text, domainSource.name);
  const problemSource = readSource(problemFile);
  const task = readIpcProblem(problemSource.text, problemSource.name);
  if (flags.output !== undefined && [domainFile, problemFile].some((f) => f !== "-" && samePath(f, flags.output!))) {
    throw new Error(`-o ${flags.output}: that is an input file; it is not overwritten`);
  }
  const solve = planner ?? (await import("../push/ipc2023/search/index.js")).solveIpc;
  const started = Date.now();
  const result = solve(task, {
    timeLimitMs: flags.timeLimit === undefined ? undefined : flags.timeLimit * 1000,
    onIteration: flags.stats ? (bound, expanded) => process.stderr.write(`% no plan of cost <= ${bound}; ${expanded} states expanded\n`) : undefined,
  });
  if (flags.stats) {
    process.stderr.write(`% ${result.expanded} states expanded, ${((Date.now() - started) / 1000).toFixed(3)} s, cost >= ${result.lowerBound}\n`);
  }
  if (result.moves && result.cost !== undefined) {
    const text = planText(task, result.moves, result.cost);
    if (flags.output !== undefined) writeFileSync(flags.output, text);
    else process.stdout.write(text);
    return result.proven ? 30 : 10;
  }
  if (result.proven) {
    process.stdout.write("; no plan exists\n");
    return 20;
  }
  process.stdout.write(`; no plan found: stopped by the time limit (every plan costs at least ${result.lowerBound})\n`);
  return 1;
}

/** Adds the plan subcommand to labsolve's program. */
export function addPlanCommand(program: Command): void {
  program
    .command("plan")
    .summary("cost-optimal plans of the IPC 2023 planning domain labyrinth (PDDL)")
    .description(
      "Reads the IPC 2023 domain labyrinth and one of its problems (PDDL) and writes a cost-optimal sequential plan " +
        "in the IPC format: one ground action a line, each push as start-move-card, move-card and stop-move-card " +
        "actions, leave last, then '; cost = C (general cost)'. Exit codes: 30 plan proven optimal, 20 no plan " +
        "exists, 1 stopped by the time limit without a plan, 65 bad input.",
    )
    .argument("<domain>", "the domain file (domain.pddl of IPC 2023 labyrinth)")
    .argument("<problem>", "the problem file")
    .option("-o, --output <planfile>", "write the plan to this file instead of standard output")
    .option("--time-limit <seconds>", "stop after this many seconds", positiveNumber)
    .option("--stats", "states expanded and time on stderr")
    .action(async (domain: string, problem: string, flags: PlanFlags) => {
      await guarded("labsolve plan", () => planCommand(domain, problem, flags));
    });
}
