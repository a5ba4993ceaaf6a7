/**
 * `labbench run`: every (solver, instance, run) under limits, in parallel (`jobs` at a time,
 * p-limit), each judged by the instance's checker and appended to DIR/runs.jsonl as it
 * finishes; outputs kept under DIR/outputs/SOLVER/. A row's failure (a crash, a hang, garbage,
 * a flood of output, a fork) is that row's verdict, never the end of the bench.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import pLimit from "p-limit";
import { InputError } from "../core/errors.js";
import type { BatchItem } from "../batch/sources.js";
import { runTree, type RunLimits, type RunningTree } from "./process-tree.js";
import { appendRow, keepWholeRows, rowKey, type BenchRow } from "./rows.js";
import { argvFor, takesPath, type SolverSpec } from "./solvers.js";
import { instanceJudge, type InstanceJudge, type Judgement } from "./verify.js";

/** A bench's settings. */
export interface BenchSettings {
  solvers: readonly SolverSpec[];
  /** the instances (collectInstances' items: refused and skipped ones are reported, not run) */
  items: readonly BatchItem[];
  /** the bench folder */
  out: string;
  /** seconds, MB; undefined: none */
  timeLimit?: number;
  memoryLimit?: number;
  /** runs at a time (default 1) */
  jobs?: number;
  /** runs of each (solver, instance) (default 1) */
  runs?: number;
  /** skip the rows already in runs.jsonl */
  resume?: boolean;
  /** bytes of output kept a run (default 16 MiB) */
  outputBytes?: number;
  /** seconds between SIGTERM and SIGKILL (default 2) */
  graceSeconds?: number;
  /** ms between samples of /proc (default 50) */
  pollMs?: number;
  /** who runs the rows (default: here, runTree under the limits); the queue's is src/bench/queue-submit.ts */
  executor?: RowExecutor;
}

/** One row to run: the solver, the instance (its path here, its text, a file name safe for it), the output files' stem, the limits. */
export interface RowRequest {
  solver: SolverSpec;
  instance: { name: string; path: string; text: string; file: string };
  run: number;
  /** DIR/outputs/SOLVER/FILE.runK: the output goes to STEM.out, standard error to STEM.err */
  stem: string;
  limits: RunLimits;
}

/**
 * Who runs a bench's rows. The default runs each here (runTree); the queue's hands each to a
 * labsolve worker. Either way the solver's output ends in STEM.out and STEM.err and the
 * row is judged here, by the same code.
 */
export interface RowExecutor {
  /** rows at once (default: the bench's jobs) */
  concurrency?: number;
  /** CPU time from this process's reaped children too (runTree's `alone`): only when rows run here one at a time */
  local: boolean;
  execute(request: RowRequest): RunningTree;
}

/** The default executor: the row's solver run here, in a process group of its own, under the limits. */
export const LOCAL_EXECUTOR: RowExecutor = {
  local: true,
  execute({ solver, instance, stem, limits }) {
    let dir = "";
    if (solver.argv.some((a) => a.includes("{dir}"))) {
      dir = `${stem}.dir`;
      mkdirSync(dir, { recursive: true });
    }
    return runTree(argvFor(solver, instance.path, dir), takesPath(solver) ? undefined : instance.path, `${stem}.out`, `${stem}.err`, limits);
  },
};

/** How a bench went. */
export interface BenchSummary {
  /** rows written now */
  written: number;
  /** rows skipped by --resume */
  resumed: number;
  /** instances not run: refused or ill-formed, with why */
  notRun: { name: string; reason: string }[];
  /** stopped by stop() (Ctrl-C): the rows in flight were not written */
  stopped: boolean;
}

/** A name safe as a file name, unique by a short hash of the whole, its extension kept (`0025-labyrinth-14-0-2a361b97.asp`). */
function fileName(name: string): string {
  const base = name.replace(/^.*[/:]/, "").replace(/[^A-Za-z0-9._-]+/g, "_").slice(0, 80);
  const dot = base.lastIndexOf(".");
  const [stem, ext] = dot > 0 ? [base.slice(0, dot), base.slice(dot)] : [base, ""];
  return `${stem}-${createHash("sha1").update(name).digest("hex").slice(0, 8)}${ext}`;
}

/** What the rows of a bench folder were made with (DIR/bench.json): --resume refuses other settings. */
interface BenchRecord {
  solvers: Record<string, string[]>;
  timeLimit: number | null;
  memoryLimit: number | null;
  outputBytes: number | null;
}

/**
 * Refuses to overwrite rows without --resume, and to resume rows made with another
 * command line of a solver or other limits; then records this bench's settings.
 * @throws Error (a usage error) naming what differs
 */
function checkSettings(out: string, settings: BenchSettings): void {
  const recordPath = join(out, "bench.json");
  const rowsPath = join(out, "runs.jsonl");
  const now: BenchRecord = {
    solvers: Object.fromEntries(settings.solvers.map((s) => [s.name, s.argv])),
    timeLimit: settings.timeLimit ?? null,
    memoryLimit: settings.memoryLimit ?? null,
    outputBytes: settings.outputBytes ?? null,
  };
  const hasRows = existsSync(rowsPath) && readFileSync(rowsPath, "utf8").trim() !== "";
  if (hasRows && !settings.resume) throw new Error(`${rowsPath} has rows already: give --resume to run the rest, or another --out`);
  if (settings.resume && hasRows && existsSync(recordPath)) {
    const before = JSON.parse(readFileSync(recordPath, "utf8")) as BenchRecord;
    const differ: string[] = [];
    for (const key of ["timeLimit", "memoryLimit", "outputBytes"] as const) {
      if (before[key] !== now[key]) differ.push(`${key} ${before[key]} there, ${now[key]} here`);
    }
    for (const [name, argv] of Object.entries(now.solvers)) {
      const was = before.solvers[name];
      if (was && JSON.stringify(was) !== JSON.stringify(argv)) differ.push(`solver ${name} was ${JSON.stringify(was)}, is ${JSON.stringify(argv)}`);
    }
    if (differ.length > 0) throw new Error(`--resume: the rows of ${rowsPath} were made otherwise (${differ.join("; ")}); give another --out`);
    now.solvers = { ...before.solvers, ...now.solvers };
  }
  writeFileSync(recordPath, `${JSON.stringify(now, null, 2)}\n`);
}

