/**
 * Pictures of a game board for humans (labcheck's human mode): the tiles as
 * src/push/competition/picture.ts draws them, the pawn, the goal tile or the exit, and the spare tile.
 */
import { drawGrid, GLYPH } from "../../core/grid-picture.js";
import type { GameBoard } from "./board.js";
import type { GameGoal } from "./instance.js";

/**
 * Draws a game board and its spare. Markers: `@` the pawn (every reachable field under
 * cost pushes), `G` the goal tile, `*` the pawn on the goal tile, `E` the exit's field,
 * `X` the pawn on the exit's field.
 * @param board tiles and spare
 * @param pawn 0-based field indices (row-1)*C + (col-1)
 * @param goal the instance's goal; @param goalTile where the goal tile is now (1-based), for a goal tile
 * @returns lines joined by "\n"
 */
export function drawGameBoard(board: GameBoard, pawn: ReadonlySet<number>, goal: GameGoal, goalTile: { row: number; col: number } | undefined): string {
  const target = goal.kind === "tile" ? goalTile ?? goal.field : goal.field;
  const at = board.index(target);
  const grid = drawGrid(
    board.rows,
    board.cols,
    (row, col) => {
      const i = board.index({ row, col });
      const here = pawn.has(i);
      const mark = i === at ? (goal.kind === "tile" ? (here ? "*" : "G") : here ? "X" : "E") : here ? "@" : " ";
      return { mark, tile: board.tiles[i] };
    },
    goal.kind === "tile" ? "@ pawn  G goal tile  * pawn on the goal  (row 1 is the south edge)" : `@ pawn  E exit field (leave towards ${goal.side})  X pawn on it  (row 1 is the south edge)`,
  );
  return `${grid}\nspare: ${GLYPH[board.spare]}`;
}
