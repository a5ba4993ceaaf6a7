/**
 * A text maze drawn as text, with marks in its cells: the format's own layout
 * (core/maze-text.ts), so a picture can be pasted back as a maze once the marks are
 * removed. Shared by the static labyrinths' checkers and labshow.
 */
import type { TextMaze } from "./maze-text.js";
import { writeTextMaze } from "./maze-text.js";

/**
 * The maze's text with `marks` drawn in cells (cell index r*C + c, 0-based; a mark is one
 * character), over S, E, T and M unless `keepLetters`.
 */
export function mazePicture(maze: TextMaze, marks: ReadonlyMap<number, string>, keepLetters = true): string {
  const lines = writeTextMaze(maze).split("\n");
  for (const [cell, mark] of marks) {
    const r = Math.floor(cell / maze.cols);
    const c = cell % maze.cols;
    const i = 2 * r + 1;
    const k = 2 * c + 1;
    const line = lines[i].padEnd(2 * maze.cols + 1, " ");
    if (keepLetters && line[k] !== " ") continue;
    lines[i] = (line.slice(0, k) + mark[0] + line.slice(k + 1)).trimEnd();
  }
  return lines.join("\n");
}

/**
 * The marks of a walk: `*` on each cell passed (start excluded), `@` on `last` when given.
 * @param cells cell indices in walking order
 */
export function walkMarks(cells: ArrayLike<number>, last?: number): Map<number, string> {
  const marks = new Map<number, string>();
  for (let i = 0; i < cells.length; i++) marks.set(cells[i], "*");
  if (last !== undefined) marks.set(last, "@");
  return marks;
}
