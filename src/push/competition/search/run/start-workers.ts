/**
 * Starts the exact search's worker threads (worker.ts), one per input: the run's phase 3
 * (run.ts) listens to them once the beams are done; what fails before is kept for it.
 */
import type { Worker as WorkerThread } from "node:worker_threads";
import { threadOptions } from "../../../../core/address-space.js";
import type { WorkerInput } from "./protocol.js";

/**
 * @param Worker node:worker_threads' Worker (loaded by the caller)
 * @param early called with an error, or the exit of a worker, that happens before the run listens
 * @returns the workers, in the order of `inputs`
 */
export function startWorkers(Worker: typeof WorkerThread, inputs: readonly WorkerInput[], early: (e: Error) => void): WorkerThread[] {
  return inputs.map((input) => {
    const { resourceLimits, execArgv } = threadOptions();
    const worker = new Worker(new URL("./worker.js", import.meta.url), { workerData: input, resourceLimits, execArgv });
    worker.once("error", early);
    worker.once("exit", (code) => early(new Error(`search worker exited with code ${code}`)));
    return worker;
  });
}
