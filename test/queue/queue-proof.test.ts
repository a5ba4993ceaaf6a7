/**
 * Proofs split by push prefixes (labsolve --queue; src/queue/proof.ts, search/proof/prefixes.ts).
 *
 * Without Redis: the jobs of a depth partition its tree. For each instance and depth,
 * the solutions of exactly that many pushes (every one: models 0) counted by the search
 * without a cut are counted again as the sum over the depth's prefix jobs, each with a
 * tiny node budget so that most jobs return frontiers, searched as further jobs: the sums
 * must be equal, whichever prefixes and frontiers.
 *
 * With a real Redis (started here on a loopback port, AOF on) and 2 worker processes
 * (bin/labsolve worker): proofs through the queue equal the in-process proof (status,
 * optimum, lower bound) on small instances and on a shared one, with and without the
 * upper bound first; a job past its node budget returns its frontier and the depth still
 * settles to the same answer. Skips, saying why, without redis-server or ../shared.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { splitter } from "../../src/push/competition/proof.js";
import { generate, toFacts } from "../../src/push/competition/generate.js";
import { readInstance } from "../../src/push/competition/instance.js";
import { searchInstance } from "../../src/push/competition/search/exact/engine.js";
import { JobPrefixes } from "../../src/push/competition/search/proof/prefixes.js";
import { runQueuedProof, type QueuedProof } from "../../src/queue/proof.js";
import { estimates, frontierGroups, groupLargestFirst, prefixLength } from "../../src/queue/split.js";
import { REDIS_SERVER, TestRedis } from "../helpers/redis.js";
import { vastUnsolvableFacts } from "../helpers/slow.js";

const ROOT = new URL("../..", import.meta.url).pathname;
const LABSOLVE = join(ROOT, "bin/labsolve");
const SHARED = join(ROOT, "..", "shared", "instances", "aspcomp2013");
const SHARED_0045 = join(SHARED, "0045-labyrinth-11-0.asp");
const SHARED_0192 = join(SHARED, "0192-labyrinth-18-0.asp");

/** Solutions of exactly `depth` pushes below the cut's prefixes (every one: models 0), and the cut's frontier. */
function countBelow(text: string, depth: number, prefixes: number[][], budget?: number, frontierLength?: number): { solutions: number; frontier: number[][] } {
  const { instance } = readInstance(text, "t");
  const cut = new JobPrefixes({ depth, prefixes, budget, frontierLength });
  const r = searchInstance(instance, { maxSteps: depth, models: 0, keep: false, tableMegabytes: 1, prefix: cut });
  return { solutions: r.depths.find((d) => d.depth === depth)?.solutions ?? 0, frontier: cut.frontier };
}

