/**
 * labsolve's part for Minotaur levels: the fewest moves by breadth-first search
 * (search/bfs.ts), printed as words, one solution a line after a `%` comment line, or as
 * json (`fewest`, `moves`, `states`). Exit 10 when an escape exists, 20 when none does
 * (every reachable state visited), 30 when `-n 0` or `-n N` listed every optimal solution
 * (the enumeration of the optimal solutions ended: at most N of them).
 */
import { ExitCode } from "../../core/errors.js";
import type { SolveFlags, TextInput, TextSolver } from "../../core/plugin.js";
import { readLevel, startNote } from "./level.js";
import { allOptimal, MOVE_WORDS, solveLevel } from "./search/bfs.js";

/** -n 0 lists the optimal solutions when there are at most this many; else it counts them. */
export const LIST_LIMIT = 1000;

const words = (moves: readonly number[]): string[] => moves.map((k) => MOVE_WORDS[k]);

/** The solver part (src/core/plugin.ts TextSolver). */
export const solver: TextSolver = {
  async solve(input: TextInput, flags: SolveFlags): Promise<number> {
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
    const listed = result.solutions?.slice(0, limit);
    // every optimal solution listed (-n 0, or -n N with at most N of them): the enumeration ended
    const complete = many && result.exhausted;
    const code = !solved ? ExitCode.Unsatisfiable : complete ? ExitCode.Exhausted : ExitCode.Satisfiable;
    const variant = wait ? "" : " without waiting";
    // counts are sums of doubles: exact up to 2^53
    const exact = (result.count ?? 0) <= Number.MAX_SAFE_INTEGER;
    const countText = exact ? String(result.count) : `about ${(result.count ?? 0).toPrecision(6)}`;
    if (flags.format === "json") {
      const doc: Record<string, unknown> = {
        rules: "minotaur",
        result: solved ? "ESCAPE" : "NO ESCAPE",
        wait,
        fewest: solved ? result.fewest : null,
        moves: solved ? words(result.moves) : null,
        states: result.visited,
      };
      if (note !== undefined) doc.note = note;
      if (many && solved) {
        doc.count = result.count;
        doc.countExact = exact;
        doc.solutions = listed ? listed.map(words) : null;
      }
      doc.exit = code;
      process.stdout.write(`${JSON.stringify(doc)}\n`);
    } else if (!solved) {
      process.stdout.write(`% no escape${variant}: proven, all ${result.visited} reachable states visited\n`);
    } else {
      if (note !== undefined) process.stdout.write(`% ${note}\n`);
      process.stdout.write(`% escape in ${result.fewest} move${result.fewest === 1 ? "" : "s"}${variant} (fewest); ${result.visited} states visited\n`);
      if (!many) process.stdout.write(`${words(result.moves).join(" ")}\n`);
      else if (listed === undefined) {
        process.stdout.write(`% ${countText} optimal solutions: too many to list (more than ${LIST_LIMIT}); one of them:\n${words(result.moves).join(" ")}\n`);
      } else {
        process.stdout.write(`% ${countText} optimal solution${result.count === 1 ? "" : "s"}${listed.length < (result.count ?? 0) ? `, the first ${listed.length}` : ""}\n`);
        for (const s of listed) process.stdout.write(`${words(s).join(" ")}\n`);
      }
    }
    if (flags.stats) process.stderr.write(`% search ${ms.toFixed(2)} ms, ${result.visited} states\n`);
    return code;
  },
};
