/**
 * The competition's drawing part (labshow): a witness replayed by the competition's
 * checker (check.ts) into the pictures' model (src/core/play.ts); without a witness, the
 * shortest solution the search finds, replayed the same way. Fields 1-based as in the facts.
 */
import { availableParallelism } from "node:os";
import type { Atom } from "../../core/facts.js";
import { parseFacts } from "../../core/facts.js";
import type { Drawing, ShowPlay, ShowStep } from "../../core/play.js";
import type { FactsDrawing } from "../../core/plugin.js";
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


/** labshow's part for competition instances. */
export const drawing: FactsDrawing = {
  async replay(input, witness, options = {}) {
    const { instance, warnings } = instanceFromAtoms([...input.atoms], input.file, input.end);
    if (witness) return { play: playCompetition(instance, witness), warnings };
    // labsolve's anytime search (beam, shortening, iterative deepening in worker threads)
    // under the time limit: the best solution found, proven shortest or not
    const { assertSearchable, runSearch } = await import("./search/run/run.js");
    assertSearchable(instance);
    const r = await runSearch(instance, { timeLimit: options.timeLimit, threads: Math.max(1, availableParallelism()) });
    const best = r.solutions[0];
    const interrupted = r.interrupted;
    if (!best) {
      return { play: undefined, warnings, interrupted, note: interrupted ? "no solution found within the time limit" : undefined };
    }
    const atoms = parseFacts(best.map((p, k) => `push(${p.line},${p.dir},${k + 1}).`).join(" "), "<solution>");
    const note = r.optimal
      ? `the shortest solution (${best.length} pushes, proven)`
      : `the best solution found within the time limit (${best.length} pushes; not proven shortest: shortest >= ${r.lowerBound})`;
    return { play: playCompetition(instance, atoms), warnings, note, interrupted };
  },
};
