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

/** Prints the turn rule's answer; @returns 10 found, 20 none, 30 all enumerated, 1 enumeration cut short. */
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
  const keep = flags.models === 0 ? 100000 : flags.models;
  const counts = turnAcyclicPaths(maze, p, keep);
  if (json) {
    process.stdout.write(
      `${JSON.stringify({ rule: "turn", acyclicPaths: { noStateTwice: counts.byState, noCellTwice: counts.byCell }, complete: !counts.truncated, paths: counts.paths.map((m) => Array.from(m, (d) => MOVE_WORDS[d])) })}\n`,
    );
  } else {
    counts.paths.forEach((m, i) => process.stdout.write(`Path ${i + 1}: ${formatMoves(m)}\n`));
    process.stdout.write(`Acyclic paths (no cell and direction twice): ${counts.byState}\nAcyclic paths (no cell twice): ${counts.byCell}\n`);
    if (counts.truncated) process.stdout.write("(enumeration stopped at its step limit: the counts are lower bounds)\n");
  }
  if (counts.truncated) return ExitCode.Interrupted;
  return counts.byState > 0 ? ExitCode.Exhausted : ExitCode.Unsatisfiable;
}
