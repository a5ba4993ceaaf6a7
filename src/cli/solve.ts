/**
 * The body of `labsolve [FILE]`: read the input, choose the rule set in the registry
 * (src/registry.ts: a text rule set by the text, else a facts rule set by the facts), and
 * run its solver part; shared by both ways of reading the command
 * line (src/cli/labsolve.ts, which loads this module only to solve).
 */
import { once } from "node:events";
import { endOf } from "../core/fact-args.js";
import { parseFacts } from "../core/facts.js";
import type { AnswerSink, Outcome, SolveContext } from "../core/outcome.js";
import type { SolveFlags } from "../core/plugin.js";
import { VERSION } from "../core/version.js";
import { makeLayout } from "../format/index.js";
import { factsRuleSet, refuseOptions, textRuleSet } from "../registry.js";
import { checkMemoryOption, readSource } from "./common.js";

export type { SolveFlags };

/**
 * The layout of `flags.format` as the solver's sink on stdout, started at the first thing
 * it prints (an input error found before the search prints nothing on stdout), and the
 * context a solver gets (answers kept only for the json layout; stderr as the reporter).
 */
function layoutContext(flags: SolveFlags, source: string): { context: SolveContext; end: (o: Outcome) => void } {
  const layout = makeLayout(flags.format, { write: (s) => process.stdout.write(s), version: VERSION, source, wanted: flags.models });
  let started = false;
  const start = (): void => {
    if (!started) layout.start();
    started = true;
  };
  const sink: AnswerSink = {
    model: (m, kind) => {
      start();
      layout.model(m, kind);
    },
    better: (m, kind) => {
      start();
      layout.better(m, kind);
    },
    lowerBound: (bound) => {
      start();
      layout.lowerBound(bound);
    },
    // a pipe whose reader is slower than the search: the search waits for it (bounded memory)
    backlog: () => (process.stdout.writableNeedDrain ? once(process.stdout, "drain").then(() => undefined) : undefined),
  };
  return {
    context: { sink, keep: layout.keepsAnswers, reporter: process.stderr },
    end: (o) => {
      start();
      layout.end(o);
    },
  };
}

/**
 * Solves the instance of `file` (standard input for undefined or `-`) and prints the
 * outcome in the chosen layout (src/format/).
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
  const { context, end } = layoutContext(flags, stdin ? "stdin" : source.name);
  let outcome: Outcome;
  if (text) {
    refuseOptions(text, "labsolve", given);
    outcome = await (await text.solver()).solve({ source, stdin }, flags, context);
  } else {
    const atoms = parseFacts(source.text, source.name);
    const ruleSet = factsRuleSet(atoms, flags.rules);
    refuseOptions(ruleSet, "labsolve", given);
    const solver = await ruleSet.solver();
    outcome = await solver.solve({ source, atoms, end: endOf(source.text), stdin }, flags, context);
  }
  end(outcome);
  return outcome.exitCode;
}
