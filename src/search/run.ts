/**
 * Runs a search in a worker thread, so that a time limit or a signal can interrupt it
 * while the main thread stays free to print what has been found.
 */
import { Worker } from "node:worker_threads";
import type { Push } from "../board.js";
import type { Instance } from "../instance.js";
import type { DepthStats, SearchOptions } from "./engine.js";
import type { WorkerInput, WorkerMessage } from "./protocol.js";

/** Options of a run: the search's own plus what interrupts it. */
export interface RunOptions extends Pick<SearchOptions, "maxSteps" | "models" | "tableMegabytes"> {
  /** any solution within the horizon, not necessarily the shortest (beam search first) */
  any?: boolean;
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
  /** what interrupted it: "time limit", "SIGINT", "SIGTERM" */
  interruptedBy: string | undefined;
  nodes: number;
  seconds: number;
}

/**
 * Searches the instance in a worker thread.
 * @throws Error when the worker fails (message of the failure; `code` ERR_WORKER_OUT_OF_MEMORY when it ran out of memory)
 */
export function runSearch(instance: Instance, options: RunOptions): Promise<RunResult> {
  const started = performance.now();
  const stop = new SharedArrayBuffer(4);
  const flag = new Int32Array(stop);
  const input: WorkerInput = {
    instance: {
      file: instance.file,
      size: instance.size,
      tiles: instance.board.tiles,
      init: instance.init,
      goal: instance.goal,
      maxSteps: instance.maxSteps,
    },
    options: { maxSteps: options.maxSteps, models: options.models, tableMegabytes: options.tableMegabytes, any: options.any },
    stop,
  };
  const worker = new Worker(new URL("./worker.js", import.meta.url), { workerData: input });
  const solutions: Push[][] = [];
  const depths: DepthStats[] = [];
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
  return new Promise<RunResult>((resolve, reject) => {
    let settled = false;
    worker.on("message", (m: WorkerMessage) => {
      switch (m.kind) {
        case "solution":
          solutions.push(m.pushes);
          options.onSolution?.(m.pushes);
          break;
        case "depth":
          depths.push(m.stats);
          options.onDepth?.(m.stats);
          break;
        case "done":
          settled = true;
          cleanup();
          void worker.terminate();
          resolve({
            solutions,
            depths,
            exhausted: m.exhausted,
            interrupted: m.interrupted,
            interruptedBy: m.interrupted ? interruptedBy : undefined,
            nodes: m.nodes,
            seconds: (performance.now() - started) / 1000,
          });
          break;
        case "error":
          settled = true;
          cleanup();
          void worker.terminate();
          reject(new Error(m.message));
          break;
      }
    });
    worker.on("error", (e) => {
      if (settled) return;
      settled = true;
      cleanup();
      reject(e);
    });
    worker.on("exit", (code) => {
      if (settled) return;
      settled = true;
      cleanup();
      reject(new Error(`search worker exited with code ${code}`));
    });
  });
}
