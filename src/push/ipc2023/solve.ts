/**
 * The IPC 2023 solver part (labsolve plan, docs/ipc2023.md): the domain checked, the
 * problem read, then the planner as an anytime planner in a worker thread
 * (search/thread.ts): a quick plan first, then the exact search for a cheaper one.
 * Exit codes: 30 the plan is proven optimal, 20 no plan exists (proven), 10 a plan not
 * proven optimal (the time limit or SIGINT/SIGTERM stopped the exact search), 1 stopped
 * before any plan was found.
 */
import { once } from "node:events";
import { Worker } from "node:worker_threads";
import type { PlanSolver } from "../../core/plugin.js";
import { readIpcDomain } from "./domain.js";
import { planText } from "./plan-writer.js";
import { assertProblemOfDomain, readIpcProblem, readIpcProblemFacts } from "./problem.js";
import type { IpcMove, IpcResult } from "./task.js";

type FromPlanner = { kind: "plan"; moves: IpcMove[]; cost: number } | { kind: "iteration"; bound: number; expanded: number } | { kind: "done"; result: IpcResult };

/** labsolve plan's part. */
export const solver: PlanSolver = {
  async solve(input, flags) {
    const domain = readIpcDomain(input.domain.text, input.domain.name);
    assertProblemOfDomain(domain, readIpcProblemFacts(input.problem.text, input.problem.name));
    const task = readIpcProblem(input.problem.text, input.problem.name);
    const started = Date.now();
    const stop = new Int32Array(new SharedArrayBuffer(4));
    let why = "the time limit";
    const halt = (signal: string) => () => {
      why = signal;
      Atomics.store(stop, 0, 1);
    };
    const onInt = halt("SIGINT");
    const onTerm = halt("SIGTERM");
    process.on("SIGINT", onInt);
    process.on("SIGTERM", onTerm);
    const worker = new Worker(new URL("./search/thread.js", import.meta.url), {
      workerData: { task, timeLimitMs: flags.timeLimit === undefined ? undefined : flags.timeLimit * 1000, stop },
    });
    let result: IpcResult | undefined;
    let failure: Error | undefined;
    worker.on("message", (m: FromPlanner) => {
      if (m.kind === "done") result = m.result;
      else if (m.kind === "plan" && flags.stats) process.stderr.write(`% a plan of cost ${m.cost} (not yet proven optimal)\n`);
      else if (m.kind === "iteration" && flags.stats) process.stderr.write(`% no plan of cost <= ${m.bound}; ${m.expanded} states expanded\n`);
    });
    worker.on("error", (e) => (failure = e));
    await once(worker, "exit");
    process.off("SIGINT", onInt);
    process.off("SIGTERM", onTerm);
    if (failure) throw failure;
    if (!result) throw new Error("the planner's thread ended without an answer");
    if (flags.stats) {
      process.stderr.write(`% ${result.expanded} states expanded, ${((Date.now() - started) / 1000).toFixed(3)} s, cost >= ${result.lowerBound}\n`);
    }
    if (result.moves && result.cost !== undefined) {
      const plan = planText(task, result.moves, result.cost);
      if (result.proven) return { plan, exitCode: 30 };
      return { plan, message: `; not proven optimal: stopped by ${why} (every plan costs at least ${result.lowerBound})\n`, exitCode: 10 };
    }
    if (result.proven) return { message: "; no plan exists\n", exitCode: 20 };
    return { message: `; no plan found: stopped by ${why} (every plan costs at least ${result.lowerBound})\n`, exitCode: 1 };
  },
};
