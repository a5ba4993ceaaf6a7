/**
 * The IPC 2023 solver part (labsolve plan, docs/ipc2023.md): the domain checked, the
 * problem read, then the planner as an anytime planner in worker threads (search/thread.ts).
 * With one thread: a quick plan first, then the exact search for a cheaper one, in turn. With
 * K >= 2 (--threads, default the machine's cores): the exact search (search/units.ts) runs
 * from the start on K - 1 threads; after EARLY_MS (500 ms), unless it has ended, one more
 * thread makes the quick plan and cheaper ones, each plan's cost shared with the exact search
 * (it then looks only below it), and then joins the exact search, the threads sharing out
 * each iteration's subtrees and one transposition table. A plan is proven optimal when the shared
 * lower bound (the iterations settled by every thread) reaches its cost.
 * Exit codes, clingo's: 30 the plan is proven optimal, 20 no plan exists (proven), 11 a
 * plan not proven optimal (the time limit or SIGINT/SIGTERM stopped the exact search), 1
 * stopped before any plan was found. On a terminal, a progress line on the reporter
 * (progress-line.ts), cleared before anything else is written.
 */
import { once } from "node:events";
import { Worker } from "node:worker_threads";
import { hasWorkerThreads, threadOptions } from "../../core/address-space.js";
import type { PlanSolver } from "../../core/plugin.js";
import { makeOutcome, type Outcome } from "../../core/outcome.js";
import { onStop } from "../../core/stop.js";
import { StatusLine } from "../../core/status-line.js";
import { PlannerProgress } from "./progress-line.js";
import { planActions, planText } from "./plan-writer.js";
import { readPlannerTask } from "./planner-input.js";
import { NONE, SearchShare, sharedSearchMemory, type SharedSearchMemory } from "./search/units.js";
import type { FromPlanner } from "./search/roles.js";
import { inTaskCosts, type IpcMove, type IpcResult, type IpcTask } from "./task.js";

/**
 * milliseconds the exact search runs alone before the plan thread starts: the IPC problems end
 * by then, and a second thread started sooner slowed them on a busy machine (p10, p11, p20:
 * 0.66-0.73 s instead of 0.46-0.56 s with 200 ms)
 */
const EARLY_MS = 500;

/**
 * A planner thread (search/thread.ts) with its role; resolves when it has exited, rejects on
 * its error. Where there are no worker threads (a browser's Web Worker) the role runs in
 * this thread to its end (search/roles.ts), its messages passed on as they come. `progress`:
 * the role posts progress messages too.
 */
async function runThread(role: "anytime" | "exact" | "plans", task: IpcTask, timeLimitMs: number | undefined, stop: Int32Array, memory: SharedSearchMemory | undefined, progress: boolean, onMessage: (m: FromPlanner) => void): Promise<void> {
  if (!hasWorkerThreads()) {
    const { runPlannerRole } = await import("./search/roles.js");
    runPlannerRole({ role, task, timeLimitMs, stop, memory, progress }, onMessage);
    return;
  }
  const { resourceLimits, execArgv } = threadOptions();
  const worker = new Worker(new URL("./search/thread.js", import.meta.url), { workerData: { role, task, timeLimitMs, stop, memory, progress }, resourceLimits, execArgv });
  let failure: Error | undefined;
  worker.on("message", onMessage);
  worker.on("error", (e) => (failure = e));
  await once(worker, "exit");
  if (failure) throw failure;
}

