/**
 * The IPC 2023 planning rule set's board part (the registry's `board`): a problem read as an
 * editable board by the planner's reader (problem.ts; the domain is not needed: the reader
 * takes the problem alone and the domain is the IPC's) and written back as a problem of the
 * same domain (generate.ts ipcProblemText). The studio's push board editor changes a card's
 * openings (its BLOCKED facts) and the robot's card in between.
 *
 * Coordinates: the task's (task.ts) are 0-based, x the column from the west and y the row
 * from the NORTH; the board's are 1-based, row 1 the SOUTH row, column 1 the west one. So the
 * card at (x, y) is the board's field (row N - y, column x + 1), tile index (row-1)*N + (col-1).
 *
 * The goal is the domain's, not the problem's: the robot leaves through the south side of the
 * card at x = y = N-1 (docs/ipc2023.md), the board's field (1, N) with the exit `s`; the board
 * says so with `fixedGoal` (the editor does not move G or turn the exit, and the writer refuses
 * a board where either changed). What the editor does not change rides along in `kept`: the
 * problem as read, from which the writer takes the card and position names, the action cost
 * ((move-robot-cost) = (move-card)) and `(left)` in :init.
 */
import type { BoardPart, EditableBoard } from "../../core/plugin.js";
import { ipcProblemText } from "./generate.js";
import { MAX_IPC_SIZE, readIpcProblem } from "./problem.js";
import type { IpcTask } from "./task.js";

/** The name `kept` problems are read under (the reader validated them before: no message names it). */
const KEPT = "<kept problem>";

/**
 * A task as an editable board: N x N, the cards' opening bits at the board's fields (row 1
 * the south row), the robot's card as the start, the domain's goal (field (1, N), exit `s`,
 * `fixedGoal`) and `kept`, the problem's text (the caller's `text`, which must be the problem
 * the task was read from).
 */
export function ipcBoard(task: IpcTask, text: string): EditableBoard {
  const n = task.size;
  const tiles = new Uint8Array(n * n);
  for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) tiles[(n - 1 - y) * n + x] = task.tiles[y * n + x];
  return {
    size: n,
    tiles,
    start: { row: n - task.robot.y, col: task.robot.x + 1 },
    goal: { row: 1, col: n },
    exit: "s",
    fixedGoal: true,
    kept: text,
  };
}

/**
 * The task of an edited board: the board's cards (row 1 the south row) and robot, with the
 * names, the action cost and `(left)` of the `kept` problem when it has the board's size
 * (otherwise cards card0.. in reading order, positions pos0.., cost 1).
 * @param file the task's file name, for messages
 * @throws Error for a board the domain cannot have: not square, N outside 3..64, a spare
 *   tile, a horizon, tiles that are not N x N or not 4-bit masks, a robot off the board, a
 *   goal other than the domain's (field (1, N), exit `s`)
 */
export function ipcTaskOfBoard(b: EditableBoard, file = "<edited>"): IpcTask {
  const n = b.size;
  if (b.cols !== undefined && b.cols !== n) throw new Error(`an IPC 2023 grid is N x N, not ${n}x${b.cols}`);
  if (!Number.isInteger(n) || n < 3 || n > MAX_IPC_SIZE) throw new Error(`an IPC 2023 grid is 3x3 to ${MAX_IPC_SIZE}x${MAX_IPC_SIZE}, not ${n}x${n}`);
  if (b.spare !== undefined) throw new Error("an IPC 2023 task has no spare tile");
  if (b.maxSteps !== undefined) throw new Error("an IPC 2023 task has no horizon (a plan has none)");
  if (b.tiles.length !== n * n) throw new Error(`a ${n}x${n} grid has ${n * n} cards, not ${b.tiles.length}`);
  if (b.tiles.some((t) => t > 15)) throw new Error("a card's openings are OPEN bits (n 1, s 2, e 4, w 8)");
  const { row, col } = b.start;
  if (!Number.isInteger(row) || !Number.isInteger(col) || row < 1 || row > n || col < 1 || col > n) throw new Error(`the robot is on a card of the ${n}x${n} grid, not on (${row},${col})`);
  if (b.goal.row !== 1 || b.goal.col !== n || (b.exit ?? "s") !== "s")
    throw new Error(`the IPC 2023 domain fixes the goal: the robot leaves the card at field (1,${n}) through its south side (found (${b.goal.row},${b.goal.col}) ${b.exit ?? "no exit"})`);
  const kept = b.kept ? readIpcProblem(b.kept, KEPT) : undefined;
  const same = kept !== undefined && kept.size === n;
  const tiles = new Uint8Array(n * n);
  for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) tiles[y * n + x] = b.tiles[(n - 1 - y) * n + x];
  return {
    file,
    size: n,
    tiles,
    cards: same ? [...kept.cards] : Array.from({ length: n * n }, (_, i) => `card${i}`),
    positions: same ? [...kept.positions] : Array.from({ length: n }, (_, i) => `pos${i}`),
    robot: { x: col - 1, y: n - row },
    ...(same && kept.actionCost !== undefined ? { actionCost: kept.actionCost } : {}),
    ...(same && kept.goalHolds ? { goalHolds: true } : {}),
  };
}

/** The registry's part: read by readIpcProblem (throws its InputError), written by ipcTaskOfBoard and ipcProblemText (throws Error). */
export const board: BoardPart = {
  read(text, name) {
    return ipcBoard(readIpcProblem(text, name), text);
  },
  write(b) {
    return ipcProblemText(ipcTaskOfBoard(b));
  },
};
