/**
 * labbench run --queue on a real Redis (Debian's redis-server, started here on a free
 * loopback port) with a real `labsolve worker` process that allows its own solvers
 * (--allow-config, the labbench config file format). The same small set run locally and on
 * the queue gives the same rows (solver, instance, run, rule set, verdict, cost, limit, exit
 * code, signal, output). A job for a solver the worker does not allow, or one carrying a
 * command line, runs nothing on it: the marker solver's file is never written, and the row
 * is an ERROR naming the refusal. Skips, saying why, without redis-server.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bin } from "../helpers/bin.js";
import { BENCH_INSTANCES, rowsOf, solverFile, type BenchRow } from "../helpers/labbench.js";
import { tmpDir } from "../helpers/tmp.js";
import { REDIS_SERVER, TestRedis, until, untilJobState } from "../helpers/redis.js";

const ROOT = join(new URL("..", import.meta.url).pathname, "..");
const LABSOLVE = join(ROOT, "bin", "labsolve");
const INSTANCES = BENCH_INSTANCES;
/** the bench queue's name as users see it in Redis (not imported: the test names it) */
const BENCH = "labyrinth-bench";



/** What must agree between a local run and a queued one: everything but the times, the memory and the reason's words. */
function essentials(dir: string, r: BenchRow): unknown {
  return {
    solver: r.solver,
    instance: r.instance,
    run: r.run,
    rules: r.rules,
    exitCode: r.exitCode,
    signal: r.signal,
    limit: r.limit,
    verdict: r.verdict,
    cost: r.cost,
    costKind: r.costKind,
    optimal: r.optimal,
    outputBytes: r.outputBytes,
    outputCut: r.outputCut,
    output: readFileSync(join(dir, r.output), "utf8"),
  };
}

const started: ChildProcess[] = [];

