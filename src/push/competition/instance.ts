/**
 * Instance facts to a validated Instance. Rules for a well-formed instance:
 * ../shared/spec/push-labyrinth.md ("Input"). Coordinates stay 1-based as in the facts.
 */
import { Board } from "./board.js";
import { OPEN, isDirection, type Field } from "../../core/grid.js";
import { InputError, type SourcePosition } from "../../core/errors.js";
import { atomText, parseFacts, signature, termText, type Atom, type Place } from "../../core/facts.js";
import { endOf, fieldArgs, integerArg, unknownPredicateWarning } from "../../core/fact-args.js";

/** A validated push-labyrinth instance. */
export interface Instance {
  /** file name as given (for messages) */
  file: string;
  /** N: the board is NxN */
  size: number;
  /** the board at step 0 */
  board: Board;
  /** the avatar's field, 1-based */
  init: Field;
  /** the goal's field, 1-based */
  goal: Field;
  /** the horizon: at most this many pushes */
  maxSteps: number;
  /** where the fact that makes the board NxN is (a field/2 fact with N as its row or column), when read from facts */
  sizeAt?: SourcePosition;
}

/** The largest board an instance may have: MAX_BOARD x MAX_BOARD (the solver's own limit is lower: src/push/competition/search/board/layout.ts MAX_SIZE). */
export const MAX_BOARD = 1024;

/** An instance as plain data, 1-based fields (what generators make and workers receive). */
export interface InstanceData {
  /** N */
  size: number;
  maxSteps: number;
  /** opening bits, index (row-1)*N + (col-1) */
  tiles: Uint8Array;
  init: Field;
  goal: Field;
}

/** The Instance of plain data (trusted: made by our own code). */
export function instanceFromData(data: InstanceData, file: string): Instance {
  return { file, size: data.size, board: new Board(data.size, data.tiles), init: data.init, goal: data.goal, maxSteps: data.maxSteps };
}

/** An instance with the warnings its facts raised (unknown predicates). */
export interface ReadResult {
  /** the instance the facts describe */
  instance: Instance;
  /** formatted `FILE:LINE:COL: warning: ...` lines */
  warnings: string[];
}

const KNOWN: Record<string, number> = { field: 2, init_on: 2, goal_on: 2, connect: 3, max_steps: 1 };

/** Predicates of the instance; atoms of any other predicate are left to the caller. */
export function isInstanceAtom(atom: Atom): boolean {
  return KNOWN[atom.name] === atom.args.length;
}

/**
 * Parses and validates an instance file.
 * @param text the facts
 * @param file the name used in messages (`<stdin>` for standard input)
 * @throws InputError (`FILE:LINE:COL: error: ...`) on a syntax error or an ill-formed instance
 */
export function readInstance(text: string, file: string): ReadResult {
  return instanceFromAtoms(parseFacts(text, file), file, endOf(text));
}

/**
 * Builds an Instance from atoms. Atoms of predicates other than field/2, init_on/2,
 * goal_on/2, connect/3 and max_steps/1 are skipped with a warning (push/3 silently:
 * it is the witness of a concatenated instance and witness).
 * @param atoms parsed atoms with their 1-based locations
 * @param file name for messages
 * @param end where "missing fact" errors point (the end of the input)
 * @throws InputError for: no atoms at all (an empty input), non-integer coordinates, a direction other than n/s/e/w, a
 *   board that is not all of 1..N x 1..N, a coordinate outside the board, not exactly
 *   one init_on, goal_on or max_steps, a negative max_steps, a coordinate over MAX_BOARD,
 *   an integer beyond 2^53 - 1
 */
