/**
 * Solver output to answers: the competition layout (`ANSWER` + fact line,
 * `INCONSISTENT`), clingo's (`Answer: N` + atoms, `SATISFIABLE`, statistics), DLV's
 * braces, plain facts, or an instance and a witness concatenated.
 * Source: ../shared/spec/asp-competition-io.md.
 */
import type { Atom } from "./facts.js";
import { parseOutput, type Place } from "./facts.js";

/** One answer (model) of the output: all its atoms, of every predicate. */
export interface Answer {
  atoms: Atom[];
  /** where the answer begins (its header, brace or first atom) */
  location: Place | undefined;
}

/** What an output says. */
export interface SolverOutput {
  answers: Answer[];
  /** the output says there is no solution (INCONSISTENT, UNSATISFIABLE) */
  saysInconsistent: boolean;
  /** the output says the run ended without a result (UNKNOWN, INTERRUPTED) */
  saysUnknown: boolean;
}

const INCONSISTENT = /^(INCONSISTENT|UNSATISFIABLE)\b/;
const UNKNOWN = /^(UNKNOWN|INTERRUPTED)\b/;

/**
 * Reads solver output.
 * @param text the output as printed (or pasted)
 * @param file the name used in error messages
 * @throws InputError (1-based line and column) when the text is not solver output
 */
export function readOutput(text: string, file: string): SolverOutput {
  const out: SolverOutput = { answers: [], saysInconsistent: false, saysUnknown: false };
  let current: Answer | undefined;
  let braced = false;
  const start = (location: Place | undefined): Answer => {
    const a: Answer = { atoms: [], location };
    out.answers.push(a);
    return a;
  };
  for (const item of parseOutput(text, file)) {
    switch (item.kind) {
      case "answer":
        current = start(item.location);
        braced = false;
        break;
      case "line":
        if (item.text === "ANSWER") {
          current = start(item.location);
          braced = false;
          break;
        }
        if (INCONSISTENT.test(item.text)) out.saysInconsistent = true;
        if (UNKNOWN.test(item.text)) out.saysUnknown = true;
        current = undefined;
        break;
      case "open":
        if (!current || braced || current.atoms.length > 0) current = start(item.location);
        braced = true;
        break;
      case "close":
        current = undefined;
        braced = false;
        break;
      case "atom":
        (current ??= start(item.atom.location)).atoms.push(item.atom);
        break;
      case "separator":
        break;
    }
  }
  return out;
}
