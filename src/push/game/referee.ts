/**
 * The board game's checker part (labcheck): the verdict of check.ts on a witness, in
 * words with the rule set's summary and the board of the broken step, or as JSON.
 * Shares no code with the search.
 */
import type { FactsChecker, Referee } from "../../core/plugin.js";
import { actionAtom } from "./actions.js";
import { checkGameWitness, type GameVerdict } from "./check.js";
import { describeGameRules } from "./describe.js";
import { gameFromAtoms, spareRules, type GameInstance } from "./instance.js";
import { drawGameBoard } from "./picture.js";

const GAME_ACTIONS = new Set(["push/3", "push/4", "walk/3", "step/2"]);

/** labcheck's part for game instances. */
export const checker: FactsChecker = {
  referee(input, flags): Referee {
    const { instance, warnings } = gameFromAtoms(input.atoms, input.file, input.end, flags.cost);
    return {
      check: (a) => checkGameWitness(instance, a),
      describe: (a) => describeGame(checkGameWitness(instance, a), instance),
      json: (a) => {
        const v = checkGameWitness(instance, a);
        return { rules: "game", cost: instance.rules.cost, valid: v.valid, actions: v.cost, violation: v.violation ?? null };
      },
      isAction: (a) => GAME_ACTIONS.has(`${a.name}/${a.args.length}`),
      warnings,
    };
  },
};

function describeGame(v: GameVerdict, inst: GameInstance): string {
  const rules = `${describeGameRules(inst)}\n`;
  if (v.valid) {
    const bound = inst.maxSteps === undefined ? "" : ` (max_steps ${inst.maxSteps})`;
    return `${rules}valid: cost ${v.cost} (${inst.rules.cost}); the goal is reached after step ${v.cost}${bound}\n`;
  }
  const x = v.violation!;
  const where = x.location ? ` (line ${x.location.line}, column ${x.location.column})` : "";
  const state = v.trace[v.trace.length - 1];
  const caption = state.action ? `board after step ${state.step}, ${actionAtom(state.action, state.step, spareRules(inst).rotate)}:` : "board at the start (step 0):";
  return `${rules}invalid: step ${x.step}: ${x.message}${where}\nrule: ${x.rule}\n\n${caption}\n${drawGameBoard(state.board, state.pawn, inst.goal, state.goalTile)}\n`;
}
