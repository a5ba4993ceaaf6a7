/**
 * The queue's settings: where jobs wait (BullMQ on Redis), how a lost worker is noticed,
 * how often a job is tried. The submitter and every worker must agree on the queue's name;
 * the lock and stall settings are the worker's, the attempts and back-off the job's.
 */
import type { ConnectionOptions, JobsOptions, WorkerOptions } from "bullmq";

/** The BullMQ queue of instance jobs (`labsolve batch --queue`). Keys in Redis: `bull:labyrinth-batch:*`. */
export const BATCH_QUEUE = "labyrinth-batch";

/** How a worker holds its jobs (BullMQ worker options), in milliseconds. */
export interface LockSettings {
  /**
   * A running job's lock lives this long unless renewed; the worker renews it every half
   * (BullMQ's lockRenewTime). A worker that dies (or loses Redis) stops renewing, and
   * the job is moved back to waiting by another worker's stall check after at most
   * lockDuration + stalledInterval. The search runs in a sandboxed child process, so the
   * worker's own event loop is free to renew the lock however long the search takes:
   * 30 s only bounds how late a dead worker's job starts again.
   */
  lockDuration: number;
  /** How often a worker looks for jobs whose lock expired (stalled jobs). */
  stalledInterval: number;
  /**
   * How many times a job may stall (its worker died) before it fails for good. Results are
   * pure functions of the job, so running a job again is harmless; 3 stalls mean the job
   * itself likely kills its worker (memory), and the instance becomes an error row.
   */
  maxStalledCount: number;
}

/** BullMQ's defaults for the lock, and 3 stalls (BullMQ's default is 1). */
export const DEFAULT_LOCKS: LockSettings = { lockDuration: 30_000, stalledInterval: 30_000, maxStalledCount: 3 };

/**
 * A job's options. attempts 3: a job that throws (a worker's child process that crashed,
 * a connection cut mid-job) runs again, with exponential back-off from 5 s so that a
 * Redis restart or a full machine has time to pass. A search that ends (solved, none, time
 * limit) never throws: its row is the result. Finished jobs are kept (the submitter reads
 * the result, and a resubmission with the same job id finds it instead of running again)
 * for 7 days, at most 100 000 of them.
 */
export const JOB_OPTIONS: JobsOptions = {
  attempts: 3,
  backoff: { type: "exponential", delay: 5_000 },
  removeOnComplete: { age: 7 * 24 * 3600, count: 100_000 },
  removeOnFail: { age: 7 * 24 * 3600, count: 100_000 },
};

/**
 * The BullMQ worker options every labyrinth worker uses (the batch's and labbench's):
 * its Redis connection, its name as `labsolve worker` shows it, how many jobs it runs at
 * once (at least 1), the lock and stall settings, and no automatic start (the caller
 * starts it with `worker.run()` once its handlers are on).
 */
export function workerSettings(connection: ConnectionOptions, name: string, concurrency: number, locks: LockSettings): WorkerOptions {
  return {
    connection,
    name,
    concurrency: Math.max(1, concurrency),
    lockDuration: locks.lockDuration,
    stalledInterval: locks.stalledInterval,
    maxStalledCount: locks.maxStalledCount,
    autorun: false,
  };
}
