/**
 * Reads an IPC 2023 "labyrinth" problem file: its objects, initial facts and goal, and
 * the task they describe (src/push/ipc2023/task.ts: 0-based, x the column from the west, y the
 * row from the north, the order of positions given by NEXT, MIN-POS and MAX-POS).
 */
import type { SourcePosition } from "../../core/errors.js";
import { InputError } from "../../core/errors.js";
import { asList, asWord, head, parsePddl, show, typedList, type List, type SExpr } from "./pddl.js";
import type { IpcTask } from "./task.js";

/** The largest N read (the planner's tables grow with N^2). */
export const MAX_IPC_SIZE = 64;

/** A ground fact of the initial state. */
export interface GroundFact {
  /** predicate and arguments, lower case */
  words: string[];
  location: SourcePosition;
}

/** A problem as written: what labcheck plan's simulation starts from. */
export interface IpcProblem {
  file: string;
  objects: Map<string, string>;
  init: GroundFact[];
  /** numeric fluents set in init, e.g. "move-robot-cost" -> 1 */
  functions: Map<string, number>;
  goal: SExpr | undefined;
  /** the `(:domain NAME)` section: the name (lower case) and where it stands; undefined when absent */
  domain?: { name: string; location: SourcePosition };
}

/**
 * Checks that the problem is one of the domain's: its `(:domain NAME)` names the domain
 * (PDDL: a problem belongs to the domain it names; names compare case-insensitively).
 * @throws InputError at the name in `(:domain NAME)` when it names another domain
 */
export function assertProblemOfDomain(domain: { name: string; file: string }, problem: IpcProblem): void {
  if (problem.domain !== undefined && problem.domain.name !== domain.name) {
    throw new InputError(problem.file, problem.domain.location, `the problem is of domain ${problem.domain.name}, but ${domain.file} defines domain ${domain.name}`);
  }
}

/**
 * Parses a problem file.
 * @throws InputError (FILE:LINE:COL) on a syntax error or a section that is not a problem's
 */
export function readIpcProblemFacts(text: string, file: string): IpcProblem {
  const top = parsePddl(text, file);
  if (top.length !== 1 || head(top[0]) !== "define") {
    throw new InputError(file, top[0]?.location ?? { line: 1, column: 1 }, "expected one (define (problem ...) ...)");
  }
  const define = top[0] as List;
  const name = asList(define.items[1], file, "(problem NAME)", define.location);
  if (head(name) !== "problem") throw new InputError(file, name.location, "expected (problem NAME): this is not a problem file");
  const problem: IpcProblem = { file, objects: new Map(), init: [], functions: new Map(), goal: undefined };
  for (const section of define.items.slice(2)) {
    const s = asList(section, file, "a problem section", define.location);
    const kind = head(s);
    if (kind === ":objects") {
      for (const [w, t] of typedList(s.items.slice(1), file, s.location)) problem.objects.set(w.text, t);
    } else if (kind === ":init") {
      for (const item of s.items.slice(1)) {
        const fact = asList(item, file, "a fact (predicate argument ...)", s.location);
        if (head(fact) === "=") {
          const fn = asList(fact.items[1], file, "a function term such as (total-cost)", fact.location);
          const value = asWord(fact.items[2], file, "a number", fact.location);
          const n = Number(value.text);
          if (!Number.isFinite(n)) throw new InputError(file, value.location, `expected a number, found ${value.text}`);
          problem.functions.set(show(fn).slice(1, -1), n);
        } else {
          problem.init.push({ words: fact.items.map((w) => asWord(w, file, "a name", fact.location).text), location: fact.location });
        }
      }
    } else if (kind === ":domain") {
      const w = asWord(s.items[1], file, "the domain's name", s.location);
      problem.domain = { name: w.text.toLowerCase(), location: w.location };
    } else if (kind === ":goal") {
      problem.goal = s.items[1];
    }
  }
  return problem;
}

/**
 * Reads a problem file as a task.
 * @throws InputError at the offending fact: positions not a chain from MIN-POS to MAX-POS,
 *   N outside 3..64, a field without a card or with two, a card on two fields, no or two
 *   robot-at facts, BLOCKED of a card not on the grid
 */
export function readIpcProblem(text: string, file: string): IpcTask {
  const p = readIpcProblemFacts(text, file);
  const at = { line: 1, column: 1 };
  const fail = (where: SourcePosition | undefined, message: string): never => {
    throw new InputError(file, where ?? at, message);
  };
  const next = new Map<string, string>();
  let min: GroundFact | undefined;
  let max: GroundFact | undefined;
  for (const f of p.init) {
    if (f.words[0] === "next" && f.words.length === 3) next.set(f.words[2], f.words[1]);
    if (f.words[0] === "min-pos") min = f;
    if (f.words[0] === "max-pos") max = f;
  }
  if (!min || !max) return fail(undefined, "expected (MIN-POS p) and (MAX-POS p) in :init");
  const positions = [min.words[1]];
  while (next.has(positions[positions.length - 1]) && positions.length <= MAX_IPC_SIZE) positions.push(next.get(positions[positions.length - 1])!);
  const n = positions.length;
  if (positions[n - 1] !== max.words[1]) fail(max.location, `the NEXT facts do not lead from ${min.words[1]} to ${max.words[1]} (at most ${MAX_IPC_SIZE} positions)`);
  if (n < 3) fail(max.location, `a ${n}x${n} grid: the domain needs N >= 3`);
  const index = new Map(positions.map((q, i) => [q, i]));
  const cards: string[] = new Array<string>(n * n).fill("");
  const fieldOf = new Map<string, number>();
  for (const f of p.init) {
    if (f.words[0] !== "card-at") continue;
    const [, c, x, y] = f.words;
    const xi = index.get(x);
    const yi = index.get(y);
    if (xi === undefined || yi === undefined || f.words.length !== 4) fail(f.location, `expected (card-at CARD X Y) with positions of the grid, found (${f.words.join(" ")})`);
    const field = yi! * n + xi!;
    if (cards[field]) fail(f.location, `two cards on (${x}, ${y}): ${cards[field]} and ${c}`);
    if (fieldOf.has(c)) fail(f.location, `card ${c} is on two fields`);
    cards[field] = c;
    fieldOf.set(c, field);
  }
  const empty = cards.findIndex((c) => !c);
  if (empty >= 0) fail(undefined, `no card on (${positions[empty % n]}, ${positions[Math.floor(empty / n)]}): every field of the ${n}x${n} grid needs one`);
  const tiles = new Uint8Array(n * n).fill(15);
  const bits: Record<string, number> = { n: 1, s: 2, e: 4, w: 8 };
  let robot: { x: number; y: number } | undefined;
  for (const f of p.init) {
    if (f.words[0] === "blocked") {
      const field = fieldOf.get(f.words[1]);
      const bit = bits[f.words[2]];
      if (field === undefined || bit === undefined) fail(f.location, `expected (BLOCKED CARD D) with a card of the grid and D in N, S, E, W, found (${f.words.join(" ")})`);
      tiles[field!] &= ~bit;
    } else if (f.words[0] === "robot-at") {
      const field = fieldOf.get(f.words[1]);
      if (field === undefined) fail(f.location, `the robot is on ${f.words[1]}, which is not a card of the grid`);
      if (robot) fail(f.location, "a second robot-at fact");
      robot = { x: field! % n, y: Math.floor(field! / n) };
    }
  }
  if (!robot) return fail(undefined, "expected (robot-at CARD) in :init");
  return { file, size: n, tiles, cards, positions, robot };
}
