/** Messages between the main thread and the search worker (src/search/worker.ts). */
import type { Push } from "../board.js";
import type { DepthStats, SearchOptions } from "./engine.js";

/** An Instance as plain data, for postMessage (Board is rebuilt on the other side). */
export interface InstanceData {
  file: string;
  size: number;
  tiles: Uint8Array;
  init: { row: number; col: number };
  goal: { row: number; col: number };
  maxSteps: number;
}

/** What the worker is started with. */
export interface WorkerInput {
  instance: InstanceData;
  options: Pick<SearchOptions, "maxSteps" | "models" | "tableMegabytes"> & { any?: boolean };
  /** Int32Array view: element 0 becomes non-zero when the search must stop */
  stop: SharedArrayBuffer;
}

export type WorkerMessage =
  | { kind: "solution"; pushes: Push[] }
  | { kind: "depth"; stats: DepthStats }
  | { kind: "done"; exhausted: boolean; interrupted: boolean; nodes: number }
  | { kind: "error"; message: string };
