/**
 * The IPC 2023 planner in a worker thread, so that the main thread stays free to take a
 * signal (SIGINT, SIGTERM) or the time limit while the search runs: it sets the shared
 * stop flag, which the search polls, and the worker answers with the best plan found.
 *
 * workerData: { task: IpcTask, timeLimitMs?: number, stop: Int32Array over a SharedArrayBuffer }.
 * Messages to the parent: { kind: "plan", moves, cost } for the quick plan,
 * { kind: "iteration", bound, expanded } after each finished iteration, then
 * { kind: "done", result: IpcResult }.
 */
import { parentPort, workerData } from "node:worker_threads";
import type { IpcTask } from "../task.js";
import { solveIpcAnytime } from "./anytime.js";

const { task, timeLimitMs, stop } = workerData as { task: IpcTask; timeLimitMs?: number; stop: Int32Array };
const result = solveIpcAnytime(task, {
  timeLimitMs,
  shouldStop: () => Atomics.load(stop, 0) !== 0,
  onPlan: (moves, cost) => parentPort?.postMessage({ kind: "plan", moves, cost }),
  onIteration: (bound, expanded) => parentPort?.postMessage({ kind: "iteration", bound, expanded }),
});
parentPort?.postMessage({ kind: "done", result });
