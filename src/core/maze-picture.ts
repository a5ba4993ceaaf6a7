/**
 * A text maze drawn as text, with marks in its cells: the format's own layout
 * (core/maze-text.ts), so a picture can be pasted back as a maze once the marks are
 * removed. Shared by the static labyrinths' checkers and labshow.
 */
import { cellLetter, textLines, type TextMaze } from "./maze-text.js";

/**
 * The maze's text with `marks` drawn in cells (cell index r*C + c, 0-based; a mark is one
 * character), over S, E, T and M unless `keepLetters`. When the exit is the border's
 * openings (no E cell), each opening is drawn `E` unless `exitOpenings` is false: the
 * format reads an `E` in the border as an opening, so the picture still reads as the maze.
 */
export function mazePicture(maze: TextMaze, marks: ReadonlyMap<number, string>, keepLetters = true, exitOpenings = true): string {
  const cell = (i: number): string => {
    const letter = cellLetter(maze, i);
    const mark = marks.get(i);
    return mark === undefined || (keepLetters && letter !== " ") ? letter : mark[0];
  };
  const opening = exitOpenings && maze.exit < 0 ? "E" : " ";
  return `${textLines(maze, cell, opening).map((l) => l.trimEnd()).join("\n")}\n`;
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
