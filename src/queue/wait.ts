/**
 * Waiting for jobs by id: their states looked at every `pollMs`, in pipelined rounds; a
 * job that Redis no longer has (lost in an outage) is handed back to be added again.
 */
import { Job, type Queue } from "bullmq";

/** How a finished job ended. */
export type Finished<R> = { id: string; completed: true; value: R } | { id: string; completed: false; attempts: number; reason: string };

/**
 * Resolves when every id has finished (each reported once through `onFinished`), when
 * `onFinished` returns "stop", or when `signal` aborts.
 * @param ids the jobs to wait for; a Set is kept as the set of pending ids, so that ids
 *   `onFinished` adds to it (jobs it queued meanwhile) are waited for too
 * @param readd called with the ids of jobs Redis does not have, to add them again
 */
export async function waitForJobs<D, R>(
  queue: Queue<D, R>,
  ids: Iterable<string>,
  onFinished: (f: Finished<R>) => void | "stop" | Promise<void | "stop">,
  readd: (ids: string[]) => Promise<void>,
  options: { pollMs?: number; signal?: AbortSignal; chunk?: number } = {},
): Promise<void> {
  const pending = ids instanceof Set ? (ids as Set<string>) : new Set(ids);
  const chunkSize = options.chunk ?? 500;
  while (pending.size > 0 && !options.signal?.aborted) {
    const all = [...pending];
    let finished = 0;
    for (let i = 0; i < all.length && !options.signal?.aborted; i += chunkSize) {
      const chunk = all.slice(i, i + chunkSize);
      const states = await Promise.all(chunk.map((id) => queue.getJobState(id)));
      const lost: string[] = [];
      for (let k = 0; k < chunk.length; k++) {
        const id = chunk[k];
        if (states[k] === "unknown") lost.push(id);
        if (states[k] !== "completed" && states[k] !== "failed") continue;
        const job = await Job.fromId<D, R>(queue, id);
        if (!job) {
          lost.push(id);
          continue;
        }
        if (!pending.delete(id)) continue;
        finished++;
        const next = await onFinished(states[k] === "completed" ? { id, completed: true, value: job.returnvalue } : { id, completed: false, attempts: job.attemptsMade, reason: job.failedReason ?? "no reason given" });
        if (next === "stop") return;
      }
      if (lost.length > 0) await readd(lost);
    }
    if (finished === 0 && pending.size > 0) await sleep(options.pollMs ?? 500, options.signal);
  }
}

/** Waits `ms`, or less when the signal aborts. */
export function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const t = setTimeout(done, ms);
    function done(): void {
      clearTimeout(t);
      signal?.removeEventListener("abort", done);
      resolve();
    }
    signal?.addEventListener("abort", done, { once: true });
  });
}

/**
 * Jobs of these ids that failed all their attempts in an earlier run get their attempts
 * again (BullMQ keeps a failed job under its id, and adding the id again does nothing):
 * a resubmission retries what failed, and keeps what completed.
 * @returns how many were retried
 */
export async function retryFailed<D, R>(queue: Queue<D, R>, ids: readonly string[], chunk = 500): Promise<number> {
  let retried = 0;
  for (let i = 0; i < ids.length; i += chunk) {
    const part = ids.slice(i, i + chunk);
    const states = await Promise.all(part.map((id) => queue.getJobState(id)));
    for (let k = 0; k < part.length; k++) {
      if (states[k] !== "failed") continue;
      const job = await Job.fromId<D, R>(queue, part[k]);
      if (job) {
        await job.retry("failed", { resetAttemptsMade: true, resetAttemptsStarted: true });
        retried++;
      }
    }
  }
  return retried;
}

/**
 * The jobs of these ids that already ended in Redis (an earlier run's results, kept for a
 * week: src/queue/settings.ts JOB_OPTIONS), and with `remove` set, those removed, so that
 * adding the ids again runs them again (--fresh).
 * @returns how many had ended
 */
export async function endedJobs<D, R>(queue: Queue<D, R>, ids: readonly string[], remove: boolean, chunk = 500): Promise<number> {
  let ended = 0;
  for (let i = 0; i < ids.length; i += chunk) {
    const part = ids.slice(i, i + chunk);
    const states = await Promise.all(part.map((id) => queue.getJobState(id)));
    for (let k = 0; k < part.length; k++) {
      if (states[k] !== "completed" && states[k] !== "failed") continue;
      ended++;
      if (remove) await queue.remove(part[k]);
    }
  }
  return ended;
}
