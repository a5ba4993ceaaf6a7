/**
 * Text pictures of a grid for humans, shared by every rule set: one box-drawing glyph per
 * tile or cell, rows from the north edge (row R) down to row 1, as the facts count them.
 */

/** Glyph of a tile by its opening bits (n=1, s=2, e=4, w=8). */
export const GLYPH = ["·", "╵", "╷", "│", "╶", "└", "┌", "├", "╴", "┘", "┐", "┤", "─", "┴", "┬", "┼"];

/**
 * Draws an R x C grid of tiles. Each field is three characters: a marker, the tile, a space.
 * @param rows R; @param cols C
 * @param cell the marker character and the tile's opening bits of a 1-based field
 * @param legend the last line, after the row numbers' width
 * @returns lines joined by "\n": column numbers (upright, on three lines, from 100 columns
 *   on), rows R down to 1, the legend
 */
export function drawGrid(rows: number, cols: number, cell: (row: number, col: number) => { mark: string; tile: number }, legend: string): string {
  const width = String(Math.max(rows, cols)).length;
  const lines: string[] = [];
  if (cols < 100) {
    const header = Array.from({ length: cols }, (_, c) => String(c + 1).padStart(2).padEnd(3)).join("");
    lines.push(`${" ".repeat(width)} ${header}`.trimEnd());
  } else {
    // three digits do not fit a field's three characters with a space between numbers:
    // each column's number stands upright above its tile, hundreds on the first line
    for (const place of [100, 10, 1]) {
      const digits = Array.from({ length: cols }, (_, c) => ` ${c + 1 >= place ? Math.floor((c + 1) / place) % 10 : " "} `).join("");
      lines.push(`${" ".repeat(width)} ${digits}`.trimEnd());
    }
  }
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
