/**
 * `labsolve worker`: a BullMQ worker on the batch queue. Each job runs in a sandboxed
 * child process (src/queue/processor.ts), `concurrency` of them at once (one per core by
 * default). Stopping goes through the one stop handler (src/core/stop.ts): the first
 * SIGTERM or SIGINT finishes the running jobs and stops, or stops at once when none is
 * running (even while Redis is out of reach); a second one stops at once (the jobs' locks
 * then expire and other workers run them again).
 */
import { hostname } from "node:os";
import { Worker } from "bullmq";
import { Redis } from "ioredis";
import type { BatchResult } from "../batch/run.js";
import { BATCH_QUEUE, type LockSettings, workerSettings } from "./settings.js";
import { BENCH_QUEUE } from "../bench/queue-jobs.js";
import type { ProofPartResult } from "../core/plugin.js";
import type { InstanceJobData } from "./jobs.js";
import type { PartJobData } from "./parts.js";
import { connectionOptions, type RedisAddress } from "./url.js";
import { onStop } from "../core/stop.js";
import type { SolverSpec } from "../bench/solvers.js";

export interface WorkerOptions {
  /** jobs at once, each in a child process */
  concurrency: number;
  locks: LockSettings;
  /** the worker's name in Redis (job.processedBy); default HOST:PID */
  name?: string;
  /** one line per event (job done, failed, connection trouble, stopping) */
  log: (line: string) => void;
  /**
   * labbench rows (src/bench/queue-worker.ts): the solvers this worker allows and how many
   * rows at once; without solvers the worker does not take bench rows at all
   */
  bench?: { solvers: readonly SolverSpec[]; concurrency: number };
}

/** The child processes of a worker's sandbox pool (BullMQ keeps them private; read to stop them at once). */
interface Sandboxed {
  childPool?: { retained?: Record<string, { kill(signal: string): Promise<void> }> };
}

/**
 * Runs a worker until it is told to stop. After it returns, the caller ends the process
 * (BullMQ's connections to an absent Redis may still be retrying).
 * @returns the exit code: 0 after a graceful stop (a stop at once exits the process: 130 after SIGINT, 143 after SIGTERM)
 */
export async function runWorker(address: RedisAddress, options: WorkerOptions): Promise<number> {
  const name = options.name ?? `${hostname()}:${process.pid}`;
  const connection = new Redis(connectionOptions(address));
  const worker = new Worker<InstanceJobData | PartJobData, BatchResult | ProofPartResult>(BATCH_QUEUE, new URL("./processor.js", import.meta.url), {
    ...workerSettings(connection, name, options.concurrency, options.locks),
    useWorkerThreads: false,
  });
  let lastError = "";
  worker.on("error", (e) => {
    // BullMQ reconnects by itself; say so once per kind of trouble, not once a second
    if (e.message !== lastError) options.log(`worker ${name}: ${e.message} (retrying)`);
    lastError = e.message;
  });
  worker.on("ready", () => {
    if (lastError !== "") options.log(`worker ${name}: connected again`);
    lastError = "";
  });
  worker.on("completed", (job, r) => {
    if ("status" in r) options.log(`${job.id} ${job.data.name}: ${r.rules ?? "no rule set"}: ${r.status}${r.upperBound !== null ? `, ${r.upperBound} ${r.cost}` : ""}${r.error ? ` (${r.error})` : ""}, ${r.seconds} s`);
    else {
      const part = (job.data as PartJobData).part;
      const frontier = r.frontier.length > 0 ? `, past its budget: ${r.frontier.length} prefixes left` : "";
      options.log(`${job.id} ${job.data.name}: depth ${part.depth}, ${part.prefixes.length} prefix(es): ${r.witness === null ? "no solution" : "a solution"}, ${r.nodes} states, ${r.milliseconds} ms${frontier}`);
    }
  });
  worker.on("failed", (job, e) => options.log(`${job?.id ?? "?"} ${job?.data.name ?? ""}: failed (attempt ${job?.attemptsMade ?? "?"}): ${e.message}`));

  // labbench's rows, on a queue of their own, in this process (a row's solver is a child
  // process under the limits; nothing here blocks the event loop)
  const bench =
    options.bench && options.bench.solvers.length > 0
      ? (await import("../bench/queue-worker.js")).benchWorker(connection, { name, solvers: options.bench.solvers, concurrency: options.bench.concurrency, locks: options.locks, log: options.log })
      : undefined;
  bench?.worker.on("error", (e) => {
    if (e.message !== lastError) options.log(`worker ${name}: ${e.message} (retrying)`);
    lastError = e.message;
  });

  // the jobs running here (their ids): a stop with none running need not wait for anything
  const running = new Set<string>();
  const ended = (job: { id?: string } | undefined): void => {
    running.delete(job?.id ?? "");
  };
  for (const w of [worker, bench?.worker]) {
    w?.on("active", (job: { id?: string }) => running.add(job.id ?? ""));
    w?.on("completed", ended);
    w?.on("failed", ended);
  }

  let idleStop: () => void = () => undefined;
  const stoppedIdle = new Promise<"idle">((resolve) => (idleStop = () => resolve("idle")));
  const stop = onStop({
    onStop: () => {
      if (running.size === 0) {
        // nothing to finish: stop now, even when Redis is out of reach (closing gracefully
        // would wait for it)
        options.log(`worker ${name}: no job running: stopping now`);
        idleStop();
        return;
      }
      options.log(`worker ${name}: finishing the running job(s), then stopping; signal again to stop at once`);
      void worker.close();
      void bench?.worker.close();
    },
    atOnce: async () => {
      options.log(`worker ${name}: stopping at once; the running jobs will run again elsewhere`);
      const children = Object.values((worker as unknown as Sandboxed).childPool?.retained ?? {});
      bench?.stopRuns();
      await Promise.allSettled(children.map((c) => c.kill("SIGKILL")));
    },
  });
  options.log(`worker ${name}: ${options.concurrency} job(s) at once on ${address.host}:${address.port}, queue ${BATCH_QUEUE}`);
  if (bench) options.log(`worker ${name}: ${options.bench!.concurrency} labbench row(s) at once, queue ${BENCH_QUEUE}, solvers ${options.bench!.solvers.map((s) => s.name).join(", ")}`);
  let how: "idle" | void;
  try {
    how = await Promise.race([Promise.all([worker.run(), bench?.worker.run()]).then(() => undefined), stoppedIdle]);
  } finally {
    stop.dispose();
  }
  if (how === "idle") {
    // no job to hand back, nothing to wait for: BullMQ's own connections may still be
    // retrying an absent Redis (its close would wait for it), so the command exits the
    // process after this returns (src/cli/worker.ts)
    connection.disconnect();
  } else {
    await connection.quit().catch(() => connection.disconnect());
  }
  options.log(`worker ${name}: stopped`);
  return 0;
}
