/**
 * The body of `labsolve [FILE]`: read the input, choose the rule set in the registry
 * (src/registry.ts: a text rule set by the text, else a facts rule set by the facts), and
 * run its solver part; shared by both ways of reading the command
 * line (src/cli/labsolve.ts, which loads this module only to solve).
 */
import { endOf } from "../core/fact-args.js";
import { parseFacts } from "../core/facts.js";
import type { SolveFlags } from "../core/plugin.js";
import { factsRuleSet, refuseOptions, textRuleSet } from "../registry.js";
import { checkMemoryOption, readSource } from "./common.js";

export type { SolveFlags };

/**
 * Solves the instance of `file` (standard input for undefined or `-`) and prints the
 * answer in the chosen format.
 * @param given the rule-set options given on the command line (RuleSetOption names): one the rule set does not take is refused
 * @returns clingo's exit code (10, 20, 30, 1, 11)
 * @throws InputError for bad input (FILE:LINE:COL), Error for an option mistake or a failed worker
 */
export async function solveCommand(file: string | undefined, flags: SolveFlags, given: readonly string[] = []): Promise<number> {
  if (flags.any && flags.models !== 1) throw new Error("--any finds one solution; it does not combine with -n");
  checkMemoryOption(flags.memory);
  const source = readSource(file);
  const stdin = file === undefined || file === "-";
  // a text rule set (a maze, a level) says so from the text; anything else is read as facts
  const text = textRuleSet(source.text, source.name, flags.rules);
  if (text) {
    refuseOptions(text, "labsolve", given);
    return (await text.solver()).solve({ source, stdin }, flags);
  }
  const atoms = parseFacts(source.text, source.name);
  const ruleSet = factsRuleSet(atoms, flags.rules);
  refuseOptions(ruleSet, "labsolve", given);
  const solver = await ruleSet.solver();
  return solver.solve({ source, atoms, end: endOf(source.text), stdin }, flags);
}