/**
 * Runs a bench.
 * @param onRow told each row as it is written (progress)
 * @returns the summary, and stop(): end the runs in flight (their trees killed), write no
 *   more rows, resolve the summary
 */
export function runBench(settings: BenchSettings, onRow: (row: BenchRow) => void = () => undefined): { done: Promise<BenchSummary>; stop(): void } {
  const running = new Set<RunningTree>();
  let stopped = false;
  const stop = (): void => {
    stopped = true;
    for (const r of running) r.stop();
  };
  const done = (async (): Promise<BenchSummary> => {
    const out = settings.out;
    mkdirSync(out, { recursive: true });
    const rowsPath = join(out, "runs.jsonl");
    const done = new Set<string>();
    checkSettings(out, settings);
    if (settings.resume) for (const r of keepWholeRows(rowsPath)) done.add(rowKey(r));
    else writeFileSync(rowsPath, "");
    const notRun: { name: string; reason: string }[] = [];
    const instances: { name: string; path: string; text: string; judge: InstanceJudge; file: string }[] = [];
    for (const item of settings.items) {
      if (item.kind !== "instance") {
        notRun.push({ name: item.name, reason: item.reason });
        continue;
      }
      let judge: InstanceJudge;
      try {
        judge = await instanceJudge(item.text, item.name);
      } catch (e) {
        if (!(e instanceof InputError)) throw e;
        notRun.push({ name: item.name, reason: e.message });
        continue;
      }
      const file = fileName(item.name);
      let path = item.name;
      if (item.name.includes(".zip:") || item.name.includes(".ZIP:")) {
        mkdirSync(join(out, "instances"), { recursive: true });
        path = join(out, "instances", file);
        writeFileSync(path, item.text);
      }
      instances.push({ name: item.name, path, text: item.text, judge, file });
    }
    const runs = settings.runs ?? 1;
    const executor = settings.executor ?? LOCAL_EXECUTOR;
    const jobs = executor.concurrency ?? settings.jobs ?? 1;
    const limit = pLimit(jobs);
    const limits: RunLimits = {
      timeSeconds: settings.timeLimit,
      memoryMB: settings.memoryLimit,
      graceSeconds: settings.graceSeconds,
      outputBytes: settings.outputBytes,
      pollMs: settings.pollMs,
      alone: executor.local && jobs === 1,
    };
    let written = 0;
    let resumed = 0;
    const tasks: Promise<void>[] = [];
    for (const instance of instances) {
      for (const solver of settings.solvers) {
        for (let run = 1; run <= runs; run++) {
          if (done.has(rowKey({ solver: solver.name, instance: instance.name, run }))) {
            resumed++;
            continue;
          }
          tasks.push(
            limit(async () => {
              if (stopped) return;
              const folder = join(out, "outputs", solver.name);
              mkdirSync(folder, { recursive: true });
              const stem = join(folder, `${instance.file}.run${run}`);
              const tree = executor.execute({ solver, instance, run, stem, limits });
              running.add(tree);
              const ran = await tree.done;
              running.delete(tree);
              if (ran.stopped || stopped) return;
              const outputName = relative(out, `${stem}.out`);
              let judgement: Judgement;
              if (ran.spawnError !== undefined) judgement = { verdict: "ERROR" as const, reason: `not started: ${ran.spawnError}`, cost: null, costKind: null };
              else {
                judgement = instance.judge.judge(ran.exitCode, readFileSync(`${stem}.out`, "utf8"), outputName);
                if (ran.outputCut) judgement = { ...judgement, verdict: judgement.verdict === "OK" ? "OK" : "ERROR", reason: `output cut at ${ran.outputBytes} bytes; ${judgement.reason}` };
              }
              const row: BenchRow = {
                solver: solver.name,
                instance: instance.name,
                run,
                rules: instance.judge.rules,
                exitCode: ran.exitCode,
                signal: ran.signal,
                wallSeconds: Math.round(ran.wallSeconds * 1e4) / 1e4,
                cpuSeconds: ran.cpuSeconds,
                peakMemoryMB: ran.peakMemoryMB,
                limit: ran.limit,
                verdict: judgement.verdict,
                reason: judgement.reason,
                cost: judgement.cost,
                costKind: judgement.costKind,
                optimal: judgement.verdict === "OK" && ran.exitCode === 30,
                timeLimit: settings.timeLimit ?? null,
                memoryLimit: settings.memoryLimit ?? null,
                output: outputName,
                outputBytes: ran.outputBytes,
                outputCut: ran.outputCut,
              };
              appendRow(rowsPath, row);
              written++;
              onRow(row);
            }),
          );
        }
      }
    }
    await Promise.all(tasks);
    return { written, resumed, notRun, stopped };
  })();
  return { done, stop };
}
