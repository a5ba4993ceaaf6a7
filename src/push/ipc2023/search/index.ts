/**
 * The planner for the IPC 2023 domain "labyrinth": cost-optimal plans (pushes + steps) by
 * iterative deepening A* (IDA*) on the cost, each iteration a Planner's search (planner.ts and
 * node-bound.ts: the bounds and prunings, docs/design/ipc-planner.md), the bound raised to the least cost that
 * exceeded it. One thread; units.ts shares the deepening among several.
 *
 * Coordinates as src/push/ipc2023/task.ts: 0-based, x from the west, y from the north; tiles at
 * y*N + x. Rules: domain.pddl of IPC 2023 (docs/ipc2023.md).
 */
import type { IpcResult, IpcTask } from "../task.js";
import { costBound } from "./bound.js";
import type { IpcSearchOptions } from "./options.js";
import { Interrupted, NO_ACTION, Planner } from "./planner.js";

export type { IpcSearchOptions } from "./options.js";

/**
 * Finds a cost-optimal plan of an IPC 2023 labyrinth task.
 * @param task the task (0-based PDDL coordinates, src/push/ipc2023/task.ts)
 * @returns the plan's moves and cost with `proven: true` when optimal; without moves and
 *   `proven: true` when no plan exists; `proven: false` when the time limit or maxCost
 *   stopped the search (lowerBound: the cost proven necessary)
 */
export function solveIpc(task: IpcTask, options: IpcSearchOptions = {}): IpcResult {
  const planner = new Planner(task, options);
  const robot = task.robot.y * task.size + task.robot.x;
  const start = costBound(planner.tiles, task.size, robot);
  if (start === Infinity) return { proven: true, lowerBound: 0, expanded: 0 };
  let bound = Math.max(start, options.minCost ?? 0);
  try {
    for (;;) {
      const maxCost = Math.min(options.maxCost ?? Infinity, (options.bestCost?.() ?? Infinity) - 1);
      if (bound > maxCost) {
        return { proven: false, lowerBound: bound, expanded: planner.expanded };
      }
      if (bound >= planner.path.length) return { proven: false, lowerBound: bound, expanded: planner.expanded };
      planner.bound = bound;
      planner.minExceed = Infinity;
      planner.table.startIteration(bound);
      if (planner.search(0, robot, -1, 0, NO_ACTION)) {
        return { moves: planner.moves(), cost: planner.solutionLength, proven: true, lowerBound: planner.solutionLength, expanded: planner.expanded };
      }
      options.onIteration?.(bound, planner.expanded);
      if (planner.minExceed === Infinity) return { proven: true, lowerBound: bound + 1, expanded: planner.expanded };
      bound = planner.minExceed;
    }
  } catch (e) {
    if (e instanceof Interrupted) return { proven: false, lowerBound: bound, expanded: planner.expanded };
    throw e;
  }
}
