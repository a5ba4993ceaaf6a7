/**
 * labbench's side of the queue (`labbench run --queue URL`): each row becomes a job on
 * `labyrinth-bench` naming the solver and carrying the instance's text and the limits
 * (src/bench/queue-jobs.ts); a `labsolve worker` that allows the solver runs it under the
 * limits (src/bench/queue-worker.ts) and returns what it measured and the output. The
 * output is written to the row's STEM.out and STEM.err here, and the row is judged here by
 * the same code as a local row (src/bench/run.ts): the rows are the local run's, times aside.
 * A job the worker refused or that failed is an ERROR row with the worker's reason.
 */
import { randomUUID } from "node:crypto";
import { writeFileSync } from "node:fs";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import { watchForWorkers } from "../queue/idle.js";
import { connectionOptions, type RedisAddress } from "../queue/url.js";
import { waitForJobs, type Finished } from "../queue/wait.js";
import type { TreeRun } from "./process-tree.js";
import { BENCH_JOB, BENCH_JOB_OPTIONS, BENCH_QUEUE, type BenchJobData, type BenchJobResult } from "./queue-jobs.js";
import type { RowExecutor, RowRequest } from "./run.js";

/** The queue's executor, and close(): end its connection (at once: without waiting for Redis). */
export interface QueueExecutor extends RowExecutor {
  close(atOnce: boolean): Promise<void>;
}

/**
 * Opens the bench queue at `address`: every row is put on it at once (the workers decide
 * how many run at a time: labsolve worker --bench-jobs).
 * @param onNote hears when Redis is out of reach and back, and when no worker is connected
 * @param pollMs how often the unfinished jobs are looked at (default 200)
 */
export function queueExecutor(address: RedisAddress, onNote: (line: string) => void = () => undefined, pollMs = 200): QueueExecutor {
  const connection = new Redis(connectionOptions(address));
  const queue = new Queue<BenchJobData, BenchJobResult>(BENCH_QUEUE, { connection });
  let away = false;
  queue.on("error", (e) => {
    if (!away) onNote(`waiting for the queue's Redis at ${address.host}:${address.port} (${e.message})`);
    away = true;
  });
  connection.on("ready", () => {
    if (away) onNote("the queue's Redis is back");
    away = false;
  });
  const unwatch = watchForWorkers(queue, address, (line) => onNote(`${line.replace(/`$/, " --allow-solver NAME=COMMAND`")}`));
  const pending = new Map<string, { data: BenchJobData; finish: (f: Finished<BenchJobResult> | "stopped") => void }>();
  const ids = new Set<string>();
  const removals: Promise<unknown>[] = [];
  let looping = false;
  let closed = false;
  const add = async (list: readonly string[]): Promise<void> => {
    await queue.addBulk(list.filter((id) => pending.has(id)).map((id) => ({ name: BENCH_JOB, data: pending.get(id)!.data, opts: { ...BENCH_JOB_OPTIONS, jobId: id } })));
  };
  const loop = (): void => {
    if (looping || closed || ids.size === 0) return;
    looping = true;
    waitForJobs<BenchJobData, BenchJobResult>(
      queue,
      ids,
      (f) => {
        const p = pending.get(f.id);
        pending.delete(f.id);
        removals.push(queue.remove(f.id).catch(() => undefined));
        p?.finish(f);
      },
      add,
      { pollMs },
    )
      .catch((e: unknown) => {
        // the queue cannot be read: every waiting row is an error row, the bench goes on
        for (const [id, p] of pending) p.finish({ id, completed: false, attempts: 0, reason: `the queue at ${address.host}:${address.port}: ${e instanceof Error ? e.message : String(e)}` });
        pending.clear();
        ids.clear();
      })
      .finally(() => {
        looping = false;
        loop();
      });
  };
  return {
    local: false,
    concurrency: Infinity,
    execute(request: RowRequest) {
      const id = `b-${randomUUID()}`;
      const l = request.limits;
      const data: BenchJobData = {
        solver: request.solver.name,
        instance: request.instance.name,
        text: request.instance.text,
        file: request.instance.file,
        limits: { timeSeconds: l.timeSeconds, memoryMB: l.memoryMB, graceSeconds: l.graceSeconds, outputBytes: l.outputBytes, pollMs: l.pollMs },
      };
      let finish: (f: Finished<BenchJobResult> | "stopped") => void = () => undefined;
      const finished = new Promise<Finished<BenchJobResult> | "stopped">((resolve) => (finish = resolve));
      pending.set(id, { data, finish });
      const done = (async (): Promise<TreeRun> => {
        await add([id]);
        ids.add(id);
        loop();
        const f = await finished;
        const none: TreeRun = { exitCode: null, signal: null, limit: null, wallSeconds: 0, cpuSeconds: 0, peakMemoryMB: 0, outputBytes: 0, outputCut: false, stopped: false };
        if (f === "stopped") return { ...none, stopped: true };
        if (!f.completed || typeof f.value !== "object" || f.value === null) {
          writeFileSync(`${request.stem}.out`, "");
          writeFileSync(`${request.stem}.err`, "");
          return { ...none, spawnError: f.completed ? "the queue's job returned no result" : f.reason };
        }
        const r = f.value;
        writeFileSync(`${request.stem}.out`, Buffer.from(r.stdout, "base64"));
        writeFileSync(`${request.stem}.err`, Buffer.from(r.stderr, "base64"));
        return {
          exitCode: r.exitCode,
          signal: r.signal,
          limit: r.limit,
          wallSeconds: r.wallSeconds,
          cpuSeconds: r.cpuSeconds,
          peakMemoryMB: r.peakMemoryMB,
          outputBytes: r.outputBytes,
          outputCut: r.outputCut,
          ...(r.spawnError !== undefined ? { spawnError: `on worker ${r.worker}: ${r.spawnError}` } : {}),
          stopped: false,
        };
      })();
      return {
        done,
        stop() {
          // Ctrl-C: the row is not written; its job is taken off the queue when it still waits
          if (!pending.has(id)) return;
          pending.delete(id);
          ids.delete(id);
          removals.push(queue.remove(id).catch(() => undefined));
          finish("stopped");
        },
      };
    },
    async close(atOnce) {
      closed = true;
      unwatch();
      if (atOnce) {
        // the waiting jobs' removal gets a moment; an absent Redis is not waited for
        await Promise.race([Promise.allSettled(removals), new Promise((r) => setTimeout(r, 1000).unref())]);
        connection.disconnect();
        return;
      }
      await Promise.allSettled(removals);
      await queue.close().catch(() => undefined);
      await connection.quit().catch(() => connection.disconnect());
    },
  };
}
