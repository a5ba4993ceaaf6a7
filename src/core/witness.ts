/**
 * Solver output to answers, for every rule set: the competition layout (`ANSWER` + the
 * witness line, `INCONSISTENT`), clingo's (`Answer: N` + the witness line, `SATISFIABLE`,
 * statistics), DLV's braces, a plain witness, an instance and a witness concatenated, or
 * labsolve's own json document (`status`, `models[].witness` or `models[].atoms`).
 * readOutput reads the answers of facts rule sets as atoms; readWitnessTexts finds each
 * answer's witness text in any layout for the rule sets whose witness is not facts (move
 * words, graph states), which their own readers then read.
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
  /** the output's answers, in its order */
  answers: Answer[];
  /** the output says there is no solution (INCONSISTENT, UNSATISFIABLE) */
  saysInconsistent: boolean;
  /** the output says the run ended without a result (UNKNOWN, INTERRUPTED) */
  saysUnknown: boolean;
}

const INCONSISTENT = /^(INCONSISTENT|UNSATISFIABLE)\b/;
/** A JSON object's first key: labsolve's json document (DLV's braces hold atoms: `{push(1,w,1)}`, `{}`). */
const JSON_DOCUMENT = /^\uFEFF?\s*\{\s*"/;

/** True when the text is labsolve's json document (`--format json`), as readOutput and readWitnessTexts tell it from the other layouts. */
export function isJsonDocument(text: string): boolean {
  return JSON_DOCUMENT.test(text);
}
const UNKNOWN = /^(UNKNOWN|INTERRUPTED)\b/;

/**
 * Reads solver output.
 * @param text the output as printed (or pasted)
 * @param file the name used in error messages
 * @throws InputError (1-based line and column) when the text is not solver output
 */
export function readOutput(text: string, file: string): SolverOutput {
  if (isJsonDocument(text)) return readJsonOutput(text, file);
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
 * A JSON document, a byte order mark skipped.
 * @throws InputError when the text is not JSON, at the position JSON.parse names
 */
function parseJson(text: string, file: string): unknown {
  try {
    return JSON.parse(text.replace(/^\uFEFF/, "")) as unknown;
  } catch (e) {
    // Node names the position in most messages; some quote the whole text instead (cut)
    const message = (e instanceof Error ? e.message : String(e)).split("\n")[0];
    const at = /position (\d+)/.exec(message);
    throw new InputError(file, at ? placeAt(text, Number(at[1])) : undefined, `not a JSON document: ${message.length > 80 ? `${message.slice(0, 77)}...` : message}`);
  }
}

/**
 * labsolve's `--format json` document (docs/contract.md): `status` (clingo's words) and
 * `models`, each with its `witness`, atoms as strings (`push(1,w,1)`).
 * Atoms are placed at their string in the document.
 * @throws InputError when the text is not JSON (at the position JSON.parse names) or not such a document
 */
function readJsonOutput(text: string, file: string): SolverOutput {
  const doc = parseJson(text, file);
  const d = doc as { status?: unknown; models?: unknown };
  const models = d.models;
  const listOf = (m: unknown): unknown[] | undefined => {
    if (typeof m !== "object" || m === null) return undefined;
    const { witness, atoms } = m as { witness?: unknown; atoms?: unknown };
    return Array.isArray(witness) ? witness : Array.isArray(atoms) ? atoms : undefined;
  };
  if (typeof doc !== "object" || doc === null || !Array.isArray(models) || !models.every((m) => listOf(m) !== undefined)) {
    throw new InputError(file, { line: 1, column: 1 }, 'expected labsolve\'s json document: "status" and "models", each with "witness" (or "atoms")');
  }
  const out: SolverOutput = { answers: [], saysInconsistent: d.status === "UNSATISFIABLE", saysUnknown: d.status === "UNKNOWN" };
  let cursor = 0;
  for (const m of models) {
    const answer: Answer = { atoms: [], location: undefined };
    for (const a of listOf(m) ?? []) {
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

/** What an output says, each answer's witness as text (rule sets whose witness is not facts). */
export interface WitnessTexts {
  /**
   * each answer's witness text, padded with line breaks and spaces in front so that a
   * reader's LINE:COL of it is the LINE:COL in the whole output
   */
  answers: string[];
  /** the output says there is no solution (INCONSISTENT, UNSATISFIABLE) */
  saysInconsistent: boolean;
  /** the output says the run ended without a result (UNKNOWN, INTERRUPTED) */
  saysUnknown: boolean;
}

const ANSWER_LINE = /^(ANSWER|Answer:\s*\d+)\s*$/;

/** Text placed at a 1-based line and column: that many line breaks and spaces before it. */
function placed(text: string, line: number, column: number): string {
  return `${"\n".repeat(line - 1)}${" ".repeat(column - 1)}${text}`;
}

/**
 * Finds the answers' witness text in any layout labsolve writes, for every rule set:
 * the competition layout (`ANSWER`, then the witness on the next line; `INCONSISTENT`),
 * clingo's (`Answer: N`, then the witness line; `UNSATISFIABLE`, `UNKNOWN`), labsolve's
 * json document (`models[i].witness`, a list of strings, joined by spaces; `status`), or a
 * plain witness (the whole text, `%` comment lines blanked), which the rule set's reader reads.
 * @param file the name in messages
 * @throws InputError for a json document that does not parse or has no `models` with `witness` lists
 */
export function readWitnessTexts(text: string, file: string): WitnessTexts {
  if (isJsonDocument(text)) return jsonWitnessTexts(text, file);
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  const out: WitnessTexts = { answers: [], saysInconsistent: false, saysUnknown: false };
  let headers = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (INCONSISTENT.test(line)) out.saysInconsistent = true;
    if (UNKNOWN.test(line)) out.saysUnknown = true;
    if (!ANSWER_LINE.test(line)) continue;
    headers++;
    let j = i + 1;
    while (j < lines.length && lines[j].trim() === "") j++;
    const witness = j < lines.length && !ANSWER_LINE.test(lines[j].trim()) ? lines[j] : "";
    out.answers.push(placed(witness, j + 1, 1));
    if (witness !== "") i = j;
  }
  if (headers > 0 || out.saysInconsistent || out.saysUnknown) return out;
  // a plain witness: comments and clingo's words blanked, the lines kept where they stand
  const plain = lines.map((l) => (/^\s*%/.test(l) || /^(SATISFIABLE|OPTIMUM FOUND)\s*$/.test(l.trim()) ? "" : l)).join("\n");
  out.answers.push(plain);
  return out;
}

/**
 * The witness text of the output's last answer (clingo's best; readWitnessTexts).
 * @throws InputError as readWitnessTexts; Error when the output has no answer (it says INCONSISTENT or UNKNOWN)
 */
export function lastWitnessText(text: string, file: string): string {
  const read = readWitnessTexts(text, file);
  const last = read.answers.at(-1);
  if (last === undefined) throw new Error(`nothing to check: ${file} says ${read.saysInconsistent ? "INCONSISTENT" : "UNKNOWN"}`);
  return last;
}

/** labsolve's json document: each model's `witness` strings joined by spaces, placed at the first. */
function jsonWitnessTexts(text: string, file: string): WitnessTexts {
  const doc = parseJson(text, file);
  const d = doc as { status?: unknown; models?: unknown; moves?: unknown };
  const models = d.models;
  if (models === undefined && typeof doc === "object" && doc !== null && "moves" in doc) {
    // labsolve's earlier json for a maze or a level: its `moves`, a list of words, or null for none
    if (d.moves === null) return { answers: [], saysInconsistent: true, saysUnknown: false };
    if (Array.isArray(d.moves) && d.moves.every((w) => typeof w === "string")) return { answers: [placed(d.moves.join(" "), 1, 1)], saysInconsistent: false, saysUnknown: false };
  }
  const isWitness = (m: unknown): m is { witness: string[] } =>
    typeof m === "object" && m !== null && Array.isArray((m as { witness?: unknown }).witness) && (m as { witness: unknown[] }).witness.every((w) => typeof w === "string");
  if (typeof doc !== "object" || doc === null || !Array.isArray(models) || !models.every(isWitness)) {
    throw new InputError(file, { line: 1, column: 1 }, 'expected labsolve\'s json document: "status" and "models", each with "witness" (a list of strings)');
  }
  const out: WitnessTexts = { answers: [], saysInconsistent: d.status === "UNSATISFIABLE", saysUnknown: d.status === "UNKNOWN" };
  let cursor = 0;
  for (const m of models) {
    const key = text.indexOf('"witness"', cursor);
    if (key !== -1) cursor = key + 1;
    const first = m.witness.length > 0 ? text.indexOf(JSON.stringify(m.witness[0]), cursor) : -1;
    const at = placeAt(text, first === -1 ? Math.max(key, 0) : first + 1);
    // one line: positions within it are approximate past the first word
    out.answers.push(placed(m.witness.join(" "), at.line, at.column));
  }
  return out;
}

/**
 * Where an instance ends in an instance and a witness concatenated (`labcheck - < BOTH`):
 * the 0-based offset just after its leading lines, those `isInstanceLine` takes (blank
 * lines before the first are skipped; a blank line after it ends the instance).
 */
export function instanceLinesEnd(text: string, isInstanceLine: (line: string) => boolean): number {
  let offset = 0;
  for (const raw of text.split("\n")) {
    const line = raw.replace(/\r$/, "").replace(/^\uFEFF/, "");
    if (line.trim() === "" ? offset > 0 && text.slice(0, offset).trim() !== "" : !isInstanceLine(line)) return offset;
    offset += raw.length + 1;
  }
  return text.length;
}
