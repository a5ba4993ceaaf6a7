/**
 * The board game's solver part (labsolve on game facts, docs/board-game.md): read with
 * the game's rules, search for the optimum of the instance's cost (or --cost) in a worker
 * thread (search-thread.ts), return the outcome. On a terminal, a progress line on the
 * reporter (src/core/status-line.ts: `cost C | R nodes/s | [C;?] | TIME`), cleared before
 * anything else is written.
 */
import { once } from "node:events";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { hasWorkerThreads, threadOptions } from "../../core/address-space.js";
import type { FactsInput, FactsSolver, SolveFlags } from "../../core/plugin.js";
import { Answers, type Outcome, type SolveContext } from "../../core/outcome.js";
import { onStop, type StopHandle } from "../../core/stop.js";
import { PROGRESS_LINE_MS, StatusLine, progressLine } from "../../core/status-line.js";
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

/** What the search reports while it runs: each iteration as it ends, and (when given) the nodes so far while one runs. */
interface GameProgress {
  onDepth: (d: GameDepth) => void;
  /** the nodes generated so far in the search and the iteration's cost bound, every PROGRESS_LINE_MS or so */
  onNodes?: (nodes: number, bound: number) => void;
}

/**
 * Runs the game's search in a worker thread (search-thread.ts) while the main thread's stop
 * handler listens; from the sources, where there is no compiled thread, or where there are
 * no worker threads (a browser's Web Worker), in this thread (the time limit is still
 * polled; a signal is heard only after the search; onNodes is called at every poll).
 */
async function searchStoppably(input: GameThreadInput, stops: StopHandle, progress: GameProgress): Promise<GameSearchResult> {
  const { onDepth, onNodes } = progress;
  if (!hasWorkerThreads() || !existsSync(fileURLToPath(THREAD))) {
    return searchGame(input.instance, { maxCost: input.maxCost, memoryMegabytes: input.memoryMegabytes, shouldStop: () => (stops.stopped() ? (stops.reason ?? STOPPED) : undefined), onDepth, onNodes });
  }
  const { resourceLimits, execArgv } = threadOptions();
  const worker = new Worker(THREAD, { workerData: { ...input, progress: onNodes !== undefined }, resourceLimits, execArgv });
  let result: GameSearchResult | undefined;
  let failure: Error | undefined;
  worker.on("message", (m: GameThreadMessage) => {
    if (m.kind === "depth") onDepth(m.depth);
    else if (m.kind === "nodes") onNodes?.(m.nodes, m.bound);
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
  // on a terminal, a progress line on the reporter, redrawn in place: the cost bound being searched
  // (proven necessary: the iterations below it found nothing), nodes/s, [bound;?] (the search ends
  // at its first solution, so no upper bound is known while it runs), the time
  const status = report.isTTY ? new StatusLine(report) : undefined;
  const draw = status && progressLine(status, "cost", PROGRESS_LINE_MS);
  const started = performance.now();
  const figures = (nodes: number, bound: number) => ({ depth: bound, nodes, seconds: (performance.now() - started) / 1000, lower: bound, upper: undefined });
  /** the nodes of the iterations ended */
  let ended = 0;
  let result: GameSearchResult;
  try {
    result = await searchStoppably({ role: "game search", instance, maxCost: flags.maxSteps, memoryMegabytes: flags.memory, stop: new Int32Array(stops.flagBuffer) }, stops, {
      onDepth: (d) => {
        ended += d.nodes;
        if (flags.stats) {
          status?.clear();
          report.write(`% cost ${d.depth}: ${d.nodes} nodes, ${d.stored} in the table, ${(d.milliseconds / 1000).toFixed(3)} s\n`);
        }
        // the bound's end: its last figures
        draw?.(figures(ended, d.depth), true);
      },
      onNodes: draw && ((nodes, bound) => draw(figures(nodes, bound))),
    });
  } finally {
    status?.clear();
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
