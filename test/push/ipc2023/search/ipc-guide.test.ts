/**
 * The guide of the IPC planner's search (Planner.setGuide; units.ts's offerGuide and guideFor):
 * a known plan's pushes are tried first at every node. It changes the order of the children
 * only, never which ones there are or what cuts them:
 * - solveIpc with a guide (the quick plan's, or a plan of another task) gives solveIpc's optimum
 *   and proof without one, on generated 8x8 and 10x10 tasks, and the iterations below the
 *   optimum (no plan in them) keep their states within a few percent (the transposition table's
 *   order);
 * - the guide of an iteration of a shared search is chosen once, by the first thread that asks,
 *   and every thread gets that one;
 * - two worker threads sharing the search with a guide posted give one thread's optimum, proven;
 * - why every thread must order alike: two planners splitting the units (even and odd, in turn,
 *   in-process) give the optimum when both order by the guide; the units' numbers name the same
 *   children in two planners with the same guide, and other children when only one has it (a
 *   planted fault: a thread with a guide of its own would search children another thread also
 *   searches and leave some to none).
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import { generateIpcTask } from "../../../../src/push/ipc2023/generate.js";
import { solveIpc } from "../../../../src/push/ipc2023/search/index.js";
import { costBound } from "../../../../src/push/ipc2023/search/bound.js";
import { guidePushes, NO_ACTION, Planner } from "../../../../src/push/ipc2023/search/planner.js";
import { quickPlan } from "../../../../src/push/ipc2023/search/quick.js";
import { NONE, SearchShare, sharedSearchMemory } from "../../../../src/push/ipc2023/search/units.js";
import type { IpcMove, IpcTask } from "../../../../src/push/ipc2023/task.js";

const ROOT = new URL("../../../..", import.meta.url).pathname;
const SHARE_JS = join(ROOT, "dist/src/push/ipc2023/search/units.js");

/** Generated tasks whose quick plan is not optimal, with the optimum (solveIpc without a guide). */
const TASKS: [number, number, number][] = [
  [8, 16, 1],
  [8, 16, 3],
  [8, 16, 4],
  [8, 16, 6],
  [10, 10, 5],
  [10, 20, 1],
  [10, 20, 3],
  [10, 20, 6],
];

describe("the guide orders, never cuts", () => {
  it("solveIpc with the quick plan's or another task's pushes as the guide: the same optimum, proof and iterations", () => {
    const other = quickPlan(generateIpcTask(10, 9, 20))!.moves;
    let fewer = 0;
    for (const [n, rotations, seed] of TASKS) {
      const task = generateIpcTask(n, seed, rotations);
      const perIteration = (guide?: readonly IpcMove[]): { result: ReturnType<typeof solveIpc>; states: number[] } => {
        const states: number[] = [];
        let before = 0;
        const result = solveIpc(task, { tableLog2: 16, guide, onIteration: (_, e) => (states.push(e - before), (before = e)) });
        return { result, states };
      };
      const plain = perIteration();
      const quick = quickPlan(task)!;
      expect(quick.cost, task.file).toBeGreaterThan(plain.result.cost!);
      for (const guide of [quick.moves, other]) {
        const guided = perIteration(guide);
        expect([guided.result.cost, guided.result.proven, guided.result.lowerBound], task.file).toEqual([plain.result.cost, true, plain.result.cost]);
        expect(guided.states.length, task.file).toBe(plain.states.length);
        guided.states.forEach((s, i) => expect(Math.abs(s - plain.states[i]), `${task.file} iteration ${i}`).toBeLessThanOrEqual(Math.max(2, plain.states[i] / 20)));
        if (guide === quick.moves && guided.result.expanded < plain.result.expanded) fewer++;
      }
    }
    // and it changes the order: the plan-finding iteration differs on some tasks
    expect(fewer).toBeGreaterThan(0);
  });
});

describe("the guide of a shared search's iteration (SearchShare.guideFor)", () => {
  it("is chosen by the first thread that asks, the newest posted then, and is the same for every thread", () => {
    const memory = sharedSearchMemory(10);
    const [a, b] = [new SearchShare(memory), new SearchShare(memory)];
    const plan1: IpcMove[] = [
      { kind: "push", line: 3, direction: "s" },
      { kind: "step", direction: "e" },
      { kind: "push", line: 5, direction: "w" },
    ];
    const plan2: IpcMove[] = [{ kind: "push", line: 1, direction: "n" }];
    expect(a.guideFor(30)).toBeUndefined();
    a.offerGuide(plan1);
    // bound 30 was decided without a guide; 31 gets the one posted
    expect(b.guideFor(30)).toBeUndefined();
    expect(b.guideFor(31)).toEqual(guidePushes(plan1));
    expect(guidePushes(plan1)).toEqual([3 * 4 + 1, 5 * 4 + 3]);
    a.offerGuide(plan2);
    expect(a.guideFor(31)).toEqual(guidePushes(plan1));
    expect(a.guideFor(32)).toEqual(guidePushes(plan2));
    expect(b.guideFor(32)).toEqual(guidePushes(plan2));
    expect(b.bestCost()).toBe(NONE);
  });
});

