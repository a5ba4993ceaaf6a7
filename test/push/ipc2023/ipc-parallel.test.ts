/**
 * The IPC planner's exact search shared by two threads (src/push/ipc2023/search/units.ts):
 * - the counters: an iteration settles only when every thread that started it has finished
 *   it, and only then does the lower bound rise (a plan found at a bound is not proven by
 *   that alone);
 * - two real worker threads searching from the start (the build's units.js; units at the
 *   root's children, at cost 2 and at cost 3) give one thread's optimum (solveIpc) on
 *   generated 8x8 and 10x10 tasks and clingo's (test/asp/ipc2023.lp) on random 4x4 tasks,
 *   their plans valid by the checker, and the work is shared out (both threads expand states
 *   on many of them);
 * - `labsolve plan --threads 2` gives the same optimal cost as `--threads 1` and as solveIpc,
 *   exit 30, its plan valid by `labcheck plan` (on the small tasks the exact thread ends before
 *   the plan thread starts; on the 14x14 one the plan thread joins it).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import { generateIpcTask, ipcProblemText } from "../../../src/push/ipc2023/generate.js";
import { planText } from "../../../src/push/ipc2023/plan-writer.js";
import { checker } from "../../../src/push/ipc2023/referee.js";
import { solveIpc } from "../../../src/push/ipc2023/search/index.js";
import { NONE, SearchShare, sharedSearchMemory, type SharedSearchMemory } from "../../../src/push/ipc2023/search/units.js";
import type { IpcMove, IpcTask } from "../../../src/push/ipc2023/task.js";
import { clingoOptimum, randomTask } from "../../helpers/ipc-clingo.js";

const ROOT = new URL("../../..", import.meta.url).pathname;
const DOMAIN = join(ROOT, "docs/ipc2023/domain.pddl");
const SHARE_JS = join(ROOT, "dist/src/push/ipc2023/search/units.js");
const SHARE_URL = pathToFileURL(SHARE_JS).href;
const bin = (cmd: string): string => join(ROOT, "bin", cmd);

/** The checker's verdict on a plan of a task (the code of labcheck plan). */
function verdict(task: IpcTask, moves: IpcMove[], cost: number): { valid: boolean; cost?: number } {
  const text = (t: string, name: string) => ({ text: t, name });
  return checker.check({ domain: text(readFileSync(DOMAIN, "utf8"), "domain.pddl"), problem: text(ipcProblemText(task), "p.pddl"), plan: text(planText(task, moves, cost), "p.plan") }).verdict;
}

/** One thread of a shared search: the build's searchShared in a worker thread. */
const THREAD = `
const { parentPort, workerData } = require("node:worker_threads");
import(workerData.module).then(({ searchShared }) => {
  const plans = [];
  const r = searchShared(workerData.task, workerData.memory, { unitDepth: workerData.depth, maxCost: workerData.maxCost, tableLog2: 16, onPlan: (moves, cost) => plans.push({ moves, cost }) });
  parentPort.postMessage({ expanded: r.expanded, plans });
});`;

interface Shared {
  lower: number;
  plans: { moves: IpcMove[]; cost: number }[];
  expanded: number[];
}

/** Two threads searching the task together from the start; the lower bound and every plan they found. */
async function twoThreads(task: IpcTask, depth: number, maxCost?: number): Promise<Shared> {
  const memory: SharedSearchMemory = sharedSearchMemory(16);
  const parts = await Promise.all(
    [0, 1].map(
      () =>
        new Promise<{ expanded: number; plans: Shared["plans"] }>((resolve, reject) => {
          const w = new Worker(THREAD, { eval: true, workerData: { module: SHARE_URL, task, memory, depth, maxCost } });
          w.once("message", resolve);
          w.once("error", reject);
        }),
    ),
  );
  return { lower: new SearchShare(memory).lowerBound(), plans: parts.flatMap((p) => p.plans), expanded: parts.map((p) => p.expanded) };
}