describe.skipIf(!REDIS_SERVER)(`labbench run --queue on a real Redis and a labsolve worker (${REDIS_SERVER ? "redis-server" : "skipped: no redis-server on the PATH"})`, { timeout: 120_000 }, () => {
  let redis: TestRedis;
  let work: string;
  let config: string;
  let marker: string;
  let worker: ChildProcess;
  let workerLog = "";
  let workerExit: Promise<number | null>;

  beforeAll(async () => {
    if (!existsSync(join(ROOT, "dist/src/cli/labbench.js"))) throw new Error("run npm run build first (the tests call bin/labbench)");
    redis = await TestRedis.start();
    work = tmpDir("labbench-queue-");
    const script = (name: string, body: string): string => solverFile(work, name, body);
    marker = join(work, "marker-ran");
    const wrong = script("wrong", `process.stdout.write("ANSWER\\npush(9,e,1).\\n"); process.exitCode = 10;`);
    const hog = script("hog", `const keep = []; setInterval(() => keep.push(Buffer.alloc(32 * 2 ** 20, 1)), 10);`);
    const crash = script("crash", `process.stdout.write("half an ans"); process.exit(3);`);
    const touch = script("touch", `import { writeFileSync } from "node:fs"; writeFileSync(${JSON.stringify(marker)}, "ran");`);
    config = join(work, "bench.yaml");
    const node = JSON.stringify(process.execPath);
    writeFileSync(
      config,
      [
        "solvers:",
        `  labsolve: [${JSON.stringify(LABSOLVE)}, --any, "{instance}"]`,
        `  stdin: [${JSON.stringify(LABSOLVE)}]`,
        `  wrong: [${node}, ${JSON.stringify(wrong)}, "{instance}"]`,
        `  hog: [${node}, ${JSON.stringify(hog)}, "{instance}"]`,
        `  crash: [${node}, ${JSON.stringify(crash)}]`,
        "timeLimit: 60",
        "memoryLimit: 400",
        "",
      ].join("\n"),
    );
    // the submitter's own file names a marker solver with a command; the worker's does not allow it
    writeFileSync(join(work, "submitter.yaml"), `solvers:\n  marker: [${node}, ${JSON.stringify(touch)}]\n`);
    worker = spawn(LABSOLVE, ["worker", "--queue", redis.url, "--allow-config", config, "--name", "w1", "--concurrency", "1"], { cwd: ROOT, stdio: ["ignore", "ignore", "pipe"] });
    started.push(worker);
    worker.stderr!.setEncoding("utf8").on("data", (d: string) => (workerLog += d));
    workerExit = new Promise((resolve) => worker.on("exit", (code) => resolve(code)));
  }, 60_000);

  afterAll(async () => {
    if (worker && worker.exitCode === null && worker.signalCode === null) {
      worker.kill("SIGTERM");
      await workerExit;
    }
    for (const p of started) if (p.exitCode === null && p.signalCode === null) p.kill("SIGKILL");
    await redis?.kill("SIGTERM");
  }, 20_000);

  it("the same set run here and on the queue gives the same rows", async () => {
    const local = join(work, "local");
    const queued = join(work, "queued");
    const a = await bin("labbench", ["run", "--config", config, ...INSTANCES, "--out", local]);
    expect(a.code, a.err).toBe(0);
    const b = await bin("labbench", ["run", "--config", config, "--queue", redis.url, ...INSTANCES, "--out", queued]);
    expect(b.err).not.toMatch(/at .*\.js:\d+/);
    expect(b.code, b.err).toBe(0);
    const here = rowsOf(local);
    const there = rowsOf(queued);
    expect(here).toHaveLength(INSTANCES.length * 5);
    const key = (r: BenchRow) => `${r.solver} ${r.instance} ${r.run}`;
    const byKey = (dir: string, rows: BenchRow[]) => new Map(rows.map((r) => [key(r), essentials(dir, r)]));
    expect(byKey(queued, there)).toEqual(byKey(local, here));
    // every kind the set was built for is there (the comparison is not between two empty sets)
    const verdictOf = (solver: string) => new Set(there.filter((r) => r.solver === solver).map((r) => `${r.verdict}/${r.limit}`));
    expect(verdictOf("labsolve")).toEqual(new Set(["OK/null"]));
    expect(verdictOf("stdin")).toEqual(new Set(["OK/null"]));
    expect(verdictOf("wrong")).toEqual(new Set(["FAIL/null"]));
    expect(verdictOf("hog")).toEqual(new Set(["ERROR/memory"]));
    expect(verdictOf("crash")).toEqual(new Set(["ERROR/null"]));
    // the worker ran them (its log names each row), and Redis keeps no job or output after
    for (const r of there) expect(workerLog).toContain(`bench ${r.solver} ${r.instance}`);
    const conn = new Redis({ host: "127.0.0.1", port: redis.port, maxRetriesPerRequest: null });
    const queue = new Queue(BENCH, { connection: conn });
    try {
      const counts = await queue.getJobCounts("waiting", "active", "completed", "failed", "delayed");
      expect(Object.values(counts).reduce((x, y) => x + y, 0)).toBe(0);
    } finally {
      await queue.close();
      conn.disconnect();
    }
  });

  it("a job for a solver the worker does not allow runs nothing there: an ERROR row naming why", async () => {
    const out = join(work, "refused");
    const r = await bin("labbench", ["run", "--config", join(work, "submitter.yaml"), "--solver", "labsolve", "--queue", redis.url, INSTANCES[0], "--out", out]);
    expect(r.code, r.err).toBe(0);
    const rows = new Map(rowsOf(out).map((x) => [x.solver, x]));
    expect(rows.get("labsolve")?.verdict).toBe("OK");
    const refused = rows.get("marker")!;
    expect(refused.verdict).toBe("ERROR");
    expect(refused.reason).toMatch(/worker w1 does not allow the solver marker/);
    expect(existsSync(marker)).toBe(false);
  });

  it("a job carrying a command line is not run by it: the worker knows solvers by name only", async () => {
    const conn = new Redis({ host: "127.0.0.1", port: redis.port, maxRetriesPerRequest: null });
    const queue = new Queue(BENCH, { connection: conn });
    try {
      const text = readFileSync(INSTANCES[0], "utf8");
      const touch = join(work, "touch.mjs");
      const forged = [
        { solver: "marker", instance: "x", text, file: "x.lp", limits: {}, argv: [process.execPath, touch], command: `${process.execPath} ${touch}` },
        { solver: "labsolve", instance: "x", text, file: "../../x.lp", limits: {} },
      ];
      const ids: string[] = [];
      for (const [k, data] of forged.entries()) ids.push((await queue.add("bench-row", data, { jobId: `forged-${k}`, attempts: 1 })).id!);
      for (const id of ids) await untilJobState(queue, id, ["failed", "completed"]);
      expect(await Promise.all(ids.map((id) => queue.getJobState(id)))).toEqual(["failed", "failed"]);
      const reasons = await Promise.all(ids.map(async (id) => (await queue.getJob(id))?.failedReason));
      expect(reasons[0]).toMatch(/does not allow the solver marker/);
      expect(reasons[1]).toMatch(/expected a plain file name/);
      expect(existsSync(marker)).toBe(false);
    } finally {
      await queue.close();
      conn.disconnect();
    }
  });

  it("Ctrl-C while rows wait: exit 130, no row written, the waiting jobs taken off the queue", async () => {
    // database 1: no worker listens there, so the rows wait
    const url = `${redis.url}/1`;
    const out = join(work, "stopped");
    const bench = spawn(join(ROOT, "bin", "labbench"), ["run", "--solver", "labsolve", "--queue", url, ...INSTANCES, "--out", out], { cwd: ROOT, stdio: ["ignore", "ignore", "pipe"] });
    started.push(bench);
    let err = "";
    bench.stderr!.setEncoding("utf8").on("data", (d: string) => (err += d));
    const exited = new Promise<number | null>((resolve) => bench.on("exit", (code) => resolve(code)));
    const conn = new Redis({ host: "127.0.0.1", port: redis.port, db: 1, maxRetriesPerRequest: null });
    const queue = new Queue(BENCH, { connection: conn });
    try {
      await until("the rows on the queue", async () => ((await queue.getJobCounts("waiting")).waiting === INSTANCES.length ? true : undefined));
      bench.kill("SIGINT");
      expect(await exited, err).toBe(130);
      expect(err).toMatch(/stopped: 0 row\(s\) written/);
      expect(readFileSync(join(out, "runs.jsonl"), "utf8")).toBe("");
      expect((await queue.getJobCounts("waiting")).waiting).toBe(0);
    } finally {
      await queue.close();
      conn.disconnect();
    }
  });
});