describe("a depth's prefix jobs and their frontiers partition its tree (no Redis needed)", () => {
  const cases: { name: string; text: string; depths: number[] }[] = [];
  for (const [size, seed, style] of [[6, 17, "random"], [6, 13, "maze"], [7, 1, "random"], [7, 14, "random"]] as const) {
    cases.push({ name: `generated ${size}x${size} ${style} ${seed}`, text: toFacts(generate(size, 7, seed, style)), depths: [5] });
  }
  cases.push({ name: "an unsolvable 6x6", text: vastUnsolvableFacts(6, 6, 3), depths: [5] });
  if (existsSync(SHARED_0045)) cases.push({ name: "0045 (shared)", text: readFileSync(SHARED_0045, "utf8"), depths: [5] });

  const solutionsSeen: number[] = [];
  afterAll(() => {
    // the counts compared were not all zero
    expect(solutionsSeen.some((n) => n > 0)).toBe(true);
  });

  it.each(cases)("$name: every solution of the depth counted once, over jobs with node budgets of 1/20 of the depth", { timeout: 60_000 }, ({ text, depths }) => {
    let frontiers = 0;
    for (const depth of depths) {
      // the reference: the normal search (iterative deepening, no cut), every solution of this depth
      const { instance } = readInstance(text, "t");
      const whole = searchInstance(instance, { maxSteps: depth, models: 0, keep: false, tableMegabytes: 1 }).depths.find((d) => d.depth === depth);
      const reference = whole?.solutions ?? 0;
      const budget = Math.max(100, Math.round((whole?.nodes ?? 0) / 20));
      // the whole depth alone (the shallower depths skipped)
      expect(countBelow(text, depth, [[]]).solutions, `depth ${depth} alone`).toBe(reference);
      // prefixes short enough for frontiers below them (4 pushes left)
      const k = depth - 4;
      const prefixes = countBelow(text, depth, [[]], 0, k).frontier;
      // the search's own prefixes: k pushes each, distinct
      expect(prefixes.every((p) => p.length === k)).toBe(true);
      expect(new Set(prefixes.map((p) => p.join())).size).toBe(prefixes.length);
      let sum = 0;
      // jobs of 1 to 3 prefixes, then their frontiers in groups, until none is left
      const todo: number[][][] = [];
      for (let i = 0; i < prefixes.length; i += 1 + (i % 3)) todo.push(prefixes.slice(i, i + 1 + (i % 3)));
      while (todo.length > 0) {
        const job = todo.pop()!;
        const r = countBelow(text, depth, job, budget);
        sum += r.solutions;
        frontiers += r.frontier.length;
        // a frontier is longer prefixes below the job's own
        for (const f of r.frontier) expect(job.some((p) => p.every((m, i) => f[i] === m) && f.length > p.length)).toBe(true);
        todo.push(...frontierGroups(r.frontier, 3));
      }
      expect(sum, `depth ${depth}`).toBe(reference);
      solutionsSeen.push(reference);
    }
    // the budgets cut jobs short (the frontiers were exercised) on the larger trees
    expect(frontiers).toBeGreaterThan(0);
  });

  it("with models 1, solutions are found below prefixes that hold some, and none a depth shallower", { timeout: 60_000 }, () => {
    const text = toFacts(generate(6, 7, 17, "random"));
    const { instance } = readInstance(text, "t");
    const fewest = searchInstance(instance, {}).fewest!;
    expect(fewest).toBe(5);
    const prefixes = splitter.searchPart(text, "t", { depth: fewest, prefixes: [[]], budget: 0, frontierLength: 2 }).frontier;
    const finding = prefixes.filter((p) => splitter.searchPart(text, "t", { depth: fewest, prefixes: [p], tableMegabytes: 1 }).witness !== null);
    // prefixes below which solutions of this length exist (every solution counted); the
    // commutation rule of models 1 leaves out some of them (a swapped order is searched)
    const holding = new Set(prefixes.filter((p) => countBelow(text, fewest, [p]).solutions > 0).map((p) => p.join()));
    for (const p of finding) expect(holding.has(p.join()), p.join()).toBe(true);
    expect(finding.length).toBeGreaterThan(0);
    // one depth shallower: no job finds anything
    const shallower = splitter.searchPart(text, "t", { depth: fewest - 1, prefixes: [[]], budget: 0, frontierLength: 1 }).frontier;
    for (const p of shallower) expect(splitter.searchPart(text, "t", { depth: fewest - 1, prefixes: [p], tableMegabytes: 1 }).witness).toBeNull();
  });
});

describe("how a depth is split into jobs (no Redis needed)", () => {
  it("prefixes of 2 pushes when there are enough for the jobs, else 3; none when the depth is too shallow", () => {
    expect(prefixLength(7, 100, (k) => (k === 2 ? 4000 : 240_000))).toBe(2);
    expect(prefixLength(7, 5000, (k) => (k === 2 ? 4000 : 240_000))).toBe(3);
    // depth 5: 3 pushes would leave 2 (no frontier, no cut below the last plies)
    expect(prefixLength(5, 5000, () => 10)).toBe(2);
    expect(prefixLength(4, 8, () => 100)).toBeUndefined();
  });

  it("groups of about equal estimated size, the largest first, every prefix in one group", () => {
    const prefixes = Array.from({ length: 40 }, (_, i) => [i >> 3, i & 7]);
    const sizes = prefixes.map((_, i) => ((i * 7919) % 97) + 1);
    const groups = groupLargestFirst(prefixes, sizes, 6);
    expect(groups).toHaveLength(6);
    expect(groups.flatMap((g) => g.prefixes).map((p) => p.join()).sort()).toEqual(prefixes.map((p) => p.join()).sort());
    for (let i = 1; i < groups.length; i++) expect(groups[i - 1].estimate).toBeGreaterThanOrEqual(groups[i].estimate);
    const total = sizes.reduce((a, b) => a + b, 0);
    // list scheduling, largest first: no group more than the mean plus the largest item
    expect(groups[0].estimate).toBeLessThanOrEqual(total / 6 + Math.max(...sizes));
  });

  it("estimates a prefix from the depth before: its descendants' sum, or its share of an ancestor's", () => {
    const previous = new Map([["1,2,3", 10], ["1,2,4", 30], ["5,6,7", 8]]);
    expect(estimates([[1, 2], [5, 6], [9, 9]], previous)).toEqual([40, 8, 40]);
    expect(estimates([[1, 2, 3, 0], [1, 2, 3, 1], [5, 6, 7, 2]], previous)).toEqual([5, 5, 8]);
  });
});

