/**
 * What a queue run says, on a real Redis (Debian's redis-server on a free loopback port)
 * and a real `labsolve worker`: a proof of the optimum on the queue exits 30 and says
 * OPTIMUM FOUND as the proof in one process does (competition, clingo and json layouts,
 * checked by labcheck and against the in-process run's fewest pushes); a batch or a proof
 * with no worker connected says so on stderr and goes on once one connects; kept results
 * are used again only on the same version, and --fresh runs them again. Every wait is on
 * what a process reports. Skips without redis-server.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { instanceJob, instanceJobId } from "../../src/queue/jobs.js";
import { start, type Child } from "../helpers/child.js";
import { REDIS_SERVER, TestRedis } from "../helpers/redis.js";

const ROOT = new URL("../..", import.meta.url).pathname;
const LABSOLVE = join(ROOT, "bin/labsolve");
const LABCHECK = join(ROOT, "bin/labcheck");
/** bundled instances: one with a shortest solution, one without any within max_steps */
const SOLVABLE = "instances/random-9x9-a.asp";
const UNSOLVABLE = "instances/random-6x6-a.asp";

/** the in-process proof's json document */
function inProcess(file: string): { status: string; exitCode: number; fewest: number | null } {
  const r = spawnSync(LABSOLVE, [file, "--format", "json"], { cwd: ROOT, encoding: "utf8" });
  return { ...JSON.parse(r.stdout), exitCode: r.status };
}

function labcheck(file: string, output: string): { status: number | null; text: string } {
  const r = spawnSync(LABCHECK, [file], { cwd: ROOT, input: output, encoding: "utf8" });
  return { status: r.status, text: r.stdout + r.stderr };
}

