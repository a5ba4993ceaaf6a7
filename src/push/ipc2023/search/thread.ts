/**
 * The IPC 2023 planner in a worker thread (roles.ts), so that the main thread stays free to
 * take a signal (SIGINT, SIGTERM) or the time limit while the search runs: it sets the
 * shared stop flag, which the search polls, and the worker answers with the best plan found.
 *
 * workerData: PlannerRoleInput (roles.ts: role, task, timeLimitMs, stop: Int32Array over a
 * SharedArrayBuffer, memory: the same SharedSearchMemory for both threads); the role's
 * messages go to the parent.
 */
import { parentPort, workerData } from "node:worker_threads";
import { runPlannerRole, type PlannerRoleInput } from "./roles.js";

runPlannerRole(workerData as PlannerRoleInput, (m) => parentPort?.postMessage(m));
