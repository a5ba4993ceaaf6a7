/**
 * Runs a batch of instances in parallel worker threads (one search worker per instance,
 * at most `jobs` at once, scheduled with p-limit), verifies every answer with the
 * checker, and streams one result per instance, optionally to a JSON-lines file.
 */
import { appendFileSync, existsSync, readFileSync } from "node:fs";
import pLimit from "p-limit";
import { InputError } from "../core/errors.js";
import { parseFacts } from "../core/facts.js";
import { VERSION } from "../core/version.js";
import type { BatchRow } from "../core/plugin.js";
import { factsRuleSet } from "../registry.js";
import type { BatchItem } from "./sources.js";

/**
 * One line of the results file (src/core/plugin.ts BatchRow). Its `seconds` is what a user
 * waits for the instance: the wall time from reading its file (or zip entry) to its
 * verified answer (on the queue: reading on the submitter, then parsing, search and check
 * on the worker; the time a job waits for a worker is not counted). `searchSeconds` is the
 * search's own time, as the rule set's runner measured it.
 */
export type BatchResult = BatchRow & { searchSeconds?: number };

export interface BatchOptions {
  /** instances at once (worker threads) */
  jobs: number;
  timeLimit?: number;
  tableMegabytes?: number;
  maxSteps?: number;
  /** any solution, not necessarily the shortest */
  any?: boolean;
  /** search threads per instance (default 1; labsolve alone uses every core) */
  threads?: number;
  /** JSON-lines results file, appended to line by line */
  out?: string;
  /** skip instances already in `out` */
  resume?: boolean;
  /** aborting stops running searches; their instances are not recorded */
  signal?: AbortSignal;
  /** called as each instance finishes */
  onResult?: (result: BatchResult) => void;
  /** a line for the user (a resumed file that records no options) */
  onNote?: (line: string) => void;
}

/** Names of the instances already in a results file's text (lines that do not parse are ignored). */
export function finishedInstances(text: string): Set<string> {
  const done = new Set<string>();
  for (const line of text.split("\n")) {
    try {
      const r = JSON.parse(line) as Partial<BatchResult>;
      if (typeof r.instance === "string") done.add(r.instance);
    } catch {
      // a line cut short by a crash: the instance runs again
    }
  }
  return done;
}

/**
 * Every row of a results file (--out), one per instance, the last one where an instance
 * has several, in the order of the file; lines cut short by a crash are left out.
 */
export function resultsInFile(text: string): BatchResult[] {
  const rows = new Map<string, BatchResult>();
  for (const line of text.split("\n")) {
    try {
      const r = JSON.parse(line) as Partial<BatchResult>;
      if (typeof r.instance === "string") {
        rows.delete(r.instance);
        // a row written by hand (or by an older version) may lack fields: their defaults
        rows.set(r.instance, { N: null, max_steps: null, status: "unknown", pushes: null, optimal: null, lowerBound: null, witness: null, verified: null, ...r, instance: r.instance, seconds: typeof r.seconds === "number" ? r.seconds : 0, nodes: typeof r.nodes === "number" ? r.nodes : 0 });
      }
    } catch {
      // a line cut short by a crash
    }
  }
  return [...rows.values()];
}

/**
 * Runs the items. Refused zip entries and bad instances become error rows; the batch
 * goes on.
 * @returns the results of this run, in the order they finished (resumed ones excluded)
 * @throws Error when `out` exists and `resume` is not set (the file is never overwritten)
 */
export async function runBatch(items: readonly BatchItem[], options: BatchOptions): Promise<BatchResult[]> {
  const { skip, results, record } = openResults(options);
  const limit = pLimit(Math.max(1, options.jobs));
  await Promise.all(
    items
      .filter((item) => item.kind !== "skipped" && !skip.has(item.name))
      .map((item) =>
        limit(async () => {
          if (options.signal?.aborted) return;
          const r = await runOne(item, options);
          if (r) record(r);
        }),
      ),
  );
  return results;
}

/**
 * What a results file's rows were made with: labyrinth's version and the options that
 * change a row (not --jobs, --include or --queue, which change which rows or where they
 * run). Written as the file's first line, `{"batch":{...}}`; --resume refuses to add rows
 * made otherwise.
 */
export interface BatchSettings {
  version: string;
  any: boolean;
  timeLimit: number | null;
  maxSteps: number | null;
  /** --memory, MiB */
  memory: number | null;
  /** --threads, search threads per instance */
  threads: number;
}

/** The settings of a run with these options. */
export function batchSettings(options: Pick<BatchOptions, "any" | "timeLimit" | "maxSteps" | "tableMegabytes" | "threads">): BatchSettings {
  return { version: VERSION, any: options.any === true, timeLimit: options.timeLimit ?? null, maxSteps: options.maxSteps ?? null, memory: options.tableMegabytes ?? null, threads: options.threads ?? 1 };
}

/** A setting a file's options line lacks (written before it was recorded): its default then. */
const defaultSetting = (key: keyof BatchSettings): BatchSettings[keyof BatchSettings] => (key === "threads" ? 1 : null);

/** How each setting is given on the command line, for messages. */
function describeSetting(key: keyof BatchSettings, value: BatchSettings[keyof BatchSettings]): string {
  switch (key) {
    case "version":
      return `labyrinth ${value}`;
    case "any":
      return value ? "--any" : "no --any (the shortest)";
    case "timeLimit":
      return value === null ? "no --time-limit" : `--time-limit ${value}`;
    case "maxSteps":
      return value === null ? "no --max-steps" : `--max-steps ${value}`;
    case "memory":
      return value === null ? "no --memory" : `--memory ${value}`;
    case "threads":
      return `--threads ${value}`;
  }
}

