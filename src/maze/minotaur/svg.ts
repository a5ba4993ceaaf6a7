/** A replay as one SVG picture: a strip of boards, one per step, Theseus blue, the Minotaur red. */
import type { Level } from "./level.js";
import type { ReplayState } from "./check.js";

const CELL = 24;
const GAP = 16;

const esc = (s: string): string => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The walls of a level as SVG path data, its top-left corner at (x, y). */
export function wallPath(level: Level, x: number, y: number, cell = CELL): string {
  const { rows, cols, open } = level;
  let d = "";
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const o = open[r * cols + c];
      const px = x + c * cell;
      const py = y + r * cell;
      if ((o & 1) === 0) d += `M${px} ${py}h${cell}`;
      if ((o & 8) === 0) d += `M${px} ${py}v${cell}`;
      if (r === rows - 1 && (o & 2) === 0) d += `M${px} ${py + cell}h${cell}`;
      if (c === cols - 1 && (o & 4) === 0) d += `M${px + cell} ${py}v${cell}`;
    }
  }
  return d;
}

/** The strip: a board per state, in rows of up to 8, the step and move above each. */
export function svgStrip(level: Level, states: readonly ReplayState[], title: string): string {
  const w = level.cols * CELL;
  const h = level.rows * CELL;
  const perRow = Math.min(8, Math.max(1, states.length));
  const lines = Math.ceil(states.length / perRow);
  const W = perRow * (w + GAP) + GAP;
  const H = 28 + lines * (h + GAP + 18);
  const parts: string[] = [`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="12">`, `<title>${esc(title)}</title>`, `<text x="${GAP}" y="18">${esc(title)}</text>`];
  states.forEach((s, i) => {
    const x = GAP + (i % perRow) * (w + GAP);
    const y = 28 + Math.floor(i / perRow) * (h + GAP + 18) + 14;
    parts.push(`<text x="${x}" y="${y - 4}">${s.step === 0 ? "start" : `${s.step} ${s.move}`}</text>`);
    parts.push(`<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#fbf6e9"/>`);
    parts.push(`<path d="${wallPath(level, x, y)}" stroke="#333" stroke-width="2" stroke-linecap="square" fill="none"/>`);
    const dot = (cell: number, fill: string, label: string): void => {
      const cx = x + (cell % level.cols) * CELL + CELL / 2;
      const cy = y + Math.floor(cell / level.cols) * CELL + CELL / 2;
      parts.push(`<circle cx="${cx}" cy="${cy}" r="${CELL / 3}" fill="${fill}"/><text x="${cx}" y="${cy + 4}" text-anchor="middle" fill="#fff">${label}</text>`);
    };
    dot(s.minotaur, "#b22", "M");
    if (s.theseus >= 0) dot(s.theseus, s.theseus === s.minotaur ? "#000" : "#25a", s.theseus === s.minotaur ? "X" : "T");
  });
  parts.push("</svg>");
  return `${parts.join("\n")}\n`;
}
