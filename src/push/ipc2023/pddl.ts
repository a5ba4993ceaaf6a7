/**
 * Typed front end of grammar/pddl.peggy: PDDL texts (domain, problem, plan) as
 * s-expressions with 1-based positions; names lower-cased.
 */
import { InputError, type SourcePosition } from "../../core/errors.js";
import { parse as peggyParse } from "../../generated/pddl-parser.js";
import { toInputError } from "../../core/facts.js";

/** A name, variable or number. */
export interface Word {
  kind: "word";
  /** lower case */
  text: string;
  /** as written (for messages) */
  raw?: string;
  location: SourcePosition;
}
/** A parenthesised list. */
export interface List {
  kind: "list";
  items: SExpr[];
  location: SourcePosition;
}
export type SExpr = Word | List;

/**
 * Parses a PDDL text into its top-level s-expressions.
 * @throws InputError at the first syntax error (e.g. an unclosed parenthesis)
 */
export function parsePddl(text: string, file: string): SExpr[] {
  try {
    return peggyParse(text, { grammarSource: file }) as SExpr[];
  } catch (e) {
    toInputError(e, file);
  }
}

/** The s-expression as PDDL text, e.g. `(not (robot-at ?cm))`. */
export function show(e: SExpr): string {
  return e.kind === "word" ? e.text : `(${e.items.map(show).join(" ")})`;
}

/** The head word of a list ("" when it has none). */
export function head(e: SExpr): string {
  return e.kind === "list" && e.items[0]?.kind === "word" ? e.items[0].text : "";
}

/** The list, or an InputError saying what was expected there. */
export function asList(e: SExpr | undefined, file: string, what: string, near: SourcePosition): List {
  if (e?.kind === "list") return e;
  throw new InputError(file, e?.location ?? near, `expected ${what}`);
}

/** The word, or an InputError saying what was expected there. */
export function asWord(e: SExpr | undefined, file: string, what: string, near: SourcePosition): Word {
  if (e?.kind === "word") return e;
  throw new InputError(file, e?.location ?? near, `expected ${what}`);
}

/**
 * Typed lists `a b - t c - u d` as [name, type] pairs (untyped names get "object").
 * @throws InputError on a dangling "-"
 */
export function typedList(items: readonly SExpr[], file: string, near: SourcePosition): [Word, string][] {
  const out: [Word, string][] = [];
  let pending: Word[] = [];
  for (let i = 0; i < items.length; i++) {
    const w = asWord(items[i], file, "a name", near);
    if (w.text === "-") {
      const t = asWord(items[i + 1], file, "a type after '-'", w.location);
      for (const p of pending) out.push([p, t.text]);
      pending = [];
      i++;
    } else {
      pending.push(w);
    }
  }
  for (const p of pending) out.push([p, "object"]);
  return out;
}
