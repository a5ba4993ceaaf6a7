/**
 * Editing an input in the text maze format in the studio (a maze, a Minotaur level: the
 * registry's `textMaze` says which rule sets and their marks): a wall toggled between two
 * cells (or on the border, an opening made or closed), a mark (S, E, T, M) moved to another
 * cell. The text is read and written by the library's text maze format
 * (src/core/maze-text.ts); whether the edited input is well formed or solvable is for the
 * worker's reading and solver to say.
 */
import { readTextMaze, writeTextMaze, type TextMaze } from "../../src/core/maze-text.js";
import { OPEN } from "../../src/core/grid.js";

/** A side of a cell: n, e, s, w. */
export type Side = "n" | "e" | "s" | "w";

const STEP: Record<Side, [number, number, Side]> = { n: [-1, 0, "s"], e: [0, 1, "w"], s: [1, 0, "n"], w: [0, -1, "e"] };

/** The maze of a text. @throws InputError (FILE:LINE:COL) for a text that is no maze */
export function readMaze(text: string, name: string): TextMaze {
  return readTextMaze(text, name);
}

/** True when side `side` of cell (row, col) (0-based) is open. */
export function isOpen(maze: TextMaze, row: number, col: number, side: Side): boolean {
  return (maze.open[row * maze.cols + col] & OPEN[side]) !== 0;
}

/**
 * The maze's text with the wall on side `side` of cell (row, col) (0-based) toggled: a
 * wall becomes a passage and a passage a wall, on both cells it lies between; on the
 * border, an opening out of the maze is made or closed.
 */
export function toggleWall(maze: TextMaze, row: number, col: number, side: Side): string {
  const open = Uint8Array.from(maze.open);
  const i = row * maze.cols + col;
  const [dr, dc, back] = STEP[side];
  const [r2, c2] = [row + dr, col + dc];
  const inside = r2 >= 0 && r2 < maze.rows && c2 >= 0 && c2 < maze.cols;
  const opened = (open[i] & OPEN[side]) === 0;
  const set = (cell: number, s: Side) => (open[cell] = opened ? open[cell] | OPEN[s] : open[cell] & ~OPEN[s]);
  set(i, side);
  if (inside) set(r2 * maze.cols + c2, back);
  return writeTextMaze({ ...maze, open });
}

/** The cell (0-based index) a mark is on, or -1: S and T are the start, E the exit cell, M the Minotaur. */
export function markCell(maze: TextMaze, mark: string): number {
  if (mark === "S" || mark === "T") return maze.start;
  if (mark === "E") return maze.exit;
  if (mark === "M") return maze.minotaur;
  return -1;
}

/**
 * The maze's text with a mark (S or T the start, E the exit cell, M the Minotaur) moved to
 * cell (row, col), 0-based; unchanged when another mark is there.
 */
export function moveMark(maze: TextMaze, mark: string, row: number, col: number): string {
  const cell = row * maze.cols + col;
  const taken = [maze.start, maze.exit, maze.minotaur].filter((c) => c !== markCell(maze, mark));
  if (taken.includes(cell)) return writeTextMaze(maze);
  if (mark === "S" || mark === "T") return writeTextMaze({ ...maze, start: cell });
  if (mark === "E") return writeTextMaze({ ...maze, exit: cell });
  if (mark === "M") return writeTextMaze({ ...maze, minotaur: cell });
  return writeTextMaze(maze);
}
