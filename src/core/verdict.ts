/**
 * The verdict: what every rule set's checker part returns about one witness, and the one
 * way labcheck prints it. Human output's first line is the verdict in one spelling for
 * every rule set, `valid: WHAT` or `invalid: step K: WHAT`, the rule set's details below it;
 * `--json` prints the Verdict itself as one pretty-printed document (schema/verdict.schema.json).
 */

/** The first rule a witness breaks. */
export interface Violation {
  /** the step (push, move, action, edge) that breaks it: 1-based; 0 for the start, before any step */
  step: number;
  /** what is wrong, in words (without the step) */
  message: string;
}

/** A checker's verdict on one witness. */
export interface Verdict {
  /** the registry name of the rule set that judged (competition, game, ipc2023, maze, minotaur, theseus) */
  rules: string;
  /** the witness keeps every rule and reaches the goal */
  valid: boolean;
  /** the witness's cost when valid (pushes, moves, weight, plan cost, ...) */
  cost?: number;
  /** what `cost` counts: pushes, moves, steps, weight, plan cost */
  costKind?: string;
  /** steps in the witness (pushes, moves, edges, actions) */
  steps?: number;
  /** the first broken rule (invalid witnesses only) */
  violation?: Violation;
  /** rule-set extras (the turn rule's `rule`, the board game's `rulesLine`, a position...) */
  [extra: string]: unknown;
}

/** A checker's broken rule with where it stands in the witness (line and column, 1-based), as the facts checkers report it. */
export interface PlacedViolation {
  step: number;
  message: string;
  rule?: string;
  atom?: string;
  location?: { line: number; column: number };
}

/**
 * The fields an invalid verdict takes from a placed violation: the violation (its message
 * naming the place), the rule, the atom and the line and column beside it.
 */
export function violationFields(x: PlacedViolation): Pick<Verdict, "violation"> & Record<string, unknown> {
  const where = x.location ? ` (line ${x.location.line}, column ${x.location.column})` : "";
  return {
    violation: { step: x.step, message: `${x.message}${where}` },
    rule: x.rule,
    ...(x.atom !== undefined ? { atom: x.atom } : {}),
    ...(x.location ? { line: x.location.line, column: x.location.column } : {}),
  };
}

/** A verdict with what labcheck's human mode prints: the words of its first line and the lines below it. */
export interface JudgedWitness {
  verdict: Verdict;
  /** valid witnesses: what `valid: ` is followed by (e.g. `7 pushes; the goal is reachable after step 7`) */
  summary: string;
  /** the lines after the first (a board, a rule, a caption), each ending in a newline; "" for none */
  details: string;
}

/**
 * The verdict's first line, without its newline: `valid: SUMMARY` or `invalid: step K: MESSAGE`.
 * @param summary what a valid verdict says
 */
export function verdictLine(verdict: Verdict, summary: string): string {
  if (verdict.valid) return `valid: ${summary}`;
  const v = verdict.violation;
  return v ? `invalid: step ${v.step}: ${v.message}` : "invalid";
}

/** labcheck's human text of a judged witness: the verdict line, then the details. */
export function verdictText(judged: JudgedWitness): string {
  return `${verdictLine(judged.verdict, judged.summary)}\n${judged.details}`;
}

/**
 * The document of several answers' verdicts (an output with `-n N` answers): a Verdict
 * whose fields are those of the first invalid answer (or of the last, when all are valid),
 * with `answer` (its 1-based number) and every answer's verdict in `answers`.
 */
export function verdictOfAnswers(verdicts: readonly Verdict[]): Verdict {
  if (verdicts.length === 1) return verdicts[0];
  const bad = verdicts.findIndex((v) => !v.valid);
  const at = bad === -1 ? verdicts.length - 1 : bad;
  return { ...verdicts[at], answer: at + 1, answers: [...verdicts] };
}

/** The document when there is nothing to check (an INCONSISTENT or UNKNOWN output): `valid` null. */
export interface NothingToCheck {
  rules: string;
  valid: null;
  says: "INCONSISTENT" | "UNKNOWN";
  reason: string;
}

/** `--json`'s text of a document: pretty-printed with 2 spaces, a newline at the end. */
export function jsonDocument(doc: Verdict | NothingToCheck): string {
  return `${JSON.stringify(doc, null, 2)}\n`;
}
