/**
 * Worker-thread entry that improves the upper bound while the exact search runs
 * (src/push/competition/search/run.ts): beams of growing width on the instance seen through the board's
 * symmetries (src/push/competition/search/symmetry.ts), each solution shortened (src/push/competition/search/improve.ts); every solution shorter than the ones before is
 * posted as found. It ends after the widest beam, or when the stop flag is set.
 */
import { parentPort, workerData } from "node:worker_threads";
import type { Push } from "../board.js";
import { instanceFromData, type InstanceData } from "../instance.js";
import { shorten } from "./improve.js";
import { mirroredBeam, type BeamRun } from "./symmetry.js";

/** What the improver is started with. */
export interface ImproverInput {
  instance: InstanceData & { file: string };
  /** horizon (max_steps or its override) */
  maxSteps: number;
  /** beam runs (width, symmetry), in order */
  beams: BeamRun[];
  /** pushes of the best solution known already: only shorter ones are posted */
  best: number;
  /** Int32Array view: element 0 non-zero when the run is over */
  stop: SharedArrayBuffer;
}

/** What the improver posts. */
export type ImproverMessage = { kind: "better"; pushes: Push[] } | { kind: "done" };

const port = parentPort;
if (port) {
  const input = workerData as ImproverInput;
  const stop = new Int32Array(input.stop);
  const shouldStop = (): boolean => Atomics.load(stop, 0) !== 0;
  const instance = instanceFromData(input.instance, input.instance.file);
  let best = input.best;
  for (const run of input.beams) {
    if (shouldStop()) break;
    const beam = mirroredBeam(instance, run, { maxSteps: input.maxSteps, shouldStop });
    if (beam.solution === undefined || beam.solution.length === 0) continue;
    const pushes = shorten(instance, beam.solution, { shouldStop });
    if (pushes.length < best) {
      best = pushes.length;
      port.postMessage({ kind: "better", pushes } satisfies ImproverMessage);
    }
  }
  port.postMessage({ kind: "done" } satisfies ImproverMessage);
}
