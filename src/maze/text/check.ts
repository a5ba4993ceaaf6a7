/**
 * labcheck's part for text mazes: a move list (any layout core/maze-moves.ts reads) walked
 * by this module's own simulation on the maze's walls; `labcheck --instance` asks for the
 * perfection check (perfect.ts) and the statistics instead. Rules
 * (../shared/spec/text-maze.md, section 1): a move goes through a passage to the
 * neighbouring cell; a wall stops it; a border opening leads out of the maze, which is the
 * exit when the maze has no E cell; the walk must end on E (or out). With `--rule turn`
 * (section 2, Theseus' turn rule) every move after the first is also perpendicular to the
 * move before it (no straight on, no turning back); cells may be passed again.
 */
import { InputError } from "../../core/errors.js";
import { cellName } from "../../core/maze-grid.js";
import { MOVE_WORDS, readMoves } from "../../core/maze-moves.js";
import { mazePicture } from "../../core/maze-picture.js";
import { readTextMaze, type TextMaze } from "../../core/maze-text.js";
import type { InstanceReport, Source, TextChecker, TextCheckFlags, TextInput } from "../../core/plugin.js";
import type { JudgedWitness, Verdict } from "../../core/verdict.js";
import { instanceLinesEnd } from "../../core/witness.js";
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

/**
 * The first move of `moves` that breaks Theseus' turn rule (1-based), or 0 when none does:
 * a move parallel to the one before it (straight on, or back).
 */
export function turnRuleBreak(moves: readonly number[]): number {
  for (let k = 1; k < moves.length; k++) if (moves[k] % 2 === moves[k - 1] % 2) return k + 1;
  return 0;
}

/** Judges a walk (a move list in any layout) on the maze, by its walls and the rule. */
function judgeWalk(maze: TextMaze, witness: Source, rule: string | undefined): JudgedWitness {
  if (witness.text.trim() === "") throw new InputError(witness.name, { line: 1, column: 1 }, "expected a move list such as [south, east]");
  const list = readMoves(witness.text, witness.name);
  let v = walk(maze, list.moves);
  const turn = rule === "turn";
  const broken = turn ? turnRuleBreak(list.moves) : 0;
  // the turn rule broken before the walls stop the walk (or after a walk that is otherwise fine)
  if (broken > 0 && (v.valid || v.step === 0 || (v.step ?? 0) > broken)) {
    const k = broken - 1;
    const before = walk(maze, list.moves.slice(0, k));
    v = { valid: false, moves: list.moves.length, step: broken, cells: before.cells, out: before.out, message: `move ${broken} (${MOVE_WORDS[list.moves[k]]}) after ${MOVE_WORDS[list.moves[k - 1]]}: the turn rule wants a turn left or right` };
  }
  const base = { rules: "maze", valid: v.valid, steps: v.moves, ...(turn ? { rule: "turn" } : {}) };
  const rulePart = turn ? ", turning left or right at every move" : "";
  if (v.valid) {
    const verdict: Verdict = { ...base, cost: v.moves, costKind: "moves" };
    return { verdict, summary: `${v.moves} move${v.moves === 1 ? "" : "s"} from S to the exit${rulePart}`, details: "" };
  }
  // a walk that ends away from the exit: the step is its last move (0 for no move)
  const step = v.step && v.step > 0 ? v.step : v.moves;
  const pos = v.step && v.step > 0 ? list.positions[v.step - 1] : undefined;
  const where = pos ? ` (${witness.name}:${pos.line}:${pos.column})` : "";
  const message = (v.message ?? "").replace(/^move \d+ \((\w+)\)/, "$1").replace(/^move \d+: /, "");
  const verdict: Verdict = { ...base, violation: { step, message: `${message}${where}` }, ...(pos ? { line: pos.line, column: pos.column } : {}) };
  const last = v.cells[v.cells.length - 1];
  const marks = new Map<number, string>();
  for (const cell of v.cells.slice(1)) marks.set(cell, "*");
  marks.set(last, "@");
  return { verdict, summary: "", details: `${mazePicture(maze, marks)}\n(* the cells walked, @ where the walk stands)\n` };
}

/** The perfection verdict in words (labcheck --instance): perfect, or why not and where; the statistics. */
function describePerfection(maze: TextMaze): InstanceReport {
  const p = checkPerfect(maze);
  const st = mazeStats(maze);
  const statsLine = `dead ends: ${st.deadEnds} (${((100 * st.deadEnds) / st.cells).toFixed(1)}%); S to the exit: ${st.solution < 0 ? "no path" : `${st.solution} moves`}; longest shortest path: ${st.longest} moves, ${cellName(maze.cols, st.ends[0])} to ${cellName(maze.cols, st.ends[1])}${p.perfect ? "" : " (at least: the maze has loops or parts)"}\n`;
  const reasons: string[] = [];
  if (p.unreachable >= 0) reasons.push(`cell ${cellName(maze.cols, p.unreachable)} cannot be reached (${p.cells - p.reached} of ${p.cells} cells unreachable)`);
  if (p.loop) reasons.push(`a loop: the passage between ${cellName(maze.cols, p.loop[0])} and ${cellName(maze.cols, p.loop[1])} closes one`);
  const json = { rules: "maze", perfect: p.perfect, cells: p.cells, passages: p.passages, reachable: p.reached, unreachable: p.unreachable >= 0 ? cellName(maze.cols, p.unreachable) : null, loop: p.loop ? p.loop.map((c) => cellName(maze.cols, c)) : null, deadEnds: st.deadEnds, solution: st.solution < 0 ? null : st.solution, longestShortestPath: st.longest };
  const exitCode = p.perfect ? 0 : 1;
  if (p.perfect) return { text: `perfect: ${p.cells} cells, all reachable, ${p.passages} passages (cells - 1): one path between any two cells\n${statsLine}`, json, exitCode };
  const marks = new Map<number, string>();
  if (p.unreachable >= 0) marks.set(p.unreachable, "?");
  if (p.loop) {
    marks.set(p.loop[0], "o");
    marks.set(p.loop[1], "o");
  }
  return { text: `not perfect: ${reasons.join("; ")}; ${p.passages} passages for ${p.cells} cells\n${statsLine}${mazePicture(maze, marks, false)}\n`, json, exitCode };
}

/** A line of a maze (in a maze and a witness concatenated): walls, spaces and the marks S and E, with a `+` or `|`. */
function isMazeLine(line: string): boolean {
  return /^[+\-| SE]*$/.test(line) && /[+|]/.test(line);
}

/** The rules a walk is judged by: the maze's own, or `--rule turn`. */
function ruleOf(flags: TextCheckFlags): string | undefined {
  if (flags.rule !== undefined && flags.rule !== "turn") throw new Error(`--rule ${flags.rule}: a text maze takes --rule turn`);
  return flags.rule;
}

export const checker: TextChecker = {
  referee(input: TextInput, flags: TextCheckFlags) {
    const rule = ruleOf(flags);
    const maze = readTextMaze(input.source.text, input.source.name);
    return { judge: (witness: Source) => judgeWalk(maze, witness, rule) };
  },
  report(input: TextInput, flags: TextCheckFlags) {
    ruleOf(flags);
    return describePerfection(readTextMaze(input.source.text, input.source.name));
  },
  instanceEnd: (text) => instanceLinesEnd(text, isMazeLine),
};
