/**
 * Reads an IPC 2023 "labyrinth" problem file as written: its sections, objects, initial
 * facts and fluents, goal, with where each stands. labcheck plan's simulation starts from
 * it; problem.ts builds the planner's task from it.
 */
import type { SourcePosition } from "../../core/errors.js";
import { InputError } from "../../core/errors.js";
import { asList, asWord, head, parsePddl, show, typedList, type List, type SExpr } from "./pddl.js";

/** A ground fact of the initial state. */
export interface GroundFact {
  /** predicate and arguments, lower case */
  words: string[];
  location: SourcePosition;
  /** where each word stands (index 0: the predicate); absent in facts made by hand */
  at?: SourcePosition[];
  /** each word as written (for messages); absent in facts made by hand */
  raw?: string[];
}

/** A numeric fluent set in :init, `(= (move-card) 1)`, where it stands. */
export interface NumericFact {
  /** the function term as written without its parentheses, e.g. "move-card" */
  term: string;
  value: number;
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
  /** the `(define ...)` list and its sections in the order written (absent in problems made by hand) */
  define?: List;
  /** every object declaration in order, with the type as written (duplicates kept) */
  declarations?: { name: string; type: string; location: SourcePosition }[];
  /** every `(= (f) v)` of :init in order (duplicates kept) */
  numeric?: NumericFact[];
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
 * Parses a problem file: sections, objects, the initial facts and fluents, the goal. What
 * they mean for the planner is checked by readIpcProblem (planner-task.ts).
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
  const problem: IpcProblem = { file, objects: new Map(), init: [], functions: new Map(), goal: undefined, define, declarations: [], numeric: [] };
  for (const section of define.items.slice(2)) {
    const s = asList(section, file, "a problem section", define.location);
    const kind = head(s);
    if (kind === ":objects") {
      for (const [w, t] of typedList(s.items.slice(1), file, s.location)) {
        problem.objects.set(w.text, t);
        problem.declarations!.push({ name: w.text, type: t, location: w.location });
      }
    } else if (kind === ":init") {
      for (const item of s.items.slice(1)) {
        const fact = asList(item, file, "a fact (predicate argument ...)", s.location);
        if (head(fact) === "=") {
          const fn = asList(fact.items[1], file, "a function term such as (total-cost)", fact.location);
          const value = asWord(fact.items[2], file, "a number", fact.location);
          const n = Number(value.text);
          if (!Number.isFinite(n)) throw new InputError(file, value.location, `expected a number, found ${value.text}`);
          if (fact.items.length > 3) throw new InputError(file, fact.items[3].location, "expected ) after (= (FUNCTION) NUMBER");
          const term = show(fn).slice(1, -1);
          problem.functions.set(term, n);
          problem.numeric!.push({ term, value: n, location: fact.location });
        } else {
          const words = fact.items.map((w) => asWord(w, file, "a name", fact.location));
          if (words.length === 0) throw new InputError(file, fact.location, "expected a fact (predicate argument ...), found ()");
          problem.init.push({ words: words.map((w) => w.text), location: fact.location, at: words.map((w) => w.location), raw: words.map((w) => w.raw ?? w.text) });
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

