/**
 * The board game's drawing part (labshow): a witness replayed by the game's checker
 * (check.ts) into the pictures' model (src/core/play.ts), the spare beside the board;
 * without a witness, the outcome of the solver part labsolve runs (solve.ts), its answer's
 * actions replayed the same way.
 */
import { answerAtom } from "../../core/answer-atoms.js";
import type { Atom } from "../../core/facts.js";
import type { Direction } from "../../core/grid.js";
import { NO_SINK, type Model, type Reporter } from "../../core/outcome.js";
import type { ShowPlay, ShowStep } from "../../core/play.js";
import type { FactsDrawing, SolveFlags } from "../../core/plugin.js";
import { actionAtom, type GameAction } from "./actions.js";
import { checkGameWitness } from "./check.js";
import { gameFromAtoms, spareRules, type GameInstance } from "./instance.js";

/** The text legend of a board whose goal is an exit. */
export function exitLegend(side: Direction): string {
  return `@ pawn  X exit (${side} side)  * pawn on the exit's field`;
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
    drawing: {
      legend: inst.goal.kind === "exit" ? exitLegend(inst.goal.side) : "@ pawn  G goal tile  * both",
      pawnCircle: "always",
      spare: true,
      pawnClass: "pawn",
      shadeMany: true,
    },
    rows: inst.rows,
    cols: inst.cols,
    goalKind: inst.goal.kind,
    exitSide: inst.goal.kind === "exit" ? inst.goal.side : undefined,
    steps,
    valid: v.valid,
    verdict,
  };
}


/** A solver run for its outcome alone: its statistics and warnings go nowhere (the drawing returns the instance's warnings itself). */
const SILENT: Reporter = { write: () => undefined };

/**
 * The atoms of an outcome's model (push/3, or push/4 under `rotate.`; walk/3; step/2), from
 * the actions it carries beside its witness (`steps`: the step and the action, as the
 * solver's json layout prints them).
 * @throws Error when the model carries no steps (a solver that streamed its answer)
 */
export function modelActionAtoms(inst: GameInstance, model: Model): Atom[] {
  const steps = model.steps;
  if (!Array.isArray(steps)) throw new Error("the solver's answer carries no steps to draw");
  const { rotate } = spareRules(inst);
  return steps.map((s: unknown) => {
    const a = s as GameAction & { step: number };
    switch (a.kind) {
      case "push":
        return answerAtom("push", rotate ? [a.line, a.dir, a.turns, a.step] : [a.line, a.dir, a.step]);
      case "walk":
        return answerAtom("walk", [a.to.row, a.to.col, a.step]);
      case "step":
        return answerAtom("step", [a.dir, a.step]);
    }
  });
}

/** labshow's part for game instances. */
export const drawing: FactsDrawing = {
  async replay(input, witness, options = {}) {
    const { instance, warnings } = gameFromAtoms(input.atoms, input.source.name, input.end);
    if (witness) return { play: playGame(instance, witness), warnings };
    // labsolve's solver part: the game's search is exact, so an answer is the cheapest; stopped, it has none
    const { solver } = await import("./solve.js");
    const flags: SolveFlags = { models: 1, format: "json", memory: 64, threads: 1, ...(options.timeLimit === undefined ? {} : { timeLimit: options.timeLimit }) };
    const outcome = await solver.solve({ ...input, atoms: [...input.atoms], stdin: false }, flags, { sink: NO_SINK, keep: true, reporter: SILENT });
    const best = outcome.models[0];
    const { interrupted } = outcome;
    if (!best) {
      const within = outcome.interruptedBy === undefined || outcome.interruptedBy === "time limit" ? "within the time limit" : `before ${outcome.interruptedBy}`;
      return { play: undefined, warnings, interrupted, note: interrupted ? `no solution found ${within}` : undefined };
    }
    return { play: playGame(instance, modelActionAtoms(instance, best)), warnings };
  },
};
