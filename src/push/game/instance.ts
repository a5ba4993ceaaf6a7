/**
 * The board game's facts to a validated GameInstance. Rules for a well-formed instance:
 * ../shared/spec/board-game.md ("Facts"), our users' copy docs/board-game.md. The facts
 * are the competition's grammar (grammar/asp.peggy, start rule Facts), extended;
 * coordinates stay 1-based as in the facts: row X from the south, column Y from the west.
 */
import { OPEN, isDirection, type Direction, type Field } from "../../core/grid.js";
import { InputError, type SourcePosition } from "../../core/errors.js";
import { endOf, fieldArgs, integerArg, unknownPredicateWarning } from "../../core/fact-args.js";
import { GAME_ONLY } from "./recognise.js";
import { COSTS, gameRules, type Cost, type InsertLine, type RuleSet } from "../../core/push-rules.js";
import { atomText, parseFacts, signature, termText, type Atom, type Place } from "../../core/facts.js";

/** The goal: a tile the pawn must reach (it rides along), or an exit: a field and a side. */
export type GameGoal = { kind: "tile"; field: Field } | { kind: "exit"; field: Field; side: Direction };

/** A validated board-game instance. */
export interface GameInstance {
  /** file name as given (for messages) */
  file: string;
  /** R: rows, numbered 1..R from the south */
  rows: number;
  /** C: columns, numbered 1..C from the west */
  cols: number;
  /** opening bits (board.ts OPEN) of the tile on 1-based (row, col) at index (row-1)*C + (col-1) */
  tiles: Uint8Array;
  /** opening bits of the spare tile */
  spare: number;
  /** the pawn's field at the start, 1-based */
  init: Field;
  /** the goal: a tile to reach, or an exit (a field and a side) */
  goal: GameGoal;
  /** the rule set: motion (spare, rotate, no_reverse, inserts), goal kind and cost */
  rules: RuleSet;
  /** the bound on the cost (max_steps/1), undefined when the instance has none */
  maxSteps: number | undefined;
}

const KNOWN: Record<string, number> = { ...GAME_ONLY, field: 2, connect: 3, init_on: 2, goal_on: 2, max_steps: 1 };
/** Atoms of a witness (read silently when an instance and a witness come concatenated). */
const WITNESS = new Set(["push/3", "push/4", "walk/3", "step/2"]);

/** A game instance with the warnings its facts raised (unknown predicates). */
export interface GameReadResult {
  instance: GameInstance;
  /** formatted `FILE:LINE:COL: warning: ...` lines */
  warnings: string[];
}

/**
 * Parses and validates a game instance.
 * @param text the facts; @param file the name used in messages
 * @param cost overrides the instance's cost/1 (labsolve --cost)
 * @throws InputError (`FILE:LINE:COL: error: ...`) on a syntax error or an ill-formed instance
 */
export function readGameInstance(text: string, file: string, cost?: Cost): GameReadResult {
  return gameFromAtoms(parseFacts(text, file), file, endOf(text), cost);
}

function dir(file: string, atom: Atom, i: number): Direction {
  const d = atom.args[i];
  if (d.kind !== "constant" || !isDirection(d.name)) {
    throw new InputError(file, d.location, `${atom.name}/${atom.args.length}: expected a direction n, s, e or w, found ${termText(d)}`);
  }
  return d.name;
}

/**
 * Builds a GameInstance from atoms (any order). Unknown predicates are skipped with a
 * warning; push/3, push/4, walk/3 and step/2 silently (a concatenated witness).
 * @param atoms parsed atoms, 1-based locations; @param file name for messages
 * @param end where "missing fact" errors point (the end of the input)
 * @param costOverride replaces cost/1 (default: the instance's, else pushes)
 * @throws InputError for: non-integer coordinates, a bad direction, a board that is not
 *   all of 1..R x 1..C, a fact outside the board, not exactly one init_on, not exactly one
 *   of goal_on and exit, two cost or max_steps facts, an unknown cost, a negative
 *   max_steps, an insert line outside the board
 */
