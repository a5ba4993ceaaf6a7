/**
 * Runs a search in worker threads, so that a time limit or a signal can interrupt it
 * while the main thread stays free to print what has been found.
 *
 * With `threads` > 1 the first pushes are shared out (SearchOptions.rootShare): each
 * worker runs the iterative deepening over its part. Solutions are passed on depth by
 * depth, a depth only when every worker has searched it to the end (or one that stopped
 * at it for the model limit has enough), so they still come shortest first.
 */
import { Worker } from "node:worker_threads";
import type { Push } from "../board.js";
import { InputError } from "../errors.js";
import type { Instance } from "../instance.js";
import { MAX_SIZE, type DepthStats, type SearchOptions } from "./engine.js";
import type { WorkerInput, WorkerMessage } from "./protocol.js";

/** Options of a run: the search's own plus what interrupts it. */
export interface RunOptions extends Pick<SearchOptions, "maxSteps" | "models" | "tableMegabytes"> {
  /** any solution within the horizon, not necessarily the shortest (beam search first; one thread) */
  any?: boolean;
  /** search threads (default 1); tableMegabytes is shared out among their tables */
  threads?: number;
  /** wall-clock limit in seconds (fractions allowed) */
  timeLimit?: number;
  /** stop on SIGINT and SIGTERM (default true) */
  handleSignals?: boolean;
  /** stops the search when aborted ("aborted") */
  signal?: AbortSignal;
  onSolution?: (pushes: Push[]) => void;
  onDepth?: (stats: DepthStats) => void;
}

/** How a run ended. */
export interface RunResult {
  solutions: Push[][];
  depths: DepthStats[];
  exhausted: boolean;
  interrupted: boolean;
  /** what interrupted it: "time limit", "SIGINT", "SIGTERM", "aborted" */
  interruptedBy: string | undefined;
  nodes: number;
  seconds: number;
}

interface WorkerState {
  worker: Worker;
  /** deepest depth searched to the end */
  completed: number;
  /** the depth it stopped at because it had enough solutions */
  limitAt: number | undefined;
  finished: boolean;
  /** states generated, from its final report */
  nodes: number;
  /** states generated, from its depth reports (the run may end before the final one) */
  depthNodes: number;
}

/**
 * Refuses a board larger than the solver handles (MAX_SIZE), before any output.
 * @throws InputError (`FILE: error: ...`, exit 65)
 */
export function assertSearchable(instance: Instance): void {
  if (instance.size > MAX_SIZE) {
    throw new InputError(instance.file, undefined, `the board is ${instance.size}x${instance.size}; labsolve handles boards up to ${MAX_SIZE}x${MAX_SIZE}`);
  }
}

/**
 * Searches the instance in worker threads.
 * @throws Error when a worker fails (message of the failure; `code` ERR_WORKER_OUT_OF_MEMORY when it ran out of memory)
 */
