/** Messages between the main thread and the search worker (src/search/worker.ts). */
import type { Push } from "../board.js";
import type { InstanceData } from "../instance.js";
import type { DepthStats, SearchOptions } from "./engine.js";

/** What the worker is started with. */
export interface WorkerInput {
  /** the instance as plain data (Board is rebuilt on the other side) */
  instance: InstanceData & { file: string };
  options: Pick<SearchOptions, "maxSteps" | "models" | "tableMegabytes" | "rootShare"> & { any?: boolean };
  /** Int32Array view: element 0 becomes non-zero when the search must stop */
  stop: SharedArrayBuffer;
}

export type WorkerMessage =
  | { kind: "solution"; pushes: Push[] }
  | { kind: "depth"; stats: DepthStats }
  | { kind: "done"; exhausted: boolean; interrupted: boolean; nodes: number }
  | { kind: "error"; message: string };
