/**
 * The IPC planner as an anytime planner (issue 21, part 6): the quick plan first, then the
 * exact search (index.ts) for a cheaper one.
 */
import type { IpcMove, IpcResult, IpcTask } from "../task.js";
import { solveIpc, type IpcSearchOptions } from "./index.js";
import { quickPlan } from "./quick.js";

/** Options of solveIpcAnytime: solveIpc's, and where better plans go. */
export interface IpcAnytimeOptions extends IpcSearchOptions {
  /** called with the quick plan, before the exact search starts */
  onPlan?: (moves: IpcMove[], cost: number) => void;
  /** states the quick plan's search may keep (default: quick.ts's) */
  quickStates?: number;
}

/**
 * The planner as an anytime planner: a quick plan first (quick.ts: valid, not
 * necessarily cheapest), then the exact search (solveIpc) for a cheaper one, bounded by
 * the quick plan's cost less one. When the exact search finds no cheaper plan, the quick
 * plan is proven optimal; when a time limit or shouldStop ends it, the quick plan is the
 * answer, not proven (lowerBound: the cost proven necessary).
 * @param task the task (0-based PDDL coordinates, src/push/ipc2023/task.ts)
 */
export function solveIpcAnytime(task: IpcTask, options: IpcAnytimeOptions = {}): IpcResult {
  const started = Date.now();
  const deadline = options.timeLimitMs === undefined ? Infinity : started + options.timeLimitMs;
  const stop = (): boolean => Date.now() > deadline || (options.shouldStop?.() ?? false);
  const quick = quickPlan(task, { maxStates: options.quickStates, shouldStop: stop });
  if (quick) options.onPlan?.(quick.moves, quick.cost);
  const left = deadline === Infinity ? undefined : Math.max(0, deadline - Date.now());
  const maxCost = quick ? Math.min(quick.cost - 1, options.maxCost ?? Infinity) : options.maxCost;
  const exact = solveIpc(task, { ...options, timeLimitMs: left, maxCost });
  if (exact.moves || !quick) return exact;
  // no cheaper plan than the quick one below exact.lowerBound: the quick plan is optimal once the bound passes its cost less one
  const proven = exact.proven || exact.lowerBound >= quick.cost;
  return { moves: quick.moves, cost: quick.cost, proven, lowerBound: proven ? quick.cost : exact.lowerBound, expanded: exact.expanded };
}
