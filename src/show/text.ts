/**
 * The text picture of every step: labcheck's board (src/push/competition/picture.ts drawGrid: one
 * box-drawing glyph per tile), markers `@` pawn or reachable field, `G` goal, `*` both,
 * `X` the exit's field; an arrow beside the pushed row or under the pushed column; the
 * spare tile under the board (board game).
 */
import { GLYPH, drawGrid } from "../core/grid-picture.js";
import type { ShowPlay, ShowStep } from "../core/play.js";

const ROW_ARROW = { e: "▸", w: "◂" } as const;
const COL_ARROW = { n: "▴", s: "▾" } as const;

/** One step's picture. */
export function stepText(play: ShowPlay, s: ShowStep): string {
  const pawn = new Set(s.pawn);
  const legend = play.drawing.legend;
  const picture = drawGrid(
    play.rows,
    play.cols,
    (row, col) => {
      const i = (row - 1) * play.cols + (col - 1);
      const isGoal = s.goal.row === row && s.goal.col === col;
      const mark = isGoal && pawn.has(i) ? "*" : isGoal ? (play.goalKind === "exit" ? "X" : "G") : pawn.has(i) ? "@" : " ";
      return { mark, tile: s.tiles[i] };
    },
    legend,
  ).split("\n");
  const p = s.pushed;
  if (p && (p.direction === "e" || p.direction === "w")) {
    // picture line 1 is row R (north), line R is row 1
    const at = play.rows - p.line + 1;
    picture[at] = `${picture[at]}  ${ROW_ARROW[p.direction]} row ${p.line} pushed ${p.direction}`;
  } else if (p) {
    const width = String(Math.max(play.rows, play.cols)).length;
    const col = width + 1 + (p.line - 1) * 3 + 1;
    picture.splice(play.rows + 1, 0, `${" ".repeat(col)}${COL_ARROW[p.direction as "n" | "s"]} column ${p.line} pushed ${p.direction}`);
  }
  const head = s.step === 0 ? "step 0: start" : `step ${s.step}: ${s.action}${s.detail ? `   [${s.detail}]` : ""}`;
  const spare = s.spare === undefined ? [] : [`spare: ${GLYPH[s.spare]}`];
  return [head, ...picture, ...spare].join("\n");
}

/** Every step's picture, then the checker's verdict. */
export function playText(play: ShowPlay): string {
  return `${play.steps.map((s) => stepText(play, s)).join("\n\n")}\n\n${play.verdict}\n`;
}
