/**
 * labsolve batch --queue and labsolve worker on a real Redis (Debian's redis-server, started
 * here on a free loopback port, AOF on, short lock settings) with 2 worker processes. Each
 * scenario asserts that every instance is in the results file exactly once with the answer
 * of the in-process batch (labsolve batch without --queue): a plain batch; a worker
 * SIGKILLed mid-job; Redis SIGKILLed mid-batch and started again; the submitter interrupted
 * and resumed. Skips, saying why, without redis-server.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { generate, toFacts } from "../../src/push/competition/generate.js";
import { vastUnsolvableFacts } from "../helpers/slow.js";
import { REDIS_SERVER, TestRedis, until, untilJobState } from "../helpers/redis.js";
import { instanceJob, instanceJobId } from "../../src/queue/jobs.js";
import type { BatchRow } from "../../src/core/plugin.js";

const ROOT = new URL("../..", import.meta.url).pathname;
const LABSOLVE = join(ROOT, "bin/labsolve");
const LABCHECK = join(ROOT, "bin/labcheck");
const SHARED_0045 = join(ROOT, "..", "shared", "instances", "aspcomp2013", "0045-labyrinth-11-0.asp");
/** src/queue/settings.ts BATCH_QUEUE (not imported: the test names what users see in Redis) */
const QUEUE = "labyrinth-batch";

/** one line of the results file, as the product declares it */
type Row = BatchRow;

/** The instances: 2 slow unsolvable ones first (the jobs to kill mid-way), then 12 small generated ones. */
function writeInstances(dir: string): void {
  writeFileSync(join(dir, "a-slow-1.lp"), vastUnsolvableFacts(7, 6, 7));
  writeFileSync(join(dir, "a-slow-2.lp"), vastUnsolvableFacts(7, 6, 7));
  for (let seed = 1; seed <= 12; seed++) {
    writeFileSync(join(dir, `g${String(seed).padStart(2, "0")}.lp`), toFacts(generate(4 + (seed % 3), 5, seed, seed % 2 ? "maze" : "random")));
  }
}

const essentials = (r: Row) => ({ status: r.status, upperBound: r.upperBound, optimal: r.optimal, lowerBound: r.lowerBound, verified: r.verified });

function readRows(file: string): Row[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as Row)
    .filter((r) => typeof r.instance === "string"); // (the first line records the batch's options)
}

interface Running {
  proc: ChildProcess;
  done: Promise<{ code: number | null; out: string; err: string }>;
  /** resolves once its stderr so far matches `re` (a condition the process reports); rejects if it ends first */
  saw(re: RegExp): Promise<void>;
}

/** every process this file started, killed at the end whatever happened */
const started: ChildProcess[] = [];

