/**
 * The board game's solver part (labsolve on game facts, docs/board-game.md): read with
 * the game's rules, search for the optimum of the instance's cost (or --cost) in a worker
 * thread (search-thread.ts), return the outcome.
 */
import { once } from "node:events";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { workerExecArgv, workerResourceLimits } from "../../core/address-space.js";
import type { FactsInput, FactsSolver, SolveFlags } from "../../core/plugin.js";
import { Answers, type Outcome, type SolveContext } from "../../core/outcome.js";
import { onStop, type StopHandle } from "../../core/stop.js";
import { gameFromAtoms } from "./instance.js";
import { gameModel, gameOutcome } from "./format.js";
import { describeGameRules } from "./describe.js";
import { searchGame, type GameDepth, type GameSearchResult } from "./search/deepening.js";
import { STOPPED, type GameThreadInput, type GameThreadMessage } from "./search-thread.js";

/**
 * labsolve's part for game instances: the outcome, exit 30 the optimum, 20 none within
 * the bound, 1 interrupted (the time limit, counted from this call, SIGINT, SIGTERM: the
 * one stop handler, src/core/stop.ts; a second signal exits at once).
 * @throws InputError for an ill-formed instance, Error for options the game does not take (-n other than 1)
 */
export const solver: FactsSolver = {
  async solve(input, flags, context) {
    return solveGame(input, flags, context);
  },
};

/** The search thread's module: compiled JavaScript, absent when the sources run as they are (vitest on src/). */
const THREAD = new URL("./search-thread.js", import.meta.url);

/**
 * Runs the game's search in a worker thread (search-thread.ts) while the main thread's stop
 * handler listens; from the sources, where there is no compiled thread, in this thread
 * (the time limit is still polled; a signal is heard only after the search).
 */
async function searchStoppably(input: GameThreadInput, stops: StopHandle, onDepth: (d: GameDepth) => void): Promise<GameSearchResult> {
  if (!existsSync(fileURLToPath(THREAD))) {
    return searchGame(input.instance, { maxCost: input.maxCost, memoryMegabytes: input.memoryMegabytes, shouldStop: () => (stops.stopped() ? (stops.reason ?? STOPPED) : undefined), onDepth });
  }
  const worker = new Worker(THREAD, { workerData: input, resourceLimits: workerResourceLimits(), execArgv: workerExecArgv() });
  let result: GameSearchResult | undefined;
  let failure: Error | undefined;
  worker.on("message", (m: GameThreadMessage) => {
    if (m.kind === "depth") onDepth(m.depth);
    else result = m.result;
  });
  worker.on("error", (e) => (failure = e));
  await once(worker, "exit");
  if (failure) throw failure;
  if (!result) throw new Error("the game's search thread ended without a result");
  return result;
}

async function solveGame(input: FactsInput, flags: SolveFlags, context: SolveContext): Promise<Outcome> {
  const report = context.reporter;
  const { atoms } = input;
  const name = input.source.name;
  if (flags.models !== 1) throw new Error("-n/--models: the board game's solver gives one optimal solution; -n 0 and -n N > 1 are not supported for game instances");
  const { instance, warnings } = gameFromAtoms(atoms, name, input.end, flags.cost);
  for (const w of warnings) report.write(`${w}\n`);
  if (flags.stats) report.write(`% ${describeGameRules(instance)}\n`);
  const stops = onStop({ timeLimit: flags.timeLimit });
  let result: GameSearchResult;
  try {
    result = await searchStoppably({ role: "game search", instance, maxCost: flags.maxSteps, memoryMegabytes: flags.memory, stop: new Int32Array(stops.flagBuffer) }, stops, (d) => {
      if (flags.stats) report.write(`% cost ${d.depth}: ${d.nodes} nodes, ${d.stored} in the table, ${(d.milliseconds / 1000).toFixed(3)} s\n`);
    });
  } finally {
    stops.dispose();
  }
  // the thread says only that the flag stopped it; the handler knows why
  if (result.interrupted && result.interruptedBy === STOPPED) result = { ...result, interruptedBy: stops.reason ?? "aborted" };
  const answers = new Answers(context, "atoms");
  const model = gameModel(instance, result);
  // kept answers (json, the library, labshow) carry their actions as data beside the atoms, as the competition's carry their pushes
  if (model) answers.add(context.keep && result.actions ? { ...model, steps: result.actions.map((a, i) => ({ step: i + 1, ...a })) } : model);
  if (flags.stats) report.write(`% total: ${result.nodes} nodes, ${result.seconds.toFixed(3)} s\n`);
  return gameOutcome(instance, result, answers.kept);
}
