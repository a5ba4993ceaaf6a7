/**
 * The atoms of a solver's answer built from its steps as the outcome carries them (lines,
 * directions, fields as numbers and names), without writing them as text and parsing it:
 * what a drawing part hands its rule set's checker when it draws the solver's outcome.
 * The atoms have no place in any file: their location is line 1, column 1.
 */
import type { Atom, Place, Term } from "./facts.js";

const NOWHERE: Place = { line: 1, column: 1, offset: 0 };

/**
 * The atom `name(args)`: a number becomes an integer term, a string a constant.
 * @throws RangeError for a number that is not a safe integer
 */
export function answerAtom(name: string, args: readonly (number | string)[]): Atom {
  const terms = args.map((a): Term => {
    if (typeof a === "string") return { kind: "constant", name: a, location: NOWHERE };
    if (!Number.isSafeInteger(a)) throw new RangeError(`${name}: ${a} is not an integer`);
    return { kind: "integer", value: a, text: String(a), location: NOWHERE };
  });
  return { name, args: terms, location: NOWHERE };
}
