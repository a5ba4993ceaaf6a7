/** Messages between the main thread and the search worker (src/push/competition/search/run/worker.ts). */
import type { Push } from "../../board.js";
import type { InstanceData } from "../../instance.js";
import type { DepthStats, EngineOptions } from "../exact/engine.js";

/** What the worker is started with. */
export interface WorkerInput {
  /** the instance as plain data (Board is rebuilt on the other side) */
  instance: InstanceData & { file: string };
  options: Pick<EngineOptions, "maxSteps" | "models" | "tableMegabytes" | "rootShare" | "fromDepth" | "sharedTable" | "rootPairs">;
  /**
   * A resumed proof: per depth, the units (first pushes, or pairs: WorkOptions.rootPairs)
   * searched to the end before without a solution (WorkOptions.skipRoot)
   */
  done?: Record<number, number[]>;
  /** post a `root` message for each unit searched to the end (a checkpoint, the progress line) */
  reportRoots?: boolean;
  /** Float64Array view, one element per worker: the states it generated so far (WorkOptions.onNodes) */
  progress?: SharedArrayBuffer;
  /** Int32Array view: element 0 becomes non-zero when the search must stop */
  stop: SharedArrayBuffer;
  /**
   * Int32Array view, one counter per depth (0..min(horizon, 4096)): the next first push nobody has
   * claimed at that depth (WorkOptions.claimRoot, taken with Atomics.add); absent:
   * the static split of rootShare
   */
  claims?: SharedArrayBuffer;
  /**
   * Enumerations (models other than 1) only: the flow control that keeps a run of
   * millions of answers in bounded memory (src/push/competition/search/run/flow.ts): answers posted and not
   * yet taken by the main thread, and the depth each worker has finished.
   */
  flow?: { buffer: SharedArrayBuffer; index: number; workers: number };
}

/** Sent once the worker may search: the upper bound the main thread found meanwhile. */
export interface WorkerStart {
  /** a known solution (WorkOptions.known), models 1 only */
  known?: Push[];
}

export type WorkerMessage =
  | { kind: "solution"; pushes: Push[] }
  | { kind: "depth"; stats: DepthStats }
  /**
   * the subtree of unit `unit` (first push or pair) at `depth` was searched to the end
   * without a solution (sent with WorkerInput.reportRoots only); `states`: the states the
   * worker generated at that depth since its report before (that unit's, and the little
   * between units: the first pushes' states of a depth shared in pairs)
   */
  | { kind: "root"; depth: number; unit: number; states: number }
  | { kind: "done"; exhausted: boolean; interrupted: boolean; nodes: number }
  | { kind: "error"; message: string };