describe.skipIf(!REDIS_SERVER)(`proofs split by prefixes on a real Redis (${REDIS_SERVER ? "redis-server" : "skipped: no redis-server on the PATH; .ci/run installs Debian's"})`, { timeout: 60_000 }, () => {
  let redis: TestRedis;
  const workers: ChildProcess[] = [];

  beforeAll(async () => {
    if (!existsSync(join(ROOT, "dist/src/cli/labsolve.js"))) throw new Error("run npm run build first (the workers are bin/labsolve)");
    redis = await TestRedis.start();
    for (const name of ["p1", "p2"]) {
      workers.push(spawn(LABSOLVE, ["worker", "--queue", redis.url, "--concurrency", "1", "--lock-duration", "5000", "--stalled-interval", "2000", "--name", name], { stdio: "ignore" }));
    }
    const conn = new Redis({ host: "127.0.0.1", port: redis.port, maxRetriesPerRequest: null });
    const queue = new Queue("labyrinth-batch", { connection: conn });
    try {
      for (let i = 0; i < 200 && (await queue.getWorkersCount()) < 2; i++) await new Promise((r) => setTimeout(r, 100));
    } finally {
      await queue.close();
      conn.disconnect();
    }
  }, 30_000);

  afterAll(async () => {
    for (const w of workers) if (w.exitCode === null && w.signalCode === null) w.kill("SIGKILL");
    await redis?.kill("SIGTERM");
  }, 20_000);

  const address = (): { host: string; port: number; db: number; tls: boolean } => ({ host: "127.0.0.1", port: redis.port, db: 0, tls: false });

  /** The in-process proof: labsolve's exact search in this process (iterative deepening, no queue). */
  const inProcess = (text: string): { fewest: number | undefined; lower: number } => {
    const { instance } = readInstance(text, "t");
    const r = searchInstance(instance, {});
    return { fewest: r.fewest, lower: r.fewest ?? instance.maxSteps + 1 };
  };
  const split = (r: QueuedProof): number => r.depths.filter((d) => d.prefixLength !== null).length;

  it("small instances: the same status, optimum and lower bound as in one process, the deep depths split by prefixes", async () => {
    const texts = [toFacts(generate(6, 7, 17, "random")), vastUnsolvableFacts(5, 6, 3), vastUnsolvableFacts(6, 6, 7)];
    for (const text of texts) {
      const want = inProcess(text);
      const r = await runQueuedProof(text, "t", { address: address(), jobs: 8, oneJobStates: 0, upperBound: false, pollMs: 50 });
      expect(r.status).toBe(want.fewest === undefined ? "unsatisfiable" : "solved");
      expect(r.pushes).toBe(want.fewest ?? null);
      expect(r.lowerBound).toBe(want.lower);
      expect(split(r)).toBeGreaterThan(0);
    }
  });

  it.skipIf(!existsSync(SHARED_0045))("a shared instance (0045): labsolve's optimum and bounds, without and with the upper bound first (skipped without ../shared)", async () => {
    const text = readFileSync(SHARED_0045, "utf8");
    const single = JSON.parse(spawnSync(LABSOLVE, [SHARED_0045, "--format", "json"], { encoding: "utf8", cwd: ROOT }).stdout) as { fewest: number; lowerBound: number; optimal: boolean };
    expect(single.optimal).toBe(true);
    // every depth searched on the queue, the optimum's depth split by prefixes and found there
    const searched = await runQueuedProof(text, SHARED_0045, { address: address(), jobs: 16, oneJobStates: 1000, upperBound: false, pollMs: 50 });
    expect({ status: searched.status, pushes: searched.pushes, lower: searched.lowerBound }).toEqual({ status: "solved", pushes: single.fewest, lower: single.lowerBound });
    expect(searched.depths.at(-1)!.prefixLength).toBe(2);
    // the upper bound first: only the depths below it are searched
    const bounded = await runQueuedProof(text, SHARED_0045, { address: address(), jobs: 16, oneJobStates: 1000, pollMs: 50 });
    expect({ status: bounded.status, pushes: bounded.pushes, lower: bounded.lowerBound }).toEqual({ status: "solved", pushes: single.fewest, lower: single.lowerBound });
    expect(bounded.upperBound).not.toBeNull();
    expect(bounded.depths.map((d) => d.depth)).toEqual(Array.from({ length: bounded.upperBound! }, (_, i) => i));
  });

  it("jobs past a node budget return their frontiers; the depth settles to the same answer", async () => {
    const text = vastUnsolvableFacts(5, 6, 3);
    const want = inProcess(text);
    const r = await runQueuedProof(text, "t", { address: address(), jobs: 4, oneJobStates: 0, budget: 20_000, upperBound: false, pollMs: 50 });
    expect({ status: r.status, lower: r.lowerBound }).toEqual({ status: "unsatisfiable", lower: want.lower });
    const deepest = r.depths.at(-1)!;
    expect(deepest.jobs.some((j) => j.frontier > 0)).toBe(true);
    const children = deepest.jobs.filter((j) => j.parent >= 0);
    expect(children.length).toBeGreaterThan(0);
    // each frontier job names a job that returned a frontier
    for (const c of children) expect(deepest.jobs[c.parent].frontier).toBeGreaterThan(0);
    // the same states in all, within the prefixes' re-walks: the frontier lost nothing
    const whole = await runQueuedProof(text, "t", { address: address(), jobs: 4, oneJobStates: 0, upperBound: false, pollMs: 50 });
    expect(deepest.nodes).toBeGreaterThanOrEqual(whole.depths.at(-1)!.nodes * 0.98);
  });

  it("a worker SIGKILLed mid-part: its search process stops at once, the part runs again on the other worker, the same answer", async () => {
    const text = vastUnsolvableFacts(7, 6, 7);
    const conn = new Redis({ host: "127.0.0.1", port: redis.port, maxRetriesPerRequest: null });
    const queue = new Queue("labyrinth-batch", { connection: conn });
    try {
      // every depth one job: depth 6's (1.75 million states) runs for seconds
      const proof = runQueuedProof(text, "t", { address: address(), oneJobStates: Infinity, upperBound: false, pollMs: 50 });
      let victim: { worker: ChildProcess; searches: number[] } | undefined;
      for (let i = 0; i < 600 && victim === undefined; i++) {
        const active = (await queue.getActive()).filter((j) => (j.data as { part?: { depth: number } }).part?.depth === 6);
        const name = active[0]?.processedBy;
        const worker = workers[["p1", "p2"].findIndex((n) => name?.startsWith(n))];
        if (worker?.pid !== undefined) {
          const children = spawnSync("ps", ["--ppid", String(worker.pid), "-o", "pid="], { encoding: "utf8" }).stdout.split("\n").filter((l) => l.trim() !== "").map(Number);
          if (children.length > 0) victim = { worker, searches: children };
        }
        if (victim === undefined) await new Promise((r) => setTimeout(r, 50));
      }
      expect(victim, "depth 6's job seen running").toBeDefined();
      victim!.worker.kill("SIGKILL");
      const alive = (pid: number): boolean => {
        try {
          process.kill(pid, 0);
          return spawnSync("ps", ["-o", "stat=", "-p", String(pid)], { encoding: "utf8" }).stdout.trim().startsWith("Z") === false;
        } catch {
          return false;
        }
      };
      // the orphaned search notices within a few thousand states (the job itself runs for seconds more)
      for (let i = 0; i < 15 && victim!.searches.some(alive); i++) await new Promise((r) => setTimeout(r, 100));
      expect(victim!.searches.filter(alive)).toEqual([]);
      const r = await proof;
      expect({ status: r.status, lower: r.lowerBound }).toEqual({ status: "unsatisfiable", lower: 7 });
    } finally {
      await queue.close();
      conn.disconnect();
    }
  });

  it.skipIf(!existsSync(SHARED_0192) || process.env.LABYRINTH_SLOW_TESTS === undefined)("0192 to 6 pushes (LABYRINTH_SLOW_TESTS): no solution, as in one process", async () => {
    const r = await runQueuedProof(readFileSync(SHARED_0192, "utf8"), SHARED_0192, { address: address(), maxSteps: 6, upperBound: false });
    expect({ status: r.status, lower: r.lowerBound }).toEqual({ status: "unsatisfiable", lower: 7 });
  }, 600_000);
});
