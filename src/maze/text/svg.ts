/** A text maze as SVG: distance shading from the start, walls, the path, S and E. */
import type { TextMaze } from "../../core/maze-text.js";

const CELL = 20;

function esc(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/**
 * @param cells the walk, start first (0-based cells)
 * @param dist moves from the start per cell (-1: unreachable, drawn grey)
 */
export function mazeSvg(maze: TextMaze, cells: readonly number[], dist: Int32Array, title: string): string {
  const { rows, cols, open } = maze;
  const W = cols * CELL + 2;
  const H = rows * CELL + 2;
  let max = 0;
  for (const d of dist) if (d > max) max = d;
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="-1 -1 ${W} ${H}">`);
  out.push(`<title>${esc(title)}</title>`);
  out.push(`<g class="shading">`);
  for (let i = 0; i < rows * cols; i++) {
    const r = (i / cols) | 0;
    const c = i % cols;
    const d = dist[i];
    const fill = d < 0 ? "#bbbbbb" : `hsl(210, 70%, ${Math.round(95 - (55 * d) / Math.max(1, max))}%)`;
    out.push(`<rect x="${c * CELL}" y="${r * CELL}" width="${CELL}" height="${CELL}" fill="${fill}"><title>(${r + 1}, ${c + 1}) distance ${d < 0 ? "unreachable" : d}</title></rect>`);
  }
  out.push(`</g>`);
  const walls: string[] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const o = open[r * cols + c];
      const x = c * CELL;
      const y = r * CELL;
      if (!(o & 1)) walls.push(`M${x} ${y}h${CELL}`);
      if (!(o & 8)) walls.push(`M${x} ${y}v${CELL}`);
      if (r === rows - 1 && !(o & 2)) walls.push(`M${x} ${y + CELL}h${CELL}`);
      if (c === cols - 1 && !(o & 4)) walls.push(`M${x + CELL} ${y}v${CELL}`);
    }
  }
  out.push(`<path class="walls" d="${walls.join("")}" stroke="#000" stroke-width="2" stroke-linecap="square" fill="none"/>`);
  if (cells.length > 1) {
    const pts = cells.map((i) => `${(i % cols) * CELL + CELL / 2},${((i / cols) | 0) * CELL + CELL / 2}`).join(" ");
    out.push(`<polyline class="path" points="${pts}" fill="none" stroke="#d62728" stroke-width="4" stroke-linejoin="round" stroke-linecap="round"/>`);
  }
  const label = (i: number, text: string, color: string): void => {
    if (i < 0) return;
    out.push(`<text class="mark" x="${(i % cols) * CELL + CELL / 2}" y="${((i / cols) | 0) * CELL + CELL / 2 + 5}" text-anchor="middle" font-family="sans-serif" font-weight="bold" font-size="14" fill="${color}">${text}</text>`);
  };
  label(maze.start, "S", "#006400");
  label(maze.exit, "E", "#8b0000");
  out.push(`</svg>`);
  return `${out.join("\n")}\n`;
}
