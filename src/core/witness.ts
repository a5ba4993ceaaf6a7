/**
 * Solver output to answers: the competition layout (`ANSWER` + fact line,
 * `INCONSISTENT`), clingo's (`Answer: N` + atoms, `SATISFIABLE`, statistics), DLV's
 * braces, plain facts, an instance and a witness concatenated, or labsolve's own json
 * document (`status`, `models[].atoms`).
 * Source: ../shared/spec/asp-competition-io.md.
 */
import { InputError } from "./errors.js";
import type { Atom, Term } from "./facts.js";
import { parseFacts, parseOutput, type Place } from "./facts.js";

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
  // a JSON object's first key (DLV's braces hold atoms: `{push(1,w,1)}`, `{}`)
  if (/^\uFEFF?\s*\{\s*"/.test(text)) return readJsonOutput(text, file);
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

/** The 1-based line and column of a 0-based offset of the text. */
function placeAt(text: string, offset: number): Place {
  let line = 1;
  let start = 0;
  for (let i = text.indexOf("\n"); i !== -1 && i < offset; i = text.indexOf("\n", i + 1)) {
    line++;
    start = i + 1;
  }
  return { line, column: offset - start + 1, offset };
}

/** A term parsed alone, moved to where its text stands in the document. */
function moveTerm(t: Term, base: Place): Term {
  const location = { line: base.line, column: base.column + t.location.column - 1, offset: base.offset + t.location.offset };
  return t.kind === "function" ? { ...t, location, args: t.args.map((a) => moveTerm(a, base)) } : { ...t, location };
}

/** A json model's witness: `witness` (docs/contract.md), or `atoms` as labsolve wrote before it. */
function witnessOf(m: object): unknown {
  return (m as { witness?: unknown }).witness ?? (m as { atoms?: unknown }).atoms;
}

/**
 * labsolve's `--format json` document (docs/contract.md): `status` (clingo's words) and
 * `models`, each with its `witness`, atoms as strings (`push(1,w,1)`).
 * Atoms are placed at their string in the document.
 * @throws InputError when the text is not JSON (at the position JSON.parse names) or not such a document
 */
function readJsonOutput(text: string, file: string): SolverOutput {
  let doc: unknown;
  try {
    doc = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (e) {
    // Node names the position in most messages; some quote the whole text instead (cut)
    const message = (e instanceof Error ? e.message : String(e)).split("\n")[0];
    const at = /position (\d+)/.exec(message);
    throw new InputError(file, at ? placeAt(text, Number(at[1])) : undefined, `not a JSON document: ${message.length > 80 ? `${message.slice(0, 77)}...` : message}`);
  }
  const d = doc as { status?: unknown; models?: unknown };
  const models = d.models;
  if (typeof doc !== "object" || doc === null || !Array.isArray(models) || !models.every((m) => typeof m === "object" && m !== null && Array.isArray(witnessOf(m)))) {
    throw new InputError(file, { line: 1, column: 1 }, 'expected labsolve\'s json document: "status" and "models", each with "witness"');
  }
  const out: SolverOutput = { answers: [], saysInconsistent: d.status === "UNSATISFIABLE", saysUnknown: d.status === "UNKNOWN" };
  let cursor = 0;
  for (const m of models as object[]) {
    const answer: Answer = { atoms: [], location: undefined };
    for (const a of witnessOf(m) as unknown[]) {
      if (typeof a !== "string") throw new InputError(file, { line: 1, column: 1 }, `expected an atom as a string in "witness", found ${JSON.stringify(a)}`);
      const literal = JSON.stringify(a);
      const found = text.indexOf(literal, cursor);
      const base = placeAt(text, found === -1 ? 0 : found + 1);
      if (found !== -1) cursor = found + literal.length;
      for (const atom of parseFacts(`${a}.`, file)) {
        const location = { line: base.line, column: base.column + atom.location.column - 1, offset: base.offset + atom.location.offset };
        answer.atoms.push({ ...atom, location, args: atom.args.map((t) => moveTerm(t, base)) });
      }
      answer.location ??= base;
    }
    out.answers.push(answer);
  }
  return out;
}
