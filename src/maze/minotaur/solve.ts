/**
 * labsolve's part for Minotaur levels: the fewest moves by breadth-first search
 * (search/bfs.ts), as an outcome whose models' witnesses are move words. Exit 30 an
 * escape in the fewest moves (one wanted), or every optimal solution listed (-n N, -n 0);
 * 10 when -n cut the optimal solutions short; 20 when no escape exists (every reachable
 * state visited).
 */
import { Answers, makeOutcome, type Outcome, type SolveContext } from "../../core/outcome.js";
import type { SolveFlags, TextInput, TextSolver } from "../../core/plugin.js";
import { readLevel, startNote } from "./level.js";
import { allOptimal, MOVE_WORDS, solveLevel } from "./search/bfs.js";

/** -n 0 lists the optimal solutions when there are at most this many; else it counts them. */
export const LIST_LIMIT = 1000;

const words = (moves: readonly number[]): string[] => moves.map((k) => MOVE_WORDS[k]);

/** The solver part (src/core/plugin.ts TextSolver). */
export const solver: TextSolver = {
  async solve(input: TextInput, flags: SolveFlags, context: SolveContext): Promise<Outcome> {
    if (flags.cost !== undefined) throw new Error("--cost is the board game's; a Minotaur level counts moves");
    if (flags.maxSteps !== undefined) throw new Error("--max-steps: a Minotaur level is solved by breadth-first search without a horizon");
    const level = readLevel(input.source.text, input.source.name);
    // a level solved by one move out is legal (the spec's section 3), and said so
    const note = startNote(level);
    const wait = flags.wait !== false;
    const started = performance.now();
    const many = flags.models !== 1;
    const limit = flags.models === 0 ? LIST_LIMIT : flags.models;
    const result = many ? allOptimal(level, { wait }, limit, flags.models !== 0) : { ...solveLevel(level, { wait }), count: undefined, solutions: undefined, exhausted: false };
    const ms = performance.now() - started;
    const solved = result.fewest >= 0;
    const answers = new Answers(context, "moves");
    const listed = result.solutions?.slice(0, limit);
    if (solved) for (const s of listed ?? [result.moves]) answers.add({ cost: result.fewest, witness: words(s) });
    const variant = wait ? "" : " without waiting";
    // counts are sums of doubles: exact up to 2^53
    const exact = (result.count ?? 0) <= Number.MAX_SAFE_INTEGER;
    const countText = exact ? String(result.count) : `about ${(result.count ?? 0).toPrecision(6)}`;
    const notes: string[] = [];
    if (note !== undefined) notes.push(note);
    if (!solved) notes.push(`no escape${variant}: proven, all ${result.visited} reachable states visited`);
    else {
      notes.push(`escape in ${result.fewest} move${result.fewest === 1 ? "" : "s"}${variant} (fewest); ${result.visited} states visited`);
      if (many && listed === undefined) notes.push(`${countText} optimal solutions: too many to list (more than ${LIST_LIMIT}); one of them is listed`);
      else if (many && listed) notes.push(`${countText} optimal solution${result.count === 1 ? "" : "s"}${listed.length < (result.count ?? 0) ? `, the first ${listed.length} listed` : ""}`);
    }
    // -n N lists optimal solutions only: the enumeration ended when every one of them was listed
    const allListed = many && solved && result.exhausted && listed !== undefined;
    if (flags.stats) context.reporter.write(`% search ${ms.toFixed(2)} ms, ${result.visited} states\n`);
    const extras: Record<string, unknown> = { wait };
    if (note !== undefined) extras.note = note;
    if (many && solved) {
      extras.optimalSolutions = result.count;
      extras.optimalSolutionsExact = exact;
    }
    return makeOutcome({
      rules: "minotaur",
      cost: "moves",
      witnessKind: "moves",
      wanted: flags.models,
      answers: answers.count,
      // breadth-first search: the first escape is the fewest moves
      proven: solved,
      exhausted: !solved || allListed,
      interrupted: false,
      lowerBound: solved ? result.fewest : null,
      upperBound: solved ? result.fewest : null,
      models: answers.kept,
      notes,
      statistics: { seconds: ms / 1000, states: result.visited },
      extras,
    });
  },
};
