/**
 * The pictures' model: one plain record per step of a solution, replayed by the checker
 * of the instance's rule set (src/check.ts for the competition, src/game/check.ts for
 * the board game), never by the search. Renderers (text.ts, svg.ts, html.ts) read only
 * this model. Coordinates are the facts': 1-based rows from the south, columns from the west.
 */
import type { Direction, Field } from "./grid.js";
import { checkWitness } from "../push/competition/check.js";
import { checkGameWitness } from "../push/game/check.js";
import { actionAtom } from "../push/game/actions.js";
import { spareRules, type GameInstance } from "../push/game/instance.js";
import type { Instance } from "../push/competition/instance.js";
import type { Atom } from "./facts.js";

/** The board after one step. */
export interface ShowStep {
  /** 0 for the start */
  step: number;
  /** the action that led here, as an atom ("" at the start) */
  action: string;
  /** opening bits (n 1, s 2, e 4, w 8) of the tile on (row, col), index (row-1)*cols + (col-1) */
  tiles: number[];
  /** the pawn's fields, 0-based indices: its reachable set (competition, game cost pushes) or its one field */
  pawn: number[];
  /** the goal's field now (a goal tile rides along), 1-based */
  goal: Field;
  /** the line pushed by this step, 1-based (a row for e/w, a column for n/s) */
  pushed?: { line: number; direction: Direction };
  /** the spare tile's opening bits (board game) */
  spare?: number;
}

/** A solution as pictures, and the checker's verdict on it. */
export interface ShowPlay {
  rules: "competition" | "game" | "ipc2023";
  rows: number;
  cols: number;
  /** "tile": the goal tile; "exit": leave through `exitSide` of the goal field */
  goalKind: "tile" | "exit";
  exitSide?: Direction;
  steps: ShowStep[];
  valid: boolean;
  /** the checker's words: "valid ..." or the broken rule */
  verdict: string;
}

/**
 * Replays a competition witness with the checker.
 * @param atoms the witness (push/3 atoms count)
 */
export function playCompetition(instance: Instance, atoms: readonly Atom[]): ShowPlay {
  const v = checkWitness(instance, atoms);
  const n = instance.size;
  const steps = v.trace.map((s): ShowStep => {
    const tiles: number[] = [];
    for (let row = 1; row <= n; row++) for (let col = 1; col <= n; col++) tiles.push(s.board.tile({ row, col }));
    return {
      step: s.step,
      action: s.push ? `push(${s.push.line},${s.push.dir},${s.step})` : "",
      tiles,
      pawn: [...s.reachable].sort((a, b) => a - b),
      goal: s.goal,
      pushed: s.push ? { line: s.push.line, direction: s.push.dir } : undefined,
    };
  });
  const verdict = v.valid ? `valid: ${v.pushes} pushes` : `invalid at step ${v.violation!.step}: ${v.violation!.message}`;
  return { rules: "competition", rows: n, cols: n, goalKind: "tile", steps, valid: v.valid, verdict };
}

/**
 * Replays a board-game witness with the game's checker.
 * @param atoms the witness (push/3, push/4, walk/3, step/2 atoms count)
 */
export function playGame(inst: GameInstance, atoms: readonly Atom[]): ShowPlay {
  const v = checkGameWitness(inst, atoms);
  const steps = v.trace.map((s): ShowStep => {
    const a = s.action;
    const tiles: number[] = [];
    for (let row = 1; row <= inst.rows; row++) for (let col = 1; col <= inst.cols; col++) tiles.push(s.board.tile({ row, col }));
    const goal = inst.goal.kind === "tile" ? (s.goalTile ?? inst.goal.field) : inst.goal.field;
    const pushed = a && a.kind === "push" ? { line: a.line, direction: a.dir } : undefined;
    return { step: s.step, action: a ? actionAtom(a, s.step, spareRules(inst).rotate) : "", tiles, pawn: [...s.pawn].sort((x, y) => x - y), goal, pushed, spare: s.board.spare };
  });
  const verdict = v.valid ? `valid: cost ${v.cost}` : `invalid at step ${v.violation!.step}: ${v.violation!.message}`;
  return {
    rules: "game",
    rows: inst.rows,
    cols: inst.cols,
    goalKind: inst.goal.kind,
    exitSide: inst.goal.kind === "exit" ? inst.goal.side : undefined,
    steps,
    valid: v.valid,
    verdict,
  };
}

