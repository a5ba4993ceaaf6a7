/**
 * Reading the arguments of facts, for every rule set that reads ASP facts: integers,
 * fields (row, column; 1-based as written), the end of an input for "missing fact"
 * errors, and the warning for an unknown predicate. Errors are InputErrors at the
 * argument's FILE:LINE:COL.
 */
import { InputError, formatDiagnostic, type SourcePosition } from "./errors.js";
import { signature, termText, type Atom, type Term } from "./facts.js";
import type { Field } from "./grid.js";

/** 1-based position just after the last character of `text`. */
export function endOf(text: string): SourcePosition {
  const lines = text.split(/\r\n|\n|\r/);
  return { line: lines.length, column: lines[lines.length - 1].length + 1 };
}

/**
 * `FILE:LINE:COL: warning: ignoring unknown predicate p/n`, with the arity expected when
 * the name is known with another one.
 * @param known the instance predicates' arities by name
 */
export function unknownPredicateWarning(file: string, atom: Atom, known: Record<string, number>): string {
  const hint = atom.name in known ? ` (expected ${atom.name}/${known[atom.name]})` : "";
  return formatDiagnostic(file, atom.location, "warning", `ignoring unknown predicate ${signature(atom)}${hint}`);
}

/**
 * The field named by an atom's first two arguments (row, column; 1-based as written).
 * @throws InputError at an argument that is not an integer
 */
export function fieldArgs(file: string, atom: Atom): Field {
  return { row: integerArg(file, atom, 0, "row"), col: integerArg(file, atom, 1, "column") };
}

/**
 * The i-th argument of an atom as an integer.
 * @throws InputError at the argument when it is not an integer (`what` names it)
 */
export function integerArg(file: string, atom: Atom, i: number, what: string): number {
  const t: Term = atom.args[i];
  if (t.kind !== "integer") {
    throw new InputError(file, t.location, `${atom.name}/${atom.args.length}: expected an integer ${what}, found ${termText(t)}`);
  }
  if (!Number.isSafeInteger(t.value)) {
    throw new InputError(file, t.location, `${atom.name}/${atom.args.length}: the ${what} ${t.text} is too large (integers up to ${Number.MAX_SAFE_INTEGER})`);
  }
  return t.value;
}
