/**
 * Text pictures of a board for humans: one box-drawing glyph per tile, rows from the
 * north edge (row N) down to row 1, as the facts count them.
 */
import type { Board, Field } from "./board.js";

/** Glyph of a tile by its opening bits (n=1, s=2, e=4, w=8). */
export const GLYPH = ["·", "╵", "╷", "│", "╶", "└", "┌", "├", "╴", "┘", "┐", "┤", "─", "┴", "┬", "┼"];

/**
 * Draws an R x C grid of tiles. Each field is three characters: a marker, the tile, a space.
 * @param rows R; @param cols C
 * @param cell the marker character and the tile's opening bits of a 1-based field
 * @param legend the last line, after the row numbers' width
 * @returns lines joined by "\n": column numbers, rows R down to 1, the legend
 */
export function drawGrid(rows: number, cols: number, cell: (row: number, col: number) => { mark: string; tile: number }, legend: string): string {
  const width = String(Math.max(rows, cols)).length;
  const lines: string[] = [];
  const header = Array.from({ length: cols }, (_, c) => String(c + 1).padStart(2).padEnd(3)).join("");
  lines.push(`${" ".repeat(width)} ${header}`.trimEnd());
  for (let row = rows; row >= 1; row--) {
    let line = `${String(row).padStart(width)} `;
    for (let col = 1; col <= cols; col++) {
      const { mark, tile } = cell(row, col);
      line += `${mark}${GLYPH[tile]} `;
    }
    lines.push(line.trimEnd());
  }
  lines.push(`${" ".repeat(width)} ${legend}`);
  return lines.join("\n");
}

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
