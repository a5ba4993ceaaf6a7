/**
 * Runs a batch of instances of every rule set in parallel (at most `jobs` at once,
 * scheduled with p-limit): each instance is routed by the registry as labsolve routes it
 * (a text rule set by its text, else a facts rule set by its facts), run by that rule
 * set's batch part (in worker threads: its own, or one the batch gives it) and its answer
 * verified by that rule set's checker; one row per instance is streamed, optionally to a
 * JSON-lines file.
 */
import { appendFileSync, existsSync, readFileSync } from "node:fs";
import { Worker } from "node:worker_threads";
import pLimit from "p-limit";
import { workerExecArgv } from "../core/address-space.js";
import { errorRow } from "../core/batch-row.js";
import { InputError } from "../core/errors.js";
import { parseFacts } from "../core/facts.js";
import { VERSION } from "../core/version.js";
import type { BatchRow, BatchRunner, BatchRunOptions } from "../core/plugin.js";
import { factsRuleSet, planRuleSet, refuseOptions, textRuleSet, type FactsRuleSet, type PlanRuleSet, type TextRuleSet } from "../registry.js";
import type { BatchItem } from "./sources.js";

export { errorRow } from "../core/batch-row.js";

/**
 * One line of the results file (src/core/plugin.ts BatchRow, schema/batch-row.schema.json).
 * Its `seconds` is what a user waits for the instance: the wall time from reading its file
 * (or zip entry) to its verified answer (on the queue: reading on the submitter, then
 * parsing, search and check on the worker; the time a job waits for a worker is not
 * counted). `statistics.seconds` is the search's own time, as the rule set measured it.
 */
export type BatchResult = BatchRow;

/** The shape of the rows this version writes (recorded in the results file's options line; --resume refuses another). */
export const ROW_SHAPE = "outcome";

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
        // a row written by hand may lack fields: their defaults
        rows.set(r.instance, { ...errorRow(r.instance, "", "input"), exitCode: 1, error: undefined, errorKind: undefined, ...r, instance: r.instance, seconds: typeof r.seconds === "number" ? r.seconds : 0 });
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
  /** the rows' shape (ROW_SHAPE): "outcome", the outcome document's fields; absent in files of the older shape (`status: "solved"`, `pushes`) */
  rows: string;
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
  return { version: VERSION, rows: ROW_SHAPE, any: options.any === true, timeLimit: options.timeLimit ?? null, maxSteps: options.maxSteps ?? null, memory: options.tableMegabytes ?? null, threads: options.threads ?? 1 };
}

/** A setting a file's options line lacks (written before it was recorded): its default then. */
const defaultSetting = (key: keyof BatchSettings): BatchSettings[keyof BatchSettings] => (key === "threads" ? 1 : key === "rows" ? "pushes" : null);

