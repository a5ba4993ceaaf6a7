/**
 * An IPC 2023 "labyrinth" task as plain data: what the PDDL reader (src/push/ipc2023/problem.ts)
 * produces and what the planner's search (src/push/ipc2023/search/) and the plan writer read.
 *
 * Coordinates are the PDDL's, 0-based: x is the column counted from the west (pos0 is the
 * MIN-POS), y the row counted from the NORTH (y grows southwards, as in domain.pddl). The
 * exit is the south side of the card at (N-1, N-1). Rules: docs/ipc2023.md, from
 * ../shared/ipc2023-labyrinth/opt/domain.pddl.
 */
import type { Direction } from "../../core/grid.js";

/** A task: an N x N grid of cards and the robot's field. */
export interface IpcTask {
  /** file name as given, for messages */
  file: string;
  /** N: the grid is N x N (3..MAX) */
  size: number;
  /** opening bits of the card at (x, y), index y*N + x; bits as board.ts OPEN: n 1, s 2, e 4, w 8 (a side is open when not BLOCKED) */
  tiles: Uint8Array;
  /** the card's object name at (x, y), index y*N + x (as written in the problem, lower case) */
  cards: string[];
  /** position object names in order: positions[0] is MIN-POS, positions[N-1] MAX-POS */
  positions: string[];
  /** the robot's field, 0-based */
  robot: {
    /** the column, 0-based from the west */
    x: number;
    /** the row, 0-based from the north */
    y: number;
  };
  /**
   * the cost of every step and of every push, `(move-robot-cost)` = `(move-card)` of the
   * problem (the search counts pushes + steps; a plan costs that times this); 1 when absent
   */
  actionCost?: number;
  /** the goal holds in the initial state (`(left)` in :init): the empty plan is optimal */
  goalHolds?: boolean;
}

/**
 * One move of a plan at the search's level. A push moves a whole line one field with
 * wraparound and costs 1 (the PDDL's start/move/stop-move-card actions); a step moves the
 * robot to the adjacent card and costs 1. `leave` (cost 0) is implied at the end.
 * - push: `line` is the row y (0-based) for e/w, the column x for n/s; north is towards y = 0
 * - step: the robot's direction
 */
export type IpcMove =
  | {
      /** a push of a whole line */
      kind: "push";
      /** the row y (e, w) or the column x (n, s), 0-based */
      line: number;
      /** where the line's cards move */
      direction: Direction;
    }
  | {
      /** a step of the robot to the adjacent card */
      kind: "step";
      /** the robot's direction */
      direction: Direction;
    };

/** What the planner's search returns. */
export interface IpcResult {
  /** the best plan found (its moves), absent when none was found */
  moves?: IpcMove[];
  /** its cost (pushes + steps), absent without a plan */
  cost?: number;
  /** the plan is proven optimal / no plan exists (`moves` absent) was proven */
  proven: boolean;
  /** cost proven necessary (a lower bound on every plan's cost) */
  lowerBound: number;
  /** states expanded by the search */
  expanded: number;
}

/**
 * A result of the search (which counts pushes + steps) in the task's costs: its plan's cost
 * and lower bound times the task's action cost (`(move-card)` = `(move-robot-cost)`).
 */
export function inTaskCosts(task: IpcTask, result: IpcResult): IpcResult {
  const c = task.actionCost ?? 1;
  if (c === 1) return result;
  return { ...result, lowerBound: result.lowerBound * c, ...(result.cost === undefined ? {} : { cost: result.cost * c }) };
}
