/**
 * The board game's solver part (labsolve on game facts, docs/board-game.md): read with
 * the game's rules, search for the optimum of the instance's cost (or --cost), print in
 * the chosen format.
 */
import type { FactsInput, FactsSolver, SolveFlags } from "../../core/plugin.js";
import { exitCodeOf } from "../../core/outcome.js";
import { gameFromAtoms } from "./instance.js";
import { gameOutcome, gameOutput } from "./format.js";
import { describeGameRules } from "./describe.js";
import { searchGame } from "./search/deepening.js";
import { VERSION } from "../../core/version.js";

/**
 * labsolve's part for game instances: clingo's exit code, 10 the optimum, 20 none within
 * the bound, 1 interrupted.
 * @throws InputError for an ill-formed instance, Error for options the game does not take (-n other than 1)
 */
export const solver: FactsSolver = {
  async solve(input, flags) {
    return solveGame(input, flags);
  },
};

function solveGame(input: FactsInput, flags: SolveFlags): number {
  const { atoms, stdin } = input;
  const name = input.source.name;
  if (flags.models !== 1) throw new Error("-n/--models: the board game's solver gives one optimal solution; -n 0 and -n N > 1 are not supported for game instances");
  const { instance, warnings } = gameFromAtoms(atoms, name, input.end, flags.cost);
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
  process.stdout.write(gameOutput(flags.format, instance, result, VERSION, stdin ? "stdin" : name));
  if (flags.stats) process.stderr.write(`% total: ${result.nodes} nodes, ${result.seconds.toFixed(3)} s\n`);
  return exitCodeOf(gameOutcome(result));
}
