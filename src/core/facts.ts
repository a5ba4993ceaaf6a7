/**
 * Typed front end of the Peggy grammar in grammar/asp.peggy: ASP facts (instances)
 * and solver output (witnesses). All positions are 1-based lines and columns.
 */
import { parse as peggyParse } from "../generated/asp-parser.js";
import { InputError, type SourcePosition } from "./errors.js";

/** A position in the parsed text: 1-based line and column, 0-based offset. */
export interface Place extends SourcePosition {
  offset: number;
}

/** A term of an atom's argument list. */
export type Term =
  | { kind: "integer"; value: number; text: string; location: Place }
  | { kind: "string"; value: string; location: Place }
  | { kind: "constant"; name: string; location: Place }
  | { kind: "function"; name: string; args: Term[]; location: Place };

/** An atom `name(args)` (args empty for a propositional atom). */
export interface Atom {
  /** the predicate's name (`field`, `push`) */
  name: string;
  /** the arguments, in order */
  args: Term[];
  /** where the atom starts in its file (1-based line and column) */
  location: Place;
}

/** One item of solver output, in the order it appears. */
export type OutputItem =
  | { kind: "atom"; atom: Atom }
  /** `Answer: N` (clingo's layout) */
  | { kind: "answer"; number: number; location: Place }
  /** any line that begins with a capital letter (ANSWER, SATISFIABLE, Models : 1, ...) or `clingo version` */
  | { kind: "line"; text: string; location: Place }
  | { kind: "open"; location: Place }
  | { kind: "close"; location: Place }
  | { kind: "separator" };

interface PeggyExpectation {
  type: string;
  text?: string;
  description?: string;
}
interface PeggySyntaxError {
  expected: PeggyExpectation[] | null;
  found: string | null;
  location: { start: { line: number; column: number } };
}

function isPeggyError(e: unknown): e is PeggySyntaxError {
  return typeof e === "object" && e !== null && "location" in e && "expected" in e;
}

function describeExpectation(e: PeggyExpectation): string | undefined {
  switch (e.type) {
    case "literal":
      return e.text === "\uFEFF" ? undefined : JSON.stringify(e.text);
    case "end":
      return "end of input";
    case "any":
      return "any character";
    default:
      return e.description;
  }
}

/** "a", "a or b", "a, b or c" */
function alternatives(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} or ${items[items.length - 1]}`;
}

/** A Peggy syntax error as an InputError at its position (any other error is rethrown). */
export function toInputError(e: unknown, file: string): never {
  if (!isPeggyError(e)) throw e;
  const wanted = [...new Set((e.expected ?? []).map(describeExpectation).filter((x): x is string => !!x))];
  const found = e.found === null ? "end of input" : JSON.stringify(e.found);
  const message = wanted.length > 0 ? `expected ${alternatives(wanted)}, found ${found}` : `unexpected ${found}`;
  throw new InputError(file, e.location.start, message);
}

/**
 * Parses a text of ASP facts (an instance file).
 * @param text the file's contents (BOM, CRLF, comments allowed)
 * @param file the name used in error messages
 * @returns the atoms in order of appearance
 * @throws InputError with the 1-based line and column of the first syntax error
 */
export function parseFacts(text: string, file: string): Atom[] {
  try {
    return peggyParse(text, { startRule: "Facts", grammarSource: file }) as Atom[];
  } catch (e) {
    toInputError(e, file);
  }
}

/**
 * Parses solver output in any of the layouts users paste (competition, clingo, DLV,
 * plain facts, instance and witness concatenated).
 * @param text the output
 * @param file the name used in error messages
 * @throws InputError with the 1-based line and column of the first syntax error
 */
export function parseOutput(text: string, file: string): OutputItem[] {
  try {
    return peggyParse(text, { startRule: "Output", grammarSource: file }) as OutputItem[];
  } catch (e) {
    toInputError(e, file);
  }
}

/** `name/arity`, the usual way to name a predicate. */
export function signature(atom: Atom): string {
  return `${atom.name}/${atom.args.length}`;
}

/** The atom as ASP text, e.g. `push(1,w,2)`. */
export function atomText(atom: Atom): string {
  return atom.args.length === 0 ? atom.name : `${atom.name}(${atom.args.map(termText).join(",")})`;
}

/** The term as ASP text; an integer as the user wrote it (its digits, past 2^53 too). */
export function termText(term: Term): string {
  switch (term.kind) {
    case "integer":
      return term.text;
    case "string":
      return JSON.stringify(term.value);
    case "constant":
      return term.name;
    case "function":
      return `${term.name}(${term.args.map(termText).join(",")})`;
  }
}
