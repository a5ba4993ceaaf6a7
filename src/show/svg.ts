/**
 * SVG pictures of the steps: tiles drawn as corridors (a square with a path from its
 * centre to each open side), reachable fields shaded, the pawn a circle, the goal a
 * ring (an exit: a bar on its side), an arrow beside the pushed line, and the spare
 * tile right of the board. Plain string templates: the pictures are a few dozen
 * rectangles and lines, and a builder library would add a dependency for no gain.
 */
import type { ShowPlay, ShowStep } from "../core/play.js";

const CELL = 40;
const MARGIN = 30;

/** Average width of a sans-serif character, in font sizes (a generous estimate: digits and lower case are narrower). */
const CHAR_WIDTH = 0.6;

/** The text cut to fit `width` pixels at `size` (an ellipsis marks the cut). */
export function fit(text: string, width: number, size: number): string {
  const most = Math.max(1, Math.floor(width / (CHAR_WIDTH * size)));
  return text.length <= most ? text : `${text.slice(0, most - 1)}\u2026`;
}

const xml = (s: string): string => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function corridors(x: number, y: number, bits: number): string {
  const c = CELL / 2;
  const w = CELL * 0.3;
  const parts = [`<rect x="${x + c - w / 2}" y="${y + c - w / 2}" width="${w}" height="${w}" fill="#f3ead7"/>`];
  if (bits & 1) parts.push(`<rect x="${x + c - w / 2}" y="${y}" width="${w}" height="${c}" fill="#f3ead7"/>`);
  if (bits & 2) parts.push(`<rect x="${x + c - w / 2}" y="${y + c}" width="${w}" height="${c}" fill="#f3ead7"/>`);
  if (bits & 4) parts.push(`<rect x="${x + c}" y="${y + c - w / 2}" width="${c}" height="${w}" fill="#f3ead7"/>`);
  if (bits & 8) parts.push(`<rect x="${x}" y="${y + c - w / 2}" width="${c}" height="${w}" fill="#f3ead7"/>`);
  return parts.join("");
}

/** One step as a group of SVG elements, its origin at (ox, oy). */
function stepGroup(play: ShowPlay, s: ShowStep, ox: number, oy: number): string {
  const out: string[] = [];
  const pawn = new Set(s.pawn);
  const X = (col: number): number => ox + MARGIN + (col - 1) * CELL;
  const Y = (row: number): number => oy + MARGIN + (play.rows - row) * CELL;
  // captions fit the step's width (cut with an ellipsis; the whole text is the tooltip):
  // wider ones printed over the next step's
  const room = stepSize(play).width - MARGIN;
  const caption = s.step === 0 ? "start" : `step ${s.step}: ${s.action}`;
  out.push(`<text class="caption" x="${ox + MARGIN}" y="${oy + 18}" font-family="sans-serif" font-size="13"><title>${xml(caption)}</title>${xml(fit(caption, room, 13))}</text>`);
  if (s.detail) {
    const y = oy + MARGIN + play.rows * CELL + 34;
    out.push(`<text class="detail" x="${ox + MARGIN}" y="${y}" font-family="sans-serif" font-size="10" fill="#555"><title>${xml(s.detail)}</title>${xml(fit(s.detail, room, 10))}</text>`);
  }
  for (let row = 1; row <= play.rows; row++) {
    for (let col = 1; col <= play.cols; col++) {
      const i = (row - 1) * play.cols + (col - 1);
      const x = X(col);
      const y = Y(row);
      out.push(`<rect class="tile" data-row="${row}" data-col="${col}" data-open="${s.tiles[i]}" x="${x}" y="${y}" width="${CELL}" height="${CELL}" fill="${pawn.has(i) ? "#6b8fb8" : "#4a4a4a"}" stroke="#222"/>`);
      out.push(corridors(x, y, s.tiles[i]));
    }
  }
  const gx = X(s.goal.col) + CELL / 2;
  const gy = Y(s.goal.row) + CELL / 2;
  if (play.goalKind === "exit") {
    const side = play.exitSide;
    const bx = side === "e" ? X(s.goal.col) + CELL - 4 : X(s.goal.col);
    const by = side === "s" ? Y(s.goal.row) + CELL - 4 : Y(s.goal.row);
    const horizontal = side === "n" || side === "s";
    out.push(`<rect class="exit" x="${bx}" y="${by}" width="${horizontal ? CELL : 4}" height="${horizontal ? 4 : CELL}" fill="#2e9e44"/>`);
  } else {
    out.push(`<circle class="goal" cx="${gx}" cy="${gy}" r="${CELL * 0.32}" fill="none" stroke="#d4a017" stroke-width="4"/>`);
  }
  if (s.pawn.length === 1 || play.drawing.pawnCircle === "always") {
    for (const i of s.pawn.slice(0, 1)) {
      const row = Math.floor(i / play.cols) + 1;
      const col = (i % play.cols) + 1;
      out.push(`<circle class="pawn" cx="${X(col) + CELL / 2}" cy="${Y(row) + CELL / 2}" r="${CELL * 0.18}" fill="#c0392b"/>`);
    }
  }
  const p = s.pushed;
  if (p) {
    const arrow = { e: "→", w: "←", n: "↑", s: "↓" }[p.direction];
    const [ax, ay] =
      p.direction === "e" || p.direction === "w"
        ? [ox + MARGIN / 2, Y(p.line) + CELL / 2 + 5]
        : [X(p.line) + CELL / 2 - 5, oy + MARGIN + play.rows * CELL + 18];
    out.push(`<text class="arrow" x="${ax}" y="${ay}" font-size="16" text-anchor="middle" fill="#c0392b">${arrow}</text>`);
  }
  if (s.spare !== undefined) {
    const sx = ox + MARGIN + play.cols * CELL + 20;
    const sy = oy + MARGIN;
    out.push(`<text x="${sx}" y="${sy - 4}" font-family="sans-serif" font-size="11">spare</text>`);
    out.push(`<rect class="spare" data-open="${s.spare}" x="${sx}" y="${sy}" width="${CELL}" height="${CELL}" fill="#4a4a4a" stroke="#222"/>`);
    out.push(corridors(sx, sy, s.spare));
  }
  return out.join("\n");
}

/** Width and height of one step's picture. */
export function stepSize(play: ShowPlay): { width: number; height: number } {
  return { width: 2 * MARGIN + play.cols * CELL + (play.drawing.spare ? CELL + 30 : 0), height: 2 * MARGIN + play.rows * CELL + 10 };
}

/** One standalone SVG per step. */
export function stepSvg(play: ShowPlay, s: ShowStep): string {
  const { width, height } = stepSize(play);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">\n${stepGroup(play, s, 0, 0)}\n</svg>\n`;
}

/** All steps side by side in one SVG (a strip). */
export function stripSvg(play: ShowPlay): string {
  const { width, height } = stepSize(play);
  const groups = play.steps.map((s, k) => `<g class="step" data-step="${s.step}">\n${stepGroup(play, s, k * width, 0)}\n</g>`);
  const total = width * play.steps.length;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${total}" height="${height}" viewBox="0 0 ${total} ${height}">\n${groups.join("\n")}\n</svg>\n`;
}
