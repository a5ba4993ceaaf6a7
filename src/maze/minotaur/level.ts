/**
 * A Theseus and the Minotaur level: a text maze (src/core/maze-text.ts) with `T`
 * (Theseus), `M` (the Minotaur) and one or more openings in the border, which are the
 * exit. Source: ../shared/spec/text-maze.md, sections 1 and 3.
 *
 * Cells are 0-based inside (index r*C + c, r from the top); every message and output
 * says 1-based (row, column).
 */
import { InputError } from "../../core/errors.js";
import { readTextMaze, writeTextMaze } from "../../core/maze-text.js";

/** A level: the maze's opening bits (core/grid.ts OPEN: n 1, s 2, e 4, w 8) and the two start cells. */
export interface Level {
  rows: number;
  cols: number;
  /** opening bits per cell (index r*C + c); a border bit is an opening out of the maze */
  open: Uint8Array;
  /** Theseus' start cell (0-based index) */
  theseus: number;
  /** the Minotaur's start cell (0-based index) */
  minotaur: number;
}

/** The largest level read (rows and columns each), and its most cells: states are (RC)^2. */
export const MAX_SIDE = 64;
export const MAX_CELLS = 2500;

/**
 * Reads a level.
 * @param file the name in messages
 * @throws InputError at LINE:COL for what readTextMaze refuses, and for: no `T` or no `M`,
 *   an `E` cell (a level's exit is an opening in the border), no opening, a side over MAX_SIDE
 */
export function readLevel(text: string, file: string): Level {
  const maze = readTextMaze(text, file);
  const lines = text.split(/\r?\n/);
  let first = 0;
  while (first < lines.length && lines[first].trim() === "") first++;
  const cellAt = (cell: number) => ({ line: first + 2 * Math.floor(cell / maze.cols) + 2, column: 2 * (cell % maze.cols) + 2 });
  const end = { line: first + 2 * maze.rows + 1, column: 1 };
  if (maze.startMark !== "T") throw new InputError(file, cellAt(maze.start), "expected T (Theseus) as the start of a Minotaur level, found S");
  if (maze.minotaur < 0) throw new InputError(file, end, "no Minotaur: expected one M in a cell");
  if (maze.exit >= 0) throw new InputError(file, cellAt(maze.exit), "an E cell: a Minotaur level's exit is an opening in the border (a space or E in the border)");
  if (maze.rows > MAX_SIDE || maze.cols > MAX_SIDE || maze.rows * maze.cols > MAX_CELLS) {
    throw new InputError(file, { line: first + 1, column: 1 }, `a level of at most ${MAX_SIDE} rows, ${MAX_SIDE} columns and ${MAX_CELLS} cells expected, found ${maze.rows}x${maze.cols}`);
  }
  return { rows: maze.rows, cols: maze.cols, open: maze.open, theseus: maze.start, minotaur: maze.minotaur };
}

/** The level in the text format (T, M, openings as spaces in the border). */
export function writeLevel(level: Level): string {
  return writeTextMaze({ rows: level.rows, cols: level.cols, open: level.open, start: level.theseus, startMark: "T", exit: -1, minotaur: level.minotaur });
}

/** `(row, column)`, 1-based, of a 0-based cell index. */
export function cellName(level: Pick<Level, "cols">, cell: number): string {
  return `(${Math.floor(cell / level.cols) + 1}, ${(cell % level.cols) + 1})`;
}

/**
 * True when Theseus starts on a cell with an opening in the border: the level is solved by
 * one move out (the spec allows it; the commands say so, labgen never makes one).
 */
export function startsOnOpening(level: Level): boolean {
  const { rows, cols, open, theseus: t } = level;
  const r = Math.floor(t / cols);
  const c = t % cols;
  return (r === 0 && (open[t] & 1) !== 0) || (r === rows - 1 && (open[t] & 2) !== 0) || (c === cols - 1 && (open[t] & 4) !== 0) || (c === 0 && (open[t] & 8) !== 0);
}

/** The sentence the commands print for such a level (1-based (row, column)), or undefined. */
export function startNote(level: Level): string | undefined {
  return startsOnOpening(level) ? `Theseus starts on the opening at ${cellName(level, level.theseus)}: the level is solved by one move out` : undefined;
}
