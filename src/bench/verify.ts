/**
 * A row's verdict: the solver's exit code and output judged by the instance's rule set's
 * checker, reached through the registry (src/registry.ts), by the competition checker's
 * protocol (src/core/checker-protocol.ts: OK, FAIL, DONTKNOW). labbench adds ERROR for a
 * solver that crashed, was ended by a limit without an answer, or printed nothing usable.
 */
import type { Atom } from "../core/facts.js";
import { parseFacts } from "../core/facts.js";
import { endOf } from "../core/fact-args.js";
import { protocolCheck } from "../core/checker-protocol.js";
import type { Verdict } from "../core/verdict.js";
import { readOutput, readWitnessTexts } from "../core/witness.js";
import { factsRuleSet, textRuleSet } from "../registry.js";

/** What a row says of the solver's answer. */
export type BenchVerdict = "OK" | "FAIL" | "DONTKNOW" | "ERROR";

/** The checker's word on one output, the reason in words, and the cost of the best answer when verified. */
export interface Judgement {
  verdict: BenchVerdict;
  reason: string;
  /** the verified answers' least cost (pushes, moves, plan cost), else null */
  cost: number | null;
  /** what the cost counts */
  costKind: string | null;
}

/** One instance's judge: its rule set's name and the verdict on an output. */
export interface InstanceJudge {
  rules: string;
  /**
   * @param exitCode the solver's exit code; null when a signal or a limit ended it (its
   *   answers are then judged as an interrupted run's, exit 11)
   */
  judge(exitCode: number | null, output: string, outputName: string): Judgement;
}

/** The exit codes of clingo's convention (docs/contract.md) and 0 (a plain program's success). */
const KNOWN_EXITS = new Set([0, 1, 10, 11, 20, 30]);

/**
 * The judge of an instance, by the rule set the registry recognises (a text rule set first,
 * then facts).
 * @throws InputError for an ill-formed instance (the bench then skips it, saying so)
 */
export async function instanceJudge(text: string, name: string): Promise<InstanceJudge> {
  const textSet = textRuleSet(text, name);
  let read: (output: string, outputName: string) => { answers: (() => Verdict)[]; saysInconsistent: boolean; saysUnknown: boolean };
  let rules: string;
  if (textSet) {
    const referee = (await textSet.checker()).referee({ source: { text, name }, stdin: false }, {});
    rules = textSet.name;
    read = (output, outputName) => {
      const w = readWitnessTexts(output, outputName);
      return { ...w, answers: w.answers.map((t) => () => referee.judge({ text: t, name: outputName }).verdict) };
    };
  } else {
    const atoms = parseFacts(text, name);
    const entry = factsRuleSet(atoms);
    const referee = (await entry.checker()).referee({ atoms, file: name, end: endOf(text) }, {});
    rules = entry.name;
    read = (output, outputName) => {
      const o = readOutput(output, outputName);
      return { ...o, answers: o.answers.map((a: { atoms: Atom[] }) => () => referee.check(a.atoms)) };
    };
  }
  return {
    rules,
    judge(exitCode, output, outputName) {
      const none: Judgement = { verdict: "ERROR", reason: "", cost: null, costKind: null };
      if (exitCode !== null && !KNOWN_EXITS.has(exitCode)) return { ...none, reason: `exit code ${exitCode}: the solver failed` };
      let said;
      try {
        said = read(output, outputName);
      } catch (e) {
        return { ...none, reason: `output not readable: ${e instanceof Error ? e.message.split("\n")[0] : String(e)}` };
      }
      if (exitCode === null && said.answers.length === 0) return { ...none, reason: "ended by a signal or a limit without an answer" };
      const verdicts: Verdict[] = [];
      let result;
      try {
        result = protocolCheck(exitCode ?? 11, said, (answer) => {
          const v = answer();
          verdicts.push(v);
          return v;
        });
      } catch (e) {
        return { verdict: "FAIL", reason: e instanceof Error ? e.message.split("\n")[0] : String(e), cost: null, costKind: null };
      }
      if (result.word !== "OK") return { verdict: result.word, reason: result.reason, cost: null, costKind: null };
      const costs = verdicts.map((v) => v.cost).filter((c): c is number => typeof c === "number");
      return { verdict: "OK", reason: result.reason, cost: costs.length > 0 ? Math.min(...costs) : null, costKind: verdicts[0]?.costKind ?? null };
    },
  };
}
