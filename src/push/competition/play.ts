/**
 * The competition's drawing part (labshow): a witness replayed by the competition's
 * checker (check.ts) into the pictures' model (src/core/play.ts); without a witness, the
 * outcome of the solver part labsolve runs (solve.ts), its best answer's steps replayed the
 * same way. Fields 1-based as in the facts.
 */
import { availableParallelism } from "node:os";
import { answerAtom } from "../../core/answer-atoms.js";
import type { Atom } from "../../core/facts.js";
import { NO_SINK, type Model, type Reporter } from "../../core/outcome.js";
import type { Drawing, ShowPlay, ShowStep } from "../../core/play.js";
import type { FactsDrawing, SolveFlags } from "../../core/plugin.js";
import { checkWitness } from "./check.js";
import { instanceFromAtoms, type Instance } from "./instance.js";

/** The competition's boards: the reachable set shaded, the goal tile. */
const DRAWING: Drawing = {
  legend: "@ reachable  G goal  * goal reachable",
  pawnCircle: "single",
  spare: false,
  pawnClass: "reachable",
  shadeMany: false,
};

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
  return { rules: "competition", drawing: DRAWING, rows: n, cols: n, goalKind: "tile", steps, valid: v.valid, verdict };
}


/** A solver run for its outcome alone: its statistics and warnings go nowhere (the drawing returns the instance's warnings itself). */
const SILENT: Reporter = { write: () => undefined };

/**
 * The atoms `push(Z,D,S)` of an outcome's model, from the steps it carries beside its
 * witness (`steps`: step, line, direction, as the solver's json layout prints them).
 * @throws Error when the model carries no steps (a solver that streamed its answer)
 */
export function modelPushAtoms(model: Model): Atom[] {
  const steps = model.steps;
  if (!Array.isArray(steps)) throw new Error("the solver's answer carries no steps to draw");
  return steps.map((s: unknown) => {
    const { step, line, dir } = s as { step: number; line: number; dir: string };
    return answerAtom("push", [line, dir, step]);
  });
}

/** labshow's part for competition instances. */
export const drawing: FactsDrawing = {
  async replay(input, witness, options = {}) {
    const { instance, warnings } = instanceFromAtoms([...input.atoms], input.source.name, input.end);
    if (witness) return { play: playCompetition(instance, witness), warnings };
    // labsolve's solver part (the anytime search: beams, shortening, iterative deepening in
    // worker threads) under the time limit: its outcome's best answer, proven shortest or not
    const { solver } = await import("./solve.js");
    // labsolve's limit counts from the process's start (clingo's); labshow's and the library's from this call
    const timeLimit = options.timeLimit === undefined ? {} : { timeLimit: options.timeLimit };
    const flags: SolveFlags = { models: 1, format: "json", memory: 64, threads: Math.max(1, availableParallelism()), ...timeLimit };
    const outcome = await solver.solve({ ...input, atoms: [...input.atoms], stdin: false }, flags, { sink: NO_SINK, keep: true, reporter: SILENT, started: performance.now() });
    const best = outcome.models[0];
    const { interrupted } = outcome;
    const within = outcome.interruptedBy === undefined || outcome.interruptedBy === "time limit" ? "within the time limit" : `before ${outcome.interruptedBy}`;
    if (!best) return { play: undefined, warnings, interrupted, note: interrupted ? `no solution found ${within}` : undefined };
    const note = outcome.optimal
      ? `the shortest solution (${best.cost} pushes, proven)`
      : `the best solution found ${within} (${best.cost} pushes; not proven shortest: shortest >= ${outcome.lowerBound ?? 0})`;
    return { play: playCompetition(instance, modelPushAtoms(best)), warnings, note, interrupted };
  },
};
