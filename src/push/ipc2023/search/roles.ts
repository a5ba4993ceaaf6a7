/**
 * The IPC 2023 planner's roles, run by a worker thread (thread.ts) in Node or, where there
 * are no worker threads (a browser's Web Worker), in the solver's own thread to the end:
 * - "anytime" (one thread): solveIpcAnytime, the quick plan and the exact search in turn;
 * - "exact" (two threads): its part of the shared exact search (units.ts) from the start;
 * - "plans" (two threads): planStream, the quick plan and cheaper ones, each plan's cost shared
 *   (the exact threads then look only below it) before it is posted; when planStream has
 *   ended (or the exact thread has), it joins the shared exact search at the bound running.
 * Messages (`post`): { kind: "plan", moves, cost } for each plan found, { kind: "iteration",
 * bound, expanded } for each iteration settled (no plan of cost <= bound; the states of all
 * threads); when asked (`progress`), { kind: "progress", bound, expanded } every
 * PROGRESS_LINE_MS while the exact search runs (the bound of its iteration, the states this
 * role has expanded so far); then { kind: "done", result?: IpcResult ("anytime"), expanded: number }.
 * Two threads: the answer (the cost proven necessary, the cheapest plan) is the share's.
 */
import { PROGRESS_LINE_MS, atMostEvery } from "../../../core/status-line.js";
import type { IpcMove, IpcResult, IpcTask } from "../task.js";
import { planStream, solveIpcAnytime } from "./anytime.js";
import { searchShared, SearchShare, type SharedSearchMemory } from "./units.js";

/** A planner role's message to the solver. */
export type FromPlanner =
  | { kind: "plan"; moves: IpcMove[]; cost: number }
  | { kind: "iteration"; bound: number; expanded: number }
  | { kind: "progress"; bound: number; expanded: number }
  | { kind: "done"; result?: IpcResult; expanded: number };

/** What a planner role is given: its role, the task, its time limit (ms from its start), the stop flag (element 0 non-zero: stop), the shared memory of two threads. */
export interface PlannerRoleInput {
  role: "anytime" | "exact" | "plans";
  task: IpcTask;
  timeLimitMs?: number;
  stop: Int32Array;
  memory?: SharedSearchMemory;
  /** post progress messages (a progress line is drawn) */
  progress?: boolean;
}

/** Runs one planner role to its end, posting its messages. */
export function runPlannerRole(input: PlannerRoleInput, post: (m: FromPlanner) => void): void {
  const { role, task, timeLimitMs, stop, memory } = input;
  const deadline = timeLimitMs === undefined ? Infinity : performance.now() + timeLimitMs;
  const shouldStop = (): boolean => Atomics.load(stop, 0) !== 0 || performance.now() > deadline;
  const onIteration = (bound: number, expanded: number): void => post({ kind: "iteration", bound, expanded });
  const onPlan = (moves: IpcMove[], cost: number): void => post({ kind: "plan", moves, cost });
  const onPoll = input.progress ? atMostEvery(PROGRESS_LINE_MS, (bound: number, expanded: number) => post({ kind: "progress", bound, expanded })) : undefined;
  if (role === "anytime") {
    const result = solveIpcAnytime(task, { timeLimitMs, shouldStop, onIteration, onPlan, onPoll });
    post({ kind: "done", result, expanded: result.expanded });
    return;
  }
  if (!memory) throw new Error(`the planner's ${role} role needs the shared search memory`);
  const share = new SearchShare(memory);
  const shared = { timeLimitMs, shouldStop, onSettled: onIteration, onPlan, onPoll };
  if (role === "exact") {
    try {
      const { expanded } = searchShared(task, memory, shared);
      post({ kind: "done", expanded });
    } finally {
      share.end();
    }
    return;
  }
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
  post({ kind: "done", expanded });
}