export function runSearch(instance: Instance, options: RunOptions): Promise<RunResult> {
  const started = performance.now();
  const horizon = options.maxSteps ?? instance.maxSteps;
  const quota = options.models ?? 1;
  const threads = options.any ? 1 : Math.max(1, Math.min(options.threads ?? 1, 4 * instance.size));
  const stop = new SharedArrayBuffer(4);
  const flag = new Int32Array(stop);
  let interruptedBy: string | undefined;
  const interrupt = (why: string): void => {
    interruptedBy ??= why;
    Atomics.store(flag, 0, 1);
  };
  const onSigint = (): void => interrupt("SIGINT");
  const onSigterm = (): void => interrupt("SIGTERM");
  const signals = options.handleSignals ?? true;
  if (signals) {
    process.on("SIGINT", onSigint);
    process.on("SIGTERM", onSigterm);
  }
  const onAbort = (): void => interrupt("aborted");
  if (options.signal?.aborted) onAbort();
  options.signal?.addEventListener("abort", onAbort);
  const timer = options.timeLimit !== undefined ? setTimeout(() => interrupt("time limit"), options.timeLimit * 1000) : undefined;
  const cleanup = (): void => {
    if (timer) clearTimeout(timer);
    options.signal?.removeEventListener("abort", onAbort);
    if (signals) {
      process.off("SIGINT", onSigint);
      process.off("SIGTERM", onSigterm);
    }
  };

  const emitted: Push[][] = [];
  const depths: DepthStats[] = [];
  /** solutions found but not passed on yet, by number of pushes */
  const pending = new Map<number, Push[][]>();
  /** per depth, the stats of each worker that reported it */
  const stats = new Map<number, DepthStats[]>();
  let nextDepth = 0;
  const states: WorkerState[] = [];

  const emit = (pushes: Push[]): boolean => {
    emitted.push(pushes);
    options.onSolution?.(pushes);
    return quota > 0 && emitted.length >= quota;
  };
  const mergedStats = (depth: number): DepthStats => {
    const all = stats.get(depth) ?? [];
    return {
      depth,
      nodes: all.reduce((a, s) => a + s.nodes, 0),
      milliseconds: Math.max(0, ...all.map((s) => s.milliseconds)),
      solutions: all.reduce((a, s) => a + s.solutions, 0),
      complete: all.length === states.length && all.every((s) => s.complete),
    };
  };

  return new Promise<RunResult>((resolve, reject) => {
    let settled = false;
    const finish = (exhausted: boolean, interrupted: boolean): void => {
      if (settled) return;
      settled = true;
      cleanup();
      for (const s of states) void s.worker.terminate();
      resolve({
        solutions: emitted,
        depths,
        exhausted,
        interrupted,
        interruptedBy: interrupted ? interruptedBy : undefined,
        nodes: states.reduce((a, s) => a + Math.max(s.nodes, s.depthNodes), 0),
        seconds: (performance.now() - started) / 1000,
      });
    };
    const fail = (e: Error): void => {
      if (settled) return;
      settled = true;
      cleanup();
      for (const s of states) void s.worker.terminate();
      reject(e);
    };
    /** Passes on every depth that all workers have settled; ends the run when it can. */
    const advance = (): void => {
      while (nextDepth <= horizon) {
        const d = nextDepth;
        if (!states.every((s) => s.completed >= d || s.limitAt === d)) break;
        if (stats.has(d)) {
          // (no worker searched depths past 0 when init is on the goal)
          depths.push(mergedStats(d));
          options.onDepth?.(depths[depths.length - 1]);
        }
        for (const pushes of pending.get(d) ?? []) {
          if (emit(pushes)) return finish(false, false);
        }
        pending.delete(d);
        if (states.some((s) => s.limitAt === d)) return finish(false, false);
        nextDepth++;
      }
      if (nextDepth > horizon) return finish(true, false);
      if (states.every((s) => s.finished)) {
        // interrupted: pass on what was found, shortest first, proven or not
        for (const d of [...pending.keys()].sort((a, b) => a - b)) {
          for (const pushes of pending.get(d) ?? []) if (emit(pushes)) return finish(false, true);
        }
        const partial = mergedStats(nextDepth);
        if (partial.nodes > 0) depths.push(partial);
        finish(false, true);
      }
    };

    for (let index = 0; index < threads; index++) {
      const input: WorkerInput = {
        instance: { file: instance.file, size: instance.size, tiles: instance.board.tiles, init: instance.init, goal: instance.goal, maxSteps: instance.maxSteps },
        options: {
          maxSteps: options.maxSteps,
          models: options.models,
          tableMegabytes: options.tableMegabytes === undefined ? undefined : options.tableMegabytes / threads,
          any: options.any,
          rootShare: threads > 1 ? { index, count: threads } : undefined,
        },
        stop,
      };
      const worker = new Worker(new URL("./worker.js", import.meta.url), { workerData: input });
      const state: WorkerState = { worker, completed: -1, limitAt: undefined, finished: false, nodes: 0, depthNodes: 0 };
      states.push(state);
      worker.on("message", (m: WorkerMessage) => {
        if (settled) return;
        if (options.any) {
          // one worker, one answer: no depths to wait for
          if (m.kind === "solution") emit(m.pushes);
          else if (m.kind === "depth") depths.push(m.stats);
          else if (m.kind === "error") fail(new Error(m.message));
          else {
            state.finished = true;
            state.nodes = m.nodes;
            finish(m.exhausted, m.interrupted);
          }
          return;
        }
        switch (m.kind) {
          case "solution": {
            const list = pending.get(m.pushes.length) ?? [];
            list.push(m.pushes);
            pending.set(m.pushes.length, list);
            break;
          }
          case "depth":
            state.depthNodes += m.stats.nodes;
            stats.set(m.stats.depth, [...(stats.get(m.stats.depth) ?? []), m.stats]);
            if (m.stats.complete) state.completed = m.stats.depth;
            else if (m.stats.stoppedBy === "limit") state.limitAt = m.stats.depth;
            advance();
            break;
          case "done":
            state.finished = true;
            state.nodes = m.nodes;
            if (m.exhausted) state.completed = horizon;
            advance();
            break;
          case "error":
            fail(new Error(m.message));
            break;
        }
      });
      worker.on("error", (e) => fail(e));
      worker.on("exit", (code) => {
        if (!state.finished) fail(new Error(`search worker exited with code ${code}`));
      });
    }
  });
}
