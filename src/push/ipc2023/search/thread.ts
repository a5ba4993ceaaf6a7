/**
 * The IPC 2023 planner in worker threads, so that the main thread stays free to take a
 * signal (SIGINT, SIGTERM) or the time limit while the search runs: it sets the shared
 * stop flag, which the search polls, and the worker answers with the best plan found.
 *
 * workerData: { role, task: IpcTask, timeLimitMs?: number, stop: Int32Array (over a
 * SharedArrayBuffer), memory: SharedSearchMemory (units.ts; the same for both threads) }. Roles:
 * - "anytime" (one thread): solveIpcAnytime, the quick plan and the exact search in turn;
 * - "exact" (two threads): its part of the shared exact search (units.ts) from the start;
 * - "plans" (two threads): planStream, the quick plan and cheaper ones, each plan's cost shared
 *   (the exact threads then look only below it) before it is posted; when planStream has
 *   ended (or the exact thread has), it joins the shared exact search at the bound running.
 * Messages to the parent: { kind: "plan", moves, cost } for each plan found, { kind:
 * "iteration", bound, expanded } for each iteration settled (no plan of cost <= bound; the
 * states of all threads), then { kind: "done", result?: IpcResult ("anytime"), expanded: number }.
 * Two threads: the answer (the cost proven necessary, the cheapest plan) is the share's.
 */
import { parentPort, workerData } from "node:worker_threads";
import type { IpcMove, IpcTask } from "../task.js";
import { planStream, solveIpcAnytime } from "./anytime.js";
import { searchShared, SearchShare, type SharedSearchMemory } from "./units.js";

const { role, task, timeLimitMs, stop, memory } = workerData as { role: "anytime" | "exact" | "plans"; task: IpcTask; timeLimitMs?: number; stop: Int32Array; memory: SharedSearchMemory };
const deadline = timeLimitMs === undefined ? Infinity : performance.now() + timeLimitMs;
const shouldStop = (): boolean => Atomics.load(stop, 0) !== 0 || performance.now() > deadline;
const onIteration = (bound: number, expanded: number): void => parentPort?.postMessage({ kind: "iteration", bound, expanded });
const onPlan = (moves: IpcMove[], cost: number): void => parentPort?.postMessage({ kind: "plan", moves, cost });
if (role === "anytime") {
  const result = solveIpcAnytime(task, { timeLimitMs, shouldStop, onIteration, onPlan });
  parentPort?.postMessage({ kind: "done", result, expanded: result.expanded });
} else {
  const share = new SearchShare(memory);
  const shared = { timeLimitMs, shouldStop, onSettled: onIteration, onPlan };
  if (role === "exact") {
    try {
      const { expanded } = searchShared(task, memory, shared);
      parentPort?.postMessage({ kind: "done", expanded });
    } finally {
      share.end();
    }
  } else {
    planStream(task, {
      // no plan is needed once the exact thread has ended (it proved its answer or was stopped)
      shouldStop: () => shouldStop() || share.ended() > 0,
      lowerBound: () => share.lowerBound(),
      onPlan: (moves, cost) => {
        // (the plan thread is the only one that posts guides)
        share.offerGuide(moves);
        share.offerPlan(cost);
        onPlan(moves, cost);
      },
    });
    const { expanded } = searchShared(task, memory, { ...shared, join: true });
    parentPort?.postMessage({ kind: "done", expanded });
  }
}
