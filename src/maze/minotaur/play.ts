/**
 * labshow's part for Minotaur levels: a move list (or, without one, the solver's optimal
 * solution) replayed by the checker's simulation and drawn as a text strip, an SVG strip
 * or an HTML page to play (page.ts).
 */
import type { Source, TextDrawing, TextInput } from "../../core/plugin.js";
import { readLevel, startNote, type Level } from "./level.js";
import { readMoves } from "./moves.js";
import { boardLines } from "./picture.js";
import { describeVerdict, replay, type ReplayState } from "./check.js";
import type { Move } from "./rules.js";
import { MOVE_WORDS, solveLevel } from "./search/bfs.js";
import { svgStrip } from "./svg.js";
import { playPage } from "./page.js";

/** Boards side by side, as many as fit in `width` characters, each with its step above. */
export function textStrip(level: Level, states: readonly ReplayState[], width = 100): string {
  const boardWidth = 2 * level.cols + 1;
  const cellWidth = Math.max(boardWidth, 10) + 2;
  const perRow = Math.max(1, Math.floor(width / cellWidth));
  const out: string[] = [];
  for (let i = 0; i < states.length; i += perRow) {
    const group = states.slice(i, i + perRow);
    out.push(group.map((s) => (s.step === 0 ? "start" : `${s.step} ${s.move}`).padEnd(cellWidth)).join("").trimEnd());
    const pictures = group.map((s) => boardLines(level, s.theseus, s.minotaur));
    for (let l = 0; l < pictures[0].length; l++) out.push(pictures.map((p) => p[l].padEnd(cellWidth)).join("").trimEnd());
    out.push("");
  }
  return `${out.join("\n")}`;
}

/** The drawing part (src/core/plugin.ts TextDrawing). */
export const drawing: TextDrawing = {
  formats: ["text", "svg", "html"],
  async draw(input: TextInput, witness: Source | undefined, options: { format: string; step?: number; title: string }): Promise<{ text: string; exitCode: number }> {
    const level = readLevel(input.source.text, input.source.name);
    const optimal = solveLevel(level, { wait: true });
    const solution: Move[] = optimal.moves.map((k) => MOVE_WORDS[k]);
    const moves: Move[] = witness === undefined ? solution : readMoves(witness.text, witness.name);
    const { states, verdict } = replay(level, moves);
    const note = startNote(level);
    const said = witness === undefined && optimal.fewest < 0 ? "no escape" : describeVerdict(level, verdict);
    // a level solved by one move out says so in its caption
    const caption = note === undefined ? said : `${said} (${note})`;
    const exitCode = witness === undefined && optimal.fewest < 0 ? 20 : verdict.kind === "escaped" || (witness === undefined && moves.length === 0) ? 0 : 1;
    const shown = options.step === undefined ? states : states.filter((s) => s.step === options.step);
    if (options.format === "svg") return { text: svgStrip(level, shown, `${options.title}: ${caption}`), exitCode };
    if (options.format === "html") return { text: playPage(level, solution, options.title), exitCode: optimal.fewest < 0 ? 20 : 0 };
    return { text: `${options.title}: ${caption}\n${textStrip(level, shown)}`, exitCode };
  },
};
