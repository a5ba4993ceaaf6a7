/**
 * labbench's jobs on the queue (`labbench run --queue URL`, run by `labsolve worker`): what
 * a job carries and what it returns. A job names a solver and carries the instance's bytes,
 * never a command line: the worker runs only the solvers of its own configuration
 * (`labsolve worker --allow-solver NAME=COMMAND`, `--allow-config FILE`). The instance
 * travels as its text so that a worker needs no shared file system; the worker writes it to
 * a scratch folder of the job under the file name labbench gives it (its extension kept).
 */
import type { JobsOptions } from "bullmq";
import type { TreeRun } from "./process-tree.js";

/** The BullMQ queue of bench rows (the batch's and the proof's jobs are on `labyrinth-batch`). Keys in Redis: `bull:labyrinth-bench:*`. */
export const BENCH_QUEUE = "labyrinth-bench";

/** The job name of a bench row. */
export const BENCH_JOB = "bench-row";

/** One row to run on a worker. */
export interface BenchJobData {
  /** the solver's name: the worker looks it up in its own configuration */
  solver: string;
  /** the instance's name in the rows (for messages) */
  instance: string;
  /** the instance's text (UTF-8) */
  text: string;
  /** a file name for it on the worker (src/bench/run.ts fileName: safe, unique, extension kept) */
  file: string;
  /** seconds, MB, seconds, bytes, ms (undefined: none or the default), as src/bench/process-tree.ts RunLimits */
  limits: { timeSeconds?: number; memoryMB?: number; graceSeconds?: number; outputBytes?: number; pollMs?: number };
}

/** What the worker measured (src/bench/process-tree.ts TreeRun less `stopped`) and the solver's output, base64 (its bytes, as printed, up to the cap). */
export type BenchJobResult = Omit<TreeRun, "stopped"> & {
  /** standard output and standard error, base64 */
  stdout: string;
  stderr: string;
  /** the worker that ran it */
  worker: string;
};

/**
 * A bench job's options: one attempt and no retry of a row that ran (a run is a measurement:
 * a solver's crash is its row's result); a job whose worker died is taken again by another
 * (BullMQ's stalled-job check, up to the worker's --max-stalled-count). The submitter reads
 * each result once and removes the job (outputs are not kept in Redis); what is left behind
 * by a stopped submitter expires in a day.
 */
export const BENCH_JOB_OPTIONS: JobsOptions = {
  attempts: 1,
  removeOnComplete: { age: 24 * 3600 },
  removeOnFail: { age: 24 * 3600 },
};
