/**
 * A run without worker threads (a browser's Web Worker: the studio): run.ts's phase 1
 * carried to its end in the caller's thread. With models 1 the beams come first
 * (src/push/competition/search/anytime/main-beams.ts), and the exact search gets their answer as its known
 * solution, as the workers of a run with threads do: the search then proves only the
 * depths below that answer (0151 in one thread: 3.6 s against 75.6 s without it). Nothing
 * here needs Node.
 */
import { runToEnd } from "../anytime/yielding.js";
import { exactBeamSteps, type BoundSink } from "../anytime/main-beams.js";
import type { Instance } from "../../instance.js";
import { hopeless, searchInstance, type DepthStats, type SearchResult } from "../exact/engine.js";
import type { ProgressFigures } from "../../../../core/status-line.js";
import { PROGRESS_EVERY_MS } from "./progress-ticker.js";

/** What the run gives its in-thread search. */
export interface InThreadRun {
  instance: Instance;
  /** the most pushes searched */
  horizon: number;
  /** solutions wanted (0: all); the beams run only for 1 */
  models: number;
  /** --any: the beams' answer is the run's, without the exact search */
  any: boolean;
  tableMegabytes: number | undefined;
  /** the run's best solution and its interruptions (the beams' answers go to sink.better) */
  sink: BoundSink;
  /** a depth searched to its end without a solution: `to` pushes are necessary */
  raise: (to: number) => void;
  /**
   * models 1 with a progress line: `report` gets `figures()` at each depth's end and,
   * between, every PROGRESS_EVERY_MS of the search's polls (a timer cannot fire while the
   * search holds the thread); `live` gets the states of the search so far
   */
  progress?: { report: (figures: ProgressFigures) => void; figures: () => ProgressFigures; live: (states: number) => void };
}

/** What it did: the exact search's result (undefined when --any was answered by the beams) and the beams' states. */
export interface InThreadResult {
  search: SearchResult | undefined;
  beamStates: number;
}

/** Runs the beams (models 1) and the exact search to its end or a stop, in this thread. */
export function searchInThread(run: InThreadRun): InThreadResult {
  const { instance, sink, progress } = run;
  const single = run.models === 1;
  const beamStates = single && !hopeless(instance) ? runToEnd(exactBeamSteps(instance, run.horizon, sink)) : 0;
  if (run.any && sink.best() !== undefined) return { search: undefined, beamStates };
  const known = single ? sink.best() : undefined;
  let due = performance.now() + PROGRESS_EVERY_MS;
  const tell = (): void => {
    due = performance.now() + PROGRESS_EVERY_MS;
    progress?.report(progress.figures());
  };
  const search = searchInstance(instance, {
    maxSteps: run.horizon,
    models: run.models,
    tableMegabytes: run.tableMegabytes,
    known,
    shouldStop: sink.stopped,
    ...(progress
      ? {
          onNodes: (n: number) => {
            progress.live(n);
            if (performance.now() >= due) tell();
          },
          onDepth: (d: DepthStats) => {
            if (d.complete && d.solutions === 0) run.raise(d.depth + 1);
            tell();
          },
        }
      : {}),
  });
  return { search, beamStates };
}
