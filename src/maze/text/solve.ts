/**
 * labsolve's part for text mazes (../shared/spec/text-maze.md, section 1): from S to the
 * exit with `--algorithm` (default bfs). Prints as the lab does, `Solution: [south, east,
 * ...]`, or with `--format json` { fewest, moves, visited, algorithm, ... }. Exit 10 found,
 * 20 no path. `--rule turn`: Theseus' turn rule (section 2) on the maze.
 */
import { ExitCode } from "../../core/errors.js";
import { formatMoves, MOVE_WORDS } from "../../core/maze-moves.js";
import { readTextMaze } from "../../core/maze-text.js";
import type { SolveFlags, TextInput, TextSolver } from "../../core/plugin.js";
import { algorithmNamed } from "./search/algorithms.js";
import { bfs } from "./search/graph-search.js";
import { searchProblem } from "./search/problem.js";

/** A cell as 1-based [row, column]. */
function rowCol(cols: number, cell: number): [number, number] {
  return [((cell / cols) | 0) + 1, (cell % cols) + 1];
}

export const solver: TextSolver = {
  async solve(input: TextInput, flags: SolveFlags): Promise<number> {
    const maze = readTextMaze(input.source.text, input.source.name);
    if (flags.rule === "turn") return (await import("./turn-solve.js")).solveTurn(maze, flags);
    if (flags.rule !== undefined) throw new Error(`--rule ${flags.rule}: a text maze takes --rule turn`);
    if (flags.models !== 1) throw new Error("-n: a text maze has one answer per algorithm (-n 0 enumerates with --rule turn)");
    const algorithm = algorithmNamed(flags.algorithm ?? "bfs");
    const problem = searchProblem(maze);
    const t0 = performance.now();
    const result = algorithm.run(problem);
    const ms = performance.now() - t0;
    const fewest = algorithm.shortest ? (result.found ? result.moves.length : null) : (() => {
      const b = bfs(problem);
      return b.found ? b.moves.length : null;
    })();
    if (flags.stats) process.stderr.write(`% ${algorithm.name}: ${result.visited.length} cells taken from the frontier, ${ms.toFixed(1)} ms\n`);
    if (flags.format === "json") {
      const doc = {
        algorithm: algorithm.name,
        found: result.found,
        fewest,
        length: result.found ? result.moves.length : null,
        shortest: result.found ? result.moves.length === fewest : null,
        moves: result.found ? Array.from(result.moves, (d) => MOVE_WORDS[d]) : null,
        visited: Array.from(result.visited, (c) => rowCol(maze.cols, c)),
      };
      process.stdout.write(`${JSON.stringify(doc)}\n`);
    } else if (result.found) {
      if (algorithm.shortest) process.stdout.write(`Fewest moves: ${result.moves.length}\n`);
      else process.stdout.write(`Moves: ${result.moves.length} (${algorithm.name}'s path; the fewest: ${fewest})\n`);
      process.stdout.write(`Solution: ${formatMoves(result.moves)}\n`);
    } else {
      process.stdout.write(fewest === null ? "No solution: the exit cannot be reached from S\n" : `No solution found by ${algorithm.name} (a path of ${fewest} moves exists)\n`);
    }
    return result.found ? ExitCode.Satisfiable : fewest === null ? ExitCode.Unsatisfiable : ExitCode.Interrupted;
  },
};
