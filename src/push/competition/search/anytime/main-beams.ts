/**
 * The beams before the exact search (models 1): narrow beams on the instance and a mirror
 * image of it, each answer shortened, whose best answer the exact search gets as its known
 * solution (src/push/competition/search/exact/pruning/known-bound.ts). The exact search then proves only the
 * depths below that answer instead of searching the answer's own depth, the costliest one,
 * until it finds a solution there: on 0151 in one thread, 3.6 s with the beams' answer
 * against 75.6 s without (2026-12-02). As steps (yielding.ts), so that the run with worker
 * threads lets its event loop in (upper-bound.ts's exactBeams) and the run without them
 * (run/in-thread.ts, a browser's Web Worker) runs them to their end. Nothing here needs
 * Node: it loads in a browser.
 */
import type { Push } from "../../board.js";
import type { Instance } from "../../instance.js";
import { shortenSteps } from "./improve.js";
import { mirroredBeamSteps, type BeamRun } from "./symmetry.js";
import type { Yielding } from "./yielding.js";

/** What the phases ask of the run. */
export interface BoundSink {
  /** a solution found (kept when it has fewer pushes than the best) */
  better: (pushes: Push[]) => void;
  /** the best solution so far */
  best: () => Push[] | undefined;
  /** true once the run is interrupted */
  stopped: () => boolean;
  /**
   * true once the run has been interrupted for a while (FIRST_BEAM_GRACE_MS in run.ts):
   * the first beam, which otherwise runs to its end so that an interrupted run still
   * answers, stops then (on large boards it takes minutes)
   */
  mustStop: () => boolean;
}

/** Milliseconds of shortening the upper bound before the exact search starts (models 1). */
const SHORTEN_BUDGET_MS = 60;
/** Beams on the main thread before the exact search (models 1). */
const EXACT_MAIN_BEAMS: BeamRun[] = [
  { width: 64, symmetry: 2 },
  { width: 64, symmetry: 0 },
  { width: 256, symmetry: 0 },
];
/**
 * Boards wider than 32 fields (WideBoard): narrow beams first, since a child costs some
 * 50 us on 100x100 and a beam of width 64 takes minutes there (measured: width 2 answers
 * labgen 100 100 --seed 2 in 3.5 s with 95 pushes, labgen 128 128 --seed 1 in 2.9 s).
 */
export const WIDE_FIRST_BEAMS: BeamRun[] = [
  { width: 2, symmetry: 0 },
  { width: 4, symmetry: 0 },
];

/** The main thread's beams before the exact search: `base`, after WIDE_FIRST_BEAMS on boards wider than 32 fields. */
function mainBeams(instance: Instance, base: BeamRun[]): BeamRun[] {
  return instance.size > 32 ? [...WIDE_FIRST_BEAMS, ...base] : base;
}

/**
 * Models 1: the narrow beams before the exact search, on the instance and a mirror image
 * of it, each answer shortened for SHORTEN_BUDGET_MS; a wider beam only when they found
 * nothing. The first runs to its end whatever the time limit (a fraction of a second;
 * sink.mustStop past a grace period on large boards), so that a run interrupted early
 * still answers. Returns the states the beams generated.
 */
export function* exactBeamSteps(instance: Instance, horizon: number, sink: BoundSink): Yielding<number> {
  const { better, stopped } = sink;
  let nodes = 0;
  const runs = mainBeams(instance, EXACT_MAIN_BEAMS);
  for (const run of runs) {
    if (sink.best() !== undefined && run.width > runs[0].width) break;
    const beam = yield* mirroredBeamSteps(instance, run, { maxSteps: horizon, shouldStop: run === runs[0] ? sink.mustStop : stopped });
    nodes += beam.nodes;
    if (beam.solution !== undefined && beam.solution.length > 0) {
      better(beam.solution);
      better(yield* shortenSteps(instance, beam.solution, { shouldStop: budgetOf(SHORTEN_BUDGET_MS, stopped) }));
    }
    if (stopped()) break;
  }
  return nodes;
}

/** A stop test: true after `ms` milliseconds from now, or once the run is interrupted. */
export function budgetOf(ms: number, stopped: () => boolean): () => boolean {
  const until = performance.now() + ms;
  return () => performance.now() > until || stopped();
}
