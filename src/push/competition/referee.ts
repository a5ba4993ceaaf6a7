/**
 * The competition's checker part (labcheck): the verdict of check.ts on a witness as the
 * toolkit's Verdict (src/core/verdict.ts), with the board of the broken step for humans.
 * Shares no code with the search.
 */
import type { FactsChecker, Referee } from "../../core/plugin.js";
import { violationFields, type JudgedWitness, type Verdict as ToolkitVerdict } from "../../core/verdict.js";
import { checkWitness, type Verdict } from "./check.js";
import { instanceFromAtoms, type Instance } from "./instance.js";
import { drawBoard } from "./picture.js";

/** labcheck's part for competition instances. */
export const checker: FactsChecker = {
  referee(input, flags): Referee {
    if (flags.cost) throw new Error("--cost is for the board game's rules (a game instance, or --rules game)");
    const { instance, warnings } = instanceFromAtoms([...input.atoms], input.file, input.end);
    return {
      check: (a) => verdictOf(checkWitness(instance, [...a])),
      judge: (a) => judgeCompetition(checkWitness(instance, [...a]), instance),
      isAction: (a) => a.name === "push",
      warnings,
    };
  },
};

/** check.ts's verdict as the toolkit's: cost in pushes; the violation's rule, atom and place beside it. */
function verdictOf(v: Verdict): ToolkitVerdict {
  const base = { rules: "competition", valid: v.valid, steps: v.pushes };
  if (v.valid) return { ...base, cost: v.pushes, costKind: "pushes" };
  return { ...base, ...violationFields(v.violation!) };
}

function judgeCompetition(v: Verdict, instance: Instance): JudgedWitness {
  const verdict = verdictOf(v);
  if (v.valid) {
    return { verdict, summary: `${v.pushes} push${v.pushes === 1 ? "" : "es"}; the goal is reachable after step ${v.pushes} and not before (max_steps ${instance.maxSteps})`, details: "" };
  }
  const state = v.trace[v.trace.length - 1];
  const caption = state.push ? `board after step ${state.step}, push(${state.push.line},${state.push.dir},${state.step}):` : "board at the start (step 0):";
  return { verdict, summary: "", details: `rule: ${v.violation!.rule}\n\n${caption}\n${drawBoard(state.board, state.goal, state.reachable)}\n` };
}