describe("the shared search's counters (SearchShare)", () => {
  it("an iteration settles when every thread that started it has finished it; a plan is not a proof", () => {
    const share = new SearchShare(sharedSearchMemory(10));
    share.proveAtLeast(30);
    share.start(30);
    share.start(30);
    expect(share.finish(30, 31)).toBe(false);
    expect(share.lowerBound()).toBe(30);
    // the other thread has gone on to 31 meanwhile and found a plan there: no proof yet
    share.start(31);
    share.offerPlan(31);
    expect([share.bestCost(), share.lowerBound()]).toEqual([31, 30]);
    // the last thread of 30 finishes: the least exceeding cost of the two is the proof
    expect(share.finish(30, 32)).toBe(true);
    expect(share.lowerBound()).toBe(31);
    // a late thread that starts a settled bound and finishes it settles it again, harmlessly
    share.start(30);
    expect(share.finish(30, Infinity)).toBe(true);
    expect(share.lowerBound()).toBe(31);
    // nothing exceeded a settled bound: no plan at all
    share.start(40);
    expect(share.finish(40, Infinity)).toBe(true);
    expect(share.lowerBound()).toBe(NONE);
  });
});

describe.skipIf(!existsSync(SHARE_JS))("two threads searching from the start (the build: npm run build)", () => {
  it("generated 8x8 and 10x10 tasks: one thread's optimum, proven, the plans valid; the work shared out", async () => {
    let bothWorked = 0;
    let runs = 0;
    for (const [n, rotations] of [
      [8, 8],
      [8, 16],
      [10, 10],
      [10, 20],
    ]) {
      for (let seed = 1; seed <= 3; seed++) {
        const task = generateIpcTask(n, seed, rotations);
        const one = solveIpc(task, { tableLog2: 16 });
        expect(one.proven, task.file).toBe(true);
        for (const depth of [0, 1, 2]) {
          const label = `${task.file} depth ${depth}`;
          const two = await twoThreads(task, depth);
          runs++;
          if (two.expanded.every((e) => e > 10)) bothWorked++;
          if (one.cost === undefined) {
            expect([two.plans.length, two.lower], label).toEqual([0, NONE]);
            continue;
          }
          const best = Math.min(...two.plans.map((p) => p.cost));
          // (the lower bound never passes a plan: an iteration at or above its cost cannot settle)
          expect([best, two.lower], label).toEqual([one.cost, one.cost]);
          for (const p of two.plans) expect(verdict(task, p.moves, p.cost), label).toMatchObject({ valid: true, cost: p.cost });
        }
      }
    }
    // the units are shared out: on many runs both threads expand states (about half of them on
    // a loaded machine; on the smallest tasks one thread is done before the other has started)
    expect(bothWorked).toBeGreaterThan(runs / 4);
  }, 60_000);

  it("random 4x4 tasks: clingo's least cost within the horizon", async () => {
    let solved = 0;
    for (let k = 0; k < 24; k++) {
      const task = randomTask(4, 9300 + k);
      const theirs = await clingoOptimum(task, 9);
      const two = await twoThreads(task, k % 2, 9);
      const best = two.plans.length > 0 ? Math.min(...two.plans.map((p) => p.cost)) : undefined;
      expect(best, task.file).toBe(theirs);
      if (best !== undefined) {
        solved++;
        expect(two.lower, task.file).toBe(best);
      } else expect(two.lower, task.file).toBeGreaterThan(9);
    }
    expect(solved).toBeGreaterThan(4);
    expect(solved).toBeLessThan(24);
  }, 60_000);
});

describe("labsolve plan --threads 2", () => {
  it.each([
    [8, 1, 8],
    [8, 2, 16],
    [10, 1, 10],
    [10, 4, 20],
    // about 2 s: the plan thread starts, finds 33 and 31, and joins the exact search
    [14, 1, 28],
  ])("N %i, seed %i, %i pushes: the cost of --threads 1 and of solveIpc, proven, valid by labcheck plan", (n, seed, rotations) => {
    const dir = mkdtempSync(join(tmpdir(), "labyrinth-parallel-"));
    const problem = join(dir, "p.pddl");
    const task = generateIpcTask(n, seed, rotations);
    writeFileSync(problem, ipcProblemText(task));
    const optimum = solveIpc(task, { tableLog2: 16 });
    const verdicts: string[] = [];
    for (const threads of ["2", "1"]) {
      const out = join(dir, `t${threads}.plan`);
      const r = spawnSync(bin("labsolve"), ["plan", DOMAIN, problem, "--threads", threads, "-o", out], { encoding: "utf8" });
      expect(r.status, r.stderr).toBe(30);
      verdicts.push(spawnSync(bin("labcheck"), ["plan", DOMAIN, problem, out], { encoding: "utf8" }).stdout.trim());
    }
    expect(verdicts.map((v) => /^valid: plan cost (\d+) /.exec(v)?.[1])).toEqual([String(optimum.cost), String(optimum.cost)]);
  }, 60_000);
});
