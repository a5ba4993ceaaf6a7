/**
 * Runs a search: the shell around the engine (src/push/competition/search/exact/engine.ts), the beam
 * (src/push/competition/search/anytime/beam.ts), the shortening of solutions (src/push/competition/search/anytime/improve.ts) and the merge
 * of the worker threads' reports (src/push/competition/search/run/merge.ts). It owns the workers, the time
 * limit and the signals, so the main thread stays free to print what has been found.
 *
 * A run goes in phases:
 * 1. on the main thread, the exact search up to 3 pushes with a small time budget:
 *    when it answers (most small instances do), no worker is started;
 * 2. the search workers start loading; meanwhile the main thread looks for an upper
 *    bound (models 1): the beam, then shortening (src/push/competition/search/anytime/upper-bound.ts); `--any`
 *    answers with it, and starts phase 3 alongside its beams once their first ones missed
 *    (the first of the two to end ends the other);
 * 3. the workers run the iterative deepening, sharing the first pushes of each depth
 *    dynamically (WorkOptions.claimRoot, a shared counter per depth), with the upper
 *    bound as WorkOptions.known; the merge passes solutions on shortest first.
 */
import type { Worker } from "node:worker_threads";
import type { Push } from "../../board.js";
import { hasWorkerThreads, threadsWithin } from "../../../../core/address-space.js";
import type { Instance } from "../../instance.js";
import { hopeless, solve, type DepthStats, type SearchResult } from "../exact/engine.js";
import { searchInThread } from "./in-thread.js";
import { Interrupts } from "./interrupts.js";
import type { MergeEvent } from "./merge.js";
import { PAIRS_FROM } from "../proof/prefixes.js";
import { ProgressTicker } from "./progress-ticker.js";
import { startWorkers } from "./start-workers.js";
import type { WorkerInput, WorkerMessage, WorkerStart } from "./protocol.js";
import type { Bounds, RunOptions, RunResult } from "./run-types.js";

export type { Bounds, RunOptions, RunResult };
export { assertSearchable } from "../exact/engine.js";

/** Milliseconds between two writes of a checkpoint (RunOptions.checkpoint) during the search. */
export const CHECKPOINT_EVERY_MS = 3000;
/** Depths whose first pushes the workers claim from shared counters (WorkOptions.claimRoot); deeper ones are split statically. */
const CLAIMED_DEPTHS = 4096;
/** Milliseconds the main thread gives the exact search up to 3 pushes before starting workers. */
const QUICK_BUDGET_MS = 15;
/**
 * Milliseconds the first beam goes on after an interruption (it runs to its end so that
 * an interrupted run still answers, but on large boards that takes minutes): the limit
 * and the signals act within a second.
 */
const FIRST_BEAM_GRACE_MS = 500;
/**
 * Milliseconds the run waits, once its answer is settled in the middle of a depth, for
 * the workers to stop and report that depth (they poll the stop flag every few
 * thousand states); one that has not answered by then is terminated and its counts of
 * that depth are missing from --stats.
 */
const DRAIN_MS = 5000;
/**
 * Searches the instance (see the module comment for the phases).
 * @throws Error when a worker fails (message of the failure; `code` ERR_WORKER_OUT_OF_MEMORY when it ran out of memory)
 */