/** How each setting is given on the command line, for messages. */
function describeSetting(key: keyof BatchSettings, value: BatchSettings[keyof BatchSettings]): string {
  switch (key) {
    case "version":
      return `labyrinth ${value}`;
    case "rows":
      return value === ROW_SHAPE ? "rows with the outcome's fields" : `rows of the older shape (status "solved", pushes)`;
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
 * @returns undefined (the file may be continued)
 * @throws InputError at the settings line naming every setting that differs (the version,
 *   the rows' shape, an option: exit 65), or at line 1 when the file has rows but records
 *   no settings (an older version's file, rows of the older shape)
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
  if (text.trim() === "") return undefined;
  // rows without an options line: an older version's file, of the older rows' shape
  throw new InputError(file, { line: 1, column: 1 }, `--resume: this file records no options (an older version's file, rows of the older shape: status "solved", pushes): choose another --out file`);
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

/** Options that change an answer and that a rule set may not take: labsolve refuses them (65), so does a batch row. */
function givenOptions(options: BatchRunOptions): string[] {
  return [...(options.any ? ["any"] : []), ...(options.maxSteps !== undefined ? ["maxSteps"] : [])];
}

/** An instance routed to its rule set's batch part, with the options that rule set takes; or the error row why not. */
export type Routed = { ruleSet: FactsRuleSet | TextRuleSet | PlanRuleSet; runner: BatchRunner; options: BatchRunOptions } | { row: BatchResult };

/** The rule set of a text whose rule set says so from the text: a text rule set (labsolve's routing), else a planning rule set's PDDL; undefined for facts. */
function textOrPlanRuleSet(text: string, name: string): TextRuleSet | PlanRuleSet | undefined {
  const plan = planRuleSet();
  return textRuleSet(text, name) ?? (plan.recognisesText?.(text, name) ? plan : undefined);
}

/**
 * Routes an instance as labsolve routes it (src/cli/solve.ts): a text rule set when one
 * recognises the text, else a planning rule set's PDDL (labsolve plan's input), else the
 * facts rule set of its facts; then that rule set's batch part. An option the rule set does not take (--any, --max-steps) is refused as labsolve
 * refuses it; the resource options (--memory, --threads) go to those that take them.
 * @returns the rule set, its runner and its options, or an error row (bad facts, no batch part, a refused option)
 */
export async function routeInstance(text: string, name: string, options: BatchRunOptions): Promise<Routed> {
  let ruleSet: FactsRuleSet | TextRuleSet | PlanRuleSet | undefined = textOrPlanRuleSet(text, name);
  if (!ruleSet) {
    try {
      ruleSet = factsRuleSet(parseFacts(text, name));
    } catch (e) {
      if (e instanceof InputError) return { row: errorRow(name, e.message, "input") };
      throw e;
    }
  }
  if (!ruleSet.batch) return { row: errorRow(name, `${name}: batch does not run instances of the rule set ${ruleSet.name} (${ruleSet.summary}); run labsolve on it`, "input", ruleSet.name) };
  try {
    refuseOptions(ruleSet, "labsolve", givenOptions(options));
  } catch (e) {
    return { row: errorRow(name, `${name}: ${e instanceof Error ? e.message : String(e)}`, "input", ruleSet.name) };
  }
  const takes = ruleSet.takes.labsolve ?? [];
  const taken: BatchRunOptions = { timeLimit: options.timeLimit, signal: options.signal };
  if (takes.includes("any") && options.any) taken.any = true;
  if (takes.includes("maxSteps") && options.maxSteps !== undefined) taken.maxSteps = options.maxSteps;
  if (takes.includes("memory") && options.tableMegabytes !== undefined) taken.tableMegabytes = options.tableMegabytes;
  if (takes.includes("threads") && options.threads !== undefined) taken.threads = options.threads;
  return { ruleSet, runner: await ruleSet.batch(), options: taken };
}

/**
 * The items with each file of several instances (a file of mazes as `labgen maze --count
 * K` writes them) split into one item each, named `FILE#K` (1-based), by its rule set's
 * batch part, and the files its batch part says are no instances (a PDDL domain) skipped
 * with the reason; other items as they are.
 */
export async function splitItems(items: readonly BatchItem[]): Promise<BatchItem[]> {
  const out: BatchItem[] = [];
  for (const item of items) {
    if (item.kind !== "instance") {
      out.push(item);
      continue;
    }
    const ruleSet = textOrPlanRuleSet(item.text, item.name);
    const runner = ruleSet?.batch ? await ruleSet.batch() : undefined;
    const skip = runner?.notAnInstance?.(item.text);
    if (skip !== undefined) {
      out.push({ kind: "skipped", name: item.name, reason: skip });
      continue;
    }
    const texts = runner?.split?.(item.text) ?? [item.text];
    if (texts.length === 1) out.push(item);
    else texts.forEach((text, k) => out.push({ kind: "instance", name: `${item.name}#${k + 1}`, file: item.name, text, readSeconds: (item.readSeconds ?? 0) / texts.length }));
  }
  return out;
}

/**
 * One item: its rule set from the registry, that rule set's batch part (in a worker
 * thread of its own unless it runs its own), its answer checked by that rule set's checker.
 * @returns the row, or undefined when `options.signal` aborted the search
 */
export async function runOne(item: BatchItem, options: Omit<BatchOptions, "jobs">): Promise<BatchResult | undefined> {
  if (item.kind !== "instance") return errorRow(item.name, item.reason, "input");
  const started = performance.now();
  const runOptions: BatchRunOptions = { timeLimit: options.timeLimit, tableMegabytes: options.tableMegabytes, maxSteps: options.maxSteps, any: options.any, threads: options.threads, signal: options.signal };
  const routed = await routeInstance(item.text, item.name, runOptions);
  const row = "row" in routed ? routed.row : routed.runner.ownThreads ? await routed.runner.run(item.text, item.name, routed.options) : await inThread(routed.ruleSet.name, item.text, item.name, routed.options);
  if (!row) return undefined;
  // what the user waited for: reading, parsing, the search and the check
  const wall = (item.readSeconds ?? 0) + (performance.now() - started) / 1000;
  // instance K of a file of several: its errors point at the file's LINE:COL (its text kept the file's line numbers)
  const error = item.file !== undefined && row.error !== undefined ? row.error.split(`${item.name}:`).join(`${item.file}:`) : row.error;
  return { ...row, ...(error !== undefined ? { error } : {}), seconds: Number(wall.toFixed(3)) };
}

/** Seconds a row's thread may run past its time limit before it is stopped from outside (a search that does not watch the clock). */
const OVERRUN_SECONDS = 5;

/**
 * A batch part whose search runs on its calling thread, run in a worker thread
 * (src/batch/row-thread.ts): rows run side by side, and an abort stops it at once.
 * @returns the row; undefined when aborted; an error row when the thread failed, or an
 *   interrupted row when it ran past its time limit and was stopped
 */
function inThread(rules: string, text: string, name: string, options: BatchRunOptions): Promise<BatchResult | undefined> {
  const { signal, ...data } = options;
  return new Promise((resolve) => {
    const worker = new Worker(new URL("./row-thread.js", import.meta.url), { workerData: { rules, text, name, options: data }, execArgv: workerExecArgv() });
    let settled = false;
    const settle = (row: BatchResult | undefined): void => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener("abort", onAbort);
      if (timer) clearTimeout(timer);
      void worker.terminate();
      resolve(row);
    };
    const onAbort = (): void => settle(undefined);
    const timer =
      options.timeLimit === undefined
        ? undefined
        : setTimeout(
            () =>
              settle({
                ...errorRow(name, `no answer: the search ran ${OVERRUN_SECONDS} s past its time limit and was stopped`, "worker", rules),
                exitCode: 1,
                interrupted: true,
                interruptedBy: "time limit",
                errorKind: undefined,
              }),
            (options.timeLimit + OVERRUN_SECONDS) * 1000,
          );
    if (signal?.aborted) return settle(undefined);
    signal?.addEventListener("abort", onAbort, { once: true });
    worker.once("message", (row: BatchResult) => settle(row));
    worker.once("error", (e) => settle(errorRow(name, `the row's worker thread failed: ${e.message}`, "worker", rules)));
    worker.once("exit", (code) => settle(errorRow(name, `the row's worker thread exited (code ${code}) without a row`, "worker", rules)));
  });
}

/**
 * The batch's exit code: 65 any bad input, 70 an answer rejected by the checker, 1
 * time-outs (no answer, or an answer whose search was cut short: labsolve exits 11 or 1
 * on it) or failed workers, else 0.
 */
export function batchExitCode(results: readonly BatchResult[]): number {
  if (results.some((r) => r.errorKind === "input")) return 65;
  if (results.some((r) => r.errorKind === "verification")) return 70;
  if (results.some((r) => r.status === "UNKNOWN" || r.interrupted || r.errorKind === "worker")) return 1;
  return 0;
}