describe.skipIf(!REDIS_SERVER || !existsSync(join(ROOT, "dist/src/cli/labsolve.js")))("a queue run's outcome and words (real Redis and worker)", { timeout: 60_000 }, () => {
  let redis: TestRedis;
  let worker: Child | undefined;
  const children: Child[] = [];
  const labsolve = (args: string[]): Child => {
    const c = start(LABSOLVE, args, ROOT);
    children.push(c);
    return c;
  };
  const startWorker = async (): Promise<void> => {
    worker = labsolve(["worker", "--queue", redis.url, "--concurrency", "1"]);
    await worker.saw(/job\(s\) at once on/);
  };
  const stopWorker = async (): Promise<void> => {
    worker?.kill("SIGTERM");
    await worker?.done;
    worker = undefined;
  };

  beforeAll(async () => {
    redis = await TestRedis.start();
  }, 30_000);

  afterAll(async () => {
    for (const c of children) c.kill("SIGKILL");
    await Promise.all(children.map((c) => c.done));
    await redis?.kill("SIGTERM");
  }, 20_000);

  it("a proof with no worker connected says so, then, once one connects, proves the optimum: exit 30, OPTIMUM FOUND, as in one process", async () => {
    await redis.flushAll();
    const single = inProcess(SOLVABLE);
    expect(single.exitCode).toBe(30);
    const proof = labsolve(["--queue", redis.url, SOLVABLE]);
    const said = await proof.saw(/no worker is connected/);
    expect(said).toContain(`start one with \`labsolve worker --queue ${redis.url}\``);
    await startWorker();
    const end = await proof.done;
    expect(end.code, end.text).toBe(30);
    const [answer, witness, comment] = end.out.split("\n");
    expect(answer).toBe("ANSWER");
    expect(witness.match(/push\(/g)?.length).toBe(single.fewest);
    expect(comment).toBe(`% OPTIMUM FOUND: ${single.fewest} pushes, proven on the queue (no solution has fewer)`);
    const check = labcheck(SOLVABLE, end.out);
    expect(check.status, check.text).toBe(0);
  });

  it("json and clingo layouts of the proof: OPTIMUM FOUND, optimal, the fewest pushes of the run in one process; labcheck reads both", async () => {
    if (!worker) await startWorker();
    const single = inProcess(SOLVABLE);
    const json = await labsolve(["--queue", redis.url, SOLVABLE, "--format", "json"]).done;
    expect(json.code, json.text).toBe(30);
    const doc = JSON.parse(json.out);
    expect(doc).toMatchObject({ rules: "competition", status: "OPTIMUM FOUND", exitCode: 30, cost: "pushes", optimal: true, fewest: single.fewest, lowerBound: single.fewest });
    expect(doc.models).toHaveLength(1);
    expect(doc.models[0].witness).toHaveLength(single.fewest!);
    expect(labcheck(SOLVABLE, json.out).status).toBe(0);
    const clingo = await labsolve(["--queue", redis.url, SOLVABLE, "--format", "clingo"]).done;
    expect(clingo.code, clingo.text).toBe(30);
    expect(clingo.out).toMatch(new RegExp(`^Answer: 1\n.*\nOptimization: ${single.fewest}\n`, "m"));
    expect(clingo.out).toMatch(/^OPTIMUM FOUND$/m);
    expect(clingo.out).toMatch(/Optimum {4}: yes/);
    expect(labcheck(SOLVABLE, clingo.out).status).toBe(0);
  });

  it("no solution within the horizon: exit 20, INCONSISTENT, as in one process", async () => {
    if (!worker) await startWorker();
    const single = inProcess(UNSOLVABLE);
    expect(single.exitCode).toBe(20);
    const r = await labsolve(["--queue", redis.url, UNSOLVABLE]).done;
    expect(r.code, r.text).toBe(20);
    expect(r.out).toBe("INCONSISTENT\n");
    const json = await labsolve(["--queue", redis.url, UNSOLVABLE, "-f", "json"]).done;
    expect(JSON.parse(json.out)).toMatchObject({ status: "UNSATISFIABLE", exitCode: 20, optimal: false, fewest: null, models: [] });
  });

  it("--time-limit stops a proof no worker runs: exit 11 with the upper bound's answer (checked), exit 1 without one", async () => {
    await stopWorker();
    await redis.flushAll();
    const r = await labsolve(["--queue", redis.url, SOLVABLE, "--time-limit", "1"]).done;
    expect(r.code, r.text).toBe(11);
    expect(r.out).toMatch(/^ANSWER\npush\(.*\n% pushes \d+, shortest >= \d+\n% interrupted: time limit\n$/);
    expect(labcheck(SOLVABLE, r.out).status).toBe(0);
    // no upper bound (nothing solves it): nothing to print but the bound
    const none = await labsolve(["--queue", redis.url, UNSOLVABLE, "--time-limit", "1", "-f", "json"]).done;
    expect(none.code, none.text).toBe(1);
    expect(JSON.parse(none.out)).toMatchObject({ status: "UNKNOWN", exitCode: 1, interrupted: true, stoppedBy: "time limit", models: [] });
  });

  it("a batch with no worker connected says so, and ends once one connects", async () => {
    await stopWorker();
    await redis.flushAll();
    const out = join(mkdtempSync(join(tmpdir(), "labqueue-out-")), "results.jsonl");
    const batch = labsolve(["batch", SOLVABLE, "--queue", redis.url, "--out", out]);
    const said = await batch.saw(/no worker is connected/);
    expect(said).toContain(`labsolve worker --queue ${redis.url}`);
    await startWorker();
    const end = await batch.done;
    expect(end.code, end.text).toBe(0);
    expect(JSON.parse(readFileSync(out, "utf8").trim().split("\n").at(-1)!)).toMatchObject({ instance: SOLVABLE, status: "OPTIMUM FOUND", optimal: true, verified: true });
  });

  it("kept results: used again with the same version and options (said so), run again with --fresh; another version is another job", async () => {
    if (!worker) await startWorker();
    await redis.flushAll();
    const dir = mkdtempSync(join(tmpdir(), "labqueue-fresh-"));
    const first = await labsolve(["batch", SOLVABLE, "--queue", redis.url, "--out", join(dir, "1.jsonl")]).done;
    expect(first.code, first.text).toBe(0);
    const conn = new Redis({ host: "127.0.0.1", port: redis.port, maxRetriesPerRequest: null });
    const queue = new Queue("labyrinth-batch", { connection: conn });
    try {
      const id = instanceJobId(instanceJob(SOLVABLE, readFileSync(join(ROOT, SOLVABLE), "utf8"), { tableMegabytes: 64 }));
      const ranAt = (await queue.getJob(id))?.processedOn;
      expect(ranAt).toBeDefined();
      const again = await labsolve(["batch", SOLVABLE, "--queue", redis.url, "--out", join(dir, "2.jsonl")]).done;
      expect(again.code, again.text).toBe(0);
      expect(again.text).toMatch(/1 instance\(s\) already run on the queue with this version and these options: their kept results are used \(--fresh runs them again\)/);
      expect((await queue.getJob(id))?.processedOn).toBe(ranAt);
      const fresh = await labsolve(["batch", SOLVABLE, "--queue", redis.url, "--out", join(dir, "3.jsonl"), "--fresh"]).done;
      expect(fresh.code, fresh.text).toBe(0);
      expect(fresh.text).toMatch(/--fresh: 1 result\(s\) of an earlier run removed from the queue; those instances run again/);
      expect((await queue.getJob(id))?.processedOn).not.toBe(ranAt);
      // the same rows each time
      const row = (f: string) => {
        const r = JSON.parse(readFileSync(join(dir, f), "utf8").trim().split("\n").at(-1)!);
        return { status: r.status, upperBound: r.upperBound, optimal: r.optimal };
      };
      expect(row("2.jsonl")).toEqual(row("1.jsonl"));
      expect(row("3.jsonl")).toEqual(row("1.jsonl"));
    } finally {
      await queue.close();
      conn.disconnect();
    }
    // the version is part of the job's key
    const data = instanceJob("a.lp", "field(1,1).", {});
    expect(instanceJobId(data, "0.1.0")).not.toBe(instanceJobId(data, "0.1.1"));
  });

  it("--fresh is refused without --queue (the in-process batch keeps no results to run again)", () => {
    const r = spawnSync(LABSOLVE, ["batch", SOLVABLE, "--fresh"], { cwd: ROOT, encoding: "utf8" });
    expect(r.status).toBe(65);
    expect(r.stderr).toMatch(/--fresh/);
  });
});
