/**
 * The board game's checker part (labcheck): the verdict of check.ts on a witness as the
 * toolkit's Verdict (src/core/verdict.ts), with the rule set's summary and the board of the
 * broken step below the verdict line for humans.
 * Shares no code with the search.
 */
import type { FactsChecker, Referee } from "../../core/plugin.js";
import { violationFields, type JudgedWitness, type Verdict } from "../../core/verdict.js";
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
      check: (a) => verdictOf(checkGameWitness(instance, a), instance),
      judge: (a) => judgeGame(checkGameWitness(instance, a), instance),
      isAction: (a) => GAME_ACTIONS.has(`${a.name}/${a.args.length}`),
      warnings,
    };
  },
};

/** check.ts's verdict as the toolkit's: the cost in the instance's cost kind; the rule, atom and place beside it. */
function verdictOf(v: GameVerdict, inst: GameInstance): Verdict {
  const base = { rules: "game", valid: v.valid, steps: v.cost, rulesLine: describeGameRules(inst) };
  if (v.valid) return { ...base, cost: v.cost, costKind: inst.rules.cost };
  // the game's verdict names no atom (its words and the place say which)
  return { ...base, ...violationFields({ ...v.violation!, atom: undefined }) };
}

function judgeGame(v: GameVerdict, inst: GameInstance): JudgedWitness {
  const verdict = verdictOf(v, inst);
  const rules = `${describeGameRules(inst)}\n`;
  if (v.valid) {
    const bound = inst.maxSteps === undefined ? "" : ` (max_steps ${inst.maxSteps})`;
    return { verdict, summary: `cost ${v.cost} (${inst.rules.cost}); the goal is reached after step ${v.cost}${bound}`, details: rules };
  }
  const state = v.trace[v.trace.length - 1];
  const caption = state.action ? `board after step ${state.step}, ${actionAtom(state.action, state.step, spareRules(inst).rotate)}:` : "board at the start (step 0):";
  return { verdict, summary: "", details: `${rules}rule: ${v.violation!.rule}\n\n${caption}\n${drawGameBoard(state.board, state.pawn, inst.goal, state.goalTile)}\n` };
}
