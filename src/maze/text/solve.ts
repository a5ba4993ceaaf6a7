/**
 * labsolve's part for text mazes (../shared/spec/text-maze.md, section 1): from S to the
 * exit with `--algorithm` (default bfs), as an outcome: one model, its witness the move
 * words (`south east ...`); extras `algorithm` and `visited` (cells taken from the
 * frontier, 1-based [row, column]). Exit 30 a shortest path (BFS, Dijkstra, A*), 10 a
 * path not proven shortest (DFS, the wall follower, Tremaux, dead-end filling), 20 no path
 * exists, 1 the algorithm found none where one exists. `--rule turn`: Theseus' turn rule
 * (section 2) on the maze (turn-solve.ts).
 */
import { MOVE_WORDS } from "../../core/maze-moves.js";
import { readTextMaze } from "../../core/maze-text.js";
import { Answers, makeOutcome, type Outcome, type SolveContext } from "../../core/outcome.js";
import type { SolveFlags, TextInput, TextSolver } from "../../core/plugin.js";
import { algorithmNamed } from "./search/algorithms.js";
import { bfs } from "./search/graph-search.js";
import { searchProblem } from "./search/problem.js";

/** A cell as 1-based [row, column]. */
function rowCol(cols: number, cell: number): [number, number] {
  return [((cell / cols) | 0) + 1, (cell % cols) + 1];
}

export const solver: TextSolver = {
  async solve(input: TextInput, flags: SolveFlags, context: SolveContext): Promise<Outcome> {
    const maze = readTextMaze(input.source.text, input.source.name);
    if (flags.rule === "turn") return (await import("./turn-solve.js")).solveTurn(maze, flags, context);
    if (flags.rule !== undefined) throw new Error(`--rule ${flags.rule}: a text maze takes --rule turn`);
    if (flags.models !== 1) throw new Error("-n: a text maze has one answer per algorithm (-n 0 enumerates with --rule turn)");
    const algorithm = algorithmNamed(flags.algorithm ?? "bfs");
    const problem = searchProblem(maze);
    const t0 = performance.now();
    const result = algorithm.run(problem);
    const ms = performance.now() - t0;
    // the fewest moves, proven: the algorithm's own answer when it finds shortest paths, else BFS's
    const fewest = algorithm.shortest ? (result.found ? result.moves.length : null) : (() => {
      const b = bfs(problem);
      return b.found ? b.moves.length : null;
    })();
    if (flags.stats) context.reporter.write(`% ${algorithm.name}: ${result.visited.length} cells taken from the frontier, ${ms.toFixed(1)} ms\n`);
    const answers = new Answers(context, "moves");
    if (result.found) answers.add({ cost: result.moves.length, witness: Array.from(result.moves, (d) => MOVE_WORDS[d]) });
    const notes = result.found
      ? [algorithm.shortest ? `${algorithm.name}: ${result.moves.length} moves, the fewest` : `${algorithm.name}: ${result.moves.length} moves, not proven the fewest (the fewest: ${fewest})`]
      : [fewest === null ? "no solution: the exit cannot be reached from S" : `no solution found by ${algorithm.name} (a path of ${fewest} moves exists)`];
    return makeOutcome({
      rules: "maze",
      cost: "moves",
      witnessKind: "moves",
      wanted: 1,
      answers: answers.count,
      proven: result.found && algorithm.shortest,
      // none found and none exists (BFS visited every reachable cell)
      exhausted: !result.found && fewest === null,
      interrupted: false,
      fewest,
      lowerBound: fewest,
      upperBound: result.found ? result.moves.length : null,
      models: answers.kept,
      notes,
      statistics: { seconds: ms / 1000, states: result.visited.length },
      extras: { algorithm: algorithm.name, visited: Array.from(result.visited, (c) => rowCol(maze.cols, c)) },
    });
  },
};