function run(args: string[]): Running {
  const proc = spawn(LABSOLVE, args, { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
  started.push(proc);
  let out = "";
  let err = "";
  const waiters: { re: RegExp; resolve: () => void }[] = [];
  proc.stdout!.on("data", (d) => (out += d));
  proc.stderr!.on("data", (d) => {
    err += d;
    for (const w of [...waiters]) if (w.re.test(err)) waiters.splice(waiters.indexOf(w), 1), w.resolve();
  });
  const done = new Promise<{ code: number | null; out: string; err: string }>((resolve) => proc.on("close", (code) => resolve({ code, out, err })));
  const saw = (re: RegExp): Promise<void> =>
    new Promise((resolve, reject) => {
      if (re.test(err)) return resolve();
      waiters.push({ re, resolve });
      void done.then((d) => reject(new Error(`the process ended (${d.code}) before printing ${re}:\n${d.err}`)));
    });
  return { proc, done, saw };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!REDIS_SERVER)(`labsolve batch --queue on BullMQ and a real Redis (${REDIS_SERVER ? "redis-server" : "skipped: no redis-server on the PATH; .ci/run installs Debian's"})`, { timeout: 40_000 }, () => {
  let redis: TestRedis;
  let dir: string;
  let expected: Map<string, Row>;
  let workers: { name: string; w: Running }[] = [];
  let queue: Queue;
  let conn: Redis;

  beforeAll(async () => {
    if (!existsSync(join(ROOT, "dist/src/cli/labsolve.js"))) throw new Error("run npm run build first (the tests call bin/labsolve)");
    redis = await TestRedis.start();
    const root = mkdtempSync(join(tmpdir(), "labqueue-"));
    dir = join(root, "instances");
    mkdirSync(dir);
    writeInstances(dir);
    // the in-process batch: the answers every queue scenario must give
    const r = spawnSync(LABSOLVE, ["batch", dir, "--format", "json", "--jobs", "2"], { encoding: "utf8", cwd: ROOT });
    expect(r.status, r.stderr).toBe(0);
    expected = new Map((JSON.parse(r.stdout).instances as Row[]).map((row) => [row.instance, row]));
    expect(expected.size).toBe(14);
    expect(expected.get(join(dir, "a-slow-1.lp"))?.status).toBe("UNSATISFIABLE");
    conn = new Redis({ host: "127.0.0.1", port: redis.port, maxRetriesPerRequest: null });
    queue = new Queue(QUEUE, { connection: conn });
    queue.on("error", () => undefined);
  }, 60_000);

  afterAll(async () => {
    for (const p of started) if (p.exitCode === null && p.signalCode === null) p.kill("SIGKILL");
    await queue?.close().catch(() => undefined);
    conn?.disconnect();
    await redis?.kill("SIGTERM");
  }, 20_000);

  const startWorker = (name: string): void => {
    const w = run(["worker", "--queue", redis.url, "--concurrency", "1", "--lock-duration", "2000", "--stalled-interval", "1000", "--name", name]);
    workers = [...workers.filter((x) => x.name !== name), { name, w }];
  };
  const alive = (w: Running): boolean => w.proc.exitCode === null && w.proc.signalCode === null;

  // the 2 workers serve every scenario; one killed by a scenario is started again before the next
  beforeEach(async () => {
    await redis.flushAll();
    for (const name of ["w1", "w2"]) {
      const w = workers.find((x) => x.name === name)?.w;
      if (!w || !alive(w)) startWorker(name);
    }
    // both connected before a scenario starts: each takes one of the slow jobs
    await until("2 workers connected", async () => ((await queue.getWorkersCount()) >= 2 ? true : undefined));
  }, 30_000);

  afterAll(async () => {
    // SIGTERM: a worker finishes its job and stops
    for (const { w } of workers) if (alive(w)) w.proc.kill("SIGTERM");
    await Promise.all(workers.map(({ w }) => w.done));
  }, 20_000);

  const outFile = () => join(mkdtempSync(join(tmpdir(), "labqueue-out-")), "results.jsonl");

  function expectSameAsInProcess(file: string): void {
    const rows = readRows(file);
    const names = rows.map((r) => r.instance).sort();
    expect(names).toEqual([...expected.keys()].sort());
    for (const row of rows) expect(essentials(row), row.instance).toEqual(essentials(expected.get(row.instance)!));
  }

  /** The slow job (a-slow-*) running on a worker, once it has run for `ms`. */
  async function activeOn(worker: string, ms = 300) {
    const job = await until(`a slow job active on ${worker}`, async () => (await queue.getActive()).find((j) => j.processedBy === worker && /a-slow-/.test((j.data as { name: string }).name)));
    await sleep(ms);
    return job;
  }

  it("a batch of generated instances: every instance once, the in-process batch's answers", async () => {
    const out = outFile();
    const r = await run(["batch", dir, "--queue", redis.url, "--out", out, "--format", "json"]).done;
    expect(r.code, r.err).toBe(0);
    expectSameAsInProcess(out);
    // deterministic job ids: submitting again adds no job and runs nothing again
    const again = outFile();
    const r2 = await run(["batch", dir, "--queue", redis.url, "--out", again, "--format", "json"]).done;
    expect(r2.code, r2.err).toBe(0);
    expectSameAsInProcess(again);
    expect(await queue.getJobCountByTypes("completed", "failed", "waiting", "active", "delayed")).toBe(14);
  });

  it("a worker SIGKILLed mid-job: its job runs again on the other worker", async () => {
    const out = outFile();
    const batch = run(["batch", dir, "--queue", redis.url, "--out", out, "--format", "json"]);
    const job = await activeOn("w1");
    const w1 = workers.find((w) => w.name === "w1")!.w;
    w1.proc.kill("SIGKILL"); // its sandboxed child stops when its parent is gone
    const r = await batch.done;
    expect(r.code, r.err).toBe(0);
    expectSameAsInProcess(out);
    const again = await queue.getJob(job.id!);
    expect(again?.processedBy).toBe("w2");
    expect(again?.attemptsStarted).toBeGreaterThanOrEqual(2);
  });

  it("SIGTERM: a worker finishes its job, then stops; a second SIGTERM stops it at once and the job runs again", async () => {
    const out = outFile();
    const batch = run(["batch", dir, "--queue", redis.url, "--out", out, "--format", "json"]);
    const w1 = workers.find((w) => w.name === "w1")!.w;
    const w2 = workers.find((w) => w.name === "w2")!.w;
    const first = await activeOn("w1");
    w1.proc.kill("SIGTERM");
    const second = await activeOn("w2");
    w2.proc.kill("SIGTERM");
    await w2.saw(/finishing the running job\(s\), then stopping/); // the first signal taken, not a guess at how long that takes
    w2.proc.kill("SIGTERM");
    const stopped = await w2.done;
    expect(stopped.code, stopped.err).toBe(143);
    expect(stopped.err).toMatch(/stopping at once/);
    const finished = await w1.done;
    expect(finished.code, finished.err).toBe(0);
    // w1's job was finished by w1, once
    const j1 = await queue.getJob(first.id!);
    expect(await j1?.getState()).toBe("completed");
    expect(j1?.processedBy).toBe("w1");
    expect(j1?.attemptsStarted).toBe(1);
    // w2's job runs again on a new worker once its lock expires
    startWorker("w3");
    const r = await batch.done;
    expect(r.code, r.err).toBe(0);
    expectSameAsInProcess(out);
    const j2 = await queue.getJob(second.id!);
    expect(j2?.processedBy).toBe("w3");
    expect(j2?.attemptsStarted).toBeGreaterThanOrEqual(2);
    // the next scenarios have w1 and w2 only
    const w3 = workers.find((w) => w.name === "w3")!.w;
    w3.proc.kill("SIGTERM");
    await w3.done;
    workers = workers.filter((w) => w.name !== "w3");
  });

  it("Redis SIGKILLed mid-batch and started again (AOF): nothing lost, no row twice", async () => {
    const out = outFile();
    const batch = run(["batch", dir, "--queue", redis.url, "--out", out, "--format", "json"]);
    await activeOn("w1", 1_000); // past one AOF fsync: the jobs are on disk
    await redis.kill("SIGKILL");
    await sleep(1_000);
    await redis.launch();
    const r = await batch.done;
    expect(r.code, r.err).toBe(0);
    expectSameAsInProcess(out);
  });

  it("the submitter interrupted and run again with --resume", async () => {
    const out = outFile();
    const first = run(["batch", dir, "--queue", redis.url, "--out", out, "--format", "json"]);
    // the batch must still be unfinished when the submitter is interrupted: w2 is killed on
    // its slow job (which can then finish only on w1, after its lock expires and it runs
    // again), and w1 is stopped once the first row is in the file. Without this, the 12
    // small jobs all finish within one poll of the first row, and the SIGINT could come
    // after the batch had finished.
    const w1 = workers.find((w) => w.name === "w1")!.w;
    const w2 = workers.find((w) => w.name === "w2")!.w;
    await activeOn("w2", 0);
    w2.proc.kill("SIGKILL");
    await until("a first row", () => (existsSync(out) && readRows(out).length > 0 ? true : undefined));
    w1.proc.kill("SIGSTOP");
    let kept: number;
    try {
      first.proc.kill("SIGINT");
      const r1 = await first.done;
      expect(r1.code, r1.err).toBe(1);
      expect(r1.err).toMatch(/--resume/);
      kept = readRows(out).length;
    } finally {
      w1.proc.kill("SIGCONT");
    }
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(14);
    const r2 = await run(["batch", dir, "--queue", redis.url, "--out", out, "--resume", "--format", "json"]).done;
    expect(r2.code, r2.err).toBe(0);
    expectSameAsInProcess(out);
  });

  it("a job that fails all its attempts becomes an error row; the batch goes on", async () => {
    const name = join(dir, "g01.lp");
    // the job labsolve batch will ask for (its id from the name, the text and --memory's
    // default), already there from an earlier run, with data no attempt can run
    const id = instanceJobId(instanceJob(name, readFileSync(name, "utf8"), { tableMegabytes: 64 }));
    await queue.add("instance", { name, text: 42, options: {} }, { jobId: id, attempts: 1 });
    await untilJobState(queue, id, ["failed"]); // the poisoned job
    const out = outFile();
    const r = await run(["batch", dir, "--queue", redis.url, "--out", out, "--format", "json"]).done;
    // a failed worker: exit 1, as the in-process batch
    expect(r.code, r.err).toBe(1);
    expect(r.err).toMatch(/1 job\(s\) that failed in an earlier run get their attempts again/);
    const rows = readRows(out);
    expect(rows.map((x) => x.instance).sort()).toEqual([...expected.keys()].sort());
    for (const row of rows) {
      if (row.instance === name) expect(row).toMatchObject({ status: "UNKNOWN", errorKind: "worker", error: expect.stringMatching(/failed after 1 attempt/) });
      else expect(essentials(row), row.instance).toEqual(essentials(expected.get(row.instance)!));
    }
  });

  it("a proof split into prefix jobs: no solution within the horizon, as the in-process proof", async () => {
    const file = join(dir, "a-slow-1.lp");
    // the in-process proof (beforeAll's batch): no solution within max_steps 6
    expect(essentials(expected.get(file)!)).toMatchObject({ status: "UNSATISFIABLE", lowerBound: 7 });
    const r = await run(["--queue", redis.url, file, "--shares", "8", "--stats"]).done;
    expect(r.code, r.err).toBe(20);
    expect(r.out).toBe("INCONSISTENT\n");
    // the deepest depth was split by prefixes of 2 pushes into 8 jobs (the shallower ones are one job each)
    expect(r.err).toMatch(/depth 6: \d+ states in 8 jobs \(\d+ prefixes of 2 pushes\)/);
  });

  it.skipIf(!existsSync(SHARED_0045))("a proof of a shared instance through the queue: the in-process proof's optimum, checked by labcheck (skipped without ../shared)", async () => {
    const single = spawnSync(LABSOLVE, [SHARED_0045, "--format", "json"], { encoding: "utf8", cwd: ROOT });
    const fewest = JSON.parse(single.stdout).fewest as number;
    const r = await run(["--queue", redis.url, SHARED_0045, "--shares", "8"]).done;
    expect(r.code, r.err).toBe(30);
    const witness = r.out.split("\n")[1];
    expect(witness.match(/push\(/g)?.length).toBe(fewest);
    const tmp = join(mkdtempSync(join(tmpdir(), "labqueue-w-")), "answer.txt");
    writeFileSync(tmp, r.out);
    const check = spawnSync(LABCHECK, [SHARED_0045, tmp], { encoding: "utf8" });
    expect(check.status, check.stdout + check.stderr).toBe(0);
  });
});

describe("the queue's address on the command line (no Redis needed)", () => {
  it("refuses what is not a redis:// address, exit 65, naming the option", () => {
    for (const args of [
      ["worker", "--queue", "http://127.0.0.1:6379"],
      ["batch", "instances", "--queue", "127.0.0.1:6379"],
      ["--queue", "redis://127.0.0.1:6379/x", "instances/example-4x4.lp"],
    ]) {
      const r = spawnSync(LABSOLVE, args, { encoding: "utf8", cwd: ROOT });
      expect(r.status, args.join(" ")).toBe(65);
      expect(r.stderr).toMatch(/^--queue: error: expected/);
    }
  });

  it("refuses labsolve's options that a proof on the queue does not take, before it connects", () => {
    for (const [option, ...rest] of [["--any"], ["-n", "0"], ["--rules", "competition"]]) {
      const r = spawnSync(LABSOLVE, ["--queue", "redis://127.0.0.1:1", option, ...rest, "instances/example-4x4.lp"], { encoding: "utf8", cwd: ROOT });
      expect(r.status, option).toBe(65);
      expect(r.stderr).toContain(`it does not take ${option}`);
    }
  });
});
