/**
 * From an instance's text and an optional witness to the pictures' model: the rule set
 * chosen as labsolve and labcheck choose it (game-only facts -> the board game), the
 * witness replayed by that rule set's checker, or, without a witness, the shortest
 * (cheapest) solution found by the solver and then replayed by the checker.
 */
import { gameFromAtoms, spareRules, usesGameRules } from "../push/game/instance.js";
import { solutionActionAtoms } from "../push/game/actions.js";
import { instanceFromAtoms } from "../push/competition/instance.js";
import { endOf } from "../core/fact-args.js";
import { parseFacts, type Atom } from "../core/facts.js";
import { readOutput } from "../core/witness.js";
import { playCompetition, playGame, type ShowPlay } from "../core/play.js";

/** The model, or undefined when no witness was given and the instance has no solution. */
export interface Replayed {
  play: ShowPlay | undefined;
  warnings: string[];
}

/**
 * Replays a witness (solver output in any layout labcheck reads; the last answer counts,
 * which is clingo's best) or solves the instance first.
 * @throws InputError on a bad instance or witness (FILE:LINE:COL)
 */
export async function replay(instanceText: string, instanceName: string, witness?: { text: string; name: string }): Promise<Replayed> {
  const atoms = parseFacts(instanceText, instanceName);
  const end = endOf(instanceText);
  let witnessAtoms: Atom[] | undefined;
  if (witness) {
    const out = readOutput(witness.text, witness.name);
    witnessAtoms = out.answers.at(-1)?.atoms ?? [];
  }
  if (usesGameRules(atoms, undefined)) {
    const { instance, warnings } = gameFromAtoms(atoms, instanceName, end);
    if (!witnessAtoms) {
      const { searchGame } = await import("../push/game/search/deepening.js");
      const r = searchGame(instance, { memoryMegabytes: 64 });
      if (!r.actions) return { play: undefined, warnings };
      witnessAtoms = parseFacts(solutionActionAtoms(r.actions, spareRules(instance).rotate).map((a) => `${a}.`).join(" "), "<solution>");
    }
    return { play: playGame(instance, witnessAtoms), warnings };
  }
  const { instance, warnings } = instanceFromAtoms([...atoms], instanceName, end);
  if (!witnessAtoms) {
    const { solve } = await import("../push/competition/search/engine.js");
    const r = solve(instance, {});
    const best = r.solutions[0];
    if (!best) return { play: undefined, warnings };
    witnessAtoms = parseFacts(best.map((p, k) => `push(${p.line},${p.dir},${k + 1}).`).join(" "), "<solution>");
  }
  return { play: playCompetition(instance, witnessAtoms), warnings };
}
