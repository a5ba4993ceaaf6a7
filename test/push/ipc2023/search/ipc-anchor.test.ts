/**
 * Lemma A of the IPC planner (docs/design/ipc-planner.md; Planner.anchorCut): right after a step
 * south or east, a plan that walks south and east only and pushes pays one push that Lemma J
 * does not count (the first push of a phase holds the field the robot left, on a line the walk
 * has left for good), so where both of Lemma J's views at the limit less one exceed it, the plan
 * without a push is the walk on the board (F = 0) and the others cost M + 2 + F, the state is cut.
 * - The same optima and proofs with and without it on generated 8x8 and 10x10 tasks and random
 *   4x4 tasks against clingo (test/asp/ipc2023.lp), fewer states on some.
 * - At every state of the optimal plans right after a step, it does not cut at the cost still
 *   needed (the optimal plans mostly walk without a push at the end, where F = 0 keeps it off).
 * - Planted faults: the lemma without the F test, or charging two pushes more instead of one, give
 *   another cost than the optimum on some of the generated tasks.
 */
import { describe, expect, it } from "vitest";
import { generateIpcTask } from "../../../../src/push/ipc2023/generate.js";
import { solveIpc } from "../../../../src/push/ipc2023/search/index.js";
import { NO_ACTION, Planner } from "../../../../src/push/ipc2023/search/planner.js";
import type { IpcMove, IpcTask } from "../../../../src/push/ipc2023/task.js";
import { clingoOptimum, randomTask } from "../../../helpers/ipc-clingo.js";

const DIRS = ["n", "s", "e", "w"] as const;
const DX = [0, 0, 1, -1];
const DY = [-1, 1, 0, 0];

const GENERATED: IpcTask[] = [];
for (let seed = 1; seed <= 12; seed++) GENERATED.push(generateIpcTask(8, seed, 16), generateIpcTask(10, seed, 20));

/** A planted fault: Lemma A without the test that no plan without a push (F = 0) or with a detour remains. */
class NoDetourTest extends Planner {
  override anchorCut(g: number, robot: number, last: number): boolean {
    const d = last - this.stepBase;
    if (d !== 1 && d !== 2) return false;
    return this.oneView!.bothAbove(this.tiles, robot, this.bound - g - 1, this.masks);
  }
}

/** A planted fault: two pushes more instead of one. */
class TwoMore extends Planner {
  override anchorCut(g: number, robot: number, last: number): boolean {
    this.bound--;
    try {
      return super.anchorCut(g - 1, robot, last);
    } finally {
      this.bound++;
    }
  }
}

/** Lemma A at the states of a plan right after a step: how often it cuts with the node's limit at the cost still needed plus `slack` (0: it must never cut). */
function cutsAlong(planner: Planner, task: IpcTask, moves: IpcMove[], slack: number): number {
  const n = task.size;
  let robot = task.robot.y * n + task.robot.x;
  let cuts = 0;
  moves.forEach((m, i) => {
    if (m.kind === "push") {
      planner.push(m.line, DIRS.indexOf(m.direction));
      return;
    }
    const d = DIRS.indexOf(m.direction);
    robot += DY[d] * n + DX[d];
    const g = i + 1;
    planner.bound = moves.length + slack;
    planner.minExceed = Infinity;
    if (planner.anchorCut(g, robot, planner.stepBase + d)) cuts++;
  });
  return cuts;
}

/** The deepening (as solveIpc) with this planner: the first plan's cost (undefined: none below 100). */
function deepen(planner: Planner, task: IpcTask): number | undefined {
  const robot = task.robot.y * task.size + task.robot.x;
  for (let bound = 0; bound < 100; ) {
    planner.bound = bound;
    planner.minExceed = Infinity;
    planner.table.startIteration(bound);
    if (planner.search(0, robot, -1, 0, NO_ACTION)) return planner.solutionLength;
    bound = planner.minExceed;
  }
  return undefined;
}

describe("Lemma A (one push more after a step south or east)", { timeout: 240_000 }, () => {
  it("generated 8x8 and 10x10 tasks: the same optima and proofs without it, fewer states on some; never cutting the optimal plans at the cost still needed; planted faults caught", () => {
    let fewer = 0;
    const faults = [0, 0];
    for (const task of GENERATED) {
      const on = solveIpc(task, { tableLog2: 16 });
      const off = solveIpc(task, { tableLog2: 16, noAnchor: true });
      expect([on.cost, on.proven, on.lowerBound], task.file).toEqual([off.cost, off.proven, off.lowerBound]);
      if (on.expanded < off.expanded) fewer++;
      for (const moves of [on.moves!, off.moves!]) {
        expect(cutsAlong(new Planner(task, {}), task, moves, 0), task.file).toBe(0);
      }
      if (deepen(new NoDetourTest(task, { tableLog2: 16 }), task) !== on.cost) faults[0]++;
      if (deepen(new TwoMore(task, { tableLog2: 16 }), task) !== on.cost) faults[1]++;
    }
    console.log(`Lemma A: fewer states on ${fewer} of ${GENERATED.length} tasks; planted faults caught on ${faults.join(" and ")} tasks`);
    expect(fewer).toBeGreaterThan(2);
    // the planted faults are caught: each gives another cost than the optimum on some tasks
    expect(faults[0]).toBeGreaterThan(0);
    expect(faults[1]).toBeGreaterThan(0);
  }, 60_000);

  it("random 4x4 tasks: clingo's optimum with it, and it never cuts a state of the optimal plans at the cost still needed", async () => {
    let solved = 0;
    for (let k = 0; k < 40; k++) {
      const task = randomTask(4, 9700 + k);
      const theirs = await clingoOptimum(task, 9);
      const ours = solveIpc(task, { tableLog2: 16, maxCost: 9 });
      expect(ours.cost, task.file).toBe(theirs);
      if (ours.moves) {
        solved++;
        expect(cutsAlong(new Planner(task, {}), task, ours.moves, 0), task.file).toBe(0);
      }
    }
    expect(solved).toBeGreaterThan(5);
  }, 60_000);
});