export function gameFromAtoms(atoms: readonly Atom[], file: string, end: SourcePosition, costOverride?: Cost): GameReadResult {
  const warnings: string[] = [];
  const warned = new Set<string>();
  const fields: { f: Field; at: Place }[] = [];
  const connects: { f: Field; d: Direction; at: Place }[] = [];
  const inserts: { line: InsertLine; at: Place }[] = [];
  const singles = new Map<string, Atom>();
  let spare = 0;
  let rotate = false;
  let noReverse = false;
  const single = (atom: Atom, key: string, what: string): void => {
    const before = singles.get(key);
    if (before && atomText(before) !== atomText(atom)) {
      throw new InputError(file, atom.location, `second ${what} fact ${atomText(atom)}: an instance has at most one (the first, ${atomText(before)}, is at line ${before.location.line}, column ${before.location.column})`);
    }
    // a repeat of the same fact keeps the first's place (the one an error names)
    if (!before) singles.set(key, atom);
  };
  for (const atom of atoms) {
    const sig = signature(atom);
    if (KNOWN[atom.name] !== atom.args.length) {
      if (!WITNESS.has(sig) && !warned.has(sig)) {
        warned.add(sig);
        warnings.push(unknownPredicateWarning(file, atom, KNOWN));
      }
      continue;
    }
    switch (atom.name) {
      case "field":
        fields.push({ f: fieldArgs(file, atom), at: atom.location });
        break;
      case "connect":
        connects.push({ f: fieldArgs(file, atom), d: dir(file, atom, 2), at: atom.location });
        break;
      case "spare":
        spare |= OPEN[dir(file, atom, 0)];
        break;
      case "insert":
        inserts.push({ line: { line: integerArg(file, atom, 0, "line"), direction: dir(file, atom, 1) }, at: atom.location });
        break;
      case "rotate":
        rotate = true;
        break;
      case "no_reverse":
        noReverse = true;
        break;
      case "init_on":
        integerArg(file, atom, 0, "row");
        integerArg(file, atom, 1, "column");
        single(atom, "init_on", "init_on/2");
        break;
      case "goal_on":
      case "exit":
        integerArg(file, atom, 0, "row");
        integerArg(file, atom, 1, "column");
        if (atom.name === "exit") dir(file, atom, 2);
        single(atom, "goal", "goal (goal_on/2 or exit/3)");
        break;
      case "max_steps":
        if (integerArg(file, atom, 0, "bound") < 0) throw new InputError(file, atom.location, `${atomText(atom)}: expected a non-negative bound`);
        single(atom, "max_steps", "max_steps/1");
        break;
      case "cost": {
        const c = atom.args[0];
        if (c.kind !== "constant" || !(COSTS as readonly string[]).includes(c.name)) {
          throw new InputError(file, c.location, `cost/1: expected pushes, moves or steps, found ${termText(c)}`);
        }
        single(atom, "cost", "cost/1");
        break;
      }
    }
  }

  if (fields.length === 0) throw new InputError(file, end, "no field/2 facts: expected the fields of an R x C board");
  let rows = 0;
  let cols = 0;
  for (const { f, at } of fields) {
    if (f.row < 1 || f.col < 1) throw new InputError(file, at, `field(${f.row},${f.col}): rows and columns are numbered from 1`);
    rows = Math.max(rows, f.row);
    cols = Math.max(cols, f.col);
  }
  if (rows * cols > 256) throw new InputError(file, end, `the board is ${rows}x${cols}; the game's tools handle boards of up to 256 fields`);
  const present = new Uint8Array(rows * cols);
  for (const { f } of fields) present[(f.row - 1) * cols + (f.col - 1)] = 1;
  const missing = present.indexOf(0);
  if (missing >= 0) {
    throw new InputError(file, end, `the board is not a complete ${rows}x${cols} rectangle: field(${Math.floor(missing / cols) + 1},${(missing % cols) + 1}) is missing (expected every field(X,Y) with X in 1..${rows}, Y in 1..${cols})`);
  }
  const inside = (f: Field): boolean => f.row >= 1 && f.row <= rows && f.col >= 1 && f.col <= cols;
  const outside = (what: string): string => `${what} is outside the ${rows}x${cols} board (expected X in 1..${rows}, Y in 1..${cols})`;
  const tiles = new Uint8Array(rows * cols);
  for (const { f, d, at } of connects) {
    if (!inside(f)) throw new InputError(file, at, outside(`connect(${f.row},${f.col},${d})`));
    tiles[(f.row - 1) * cols + (f.col - 1)] |= OPEN[d];
  }
  const placed = (key: string, form: string): { atom: Atom; f: Field } => {
    const atom = singles.get(key);
    if (!atom) throw new InputError(file, end, `no ${form} fact: an instance has exactly one`);
    const f = { row: (atom.args[0] as { value: number }).value, col: (atom.args[1] as { value: number }).value };
    if (!inside(f)) throw new InputError(file, atom.location, outside(atomText(atom)));
    return { atom, f };
  };
  const init = placed("init_on", "init_on(X,Y)").f;
  const g = placed("goal", "goal_on(X,Y) or exit(X,Y,D)");
  const goal: GameGoal =
    g.atom.name === "exit" ? { kind: "exit", field: g.f, side: (g.atom.args[2] as { name: Direction }).name } : { kind: "tile", field: g.f };
  for (const { line, at } of inserts) {
    const limit = line.direction === "e" || line.direction === "w" ? rows : cols;
    if (line.line < 1 || line.line > limit) {
      const kind = limit === rows ? "row" : "column";
      throw new InputError(file, at, `insert(${line.line},${line.direction}): ${kind} ${line.line} is outside the board (expected 1..${limit})`);
    }
  }
  const unique = [...new Map(inserts.map(({ line }) => [`${line.line}${line.direction}`, line])).values()];
  const costAtom = singles.get("cost");
  const cost = costOverride ?? (costAtom ? ((costAtom.args[0] as { name: Cost }).name) : "pushes");
  const bound = singles.get("max_steps");
  return {
    instance: {
      file,
      rows,
      cols,
      tiles,
      spare,
      init,
      goal,
      rules: gameRules({ rotate, noReverse, inserts: unique.length > 0 ? unique : "all", goal: goal.kind, cost }),
      maxSteps: bound ? (bound.args[0] as { value: number }).value : undefined,
    },
    warnings,
  };
}

/**
 * The lines that may be pushed, in a fixed order: the instance's insert/2 facts, or
 * (none) every row east and west and every column north and south.
 */
export function pushableLines(inst: GameInstance): InsertLine[] {
  const m = inst.rules.motion;
  if (m.kind === "spare" && m.inserts !== "all") return [...m.inserts];
  const out: InsertLine[] = [];
  for (let x = 1; x <= inst.rows; x++) out.push({ line: x, direction: "e" }, { line: x, direction: "w" });
  for (let y = 1; y <= inst.cols; y++) out.push({ line: y, direction: "n" }, { line: y, direction: "s" });
  return out;
}

/** The spare-tile options of a game instance's rules (rotate, no_reverse). */
export function spareRules(inst: GameInstance): { rotate: boolean; noReverse: boolean } {
  const m = inst.rules.motion;
  return m.kind === "spare" ? { rotate: m.rotate, noReverse: m.noReverse } : { rotate: false, noReverse: false };
}
