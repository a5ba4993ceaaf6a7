/**
 * The worker's side of labbench on the queue: `labsolve worker --allow-solver NAME=COMMAND`
 * takes bench rows (src/bench/queue-jobs.ts) and runs each with the same limits code as a
 * local `labbench run` (src/bench/process-tree.ts runTree), in a scratch folder of the job.
 * A job names a solver; the command is this worker's own, from its configuration. A job for
 * a solver this worker does not allow fails at once (no attempt runs anything): the row is
 * an ERROR naming the worker and what it allows. The output goes back to the submitter,
 * which judges it with the instance's checker as a local run's.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { UnrecoverableError, Worker } from "bullmq";
import type { Redis } from "ioredis";
import { type LockSettings, workerSettings } from "../queue/settings.js";
import { runTree, type RunningTree } from "./process-tree.js";
import { BENCH_QUEUE, type BenchJobData, type BenchJobResult } from "./queue-jobs.js";
import { argvFor, takesPath, type SolverSpec } from "./solvers.js";

/** How a worker runs bench rows. */
export interface BenchWorkerOptions {
  /** the worker's name (job.processedBy, the refusals' words) */
  name: string;
  /** the solvers it allows: name and argument list, as labbench's --solver and config file give them */
  solvers: readonly SolverSpec[];
  /** rows at once (1: CPU time is then exact to the tick, as a local --jobs 1) */
  concurrency: number;
  locks: LockSettings;
  log: (line: string) => void;
}

/** A file name as labbench makes them (no folder, no `..`): anything else is refused. */
const FILE = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

const optionalPositive = (v: unknown): boolean => v === undefined || (typeof v === "number" && v > 0 && Number.isFinite(v));

/**
 * The reason a job's data cannot be run as is, or undefined when it can.
 * (A job comes from Redis: anyone who can write there can write one.)
 */
function badData(d: BenchJobData): string | undefined {
  if (typeof d !== "object" || d === null) return "no job data";
  if (typeof d.solver !== "string" || typeof d.text !== "string" || typeof d.instance !== "string") return "expected a solver's name, an instance's name and its text";
  if (typeof d.file !== "string" || !FILE.test(d.file)) return `instance file name ${JSON.stringify(d.file)}: expected a plain file name`;
  const l = d.limits ?? {};
  for (const key of ["timeSeconds", "memoryMB", "graceSeconds", "outputBytes", "pollMs"] as const) {
    if (!optionalPositive(l[key])) return `limit ${key} ${JSON.stringify(l[key])}: expected a positive number`;
  }
  return undefined;
}

/**
 * Starts taking bench rows on `connection` (not running until `worker.run()`).
 * @returns the BullMQ worker, and stopRuns(): end the running solvers' trees (a stop at
 *   once; their rows then run again elsewhere)
 */
export function benchWorker(connection: Redis, options: BenchWorkerOptions): { worker: Worker<BenchJobData, BenchJobResult>; stopRuns(): void } {
  const allowed = new Map(options.solvers.map((s) => [s.name, s]));
  const running = new Set<RunningTree>();
  const name = options.name;
  const worker = new Worker<BenchJobData, BenchJobResult>(
    BENCH_QUEUE,
    async (job) => {
      const data = job.data;
      const bad = badData(data);
      if (bad !== undefined) throw new UnrecoverableError(`worker ${name} refused the job: ${bad}`);
      const spec = allowed.get(data.solver);
      if (!spec) {
        throw new UnrecoverableError(
          `worker ${name} does not allow the solver ${data.solver} (it allows ${[...allowed.keys()].join(", ") || "none"}; labsolve worker --allow-solver NAME=COMMAND)`,
        );
      }
      const scratch = mkdtempSync(join(tmpdir(), "labbench-row-"));
      try {
        const path = join(scratch, data.file);
        writeFileSync(path, data.text);
        let dir = "";
        if (spec.argv.some((a) => a.includes("{dir}"))) {
          dir = join(scratch, "dir");
          mkdirSync(dir);
        }
        const out = join(scratch, "stdout");
        const err = join(scratch, "stderr");
        const tree = runTree(argvFor(spec, path, dir), takesPath(spec) ? undefined : path, out, err, { ...data.limits, alone: options.concurrency === 1 });
        running.add(tree);
        const ran = await tree.done.finally(() => running.delete(tree));
        if (ran.stopped) throw new Error(`worker ${name} was stopped at once: the row runs again on another worker`);
        return {
          exitCode: ran.exitCode,
          signal: ran.signal,
          limit: ran.limit,
          wallSeconds: ran.wallSeconds,
          cpuSeconds: ran.cpuSeconds,
          peakMemoryMB: ran.peakMemoryMB,
          outputBytes: ran.outputBytes,
          outputCut: ran.outputCut,
          ...(ran.spawnError !== undefined ? { spawnError: ran.spawnError } : {}),
          stdout: readFileSync(out).toString("base64"),
          stderr: readFileSync(err).toString("base64"),
          worker: name,
        };
      } finally {
        rmSync(scratch, { recursive: true, force: true });
      }
    },
    workerSettings(connection, name, options.concurrency, options.locks),
  );
  worker.on("completed", (job, r) => options.log(`${job.id} bench ${job.data.solver} ${job.data.instance}: exit ${r.exitCode ?? r.signal}${r.limit ? ` (${r.limit} limit)` : ""}, ${r.wallSeconds.toFixed(2)} s`));
  worker.on("failed", (job, e) => options.log(`${job?.id ?? "?"} bench ${job?.data.solver ?? ""} ${job?.data.instance ?? ""}: ${e.message}`));
  return {
    worker,
    stopRuns() {
      for (const t of running) t.stop();
    },
  };
}
