/**
 * The board game's search in a worker thread (solve.ts starts it), so that the main
 * thread's stop handler (src/core/stop.ts) hears SIGINT, SIGTERM and the time limit while
 * the search runs: it sets the shared flag, which the search polls every few thousand nodes.
 *
 * workerData: GameThreadInput. Messages to the parent: GameThreadMessage (each iteration,
 * the nodes so far every PROGRESS_LINE_MS while one runs when asked to, then the result).
 */
import { parentPort, workerData } from "node:worker_threads";
import { PROGRESS_LINE_MS, atMostEvery } from "../../core/status-line.js";
import type { GameInstance } from "./instance.js";
import { searchGame, type GameDepth, type GameSearchResult } from "./search/deepening.js";

/** What the thread is given. */
export interface GameThreadInput {
  /** marks this thread's data: the module runs the search only in a thread started with it */
  role: "game search";
  instance: GameInstance;
  maxCost?: number;
  memoryMegabytes: number;
  /** Int32Array over the stop handler's flag buffer: element 0 non-zero once stopped */
  stop: Int32Array;
  /** post the nodes so far while an iteration runs (a progress line is drawn) */
  progress?: boolean;
}

/**
 * What the thread posts: each iteration as it ends; with `progress`, every PROGRESS_LINE_MS
 * while one runs, the nodes generated so far in the search and the iteration's cost bound;
 * then the result.
 */
export type GameThreadMessage = { kind: "depth"; depth: GameDepth } | { kind: "nodes"; nodes: number; bound: number } | { kind: "done"; result: GameSearchResult };

/** The reason the thread gives when the flag stopped it (the parent knows which reason set it). */
export const STOPPED = "stopped";

// only in a thread solve.ts started (solve.ts imports this module for its names, in any thread)
if (parentPort && (workerData as Partial<GameThreadInput> | undefined)?.role === "game search") {
  const port = parentPort;
  const { instance, maxCost, memoryMegabytes, stop, progress } = workerData as GameThreadInput;
  const result = searchGame(instance, {
    maxCost,
    memoryMegabytes,
    shouldStop: () => (Atomics.load(stop, 0) !== 0 ? STOPPED : undefined),
    onDepth: (depth) => port.postMessage({ kind: "depth", depth } satisfies GameThreadMessage),
    onNodes: progress ? atMostEvery(PROGRESS_LINE_MS, (nodes: number, bound: number) => port.postMessage({ kind: "nodes", nodes, bound } satisfies GameThreadMessage)) : undefined,
  });
  port.postMessage({ kind: "done", result } satisfies GameThreadMessage);
}
