/**
 * From an instance's text and an optional witness to the pictures' model: the rule set
 * chosen by the registry as labsolve and labcheck choose it, and its drawing part, which
 * replays the witness with the rule set's checker or, without a witness, replays the
 * shortest (cheapest) solution its solver finds.
 */
import { endOf } from "../core/fact-args.js";
import { parseFacts, type Atom } from "../core/facts.js";
import type { Replayed, ReplayOptions } from "../core/plugin.js";
import { readOutput } from "../core/witness.js";
import { factsRuleSet } from "../registry.js";

export type { Replayed };

/**
 * Replays a witness (solver output in any layout labcheck reads; the last answer counts,
 * which is clingo's best) or solves the instance first. `options.rules` forces a facts rule
 * set (labshow --rules).
 * @throws InputError on a bad instance or witness (FILE:LINE:COL); Error when `rules` names no facts rule set
 */
export async function replay(instanceText: string, instanceName: string, witness?: { text: string; name: string }, options: ReplayOptions = {}): Promise<Replayed> {
  const atoms = parseFacts(instanceText, instanceName);
  const end = endOf(instanceText);
  let witnessAtoms: Atom[] | undefined;
  if (witness) {
    const out = readOutput(witness.text, witness.name);
    witnessAtoms = out.answers.at(-1)?.atoms ?? [];
  }
  const drawing = await factsRuleSet(atoms, options.rules).drawing();
  return drawing.replay({ source: { text: instanceText, name: instanceName }, atoms, end }, witnessAtoms, options);
}
