/**
 * `labsolve` on a board-game instance (docs/board-game.md): read with the game's rules,
 * search for the optimum of the instance's cost (or --cost), print in the chosen format.
 * src/cli/solve.ts routes here (src/game/route.ts says when).
 */
import { endOf } from "../../core/fact-args.js";
import { exitCodeOf } from "../../core/outcome.js";
import { gameFromAtoms } from "./instance.js";
import { describeGameRules, gameOutcome, gameOutput } from "./format.js";
import { searchGame } from "./search/deepening.js";
import type { Atom } from "../../core/facts.js";
import { VERSION, type Source } from "../../cli/common.js";
import type { SolveFlags } from "../../cli/solve.js";

/**
 * Solves a game instance already parsed into atoms.
 * @returns clingo's exit code: 10 the optimum, 20 none within the bound, 1 interrupted
 * @throws InputError for an ill-formed instance, Error for options the game does not take (-n other than 1)
 */
export function solveGameCommand(source: Source, atoms: Atom[], flags: SolveFlags, stdin: boolean): number {
  if (flags.models !== 1) throw new Error("-n/--models: the board game's solver gives one optimal solution; -n 0 and -n N > 1 are not supported for game instances");
  const { instance, warnings } = gameFromAtoms(atoms, source.name, endOf(source.text), flags.cost);
  for (const w of warnings) process.stderr.write(`${w}\n`);
  if (flags.stats) process.stderr.write(`% ${describeGameRules(instance)}\n`);
  const deadline = flags.timeLimit === undefined ? Number.POSITIVE_INFINITY : performance.now() + flags.timeLimit * 1000;
  const result = searchGame(instance, {
    maxCost: flags.maxSteps,
    memoryMegabytes: flags.memory,
    shouldStop: () => (performance.now() >= deadline ? "time limit" : undefined),
    onDepth: (d) => {
      if (flags.stats) process.stderr.write(`% cost ${d.depth}: ${d.nodes} nodes, ${d.stored} in the table, ${(d.milliseconds / 1000).toFixed(3)} s\n`);
    },
  });
  process.stdout.write(gameOutput(flags.format, instance, result, VERSION, stdin ? "stdin" : source.name));
  if (flags.stats) process.stderr.write(`% total: ${result.nodes} nodes, ${result.seconds.toFixed(3)} s\n`);
  return exitCodeOf(gameOutcome(result));
}
