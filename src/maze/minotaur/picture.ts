/**
 * A level's board as text: the maze's walls, `T` Theseus, `M` the Minotaur, `X` both on
 * one cell (caught); openings in the border are gaps. Rows from the top.
 */
import type { Level } from "./level.js";

/**
 * The board with Theseus at `t` and the Minotaur at `m` (0-based cells; t = -1: Theseus
 * is out, escaped), one string per line (2R+1 lines of 2C+1 characters).
 */
export function boardLines(level: Level, t: number, m: number): string[] {
  const { rows, cols, open } = level;
  const out: string[] = [];
  for (let r = 0; r <= rows; r++) {
    let wall = "+";
    for (let c = 0; c < cols; c++) {
      const passage = r < rows ? (open[r * cols + c] & 1) !== 0 : (open[(rows - 1) * cols + c] & 2) !== 0;
      wall += `${passage ? " " : "-"}+`;
    }
    out.push(wall);
    if (r === rows) break;
    let line = (open[r * cols] & 8) !== 0 ? " " : "|";
    for (let c = 0; c < cols; c++) {
      const i = r * cols + c;
      line += i === t && i === m ? "X" : i === t ? "T" : i === m ? "M" : " ";
      line += (open[i] & 4) !== 0 ? " " : "|";
    }
    out.push(line);
  }
  return out;
}

/** boardLines as one text, each line indented by `indent`. */
export function boardText(level: Level, t: number, m: number, indent = "  "): string {
  return `${boardLines(level, t, m).map((l) => indent + l).join("\n")}\n`;
}
