/**
 * The IPC 2023 planner in worker threads, so that the main thread stays free to take a
 * signal (SIGINT, SIGTERM) or the time limit while the search runs: it sets the shared
 * stop flag, which the search polls, and the worker answers with the best plan found.
 *
 * workerData: { role, task: IpcTask, timeLimitMs?: number, stop: Int32Array, best: Int32Array }
 * (both over SharedArrayBuffers). Roles:
 * - "anytime" (one thread): solveIpcAnytime, the quick plan and the exact search in turn;
 * - "exact" (two threads): the exact search (solveIpc) from the start, looking only for plans
 *   cheaper than best[0], the cheapest plan the other thread has found (bestCost);
 * - "plans" (two threads): planStream, the quick plan and cheaper ones; each plan's cost is
 *   stored in best[0] before it is posted.
 * Messages to the parent: { kind: "plan", moves, cost } for each plan found outside the exact
 * search, { kind: "iteration", bound, expanded } after each finished iteration, then
 * { kind: "done", result?: IpcResult } ("plans": no result).
 */
import { parentPort, workerData } from "node:worker_threads";
import type { IpcTask } from "../task.js";
import { planStream, solveIpcAnytime } from "./anytime.js";
import { solveIpc } from "./index.js";

const { role, task, timeLimitMs, stop, best } = workerData as { role: "anytime" | "exact" | "plans"; task: IpcTask; timeLimitMs?: number; stop: Int32Array; best: Int32Array };
const deadline = timeLimitMs === undefined ? Infinity : Date.now() + timeLimitMs;
const shouldStop = (): boolean => Atomics.load(stop, 0) !== 0 || Date.now() > deadline;
const onIteration = (bound: number, expanded: number): void => parentPort?.postMessage({ kind: "iteration", bound, expanded });
if (role === "plans") {
  planStream(task, {
    shouldStop,
    onPlan: (moves, cost) => {
      Atomics.store(best, 0, cost);
      parentPort?.postMessage({ kind: "plan", moves, cost });
    },
  });
  parentPort?.postMessage({ kind: "done" });
} else if (role === "exact") {
  const result = solveIpc(task, { timeLimitMs, shouldStop, onIteration, bestCost: () => Atomics.load(best, 0) });
  parentPort?.postMessage({ kind: "done", result });
} else {
  const result = solveIpcAnytime(task, { timeLimitMs, shouldStop, onIteration, onPlan: (moves, cost) => parentPort?.postMessage({ kind: "plan", moves, cost }) });
  parentPort?.postMessage({ kind: "done", result });
}
