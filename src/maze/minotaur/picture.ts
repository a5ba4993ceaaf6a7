/**
 * A level's board as text: the maze's walls, `T` Theseus, `M` the Minotaur, `X` both on
 * one cell (caught); openings in the border are gaps. Rows from the top. The lines are the
 * text format's (core/maze-text.ts textLines), trailing spaces kept.
 */
import { textLines } from "../../core/maze-text.js";
import type { Level } from "./level.js";

/**
 * The board with Theseus at `t` and the Minotaur at `m` (0-based cells; t = -1: Theseus
 * is out, escaped), one string per line (2R+1 lines of 2C+1 characters).
 */
export function boardLines(level: Level, t: number, m: number): string[] {
  return textLines(level, (i) => (i === t && i === m ? "X" : i === t ? "T" : i === m ? "M" : " "));
}

/** boardLines as one text, each line indented by `indent`. */
export function boardText(level: Level, t: number, m: number, indent = "  "): string {
  return `${boardLines(level, t, m).map((l) => indent + l).join("\n")}\n`;
}