/** One thread of a shared search: the build's searchShared in a worker thread. */
const THREAD = `
const { parentPort, workerData } = require("node:worker_threads");
import(workerData.module).then(({ searchShared }) => {
  const plans = [];
  searchShared(workerData.task, workerData.memory, { tableLog2: 16, onPlan: (moves, cost) => plans.push(cost) });
  parentPort.postMessage(plans);
});`;

/** Two threads searching the task together from the start with the guide posted: the best plan's cost and the lower bound. */
async function twoThreads(task: IpcTask, guide: IpcMove[]): Promise<{ best: number; lower: number }> {
  const memory = sharedSearchMemory(16);
  new SearchShare(memory).offerGuide(guide);
  const plans = await Promise.all(
    [0, 1].map(
      () =>
        new Promise<number[]>((resolve, reject) => {
          const w = new Worker(THREAD, { eval: true, workerData: { module: pathToFileURL(SHARE_JS).href, task, memory } });
          w.once("message", resolve);
          w.once("error", reject);
        }),
    ),
  );
  return { best: Math.min(...plans.flat()), lower: new SearchShare(memory).lowerBound() };
}

/**
 * The deepening with each iteration's units (the children of the nodes at cost 1) split between
 * two planners, even units to one and odd to the other, searched in turn in-process; each orders
 * its pushes by its own guide. The first plan's cost (undefined: none below 100).
 */
function splitUnits(task: IpcTask, guides: (number[] | undefined)[]): number | undefined {
  const planners = guides.map((guide, k) => {
    const p = new Planner(task, { tableLog2: 16 }, undefined, { depth: 1, owns: (unit) => unit % 2 === k, superseded: () => false });
    p.setGuide(guide);
    return p;
  });
  const robot = task.robot.y * task.size + task.robot.x;
  for (let bound = costBound(planners[0].tiles, task.size, robot); bound < 100; ) {
    let exceed = Infinity;
    for (const p of planners) {
      p.bound = bound;
      p.minExceed = Infinity;
      p.unit = 0;
      p.table.startIteration(bound);
      if (p.search(0, robot, -1, 0, NO_ACTION)) return p.solutionLength;
      exceed = Math.min(exceed, p.minExceed);
    }
    bound = exceed;
  }
  return undefined;
}

/** A planner that searches every unit and notes which child (its first two actions) each unit number named. */
class UnitNames extends Planner {
  readonly names = new Map<number, string>();
  override search(g: number, robot: number, prev: number, flags: number, last: number): boolean {
    if (g === 2) this.names.set(this.unit - 1, `${this.path[0]},${this.path[1]}`);
    return super.search(g, robot, prev, flags, last);
  }
}

/** The units' names in the iteration of `bound` with this guide. */
function unitNames(task: IpcTask, bound: number, guide: number[] | undefined): Map<number, string> {
  const p = new UnitNames(task, { tableLog2: 16 }, undefined, { depth: 1, owns: () => true, superseded: () => false });
  p.setGuide(guide);
  p.bound = bound;
  p.table.startIteration(bound);
  p.search(0, task.robot.y * task.size + task.robot.x, -1, 0, NO_ACTION);
  return p.names;
}

describe("every thread orders alike", () => {
  it("units split between two planners: the optimum when both follow the guide; a unit's number names the same child only when they do (planted fault)", () => {
    let differ = 0;
    for (const [n, rotations, seed] of TASKS) {
      const task = generateIpcTask(n, seed, rotations);
      const optimum = solveIpc(task, { tableLog2: 16 }).cost!;
      const guide = guidePushes(quickPlan(task)!.moves);
      expect(splitUnits(task, [guide, guide]), task.file).toBe(optimum);
      const named = unitNames(task, optimum, guide);
      expect(named.size, task.file).toBeGreaterThan(0);
      expect(unitNames(task, optimum, [...guide]), task.file).toEqual(named);
      if (JSON.stringify([...unitNames(task, optimum, undefined)]) !== JSON.stringify([...named])) differ++;
    }
    expect(differ).toBeGreaterThan(TASKS.length / 2);
  });
});

describe.skipIf(!existsSync(SHARE_JS))("two threads with a guide (the build: npm run build)", () => {
  it("one thread's optimum, proven", async () => {
    for (const [n, rotations, seed] of TASKS) {
      const task = generateIpcTask(n, seed, rotations);
      const optimum = solveIpc(task, { tableLog2: 16 }).cost!;
      expect(await twoThreads(task, quickPlan(task)!.moves), task.file).toEqual({ best: optimum, lower: optimum });
    }
  }, 60_000);
});
