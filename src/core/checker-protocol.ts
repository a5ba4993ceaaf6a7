/**
 * The competition checker protocol (`checker.sh EXITCODE INSTANCE < OUTPUT`, in
 * ../shared/spec/asp-competition-io.md and docs/rules.md), for any rule set's checker:
 * OK, FAIL or DONTKNOW from a solver's exit code, its output and a verdict per answer.
 */
import type { Verdict } from "./verdict.js";
import { isJsonDocument, readWitnessTexts } from "./witness.js";

/** The competition checker's three answers. */
export type CheckerWord = "OK" | "FAIL" | "DONTKNOW";

/** Exit status of each checker answer. */
export const CHECKER_EXIT: Readonly<Record<CheckerWord, number>> = { OK: 0, FAIL: 1, DONTKNOW: 2 };

/**
 * The competition checker protocol with any rule set's checker.
 * @param solverExit the solver's exit code (10, 20, 30, 11, 1, ...)
 * @param output the solver's output
 * @param check the verdict of one answer (its atoms, or its witness text)
 * @returns OK when every answer in the output is a solution and the exit code agrees;
 *   FAIL for a wrong or missing answer, or an output that contradicts its exit code;
 *   DONTKNOW when there is nothing to check (no answer and the exit code does not
 *   claim one: unsatisfiability is not verified), with a reason for humans
 */
export function protocolCheck<A>(
  solverExit: number,
  output: { answers: readonly A[]; saysInconsistent: boolean; saysUnknown: boolean },
  check: (answer: A) => Pick<Verdict, "valid" | "violation">,
): { word: CheckerWord; reason: string } {
  const claimsAnswer = solverExit === 10 || solverExit === 11 || solverExit === 30;
  if (output.answers.length === 0) {
    if (claimsAnswer) return { word: "FAIL", reason: `exit code ${solverExit} says a solution was found, but the output has no answer` };
    return { word: "DONTKNOW", reason: output.saysInconsistent ? "INCONSISTENT: unsatisfiability is not verified" : "no answer to check" };
  }
  if (output.saysInconsistent) return { word: "FAIL", reason: "the output has an answer and also says INCONSISTENT" };
  if (solverExit === 20) return { word: "FAIL", reason: "exit code 20 says there is no solution, but the output has an answer" };
  for (const [i, answer] of output.answers.entries()) {
    const v = check(answer);
    if (!v.valid) {
      const which = output.answers.length > 1 ? `answer ${i + 1}: ` : "";
      return { word: "FAIL", reason: `${which}step ${v.violation?.step}: ${v.violation?.message}` };
    }
  }
  return { word: "OK", reason: `${output.answers.length} answer(s) checked` };
}

/**
 * A planner's output (an IPC plan file: one ground action `(name arg ...)` a line, `;`
 * comments, `; cost = C (...)` at the end) as the protocol's answers: the whole text is one
 * answer when it has an action or a `; cost =` line (the empty plan of a goal already
 * reached is `; cost = 0` alone), else none. labsolve plan's `; no plan exists` says
 * INCONSISTENT. labsolve plan's json document (`--format json`) gives its models' actions and
 * says what its `status` says.
 * @throws InputError for a json document without `models` of `witness` lists
 */
export function planOutput(text: string): { answers: string[]; saysInconsistent: boolean; saysUnknown: boolean } {
  // labsolve plan --format json: each model's actions (readWitnessTexts), its status
  if (isJsonDocument(text)) return readWitnessTexts(text, "<output>");
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  const hasPlan = lines.some((l) => l.startsWith("(") || /^;\s*cost\s*=/i.test(l));
  const saysInconsistent = lines.some((l) => /^;\s*no plan exists\b/i.test(l));
  return { answers: hasPlan ? [text] : [], saysInconsistent, saysUnknown: !hasPlan && !saysInconsistent };
}