/**
 * Checks that a results file's rows were made as this run would make them.
 * @param text the file's text
 * @returns a note when the file records no settings (an older version's file), else undefined
 * @throws InputError at the settings line naming every setting that differs (exit 65)
 */
export function checkResumable(file: string, text: string, settings: BatchSettings): string | undefined {
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    let recorded: Partial<BatchSettings> | undefined;
    try {
      recorded = (JSON.parse(lines[i]) as { batch?: Partial<BatchSettings> }).batch;
    } catch {
      continue;
    }
    if (recorded === undefined || recorded === null || typeof recorded !== "object") continue;
    const differ = (Object.keys(settings) as (keyof BatchSettings)[]).filter((k) => (recorded[k] ?? defaultSetting(k)) !== settings[k]);
    if (differ.length === 0) return undefined;
    const what = differ.map((k) => `${describeSetting(k, recorded[k] ?? defaultSetting(k))} there, ${describeSetting(k, settings[k])} here`).join("; ");
    throw new InputError(file, { line: i + 1, column: 1 }, `--resume: the rows of this file were made otherwise (${what}): run with the file's options, or choose another --out file`);
  }
  return text.trim() === "" ? undefined : `note: ${file} records no options (an older version's file): its rows are kept as they are, whatever options made them`;
}

/** A batch's results file, opened: the instances to skip, this run's results and how to record one. */
export interface OpenResults {
  skip: Set<string>;
  results: BatchResult[];
  /** appends a row to `out` (one line), keeps it in `results`, calls onResult */
  record(r: BatchResult): void;
}

/**
 * Opens `options.out` for a run: refuses an existing file without `resume`; with it, the
 * instances already there are skipped, and a line cut short by a crash is closed.
 * @throws InputError when `out` exists and `resume` is not set (the file is never overwritten),
 *   or when `resume` continues a file whose rows were made with other options or another version
 */
export function openResults(options: Pick<BatchOptions, "out" | "resume" | "onResult" | "onNote" | "any" | "timeLimit" | "maxSteps" | "tableMegabytes" | "threads">): OpenResults {
  if (options.out && existsSync(options.out) && !options.resume) {
    throw new InputError(options.out, undefined, "the results file exists: use --resume to continue it, or choose another file");
  }
  const previous = options.out && options.resume && existsSync(options.out) ? readFileSync(options.out, "utf8") : "";
  const settings = batchSettings(options);
  if (options.out && previous.trim() !== "") {
    const note = checkResumable(options.out, previous, settings);
    if (note) options.onNote?.(note);
  }
  const skip = finishedInstances(previous);
  // a line cut short by a crash stays on a line of its own
  if (options.out && previous.length > 0 && !previous.endsWith("\n")) appendFileSync(options.out, "\n");
  // a new file starts with what its rows are made with
  if (options.out && previous.trim() === "") appendFileSync(options.out, `${JSON.stringify({ batch: settings })}\n`);
  const results: BatchResult[] = [];
  const record = (r: BatchResult): void => {
    if (options.out) appendFileSync(options.out, `${JSON.stringify(r)}\n`);
    results.push(r);
    options.onResult?.(r);
  };
  return { skip, results, record };
}

/** A row for an instance that was not searched (bad input, a failed worker). */
export function errorRow(instance: string, error: string, errorKind: BatchResult["errorKind"]): BatchResult {
  return { instance, N: null, max_steps: null, status: "error", pushes: null, optimal: null, lowerBound: null, witness: null, seconds: 0, nodes: 0, verified: null, error, errorKind };
}

/**
 * One item: its rule set from the registry (by its facts), that rule set's batch runner.
 * @returns the row, or undefined when `options.signal` aborted the search
 */
export async function runOne(item: BatchItem, options: Omit<BatchOptions, "jobs">): Promise<BatchResult | undefined> {
  if (item.kind !== "instance") return errorRow(item.name, item.reason, "input");
  const started = performance.now();
  const row = await searchOne(item, options);
  if (!row) return undefined;
  // what the user waited for: reading, parsing, the search and the check
  const wall = (item.readSeconds ?? 0) + (performance.now() - started) / 1000;
  return { ...row, seconds: Number(wall.toFixed(3)), searchSeconds: row.seconds };
}

/** One instance item, parsed and handed to its rule set's batch runner. */
async function searchOne(item: Extract<BatchItem, { kind: "instance" }>, options: Omit<BatchOptions, "jobs">): Promise<BatchResult | undefined> {
  let atoms;
  try {
    atoms = parseFacts(item.text, item.name);
  } catch (e) {
    if (e instanceof InputError) return errorRow(item.name, e.message, "input");
    throw e;
  }
  const ruleSet = factsRuleSet(atoms);
  if (!ruleSet.batch) return errorRow(item.name, `${item.name}: batch does not run instances of the rule set ${ruleSet.name} (${ruleSet.summary}); run labsolve on it`, "input");
  const runner = await ruleSet.batch();
  return runner.run(item.text, item.name, options);
}

/**
 * The batch's exit code: 65 any bad input, 70 an answer rejected by the checker, 1
 * time-outs (no answer, or an answer whose search was cut short: labsolve exits 11 on
 * it) or failed workers, else 0.
 */
export function batchExitCode(results: readonly BatchResult[]): number {
  if (results.some((r) => r.errorKind === "input")) return 65;
  if (results.some((r) => r.errorKind === "verification")) return 70;
  if (results.some((r) => r.status === "unknown" || r.interrupted !== undefined || r.errorKind === "worker")) return 1;
  return 0;
}