/** labsolve plan's part. */
export const solver: PlanSolver = {
  async solve(input, flags, reporter) {
    const task = readPlannerTask(input);
    // the goal holds at the start: the empty plan is optimal
    if (task.goalHolds) {
      const outcome: Outcome = makeOutcome({
        rules: "ipc2023",
        cost: "plan cost",
        witnessKind: "actions",
        wanted: 1,
        answers: 1,
        proven: true,
        exhausted: false,
        interrupted: false,
        lowerBound: 0,
        upperBound: 0,
        models: [{ cost: 0, witness: [] }],
        statistics: { seconds: 0, states: 0 },
      });
      return { outcome, plan: planText(task, [], 0), exitCode: outcome.exitCode };
    }
    const started = performance.now();
    // the one stop handler: SIGINT, SIGTERM (a second one exits at once); the threads poll its flag, and the time
    // limit each from its own start (a thread's start-up, seconds on a loaded machine, does not eat the search's time)
    const stops = onStop({ started });
    const stop = new Int32Array(stops.flagBuffer);
    const limitMs = flags.timeLimit === undefined ? undefined : flags.timeLimit * 1000;
    let result: IpcResult | undefined;
    let plan: { moves: IpcMove[]; cost: number } | undefined;
    let expanded = 0;
    /** the states expanded so far at the last iteration settled (the messages count from the start) */
    let settledSoFar = 0;
    // on a terminal, a progress line (progress-line.ts), cleared before anything else is written
    const status = reporter.isTTY ? new StatusLine(reporter) : undefined;
    const progress = status && new PlannerProgress(status, task.actionCost ?? 1, started);
    /** a message of the role run by the thread-th runThread */
    const onMessage = (m: FromPlanner, thread: number): void => {
      if (flags.stats && (m.kind === "plan" || m.kind === "iteration")) status?.clear();
      if (m.kind === "done") {
        result = m.result ?? result;
        expanded += m.expanded;
      } else if (m.kind === "plan") {
        if (plan === undefined || m.cost < plan.cost) plan = { moves: m.moves, cost: m.cost };
        if (flags.stats) reporter.write(`% a plan of cost ${m.cost} (not yet proven optimal)\n`);
      } else if (m.kind === "iteration" && flags.stats) {
        reporter.write(`% no plan of cost <= ${m.bound}; ${m.expanded - settledSoFar} states expanded since the last bound settled, ${m.expanded} so far\n`);
        settledSoFar = m.expanded;
      }
      progress?.message(m, thread);
    };
    const drawn = progress !== undefined;
    try {
      // one thread where there are no worker threads: the roles would run one after the other
      if ((flags.threads ?? 1) < 2 || !hasWorkerThreads()) await runThread("anytime", task, limitMs, stop, undefined, drawn, (m) => onMessage(m, 0));
      else {
        // the shared exact search: the answer is its lower bound and the cheapest plan posted
        const memory = sharedSearchMemory();
        progress?.shareWith(new SearchShare(memory));
        let plans: Promise<void> | undefined;
        // threads - 1 exact threads from the start (at least one), the plan thread joining them later
        const exact = Promise.all(Array.from({ length: Math.max(1, (flags.threads ?? 2) - 1) }, (_, k) => runThread("exact", task, limitMs, stop, memory, drawn, (m) => onMessage(m, k))));
        const timer = setTimeout(() => {
          plans = runThread("plans", task, limitMs === undefined ? undefined : Math.max(0, limitMs - (performance.now() - started)), stop, memory, drawn, (m) => onMessage(m, -1));
          // its failure is reported after the exact thread's end (below), not as an unhandled rejection
          plans.catch(() => undefined);
        }, EARLY_MS);
        try {
          await exact;
        } catch (e) {
          Atomics.store(stop, 0, 1);
          throw e;
        } finally {
          clearTimeout(timer);
          // the plan thread ends by itself: at once while it makes plans, after its iteration when it has joined the exact search
          await plans;
        }
        const lower = new SearchShare(memory).lowerBound();
        result = { proven: false, lowerBound: lower, expanded };
        if (plan && lower >= plan.cost) result = { moves: plan.moves, cost: plan.cost, proven: true, lowerBound: plan.cost, expanded };
        else if (!plan && lower === NONE) result = { proven: true, lowerBound: lower, expanded };
      }
    } finally {
      status?.clear();
      stops.dispose();
    }
    const why = stops.reason === undefined || stops.reason === "time limit" ? "the time limit" : stops.reason;
    if (!result) throw new Error("the planner's thread ended without an answer");
    if (flags.stats) {
      reporter.write(`% ${result.expanded} states expanded, ${((performance.now() - started) / 1000).toFixed(3)} s, cost >= ${result.lowerBound}\n`);
    }
    // the exact search's plan (optimal), else the best plan of the anytime thread or the plan thread
    if (!result.moves && plan && !result.proven) {
      const proven = result.lowerBound >= plan.cost;
      result = { ...result, moves: plan.moves, cost: plan.cost, proven, lowerBound: proven ? plan.cost : result.lowerBound };
    }
    // the search counts pushes + steps; the problem's costs are that times its action cost
    result = inTaskCosts(task, result);
    const seconds = (performance.now() - started) / 1000;
    const found = result.moves !== undefined && result.cost !== undefined;
    const outcome = makeOutcome({
      rules: "ipc2023",
      cost: "plan cost",
      witnessKind: "actions",
      wanted: 1,
      answers: found ? 1 : 0,
      proven: result.proven,
      // no plan exists (proven)
      exhausted: !found && result.proven,
      interrupted: !result.proven,
      interruptedBy: why,
      lowerBound: result.lowerBound,
      upperBound: found ? result.cost! : null,
      models: found ? [{ cost: result.cost!, witness: planActions(task, result.moves!) }] : [],
      statistics: { seconds, states: result.expanded },
    });
    if (found) {
      const plan = planText(task, result.moves!, result.cost!);
      if (result.proven) return { outcome, plan, exitCode: outcome.exitCode };
      return { outcome, plan, message: `; not proven optimal: stopped by ${why} (every plan costs at least ${result.lowerBound})\n`, exitCode: outcome.exitCode };
    }
    if (result.proven) return { outcome, message: "; no plan exists\n", exitCode: outcome.exitCode };
    return { outcome, message: `; no plan found: stopped by ${why} (every plan costs at least ${result.lowerBound})\n`, exitCode: outcome.exitCode };
  },
};