export function instanceFromAtoms(atoms: Atom[], file: string, end: SourcePosition): ReadResult {
  // the last rule set asked: an input of no facts at all is no instance of anything
  if (atoms.length === 0) throw new InputError(file, end, "no instance: the input is empty (or only comments); expected ASP facts such as field(1,1)., a text maze, a Minotaur level or a transit-graph CSV");
  const warnings: string[] = [];
  const warned = new Set<string>();
  const fields: { f: Field; at: Place }[] = [];
  const connects: { f: Field; bit: number; at: Place }[] = [];
  const singles: Record<"init_on" | "goal_on" | "max_steps", { value: string; at: Place; data: number[] } | undefined> = {
    init_on: undefined,
    goal_on: undefined,
    max_steps: undefined,
  };

  for (const atom of atoms) {
    if (!isInstanceAtom(atom)) {
      const sig = signature(atom);
      if (atom.name !== "push" && !warned.has(sig)) {
        warned.add(sig);
        warnings.push(unknownPredicateWarning(file, atom, KNOWN));
      }
      continue;
    }
    switch (atom.name) {
      case "field":
        fields.push({ f: fieldArgs(file, atom), at: atom.location });
        break;
      case "connect": {
        const f = fieldArgs(file, atom);
        const d = atom.args[2];
        if (d.kind !== "constant" || !isDirection(d.name)) {
          throw new InputError(file, d.location, `connect/3: expected a direction n, s, e or w, found ${termText(d)}`);
        }
        connects.push({ f, bit: OPEN[d.name], at: atom.location });
        break;
      }
      case "init_on":
      case "goal_on":
      case "max_steps": {
        const data =
          atom.name === "max_steps"
            ? [integerArg(file, atom, 0, "number of pushes")]
            : [integerArg(file, atom, 0, "row"), integerArg(file, atom, 1, "column")];
        const value = atomText(atom);
        const before = singles[atom.name];
        if (before && before.value !== value) {
          throw new InputError(
            file,
            atom.location,
            `second ${atom.name}/${atom.args.length} fact ${value}: an instance has exactly one (the first, ${before.value}, is at line ${before.at.line}, column ${before.at.column})`,
          );
        }
        // a repeat of the same fact keeps the first's place (the one an error names)
        singles[atom.name] ??= { value, at: atom.location, data };
        break;
      }
    }
  }

  if (fields.length === 0) throw new InputError(file, end, "no field/2 facts: expected the fields of an NxN board");
  let size = 0;
  let sizeAt: Place = fields[0].at;
  for (const { f, at } of fields) {
    if (f.row < 1 || f.col < 1) throw new InputError(file, at, `field(${f.row},${f.col}): rows and columns are numbered from 1`);
    if (f.row > MAX_BOARD || f.col > MAX_BOARD) {
      throw new InputError(file, at, `field(${f.row},${f.col}): boards are at most ${MAX_BOARD}x${MAX_BOARD} (expected X and Y in 1..${MAX_BOARD})`);
    }
    if (Math.max(f.row, f.col) > size) {
      size = Math.max(f.row, f.col);
      sizeAt = at;
    }
  }
  const present = new Uint8Array(size * size);
  for (const { f } of fields) present[(f.row - 1) * size + (f.col - 1)] = 1;
  const missing = present.indexOf(0);
  if (missing >= 0) {
    const row = Math.floor(missing / size) + 1;
    const col = (missing % size) + 1;
    throw new InputError(file, end, `the board is not a complete ${size}x${size} square: field(${row},${col}) is missing (expected every field(X,Y) with X and Y in 1..${size})`);
  }
  const inside = (f: Field): boolean => f.row >= 1 && f.row <= size && f.col >= 1 && f.col <= size;
  const tiles = new Uint8Array(size * size);
  for (const { f, bit, at } of connects) {
    if (!inside(f)) throw new InputError(file, at, `connect(${f.row},${f.col},...) is outside the ${size}x${size} board (expected X and Y in 1..${size})`);
    tiles[(f.row - 1) * size + (f.col - 1)] |= bit;
  }
  const need = (name: "init_on" | "goal_on" | "max_steps", form: string) => {
    const s = singles[name];
    if (!s) throw new InputError(file, end, `no ${form} fact: an instance has exactly one`);
    return s;
  };
  const place = (name: "init_on" | "goal_on"): Field => {
    const s = need(name, `${name}(X,Y)`);
    const f = { row: s.data[0], col: s.data[1] };
    if (!inside(f)) throw new InputError(file, s.at, `${s.value} is outside the ${size}x${size} board (expected X and Y in 1..${size})`);
    return f;
  };
  const init = place("init_on");
  const goal = place("goal_on");
  const steps = need("max_steps", "max_steps(M)");
  if (steps.data[0] < 0) throw new InputError(file, steps.at, `${steps.value}: expected a non-negative number of pushes`);
  return {
    instance: { file, size, board: new Board(size, tiles), init, goal, maxSteps: steps.data[0], sizeAt: { line: sizeAt.line, column: sizeAt.column } },
    warnings,
  };
}
