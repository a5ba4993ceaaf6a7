/**
 * A text maze as SVG: distance shading from the start, walls, the path, S and E (on the E
 * cell, or, when the exit is the border's openings, just outside each opening, where the
 * path leaves). Written by chunks (a generator of strings), so a large maze is never one
 * string; the shading (one rectangle per cell) is left out past SVG_SHADED_CELLS cells, and
 * a maze past SVG_MAX_CELLS is refused (svgRefusal), as no viewer shows it.
 */
import { DIR_DC, DIR_DR } from "../../core/maze-grid.js";
import type { TextMaze } from "../../core/maze-text.js";

/** A cell's side, in SVG units (pixels at 100%). */
export const CELL = 20;

/** The most cells drawn with the distance shading (one rectangle with its tooltip per cell: about 150 bytes each). */
export const SVG_SHADED_CELLS = 100_000;

/** The most cells an SVG picture is drawn for (walls and path only: about 12 bytes a wall, 25 MB at this size). */
export const SVG_MAX_CELLS = 1_000_000;

/** The size of the chunks written, in characters. */
const CHUNK = 1 << 16;

function esc(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** Why a maze is too large for an SVG picture, and what to do instead; undefined when it is drawn. */
export function svgRefusal(maze: { rows: number; cols: number }): string | undefined {
  const cells = maze.rows * maze.cols;
  if (cells <= SVG_MAX_CELLS) return undefined;
  return `a ${maze.rows}x${maze.cols} maze (${cells} cells) is too large for an SVG picture anyone can view (at most ${SVG_MAX_CELLS} cells): draw it as text (--format text), or generate a smaller maze`;
}

/** A note when the picture leaves the shading out (a maze past SVG_SHADED_CELLS cells), else undefined. */
export function svgNote(maze: { rows: number; cols: number }): string | undefined {
  const cells = maze.rows * maze.cols;
  return cells > SVG_SHADED_CELLS ? `a maze of ${cells} cells: the SVG leaves out the distance shading (drawn up to ${SVG_SHADED_CELLS} cells)` : undefined;
}

/** The centre of a cell (0-based index), or of the place just outside it in direction `d` (0..3, lab order) when given. */
function centre(cols: number, i: number, d = -1): [number, number] {
  const r = ((i / cols) | 0) + (d >= 0 ? DIR_DR[d] : 0);
  const c = (i % cols) + (d >= 0 ? DIR_DC[d] : 0);
  return [c * CELL + CELL / 2, r * CELL + CELL / 2];
}

/**
 * The picture, by chunks of about 64K characters.
 * @param cells the walk, start first (0-based cells)
 * @param dist moves from the start per cell (-1: unreachable, drawn grey)
 * @param out the direction (0..3, lab order) in which the walk leaves the maze by an opening after its last cell, or -1
 * @throws Error past SVG_MAX_CELLS cells (svgRefusal's words)
 */
export function* mazeSvgChunks(maze: TextMaze, cells: readonly number[], dist: Int32Array, title: string, out = -1): Generator<string> {
  const refusal = svgRefusal(maze);
  if (refusal !== undefined) throw new Error(refusal);
  const { rows, cols, open } = maze;
  // a margin of a cell around the grid when the exit is an opening: E and the path's end stand outside
  const m = maze.exit < 0 ? CELL : 1;
  const W = cols * CELL + 2 * m;
  const H = rows * CELL + 2 * m;
  let buf = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="${-m} ${-m} ${W} ${H}">\n<title>${esc(title)}</title>\n`;
  if (rows * cols <= SVG_SHADED_CELLS) {
    let max = 0;
    for (const d of dist) if (d > max) max = d;
    buf += `<g class="shading">\n`;
    for (let i = 0; i < rows * cols; i++) {
      const r = (i / cols) | 0;
      const c = i % cols;
      const d = dist[i];
      const fill = d < 0 ? "#bbbbbb" : `hsl(210, 70%, ${Math.round(95 - (55 * d) / Math.max(1, max))}%)`;
      buf += `<rect x="${c * CELL}" y="${r * CELL}" width="${CELL}" height="${CELL}" fill="${fill}"><title>(${r + 1}, ${c + 1}) distance ${d < 0 ? "unreachable" : d}</title></rect>\n`;
      if (buf.length >= CHUNK) {
        yield buf;
        buf = "";
      }
    }
    buf += `</g>\n`;
  }
  buf += `<path class="walls" d="`;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const o = open[r * cols + c];
      const x = c * CELL;
      const y = r * CELL;
      if (!(o & 1)) buf += `M${x} ${y}h${CELL}`;
      if (!(o & 8)) buf += `M${x} ${y}v${CELL}`;
      if (r === rows - 1 && !(o & 2)) buf += `M${x} ${y + CELL}h${CELL}`;
      if (c === cols - 1 && !(o & 4)) buf += `M${x + CELL} ${y}v${CELL}`;
    }
    if (buf.length >= CHUNK) {
      yield buf;
      buf = "";
    }
  }
  buf += `" stroke="#000" stroke-width="2" stroke-linecap="square" fill="none"/>\n`;
  if (cells.length > 1 || out >= 0) {
    buf += `<polyline class="path" points="`;
    for (let k = 0; k < cells.length; k++) {
      const [x, y] = centre(cols, cells[k]);
      buf += `${k > 0 ? " " : ""}${x},${y}`;
      if (buf.length >= CHUNK) {
        yield buf;
        buf = "";
      }
    }
    if (out >= 0) {
      const [x, y] = centre(cols, cells[cells.length - 1], out);
      buf += ` ${x},${y}`;
    }
    buf += `" fill="none" stroke="#d62728" stroke-width="4" stroke-linejoin="round" stroke-linecap="round"/>\n`;
  }
  const label = (x: number, y: number, text: string, color: string): string =>
    `<text class="mark" x="${x}" y="${y + 5}" text-anchor="middle" font-family="sans-serif" font-weight="bold" font-size="14" fill="${color}">${text}</text>\n`;
  buf += label(...centre(cols, maze.start), "S", "#006400");
  if (maze.exit >= 0) buf += label(...centre(cols, maze.exit), "E", "#8b0000");
  else {
    // each opening is an exit: E just outside it
    const bits = [1, 4, 2, 8];
    const border = (i: number, d: number): void => {
      if (open[i] & bits[d]) buf += label(...centre(cols, i, d), "E", "#8b0000");
    };
    for (let c = 0; c < cols; c++) {
      border(c, 0);
      border((rows - 1) * cols + c, 2);
    }
    for (let r = 0; r < rows; r++) {
      border(r * cols, 3);
      border(r * cols + cols - 1, 1);
      if (buf.length >= CHUNK) {
        yield buf;
        buf = "";
      }
    }
  }
  buf += `</svg>\n`;
  yield buf;
}

/** The whole picture as one string (small mazes; see mazeSvgChunks). */
export function mazeSvg(maze: TextMaze, cells: readonly number[], dist: Int32Array, title: string, out = -1): string {
  return [...mazeSvgChunks(maze, cells, dist, title, out)].join("");
}
