/**
 * The board game's solver part (labsolve on game facts, docs/board-game.md): read with
 * the game's rules, search for the optimum of the instance's cost (or --cost), return
 * the outcome.
 */
import type { FactsInput, FactsSolver, SolveFlags } from "../../core/plugin.js";
import { Answers, type Outcome, type SolveContext } from "../../core/outcome.js";
import { gameFromAtoms } from "./instance.js";
import { gameModel, gameOutcome } from "./format.js";
import { describeGameRules } from "./describe.js";
import { searchGame } from "./search/deepening.js";

/**
 * labsolve's part for game instances: the outcome, exit 30 the optimum, 20 none within
 * the bound, 1 interrupted.
 * @throws InputError for an ill-formed instance, Error for options the game does not take (-n other than 1)
 */
export const solver: FactsSolver = {
  async solve(input, flags, context) {
    return solveGame(input, flags, context);
  },
};

function solveGame(input: FactsInput, flags: SolveFlags, context: SolveContext): Outcome {
  const report = context.reporter;
  const { atoms } = input;
  const name = input.source.name;
  if (flags.models !== 1) throw new Error("-n/--models: the board game's solver gives one optimal solution; -n 0 and -n N > 1 are not supported for game instances");
  const { instance, warnings } = gameFromAtoms(atoms, name, input.end, flags.cost);
  for (const w of warnings) report.write(`${w}\n`);
  if (flags.stats) report.write(`% ${describeGameRules(instance)}\n`);
  const deadline = flags.timeLimit === undefined ? Number.POSITIVE_INFINITY : performance.now() + flags.timeLimit * 1000;
  const result = searchGame(instance, {
    maxCost: flags.maxSteps,
    memoryMegabytes: flags.memory,
    shouldStop: () => (performance.now() >= deadline ? "time limit" : undefined),
    onDepth: (d) => {
      if (flags.stats) report.write(`% cost ${d.depth}: ${d.nodes} nodes, ${d.stored} in the table, ${(d.milliseconds / 1000).toFixed(3)} s\n`);
    },
  });
  const answers = new Answers(context, "atoms");
  const model = gameModel(instance, result);
  // kept answers (json, the library, labshow) carry their actions as data beside the atoms, as the competition's carry their pushes
  if (model) answers.add(context.keep && result.actions ? { ...model, steps: result.actions.map((a, i) => ({ step: i + 1, ...a })) } : model);
  if (flags.stats) report.write(`% total: ${result.nodes} nodes, ${result.seconds.toFixed(3)} s\n`);
  return gameOutcome(instance, result, answers.kept);
}
