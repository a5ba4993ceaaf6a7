/**
 * labcheck's part for text mazes: a move list (any layout core/maze-moves.ts reads) walked
 * by this module's own simulation on the maze's walls, or, without one, the perfection
 * check (perfect.ts). Rules (../shared/spec/text-maze.md, section 1): a move goes through a
 * passage to the neighbouring cell; a wall stops it; a border opening leads out of the
 * maze, which is the exit when the maze has no E cell; the walk must end on E (or out).
 */
import { InputError } from "../../core/errors.js";
import { cellName } from "../../core/maze-grid.js";
import { MOVE_WORDS, readMoves } from "../../core/maze-moves.js";
import { mazePicture } from "../../core/maze-picture.js";
import { readTextMaze, type TextMaze } from "../../core/maze-text.js";
import type { Source, TextChecker, TextInput } from "../../core/plugin.js";
import { checkPerfect } from "./perfect.js";
import { mazeStats } from "./stats.js";

/** The verdict on a walk. step: 1-based index of the first bad move (0 when the walk is fine but ends away from the exit). */
export interface WalkVerdict {
  valid: boolean;
  moves: number;
  step?: number;
  message?: string;
  /** cells walked, start first (0-based) */
  cells: number[];
  /** the direction (0..3, north, east, south, west) of the move that left the maze by a border opening, or -1 */
  out: number;
}

/** Walks `moves` (0..3, north, east, south, west) from the start; the referee's own simulation. */
export function walk(maze: TextMaze, moves: readonly number[]): WalkVerdict {
  const bit = [1, 4, 2, 8];
  const dr = [-1, 0, 1, 0];
  const dc = [0, 1, 0, -1];
  let r = Math.floor(maze.start / maze.cols);
  let c = maze.start % maze.cols;
  const cells = [maze.start];
  let out = -1;
  for (let k = 0; k < moves.length; k++) {
    const d = moves[k];
    const here = `(${r + 1}, ${c + 1})`;
    if (out >= 0) return { valid: false, moves: moves.length, step: k + 1, message: `move ${k + 1} (${MOVE_WORDS[d]}): the walk has already left the maze`, cells, out };
    if (d > 3) return { valid: false, moves: moves.length, step: k + 1, message: `move ${k + 1}: a text maze has no wait`, cells, out };
    if ((maze.open[r * maze.cols + c] & bit[d]) === 0) {
      return { valid: false, moves: moves.length, step: k + 1, message: `move ${k + 1} (${MOVE_WORDS[d]}) from ${here}: a wall`, cells, out };
    }
    const nr = r + dr[d];
    const nc = c + dc[d];
    if (nr < 0 || nr >= maze.rows || nc < 0 || nc >= maze.cols) {
      if (maze.exit >= 0) return { valid: false, moves: moves.length, step: k + 1, message: `move ${k + 1} (${MOVE_WORDS[d]}) from ${here}: leaves the maze by an opening, but the exit is the E cell`, cells, out };
      out = d;
      continue;
    }
    r = nr;
    c = nc;
    cells.push(r * maze.cols + c);
    if (maze.exit >= 0 && r * maze.cols + c === maze.exit && k < moves.length - 1) {
      return { valid: false, moves: moves.length, step: k + 2, message: `move ${k + 2} (${MOVE_WORDS[moves[k + 1]]}): the walk reached the exit E at move ${k + 1} and should end there`, cells, out };
    }
  }
  const atExit = out >= 0 || (maze.exit >= 0 && r * maze.cols + c === maze.exit);
  if (!atExit) return { valid: false, moves: moves.length, step: 0, message: `the walk ends at (${r + 1}, ${c + 1}), not at the exit`, cells, out };
  return { valid: true, moves: moves.length, cells, out };
}

function checkWalk(maze: TextMaze, witness: Source, json: boolean): { text: string; exitCode: number } {
  const list = readMoves(witness.text, witness.name);
  const v = walk(maze, list.moves);
  if (json) return { text: `${JSON.stringify({ valid: v.valid, moves: v.moves, step: v.step ?? null, message: v.message ?? null })}\n`, exitCode: v.valid ? 0 : 1 };
  if (v.valid) return { text: `valid: ${v.moves} moves from S to the exit\n`, exitCode: 0 };
  const last = v.cells[v.cells.length - 1];
  const marks = new Map<number, string>();
  for (const cell of v.cells.slice(1)) marks.set(cell, "*");
  marks.set(last, "@");
  const where = v.step && v.step > 0 && list.positions[v.step - 1] ? ` (${witness.name}:${list.positions[v.step - 1].line}:${list.positions[v.step - 1].column})` : "";
  return { text: `invalid: ${v.message}${where}\n${mazePicture(maze, marks)}\n(* the cells walked, @ where the walk stands)\n`, exitCode: 1 };
}

/** The perfection verdict in words: perfect, or why not and where. */
function describePerfection(maze: TextMaze, json: boolean): { text: string; exitCode: number } {
  const p = checkPerfect(maze);
  const st = mazeStats(maze);
  const statsLine = `dead ends: ${st.deadEnds} (${((100 * st.deadEnds) / st.cells).toFixed(1)}%); S to the exit: ${st.solution < 0 ? "no path" : `${st.solution} moves`}; longest shortest path: ${st.longest} moves, ${cellName(maze.cols, st.ends[0])} to ${cellName(maze.cols, st.ends[1])}${p.perfect ? "" : " (at least: the maze has loops or parts)"}\n`;
  const reasons: string[] = [];
  if (p.unreachable >= 0) reasons.push(`cell ${cellName(maze.cols, p.unreachable)} cannot be reached (${p.cells - p.reached} of ${p.cells} cells unreachable)`);
  if (p.loop) reasons.push(`a loop: the passage between ${cellName(maze.cols, p.loop[0])} and ${cellName(maze.cols, p.loop[1])} closes one`);
  if (json) {
    return {
      text: `${JSON.stringify({ perfect: p.perfect, cells: p.cells, passages: p.passages, reachable: p.reached, unreachable: p.unreachable >= 0 ? cellName(maze.cols, p.unreachable) : null, loop: p.loop ? p.loop.map((c) => cellName(maze.cols, c)) : null, deadEnds: st.deadEnds, solution: st.solution < 0 ? null : st.solution, longestShortestPath: st.longest })}\n`,
      exitCode: p.perfect ? 0 : 1,
    };
  }
  if (p.perfect) return { text: `perfect: ${p.cells} cells, all reachable, ${p.passages} passages (cells - 1): one path between any two cells\n${statsLine}`, exitCode: 0 };
  const marks = new Map<number, string>();
  if (p.unreachable >= 0) marks.set(p.unreachable, "?");
  if (p.loop) {
    marks.set(p.loop[0], "o");
    marks.set(p.loop[1], "o");
  }
  return { text: `not perfect: ${reasons.join("; ")}; ${p.passages} passages for ${p.cells} cells\n${statsLine}${mazePicture(maze, marks, false)}\n`, exitCode: 1 };
}

export const checker: TextChecker = {
  check(input: TextInput, witness: Source | undefined, flags: { json?: boolean }) {
    const maze = readTextMaze(input.source.text, input.source.name);
    if (witness === undefined) return describePerfection(maze, flags.json === true);
    if (witness.text.trim() === "") throw new InputError(witness.name, { line: 1, column: 1 }, "expected a move list such as [south, east]");
    return checkWalk(maze, witness, flags.json === true);
  },
};
