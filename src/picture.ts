/**
 * Text pictures of a board for humans: one box-drawing glyph per tile, rows from the
 * north edge (row N) down to row 1, as the facts count them.
 */
import type { Board, Field } from "./board.js";

/** Glyph of a tile by its opening bits (n=1, s=2, e=4, w=8). */
const GLYPH = ["·", "╵", "╷", "│", "╶", "└", "┌", "├", "╴", "┘", "┐", "┤", "─", "┴", "┬", "┼"];

/**
 * Draws a board. Each field is three characters: a marker, the tile, a space. Markers:
 * `@` reachable, `G` the goal, `*` the goal and reachable.
 * @param board the tiles
 * @param goal the goal's 1-based field
 * @param reachable 0-based field indices (row-1)*N + (col-1)
 * @returns lines joined by "\n", with row and column numbers and a legend
 */
export function drawBoard(board: Board, goal: Field, reachable: ReadonlySet<number>): string {
  const n = board.size;
  const width = String(n).length;
  const lines: string[] = [];
  const goalIndex = board.index(goal);
  const header = Array.from({ length: n }, (_, c) => String(c + 1).padStart(2).padEnd(3)).join("");
  lines.push(`${" ".repeat(width)} ${header}`.trimEnd());
  for (let row = n; row >= 1; row--) {
    let line = `${String(row).padStart(width)} `;
    for (let col = 1; col <= n; col++) {
      const i = board.index({ row, col });
      const mark = i === goalIndex ? (reachable.has(i) ? "*" : "G") : reachable.has(i) ? "@" : " ";
      line += `${mark}${GLYPH[board.tiles[i]]} `;
    }
    lines.push(line.trimEnd());
  }
  lines.push(`${" ".repeat(width)} @ reachable  G goal  * goal reachable  (row 1 is the south edge)`);
  return lines.join("\n");
}
