/**
 * The board game's drawing part (labshow): a witness replayed by the game's checker
 * (check.ts) into the pictures' model (src/core/play.ts), the spare beside the board;
 * without a witness, the cheapest solution the game's search finds, replayed the same way.
 */
import { parseFacts, type Atom } from "../../core/facts.js";
import type { Direction } from "../../core/grid.js";
import type { ShowPlay, ShowStep } from "../../core/play.js";
import type { FactsDrawing } from "../../core/plugin.js";
import { actionAtom, solutionActionAtoms } from "./actions.js";
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


/** labshow's part for game instances. */
export const drawing: FactsDrawing = {
  async replay(input, witness, options = {}) {
    const { instance, warnings } = gameFromAtoms(input.atoms, input.file, input.end);
    let atoms = witness;
    if (!atoms) {
      const { searchGame } = await import("./search/deepening.js");
      const deadline = options.timeLimit === undefined ? Number.POSITIVE_INFINITY : performance.now() + options.timeLimit * 1000;
      const r = searchGame(instance, { memoryMegabytes: 64, shouldStop: () => (performance.now() >= deadline ? "time limit" : undefined) });
      // the game's search is exact: a solution is the cheapest; stopped, it has none
      if (!r.actions) return { play: undefined, warnings, interrupted: r.interrupted, note: r.interrupted ? "no solution found within the time limit" : undefined };
      atoms = parseFacts(solutionActionAtoms(r.actions, spareRules(instance).rotate).map((a) => `${a}.`).join(" "), "<solution>");
    }
    return { play: playGame(instance, atoms), warnings };
  },
};