export async function runSearch(instance: Instance, options: RunOptions): Promise<RunResult> {
  const started = performance.now();
  const horizon = options.maxSteps ?? instance.maxSteps;
  const quota = options.models ?? 1;
  const single = quota === 1;
  const checkpoint = single ? options.checkpoint : undefined;
  if (options.checkpoint && !single) throw new Error("--checkpoint records a proof of the fewest pushes: it does not combine with -n other than 1");
  if (checkpoint && options.any) throw new Error("--checkpoint records a proof of the fewest pushes: it does not combine with --any");
  const stops = new Interrupts(started, options);
  const { flagBuffer, flag } = stops;
  const stopped = (): boolean => stops.stopped();
  const mustStop = (): boolean => stops.stoppedFor(FIRST_BEAM_GRACE_MS);
  const ticker =
    single && options.onProgress
      ? new ProgressTicker(options.onProgress, { lower: () => lower, upper: () => best?.length, mainNodes: () => mainNodes + liveNodes }, 4 * instance.size, started, options.checkpoint?.doneRoots, options.checkpoint ? PAIRS_FROM : undefined, options.checkpoint?.unitStates)
      : undefined;
  const cleanup = (): void => {
    ticker?.stop();
    stops.cleanup();
  };

  let best: Push[] | undefined;
  let lower = 0;
  let mainNodes = 0;
  /** states of the search running in this thread so far (where there are no worker threads), until it is counted in mainNodes */
  let liveNodes = 0;
  const answers: Push[][] = [];
  const keep = options.keep ?? true;
  let count = 0;
  const bounds = (): Bounds => ({ lower, upper: best?.length });
  const better = (pushes: Push[]): void => {
    if (best !== undefined && pushes.length >= best.length) return;
    best = pushes;
    checkpoint?.better(pushes);
    if (single) options.onBetter?.(pushes, bounds());
  };
  const raise = (to: number): void => {
    if (to <= lower) return;
    lower = to;
    checkpoint?.provenBelow(to);
    if (single) options.onLowerBound?.(bounds());
  };
  /** A solution in its final order; `lowerBound`: pushes proven necessary then. */
  const proven = (pushes: Push[], lowerBound: number): void => {
    raise(lowerBound);
    better(pushes);
    if (!single) {
      if (keep) answers.push(pushes);
      count++;
      options.onSolution?.(pushes);
    }
  };
  const result = (depths: DepthStats[], exhausted: boolean, interrupted: boolean, workerNodes: number): RunResult => {
    cleanup();
    checkpoint?.write();
    if (single && best !== undefined) {
      answers.push(best);
      count++;
      options.onSolution?.(best);
    }
    return {
      solutions: answers,
      count,
      depths,
      exhausted,
      interrupted,
      interruptedBy: interrupted ? (stops.interruptedBy ?? "aborted") : undefined,
      lowerBound: lower,
      upperBound: best?.length,
      optimal: best !== undefined && lower >= best.length,
      nodes: mainNodes + workerNodes,
      seconds: (performance.now() - started) / 1000,
    };
  };

  // 0. what a checkpoint has settled before
  if (checkpoint) {
    if (checkpoint.best) better(checkpoint.best);
    raise(checkpoint.from);
    if (lower > horizon) return result([], true, false, 0);
    if (best !== undefined && lower >= best.length) return result([], false, false, 0);
  }
  // 1. the exact search up to 3 pushes, here: no worker for the small instances; without
  // worker threads (a browser's Web Worker), the beams and the whole search here, to its
  // end or a stop (in-thread.ts)
  const inThread = !hasWorkerThreads();
  if (lower <= 3 || inThread) {
    const none = hopeless(instance);
    const small = none || inThread ? horizon : Math.min(3, horizon);
    let quick: SearchResult;
    if (inThread) {
      const progress = ticker && options.onProgress;
      const here = searchInThread({
        instance,
        horizon,
        models: quota,
        any: options.any === true,
        tableMegabytes: options.tableMegabytes,
        sink: { better, best: () => best, stopped, mustStop },
        raise,
        progress: progress ? { report: progress, figures: () => ticker!.figures(), live: (n) => (liveNodes = n) } : undefined,
      });
      mainNodes += here.beamStates;
      // --any: the beams' answer
      if (here.search === undefined) return result([], false, false, 0);
      quick = here.search;
    } else {
      const until = performance.now() + QUICK_BUDGET_MS;
      quick = solve(instance, { maxSteps: small, models: quota, tableMegabytes: 0, shouldStop: () => performance.now() > until || stopped() });
    }
    liveNodes = 0;
    mainNodes += quick.nodes;
    if (!quick.interrupted) {
      const enough = quota > 0 && quick.solutions.length >= quota;
      // exhausted up to `small` pushes: the whole horizon, or init on the goal (then
      // the empty solution is the only one)
      const exhausted = quick.exhausted && (small === horizon || quick.solutions.some((s) => s.length === 0));
      if (enough || exhausted) {
        for (const d of quick.depths) options.onDepth?.(d);
        // shortest first, and the first is the fewest pushes
        for (const s of quick.solutions) proven(s, quick.solutions[0].length);
        if (exhausted && quick.solutions.length === 0) raise(horizon + 1);
        return result(quick.depths, exhausted, false, 0);
      }
      if (single) raise(Math.min(3, horizon) + 1);
    }
    if (inThread) return result(quick.depths, false, true, 0);
  }
  // loaded only now: the small instances answered above do not pay for them
  const [{ Worker }, { DepthMerge }, { anyBeams, exactBeams }, { answerTaker, flowBuffer }, { improverLater }] = await Promise.all([
    import("node:worker_threads"),
    import("./merge.js"),
    import("../anytime/upper-bound.js"),
    import("./flow.js"),
    import("./improver-thread.js"),
  ]);

  // 2. the upper bound, while the workers load
  // one transposition table for all the threads (table.ts: lock-free), of the whole budget
  const mb = options.tableMegabytes ?? 64;
  // as many as fit under an address-space limit (ulimit -v: V8 aborts when a worker's reservation fails)
  const threads = threadsWithin(Math.max(1, Math.min(options.threads ?? 1, 4 * instance.size)), mb);
  const workers: Worker[] = [];
  const shareTable = threads > 1 && mb > 0 && horizon >= 2;
  const sharedTable = shareTable ? (await import("../exact/table.js")).TranspositionTable.sharedBuffer(mb) : undefined;
  const reportRoots = checkpoint !== undefined || ticker !== undefined;
  const live = ticker?.workerBuffer(threads);
  // one counter per depth, for the depths a search can reach (deeper: the static split)
  const claims = threads > 1 ? new SharedArrayBuffer(4 * (Math.min(horizon, CLAIMED_DEPTHS) + 1)) : undefined;
  // an enumeration streams: flow control between the workers and this thread (flow.ts)
  const flow = single ? undefined : flowBuffer(threads);
  const taken = answerTaker(flow, options.outputBacklog);
  // a resumed proof starts at the first depth not settled, without the first pushes done there
  const from = checkpoint ? lower : undefined;
  const data = { file: instance.file, size: instance.size, tiles: instance.board.tiles, init: instance.init, goal: instance.goal, maxSteps: instance.maxSteps };
  const spawn = (): void => {
    const inputs = Array.from({ length: threads }, (_, index): WorkerInput => ({
      instance: data,
      options: {
        maxSteps: options.maxSteps,
        models: quota,
        tableMegabytes: sharedTable ? mb : options.tableMegabytes === undefined ? undefined : options.tableMegabytes / threads,
        sharedTable,
        rootShare: threads > 1 ? { index, count: threads } : undefined,
        fromDepth: from,
        // a checkpoint records pairs of pushes at the deep depths (checkpoint.ts)
        rootPairs: checkpoint ? PAIRS_FROM : undefined,
      },
      done: checkpoint?.doneRoots,
      reportRoots,
      progress: live,
      stop: flagBuffer,
      claims,
      flow: flow ? { buffer: flow, index, workers: threads } : undefined,
    }));
    // the main thread lets the event loop run during the beams: a worker that fails
    // before phase 3 listens is kept for it
    workers.push(...startWorkers(Worker, inputs, (e) => (early ??= e)));
  };
  let early: Error | undefined;

  // 3. the workers (below): the exact search, with the answer of phase 2 as known bound;
  // `endExact` ends it at once with what it has (--any: a beam answered alongside it)
  let endExact = (): void => undefined;
  const searchExact = (): Promise<RunResult> => exactSearch();

  if (options.any) {
    // the exact search starts alongside the beams once their first rungs missed (upper-bound.ts)
    let exact: Promise<RunResult> | undefined;
    let over = false;
    await anyBeams(
      instance,
      data,
      horizon,
      { better, best: () => best, stopped, mustStop },
      {
        start: () => {
          spawn();
          exact = searchExact();
          exact.then(
            () => (over = true),
            () => (over = true),
          );
        },
        over: () => over,
        counted: (states) => (mainNodes += states),
      },
    );
    if (exact !== undefined) {
      if (best !== undefined) endExact();
      return exact;
    }
    if (best !== undefined || stopped()) return result([], false, Atomics.load(flag, 0) !== 0, 0);
    spawn();
  } else {
    spawn();
    if (single && !stopped()) {
      mainNodes += await exactBeams(instance, horizon, { better, best: () => best, stopped, mustStop });
    }
  }

  // interrupted during the beams: the workers need not start searching
  if (stopped()) {
    for (const w of workers) void w.terminate();
    return result([], false, true, 0);
  }

  // the beam's solution has as few pushes as proven necessary (depths up to 3 searched
  // above): nothing left to search
  if (single && best !== undefined && lower >= best.length) {
    for (const w of workers) void w.terminate();
    return result([], false, Atomics.load(flag, 0) !== 0, 0);
  }

  return searchExact();

  function exactSearch(): Promise<RunResult> {
    const start: WorkerStart = { known: single && best !== undefined && best.length > lower ? best : undefined };
    ticker?.searchStarted();
    const merge = new DepthMerge({ workers: workers.length, horizon, models: quota, from, drain: true });
    const nodes = workers.map(() => ({ final: 0, depths: 0 }));
    return new Promise<RunResult>((resolve, reject) => {
      /** the run has resolved or rejected: nothing more is heard */
      let settled = false;
      // after a while, an improver thread for the upper bound, when the beams found an
      // answer that the exact search has yet to prove (improver-thread.ts)
      const improver =
        single && best !== undefined && best.length > lower
          ? improverLater(Worker, data, horizon, flagBuffer, {
              best: () => best?.length,
              lower: () => lower,
              settled: () => settled,
              better: (pushes) => {
                better(pushes);
                provenOptimal();
              },
            })
          : undefined;
      const saving = checkpoint ? setInterval(() => checkpoint.write(), CHECKPOINT_EVERY_MS) : undefined;
      let draining: NodeJS.Timeout | undefined;
      /** the answer is settled: no more checkpoints, no improver */
      const quiet = (): void => {
        if (saving) clearInterval(saving);
        improver?.stop();
      };
      const stopAll = (): void => {
        settled = true;
        quiet();
        if (draining) clearTimeout(draining);
        for (const w of workers) void w.terminate();
      };
      const fail = (e: Error): void => {
        if (settled) return;
        stopAll();
        cleanup();
        reject(e);
      };
      if (early !== undefined) return fail(early);
      /**
       * models 1: the best solution has as few pushes as proven necessary (a depth settled,
       * or the improver found a shorter one after the workers started: they search with the
       * beam's longer solution as known bound and would go on below it): the run is over,
       * once the workers have reported the depth they are in (the merge's drain).
       */
      const provenOptimal = (): void => {
        if (settled || !single || best === undefined || lower < best.length) return;
        handle(merge.stop());
      };
      const handle = (events: MergeEvent[]): void => {
        for (const e of events) {
          if (settled) return;
          switch (e.kind) {
            case "found":
              better(e.pushes);
              break;
            case "solution":
              proven(e.pushes, merge.lowerBound);
              // out of the merge and printed (flow control, flow.ts)
              taken();
              break;
            case "depth":
              options.onDepth?.(e.stats);
              raise(merge.lowerBound);
              provenOptimal();
              break;
            case "stop":
              // the answer is settled: every worker stops at its next poll and reports the
              // depth it is in; one that does not answer in time is given up
              quiet();
              Atomics.store(flag, 0, 1);
              draining = setTimeout(() => handle(merge.abandon()), DRAIN_MS);
              break;
            case "end": {
              stopAll();
              const workerNodes = nodes.reduce((a, n) => a + Math.max(n.final, n.depths), 0);
              resolve(result(merge.depths, e.exhausted, e.interrupted, workerNodes));
              return;
            }
          }
        }
      };
      endExact = () => {
        if (settled) return;
        stopAll();
        resolve(result(merge.depths, false, Atomics.load(flag, 0) !== 0, nodes.reduce((a, n) => a + Math.max(n.final, n.depths), 0)));
      };
      workers.forEach((worker, index) => {
        let finished = false;
        /** a worker lost while the others drain: its last counts are lost, the answer is not */
        const lost = (e: Error): void => {
          if (finished) return;
          finished = true;
          if (merge.draining) handle(merge.done(index, false));
          else fail(e);
        };
        worker.on("message", (m: WorkerMessage) => {
          if (settled) return;
          switch (m.kind) {
            case "solution":
              return handle(merge.solution(index, m.pushes));
            case "depth":
              nodes[index].depths += m.stats.nodes;
              return handle(merge.depth(index, m.stats));
            case "root":
              if (merge.draining) return;
              ticker?.rootDone(m.depth, m.unit, m.states);
              return checkpoint?.rootDone(m.depth, m.unit, m.states);
            case "done":
              finished = true;
              nodes[index].final = m.nodes;
              return handle(merge.done(index, m.exhausted));
            case "error":
              return lost(new Error(m.message));
          }
        });
        worker.on("error", (e) => lost(e));
        worker.on("exit", (code) => lost(new Error(`search worker exited with code ${code}`)));
        worker.postMessage(start);
      });
    });
  }
}
