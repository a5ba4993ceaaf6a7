/**
 * What a run of the competition search (run.ts) is asked and what it answers: its options
 * (the search's own, the interruptions, the callbacks a command prints from) and its result.
 */
import type { Push } from "../../board.js";
import type { ProgressFigures } from "../../../../core/status-line.js";
import type { DepthStats, SearchOptions } from "../exact/engine.js";
import type { ProofCheckpoint } from "../proof/checkpoint.js";
import type { InterruptOptions } from "./interrupts.js";

/** What is known of the fewest pushes during a run. */
export interface Bounds {
  /** pushes proven necessary: every shorter sequence was searched without a solution */
  lower: number;
  /** pushes of the best solution found so far, undefined when none */
  upper: number | undefined;
}

/** Options of a run: the search's own plus what interrupts it. */
export interface RunOptions extends Pick<SearchOptions, "maxSteps" | "models" | "tableMegabytes">, InterruptOptions {
  /** any solution within the horizon, not necessarily the shortest (the beam first) */
  any?: boolean;
  /** search threads (default 1); with more than one they share one table of tableMegabytes (TranspositionTable.sharedBuffer) */
  threads?: number;
  /**
   * The run's answers, each once, in their final order: with models other than 1 as they
   * are proven (shortest first); with models 1 the best solution, at the end.
   */
  onSolution?: (pushes: Push[]) => void;
  /** models 1: each solution with fewer pushes than any before, as soon as it is found (not necessarily proven) */
  onBetter?: (pushes: Push[], bounds: Bounds) => void;
  /** models 1: the lower bound rose (a depth was searched to the end without a solution) */
  onLowerBound?: (bounds: Bounds) => void;
  onDepth?: (stats: DepthStats) => void;
  /**
   * With models other than 1: a promise when whatever onSolution writes to is backed up
   * (stdout to a slow pipe), settled when it has taken it; undefined when it is not.
   * The workers then wait (flow control, src/push/competition/search/run/flow.ts) instead of the output
   * queueing answers without end.
   */
  outputBacklog?: () => Promise<unknown> | undefined;
  /**
   * Keep the answers in RunResult.solutions (default true). false: with models other
   * than 1 only onSolution sees them, so that an enumeration of millions runs in bounded
   * memory (RunResult.count counts them); with models 1 the best is kept anyway.
   */
  keep?: boolean;
  /**
   * models 1 only: the proof's checkpoint (src/push/competition/search/proof/checkpoint.ts): the run
   * goes on from what it records, and records what the run settles every few seconds
   * (CHECKPOINT_EVERY_MS) and when the run ends (an interruption included).
   */
  checkpoint?: ProofCheckpoint;
  /**
   * models 1 only: called every PROGRESS_EVERY_MS (progress-ticker.ts) with where the proof is (the depth being
   * proven, states so far, the bounds, the share of the depth's first pushes done).
   */
  onProgress?: (figures: ProgressFigures) => void;
}

/** How a run ended. */
export interface RunResult {
  /** the answers (models 1: the best solution found, proven shortest or not); empty when not kept (RunOptions.keep) */
  solutions: Push[][];
  /** the number of answers passed on (onSolution) */
  count: number;
  depths: DepthStats[];
  exhausted: boolean;
  interrupted: boolean;
  /** what interrupted it: "time limit", "SIGINT", "SIGTERM", "aborted" */
  interruptedBy: string | undefined;
  /** pushes proven necessary (the optimum when `optimal`; max_steps + 1 when exhausted without a solution) */
  lowerBound: number;
  /** pushes of the shortest solution found, undefined when none */
  upperBound: number | undefined;
  /** true when the shortest solution found is proven to have the fewest pushes */
  optimal: boolean;
  nodes: number;
  seconds: number;
}
