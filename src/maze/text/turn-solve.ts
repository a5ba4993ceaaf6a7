/**
 * labsolve --rule turn on a text maze: the fewest moves under Theseus' turn rule
 * (../shared/spec/text-maze.md, section 2), or with -n 0 every acyclic walk and their count
 * under both definitions (no (cell, direction) twice; no cell twice).
 */
import { ExitCode } from "../../core/errors.js";
import { formatMoves, MOVE_WORDS } from "../../core/maze-moves.js";
import type { TextMaze } from "../../core/maze-text.js";
import type { SolveFlags } from "../../core/plugin.js";
import { searchProblem } from "./search/problem.js";
import { turnAcyclicPaths, turnShortest } from "./search/turn.js";

/**
 * Prints the turn rule's answer; -n N: the N walks of fewest moves (0: all), printed as
 * found. @returns 10 found (or cut at N walks), 20 none, 30 all enumerated, 11 / 1 stopped
 * at the time limit with / without a walk.
 */
export function solveTurn(maze: TextMaze, flags: SolveFlags): number {
  const p = searchProblem(maze);
  const json = flags.format === "json";
  if (flags.models === 1) {
    const moves = turnShortest(maze, p);
    if (json) process.stdout.write(`${JSON.stringify({ rule: "turn", found: moves !== undefined, fewest: moves?.length ?? null, moves: moves ? Array.from(moves, (d) => MOVE_WORDS[d]) : null })}\n`);
    else if (moves) process.stdout.write(`Fewest moves: ${moves.length}\nSolution: ${formatMoves(moves)}\n`);
    else process.stdout.write("No solution: no walk obeying the turn rule reaches the exit\n");
    return moves ? ExitCode.Satisfiable : ExitCode.Unsatisfiable;
  }
  // fewest first, printed as found; the time limit polled by the search (every 1024 nodes)
  const deadline = flags.timeLimit === undefined ? Infinity : performance.now() + flags.timeLimit * 1000;
  const paths: string[][] = [];
  let printed = 0;
  const e = turnAcyclicPaths(maze, p, {
    models: flags.models,
    shouldStop: () => performance.now() >= deadline,
    onPath: (m) => {
      if (json) paths.push(Array.from(m, (d) => MOVE_WORDS[d]));
      else process.stdout.write(`Path ${++printed}: ${formatMoves(m)}\n`);
    },
  });
  const complete = e.exhausted;
  if (json) {
    process.stdout.write(
      `${JSON.stringify({ rule: "turn", acyclicPaths: { noStateTwice: e.byState, noCellTwice: e.byCell }, complete, exhausted: e.exhausted, interrupted: e.interrupted, paths })}\n`,
    );
  } else {
    const counted = complete ? "" : " (of the paths printed)";
    process.stdout.write(`Acyclic paths (no cell and direction twice)${counted}: ${e.byState}\nAcyclic paths (no cell twice)${counted}: ${e.byCell}\n`);
    if (e.interrupted) process.stdout.write(`(interrupted at the time limit: every path of fewer than ${e.completeBelow} moves was printed)\n`);
    else if (!complete) process.stdout.write(`(stopped at ${flags.models} paths, fewest moves first: more exist)\n`);
  }
  if (e.interrupted) return e.byState > 0 ? ExitCode.InterruptedWithAnswer : ExitCode.Interrupted;
  if (!complete) return ExitCode.Satisfiable;
  return e.byState > 0 ? ExitCode.Exhausted : ExitCode.Unsatisfiable;
}
