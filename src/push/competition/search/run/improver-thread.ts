/**
 * The improver thread of a proof (src/push/competition/search/anytime/improver.ts),
 * started after a delay beside the exact search when the beams' answer is not yet proven
 * shortest: it shares the cores with the search, so the runs that end soon do not pay for
 * it. With one push between the bounds, only the beams held below the best are run: an
 * answer one push shorter proves the lower bound at once.
 */
import type { Worker as WorkerThread } from "node:worker_threads";
import type { Push } from "../../board.js";
import { threadOptions } from "../../../../core/address-space.js";
import type { InstanceData } from "../../instance.js";
import type { ImproverInput, ImproverMessage } from "../anytime/improver.js";
import { IMPROVER_BEAMS, IMPROVER_DELAY_MS, IMPROVER_TIGHT } from "../anytime/upper-bound.js";

/** What the improver reads of the run when its delay is over. */
export interface ImproverRun {
  /** pushes of the best answer known, if any */
  best(): number | undefined;
  /** pushes proven necessary */
  lower(): number;
  /** the run has its answer: the improver is not started, or its messages are ignored */
  settled(): boolean;
  /** a shorter answer the improver found */
  better(pushes: Push[]): void;
}

/**
 * Starts the improver after IMPROVER_DELAY_MS, unless the run is settled by then or the
 * best answer is proven shortest.
 * @param Worker node:worker_threads' Worker (loaded by the caller)
 * @param data the instance as the workers take it; @param horizon max_steps or its override
 * @param stop the run's stop flag (the improver ends when it is set)
 * @returns `stop()`: cancels the delay, or ends the thread
 */
export function improverLater(Worker: typeof WorkerThread, data: InstanceData & { file: string }, horizon: number, stop: SharedArrayBuffer, run: ImproverRun): { stop(): void } {
  let improver: WorkerThread | undefined;
  const later = setTimeout(() => {
    const best = run.best();
    if (run.settled() || best === undefined || best <= run.lower()) return;
    const beams = best > run.lower() + 1 ? IMPROVER_BEAMS : [];
    const { resourceLimits, execArgv } = threadOptions();
    improver = new Worker(new URL("../anytime/improver.js", import.meta.url), {
      workerData: { instance: data, maxSteps: horizon, beams, tight: IMPROVER_TIGHT, best, stop } satisfies ImproverInput,
      resourceLimits,
      execArgv,
    });
    improver.on("message", (m: ImproverMessage) => {
      if (!run.settled() && m.kind === "better") run.better(m.pushes);
    });
    // a failing improver costs only the improvement
    improver.on("error", () => undefined);
  }, IMPROVER_DELAY_MS);
  return {
    stop: () => {
      clearTimeout(later);
      if (improver) void improver.terminate();
    },
  };
}
