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

const model = (moves: Uint8Array): Model => ({ cost: moves.length, witness: Array.from(moves, (d) => MOVE_WORDS[d]) });

/**
 * The turn rule's outcome: one answer wanted, BFS's shortest walk (exit 30, 20 none); -n N,
 * the N walks of fewest moves, fewest first, streamed as found (30 when every walk was
 * listed, 10 when cut at N, 11 or 1 when stopped at the time limit with or without a walk).
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
  // fewest first (iterative deepening on the moves), streamed as found; the time limit
  // polled by the search (every 1024 nodes)
  const deadline = flags.timeLimit === undefined ? Infinity : performance.now() + flags.timeLimit * 1000;
  let shortest: number | null = null;
  const e = turnAcyclicPaths(maze, p, {
    models: flags.models,
    shouldStop: () => performance.now() >= deadline,
    onPath: (m) => {
      shortest ??= m.length;
      answers.add(model(m));
    },
  });
  const counted = e.exhausted ? "" : " (of the walks listed)";
  const notes = [`acyclic paths (no cell and direction twice)${counted}: ${e.byState}`, `acyclic paths (no cell twice)${counted}: ${e.byCell}`];
  if (e.interrupted) notes.push(`interrupted at the time limit: every walk of fewer than ${e.completeBelow} moves was listed`);
  else if (!e.exhausted) notes.push(`stopped at ${flags.models} walks, fewest moves first: more exist`);
  return makeOutcome({
    ...base,
    interrupted: e.interrupted,
    interruptedBy: e.interrupted ? "the time limit" : undefined,
    answers: answers.count,
    // the first walk found has the fewest moves (iterative deepening on the moves)
    proven: shortest !== null,
    exhausted: e.exhausted,
    fewest: shortest,
    lowerBound: shortest,
    upperBound: shortest,
    models: answers.kept,
    notes,
    statistics: { seconds: (performance.now() - t0) / 1000, states: 0 },
    extras: { rule: "turn", acyclicPaths: { noStateTwice: e.byState, noCellTwice: e.byCell }, complete: e.exhausted },
  });
}
