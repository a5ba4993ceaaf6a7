/**
 * Text pictures of a board for humans: one box-drawing glyph per tile, rows from the
 * north edge (row N) down to row 1, as the facts count them.
 */
import { drawGrid } from "../../core/grid-picture.js";
import type { Board } from "./board.js";
import type { Field } from "../../core/grid.js";

/**
 * Draws a board. Each field is three characters: a marker, the tile, a space. Markers:
 * `@` reachable, `G` the goal, `*` the goal and reachable.
 * @param board the tiles
 * @param goal the goal's 1-based field
 * @param reachable 0-based field indices (row-1)*N + (col-1)
 * @returns lines joined by "\n", with row and column numbers and a legend
 */
export function drawBoard(board: Board, goal: Field, reachable: ReadonlySet<number>): string {
  const goalIndex = board.index(goal);
  return drawGrid(
    board.size,
    board.size,
    (row, col) => {
      const i = board.index({ row, col });
      return { mark: i === goalIndex ? (reachable.has(i) ? "*" : "G") : reachable.has(i) ? "@" : " ", tile: board.tiles[i] };
    },
    "@ reachable  G goal  * goal reachable  (row 1 is the south edge)",
  );
}
