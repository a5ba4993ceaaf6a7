/**
 * The instance job: what the submitter puts on the queue and a worker's sandboxed
 * processor runs. A job's result is a pure function of its data (the instance's text and
 * the search options), so its id is a hash of that data: a resubmission finds the job
 * already there (BullMQ ignores a job whose id exists) and a job that ran twice is harmless.
 */
import { createHash } from "node:crypto";
import { ROW_SHAPE, errorRow, runOne, type BatchResult } from "../batch/run.js";
import { VERSION } from "../core/version.js";

/** The search options a job carries (src/core/plugin.ts BatchRunOptions, less the signal). */
export interface JobSearchOptions {
  timeLimit?: number;
  tableMegabytes?: number;
  maxSteps?: number;
  any?: boolean;
  /** search threads of the job's child process (default 1) */
  threads?: number;
}

/** One instance to solve: its name in the results (the row's `instance`), its text, the options. */
export interface InstanceJobData {
  name: string;
  text: string;
  options: JobSearchOptions;
  /** the file it was read from when the name is not the file's (`FILE#K`, maze K of a file of several): errors point at the file */
  file?: string;
}

/** The options in a fixed key order, without the absent ones (so that equal options hash equally). */
function canonicalOptions(o: JobSearchOptions): JobSearchOptions {
  const out: JobSearchOptions = {};
  if (o.any) out.any = true;
  if (o.maxSteps !== undefined) out.maxSteps = o.maxSteps;
  if (o.tableMegabytes !== undefined) out.tableMegabytes = o.tableMegabytes;
  if (o.timeLimit !== undefined) out.timeLimit = o.timeLimit;
  if (o.threads !== undefined && o.threads !== 1) out.threads = o.threads;
  return out;
}

/** The job's data, its options made canonical. */
export function instanceJob(name: string, text: string, options: JobSearchOptions): InstanceJobData {
  return { name, text, options: canonicalOptions(options) };
}

/**
 * The job's id: `i-` and 40 hex digits of SHA-256 over labyrinth's version, the rows' shape, the name, the
 * text and the canonical options. The same instance, under the same name, with the same
 * options, on the same version, always gets the same id (a result kept in Redis is found
 * again); another version runs it again. BullMQ ids must not be plain integers and must
 * not contain `:`.
 */
export function instanceJobId(data: InstanceJobData, version = VERSION): string {
  const h = createHash("sha256");
  // (the rows' shape too: a result kept in Redis by a build that wrote rows of another shape is not used)
  h.update(JSON.stringify([version, ROW_SHAPE, data.name, createHash("sha256").update(data.text).digest("hex"), canonicalOptions(data.options)]));
  return `i-${h.digest("hex").slice(0, 40)}`;
}

/**
 * Runs one instance job as the in-process batch runs an instance (src/batch/run.ts runOne:
 * the rule set from the registry, its batch runner, the answer checked by its checker).
 * @throws Error when the search was aborted (the job then runs again)
 */
export async function runInstanceJob(data: InstanceJobData, signal?: AbortSignal): Promise<BatchResult> {
  const row = await runOne({ kind: "instance", name: data.name, text: data.text, ...(data.file !== undefined ? { file: data.file } : {}) }, { ...data.options, signal });
  if (!row) throw new Error(`${data.name}: the search was stopped before it ended`);
  return row;
}

/** The row of an instance whose job failed all its attempts: an error row, the batch goes on. */
export function failedJobRow(name: string, attempts: number, reason: string): BatchResult {
  return errorRow(name, `the queue's job failed after ${attempts} attempt(s): ${reason}`, "worker");
}
