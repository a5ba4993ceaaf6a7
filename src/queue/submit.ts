/**
 * `labsolve batch --queue URL`: the submitter. One BullMQ job per instance (ids from
 * src/queue/jobs.ts, so a resubmission never duplicates a job), results collected into
 * the batch's JSON-lines file as they finish, each solved row checked again here by the
 * rule set's checker (labcheck's referee). A job that failed all its attempts becomes an
 * error row. A job that Redis lost (an outage without its last writes) is put on again.
 */
import { InputError } from "../core/errors.js";
import { errorRow, openResults, routeInstance, type BatchOptions, type BatchResult } from "../batch/run.js";
import type { BatchItem } from "../batch/sources.js";
import { failedJobRow, instanceJob, instanceJobId, type InstanceJobData } from "./jobs.js";
import { openQueue, untilDoneOrAborted } from "./connect.js";
import { watchForWorkers } from "./idle.js";
import { JOB_OPTIONS } from "./settings.js";
import type { RedisAddress } from "./url.js";
import { endedJobs, retryFailed, waitForJobs } from "./wait.js";

export interface QueuedBatchOptions extends Omit<BatchOptions, "jobs"> {
  address: RedisAddress;
  /** how often the submitter looks at the unfinished jobs, ms (default 500) */
  pollMs?: number;
  /** a line for the user (Redis out of reach, back again; no worker connected) */
  onNote?: (line: string) => void;
  /** run every instance again: results an earlier run left in Redis are removed first */
  fresh?: boolean;
  /** how long to wait for a worker before saying none is connected, ms (default src/queue/idle.ts NO_WORKER_NOTE_MS) */
  noWorkerNoteMs?: number;
}

/** Jobs added or looked at per Redis round (a pipeline each). */
const CHUNK = 500;

/**
 * A row with an answer checked again by the instance's rule set's checker (routed through
 * the registry as the worker routed it; the rule set's batch part's `verify`): a row the
 * worker says is verified must be accepted here too, or it becomes a verification error
 * row, exactly as a rejected answer in the in-process batch.
 */
async function verifyHere(row: BatchResult, data: InstanceJobData): Promise<BatchResult> {
  if (row.witness === null || row.errorKind !== undefined) return row;
  const routed = await routeInstance(data.text, data.name, data.options);
  let problem: string | undefined;
  if ("row" in routed) problem = `the instance is not read here as on the worker (${routed.row.error})`;
  else {
    try {
      const verdict = await routed.runner.verify(data.text, data.name, row.witness, routed.options);
      if (!verdict.valid) problem = verdict.violation ? `step ${verdict.violation.step}: ${verdict.violation.message}` : "invalid";
      else if (row.verified !== true) problem = "the worker did not verify it";
    } catch (e) {
      if (!(e instanceof InputError)) throw e;
      problem = e.message;
    }
  }
  if (problem === undefined) return row;
  return { ...row, verified: false, errorKind: "verification", error: `ANSWER REJECTED BY THE CHECKER ON THE SUBMITTER: ${problem}` };
}

/**
 * Puts the items on the queue and waits for all their results.
 * @returns this run's rows in the order they finished (resumed ones excluded); refused
 *   entries and bad instances are error rows, as in the in-process batch
 * @throws InputError when `out` exists and `resume` is not set
 */
export async function runQueuedBatch(items: readonly BatchItem[], options: QueuedBatchOptions): Promise<BatchResult[]> {
  const { skip, results, record } = openResults(options);
  const todo = items.filter((item) => item.kind !== "skipped" && !skip.has(item.name));
  const pending = new Map<string, InstanceJobData>();
  /** reading each instance here: part of its row's seconds (the worker counts the rest) */
  const readSeconds = new Map<string, number>();
  for (const item of todo) {
    if (item.kind === "instance") {
      const data = { ...instanceJob(item.name, item.text, { timeLimit: options.timeLimit, tableMegabytes: options.tableMegabytes, maxSteps: options.maxSteps, any: options.any, threads: options.threads }), ...(item.file !== undefined ? { file: item.file } : {}) };
      const id = instanceJobId(data);
      pending.set(id, data);
      readSeconds.set(id, item.readSeconds ?? 0);
    } else if (item.kind === "refused") {
      record(errorRow(item.name, item.reason, "input"));
    }
  }
  if (pending.size === 0) return results;
  const open = openQueue<InstanceJobData, BatchResult>(options.address, options.onNote);
  const { queue } = open;
  const add = async (ids: readonly string[]): Promise<void> => {
    for (let i = 0; i < ids.length; i += CHUNK) {
      await queue.addBulk(ids.slice(i, i + CHUNK).map((id) => ({ name: "instance", data: pending.get(id)!, opts: { ...JOB_OPTIONS, jobId: id } })));
    }
  };
  const collect = async (): Promise<void> => {
    const ended = await endedJobs(queue, [...pending.keys()], options.fresh === true);
    if (ended > 0) {
      options.onNote?.(
        options.fresh
          ? `--fresh: ${ended} result(s) of an earlier run removed from the queue; those instances run again`
          : `${ended} instance(s) already run on the queue with this version and these options: their kept results are used (--fresh runs them again)`,
      );
    }
    await add([...pending.keys()]);
    unwatch = options.onNote ? watchForWorkers(queue, options.address, options.onNote, options.noWorkerNoteMs) : () => undefined;
    const retried = await retryFailed(queue, [...pending.keys()]);
    if (retried > 0) options.onNote?.(`${retried} job(s) that failed in an earlier run get their attempts again`);
    await waitForJobs<InstanceJobData, BatchResult>(
      queue,
      [...pending.keys()],
      async (f) => {
        const data = pending.get(f.id)!;
        const row =
          f.completed && f.value && typeof f.value === "object" ? await verifyHere(f.value, data) : failedJobRow(data.name, f.completed ? 0 : f.attempts, f.completed ? "no result" : f.reason);
        // an interrupted submitter records nothing more: --resume collects it
        if (!options.signal?.aborted) record({ ...row, seconds: Number((row.seconds + (readSeconds.get(f.id) ?? 0)).toFixed(3)) });
      },
      add,
      { pollMs: options.pollMs ?? 500, signal: options.signal, chunk: CHUNK },
    );
  };
  // an interrupted submitter stops at once, even while Redis is away; the rows recorded
  // so far stay, --resume continues
  let unwatch = (): void => undefined;
  try {
    await untilDoneOrAborted(open, collect(), options.signal);
  } catch (e) {
    if (e instanceof InputError) throw e;
    throw new Error(`the queue at ${options.address.host}:${options.address.port}: ${e instanceof Error ? e.message : String(e)}`);
  } finally {
    unwatch();
  }
  return results;
}

