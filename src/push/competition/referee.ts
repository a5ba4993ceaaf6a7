/**
 * The competition's checker part (labcheck): the verdict of check.ts on a witness, in
 * words with the board of the broken step, or as JSON. Shares no code with the search.
 */
import type { FactsChecker, Referee } from "../../core/plugin.js";
import { checkWitness, type Verdict } from "./check.js";
import { instanceFromAtoms, type Instance } from "./instance.js";
import { drawBoard } from "./picture.js";

/** labcheck's part for competition instances. */
export const checker: FactsChecker = {
  referee(input, flags): Referee {
    if (flags.cost) throw new Error("--cost is for the board game's rules (a game instance, or --rules game)");
    const { instance, warnings } = instanceFromAtoms([...input.atoms], input.file, input.end);
    return {
      check: (a) => checkWitness(instance, [...a]),
      describe: (a) => describeCompetition(checkWitness(instance, [...a]), instance),
      json: (a) => {
        const v = checkWitness(instance, [...a]);
        return { valid: v.valid, pushes: v.pushes, violation: v.violation ?? null };
      },
      isAction: (a) => a.name === "push",
      warnings,
    };
  },
};

function describeCompetition(v: Verdict, instance: Instance): string {
  if (v.valid) {
    return `valid: ${v.pushes} push${v.pushes === 1 ? "" : "es"}; the goal is reachable after step ${v.pushes} and not before (max_steps ${instance.maxSteps})\n`;
  }
  const x = v.violation!;
  const where = x.location ? ` (line ${x.location.line}, column ${x.location.column})` : "";
  const state = v.trace[v.trace.length - 1];
  const caption = state.push ? `board after step ${state.step}, push(${state.push.line},${state.push.dir},${state.step}):` : "board at the start (step 0):";
  return `invalid: step ${x.step}: ${x.message}${where}\nrule: ${x.rule}\n\n${caption}\n${drawBoard(state.board, state.goal, state.reachable)}\n`;
}
