/**
 * Runs a batch of instances in parallel worker threads (one search worker per instance,
 * at most `jobs` at once, scheduled with p-limit), verifies every answer with the
 * checker, and streams one result per instance, optionally to a JSON-lines file.
 */
import { appendFileSync, existsSync, readFileSync } from "node:fs";
import pLimit from "p-limit";
import { checkWitness } from "../push/competition/check.js";
import { InputError } from "../core/errors.js";
import { competitionAnswer } from "../push/competition/format.js";
import { readInstance } from "../push/competition/instance.js";
import { assertSearchable, runSearch } from "../push/competition/search/run.js";
import { readOutput } from "../core/witness.js";
import type { BatchItem } from "./sources.js";

/** One line of the results file. */
export interface BatchResult {
  instance: string;
  N: number | null;
  max_steps: number | null;
  status: "solved" | "unsatisfiable" | "unknown" | "error";
  /** pushes of the answer (solved only): the fewest when `optimal` */
  pushes: number | null;
  /** true: `pushes` is proven the fewest; false: not proven (--any, or a time limit); null: no answer */
  optimal: boolean | null;
  /** pushes proven necessary (max_steps + 1 when unsatisfiable); null when nothing was searched (error rows) */
  lowerBound: number | null;
  /** the answer's atoms, `push(Z,D,S).` separated by spaces (solved only) */
  witness: string | null;
  seconds: number;
  nodes: number;
  /** true: the checker accepted the answer; false: it rejected it; null: nothing to check */
  verified: boolean | null;
  /**
   * what cut the search short ("time limit"), as labsolve's exit 1 or 11: a solved row
   * then has the best answer found, not proven shortest unless `optimal`; absent when
   * the search ended by itself
   */
  interrupted?: string;
  /** what went wrong (status error), or why the answer is unknown */
  error?: string;
  /** error kind: bad input, a rejected answer, a failed worker */
  errorKind?: "input" | "verification" | "worker";
}

export interface BatchOptions {
  /** instances at once (worker threads) */
  jobs: number;
  timeLimit?: number;
  tableMegabytes?: number;
  maxSteps?: number;
  /** any solution, not necessarily the shortest */
  any?: boolean;
  /** JSON-lines results file, appended to line by line */
  out?: string;
  /** skip instances already in `out` */
  resume?: boolean;
  /** aborting stops running searches; their instances are not recorded */
  signal?: AbortSignal;
  /** called as each instance finishes */
  onResult?: (result: BatchResult) => void;
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
 * Runs the items. Refused zip entries and bad instances become error rows; the batch
 * goes on.
 * @returns the results of this run, in the order they finished (resumed ones excluded)
 * @throws Error when `out` exists and `resume` is not set (the file is never overwritten)
 */
export async function runBatch(items: readonly BatchItem[], options: BatchOptions): Promise<BatchResult[]> {
  if (options.out && existsSync(options.out) && !options.resume) {
    throw new InputError(options.out, undefined, "the results file exists: use --resume to continue it, or choose another file");
  }
  const previous = options.out && options.resume && existsSync(options.out) ? readFileSync(options.out, "utf8") : "";
  const skip = finishedInstances(previous);
  // a line cut short by a crash stays on a line of its own
  if (options.out && previous.length > 0 && !previous.endsWith("\n")) appendFileSync(options.out, "\n");
  const limit = pLimit(Math.max(1, options.jobs));
  const results: BatchResult[] = [];
  const record = (r: BatchResult): void => {
    if (options.out) appendFileSync(options.out, `${JSON.stringify(r)}\n`);
    results.push(r);
    options.onResult?.(r);
  };
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

function errorRow(instance: string, error: string, errorKind: BatchResult["errorKind"], extra: Partial<BatchResult> = {}): BatchResult {
  return { instance, N: null, max_steps: null, status: "error", pushes: null, optimal: null, lowerBound: null, witness: null, seconds: 0, nodes: 0, verified: null, error, errorKind, ...extra };
}

async function runOne(item: BatchItem, options: BatchOptions): Promise<BatchResult | undefined> {
  if (item.kind !== "instance") return errorRow(item.name, item.reason, "input");
  let instance;
  try {
    instance = readInstance(item.text, item.name).instance;
  } catch (e) {
    if (e instanceof InputError) return errorRow(item.name, e.message, "input");
    throw e;
  }
  const shape = { N: instance.size, max_steps: options.maxSteps ?? instance.maxSteps };
  try {
    assertSearchable(instance);
  } catch (e) {
    if (e instanceof InputError) return errorRow(item.name, e.message, "input", shape);
    throw e;
  }
  let run;
  try {
    run = await runSearch(instance, {
      models: 1,
      any: options.any,
      maxSteps: options.maxSteps,
      tableMegabytes: options.tableMegabytes,
      timeLimit: options.timeLimit,
      handleSignals: false,
      signal: options.signal,
    });
  } catch (e) {
    return errorRow(item.name, `search worker failed: ${e instanceof Error ? e.message : String(e)}`, "worker", shape);
  }
  if (run.interruptedBy === "aborted") return undefined;
  const base = {
    instance: item.name,
    ...shape,
    seconds: Number(run.seconds.toFixed(3)),
    nodes: run.nodes,
    lowerBound: run.lowerBound,
    ...(run.interrupted && !run.optimal ? { interrupted: run.interruptedBy ?? "unknown" } : {}),
  };
  const answer = run.solutions[0];
  if (!answer) {
    if (run.exhausted) return { ...base, status: "unsatisfiable", pushes: null, optimal: null, witness: null, verified: null };
    return { ...base, status: "unknown", pushes: null, optimal: null, witness: null, verified: null, error: `interrupted: ${run.interruptedBy ?? "unknown"}` };
  }
  // the checker, not the search, decides whether the answer is a solution
  const text = competitionAnswer(answer);
  const witness = text.split("\n")[1];
  const verdict = checkWitness({ ...instance, maxSteps: shape.max_steps }, readOutput(text, item.name).answers[0].atoms);
  if (!verdict.valid) {
    return { ...base, status: "error", pushes: answer.length, optimal: run.optimal, witness, verified: false, errorKind: "verification", error: `ANSWER REJECTED BY THE CHECKER: step ${verdict.violation?.step}: ${verdict.violation?.message}` };
  }
  return { ...base, status: "solved", pushes: answer.length, optimal: run.optimal, witness, verified: true };
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
