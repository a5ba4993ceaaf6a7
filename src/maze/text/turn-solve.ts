/**
 * labsolve --rule turn on a text maze: the fewest moves under Theseus' turn rule
 * (../shared/spec/text-maze.md, section 2), or with -n N / -n 0 the acyclic walks (no
 * (cell, direction) twice) and their counts under both definitions (no (cell, direction)
 * twice; no cell twice), as an outcome whose models' witnesses are move words.
 */
import { MOVE_WORDS } from "../../core/maze-moves.js";
import type { TextMaze } from "../../core/maze-text.js";
import { Answers, makeOutcome, type Model, type Outcome, type SolveContext } from "../../core/outcome.js";
import type { SolveFlags } from "../../core/plugin.js";
import { searchProblem } from "./search/problem.js";
import { turnAcyclicPaths, turnShortest } from "./search/turn.js";

/** The walks kept for listing, at most (the counts cover them all). */
const LIST_LIMIT = 100000;

const model = (moves: Uint8Array): Model => ({ cost: moves.length, witness: Array.from(moves, (d) => MOVE_WORDS[d]) });

/**
 * The turn rule's outcome: one answer wanted, BFS's shortest walk (exit 30, 20 none); -n N,
 * the N walks of fewest moves, fewest first (30 when every walk was listed, 10 when cut at
 * N, 11 or 1 when the enumeration stopped at its step limit).
 */
export function solveTurn(maze: TextMaze, flags: SolveFlags, context: SolveContext): Outcome {
  const p = searchProblem(maze);
  const answers = new Answers(context, "moves");
  const t0 = performance.now();
  const base = { rules: "maze", cost: "moves", witnessKind: "moves", wanted: flags.models, interrupted: false } as const;
  if (flags.models === 1) {
    const moves = turnShortest(maze, p);
    if (moves) answers.add(model(moves));
    return makeOutcome({
      ...base,
      answers: answers.count,
      proven: moves !== undefined,
      exhausted: moves === undefined,
      lowerBound: moves?.length ?? null,
      upperBound: moves?.length ?? null,
      models: answers.kept,
      notes: moves ? [`turn rule: ${moves.length} moves, the fewest`] : ["no solution: no walk obeying the turn rule reaches the exit"],
      // the breadth-first search does not count its states
      statistics: { seconds: (performance.now() - t0) / 1000, states: 0 },
      extras: { rule: "turn" },
    });
  }
  // the walks are kept up to the list's limit and the fewest moves listed first: -n N lists
  // the N fewest whenever every walk was kept
  const counts = turnAcyclicPaths(maze, p, Math.max(LIST_LIMIT, flags.models));
  const sorted = [...counts.paths].sort((a, b) => a.length - b.length);
  const listed = flags.models === 0 ? sorted : sorted.slice(0, flags.models);
  for (const m of listed) answers.add(model(m));
  // every walk listed, and the enumeration ended by itself
  const all = !counts.truncated && listed.length === counts.byState;
  const everyWalkKept = !counts.truncated && counts.paths.length === counts.byState;
  const shortest = listed.length > 0 ? listed[0].length : null;
  const notes = [`acyclic paths (no cell and direction twice): ${counts.byState}`, `acyclic paths (no cell twice): ${counts.byCell}`];
  if (counts.truncated) notes.push("the enumeration stopped at its step limit: the counts are lower bounds");
  else if (!everyWalkKept) notes.push(`more than ${LIST_LIMIT} walks: those listed are the fewest among the first ${LIST_LIMIT} found`);
  return makeOutcome({
    ...base,
    interrupted: counts.truncated,
    interruptedBy: counts.truncated ? "step limit" : undefined,
    answers: answers.count,
    proven: all,
    exhausted: all,
    fewest: everyWalkKept ? shortest : null,
    lowerBound: everyWalkKept ? shortest : null,
    upperBound: shortest,
    models: answers.kept,
    notes,
    statistics: { seconds: (performance.now() - t0) / 1000, states: 0 },
    extras: { rule: "turn", acyclicPaths: { noStateTwice: counts.byState, noCellTwice: counts.byCell }, complete: !counts.truncated },
  });
}
