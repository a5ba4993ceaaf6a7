/**
 * The IPC planner's cheaper Lemma J (issue 21, part 6): the line masks kept up to date push by
 * push (updateLineMasks) equal the masks computed afresh, and Lemma J of a push's child read
 * from its parent's prepared views (OneViewBound.prepare, boundAfterPush) equals Lemma J computed
 * on the child's board alone, on random boards and pushes; the planner with and without the
 * reuse expands the same states in every iteration.
 */
import { describe, expect, it } from "vitest";
import { prng } from "../../../../src/core/random.js";
import { generateIpcTask } from "../../../../src/push/ipc2023/generate.js";
import { solveIpc } from "../../../../src/push/ipc2023/search/index.js";
import { OneViewBound } from "../../../../src/push/ipc2023/search/one-view.js";
import { lineMasks, updateLineMasks } from "../../../../src/push/ipc2023/search/rotations.js";

/** Random cards, a quarter of them open on every side (so that walks exist). */
function randomTiles(n: number, rand: () => number): Uint8Array {
  const tiles = new Uint8Array(n * n);
  for (let f = 0; f < n * n; f++) tiles[f] = rand() < 0.25 ? 15 : Math.floor(rand() * 16);
  return tiles;
}

/** The tiles with one line rotated by `by` fields (written here, not the planner's push). */
function rotated(tiles: Uint8Array, n: number, line: number, isRow: boolean, by: number): Uint8Array {
  const out = tiles.slice();
  for (let i = 0; i < n; i++) {
    const j = (i + by) % n;
    if (isRow) out[line * n + j] = tiles[line * n + i];
    else out[j * n + line] = tiles[i * n + line];
  }
  return out;
}

describe("IPC planner: Lemma J from the parent's views", () => {
  it("line masks updated push by push equal the masks computed afresh", () => {
    const rand = prng(2111);
    for (let trial = 0; trial < 200; trial++) {
      const n = 2 + (trial % 31);
      let tiles = randomTiles(n, rand);
      const kept = new Int32Array(10 * n);
      lineMasks(tiles, n, kept);
      for (let k = 0; k < 5; k++) {
        const line = Math.floor(rand() * n);
        const isRow = rand() < 0.5;
        tiles = rotated(tiles, n, line, isRow, 1 + Math.floor(rand() * (n - 1)));
        updateLineMasks(tiles, n, kept, line, isRow);
        const fresh = new Int32Array(10 * n);
        lineMasks(tiles, n, fresh);
        expect([...kept], `N ${n}, trial ${trial}`).toEqual([...fresh]);
      }
    }
  });

  it("boundAfterPush gives bound()'s answer on random boards, robots, caps and pushes, and cuts some", () => {
    const rand = prng(2112);
    let cuts = 0;
    let passes = 0;
    for (let trial = 0; trial < 1500; trial++) {
      const n = 3 + (trial % 10);
      const tiles = randomTiles(n, rand);
      const masks = new Int32Array(10 * n);
      lineMasks(tiles, n, masks);
      const robot = rand() < 0.4 ? 0 : Math.floor(rand() * n * n);
      const x0 = robot % n;
      const y0 = (robot - x0) / n;
      const m = 2 * (n - 1) - x0 - y0;
      const cap = Math.floor(rand() * 6);
      const depth = Math.floor(rand() * 3);
      const joint = new OneViewBound(n);
      joint.prepare(depth, robot, cap, masks);
      for (let line = 0; line < n; line++) {
        for (const isRow of [true, false]) {
          if (line === (isRow ? y0 : x0)) continue;
          const child = rotated(tiles, n, line, isRow, rand() < 0.5 ? 1 : n - 1);
          const childMasks = new Int32Array(10 * n);
          lineMasks(child, n, childMasks);
          const want = new OneViewBound(n).bound(child, robot, m + cap);
          expect(joint.boundAfterPush(depth, line, isRow, child, robot, m + cap, childMasks), `N ${n}, trial ${trial}, line ${line}`).toBe(want);
          if (want > m + cap) cuts++;
          else passes++;
        }
      }
    }
    expect(cuts).toBeGreaterThan(100);
    expect(passes).toBeGreaterThan(100);
  });

  it("the planner with and without the reuse expands the same states in every iteration (generated 8x8 and 12x12 tasks)", () => {
    for (const [n, rotations, seeds] of [
      [8, 8, 12],
      [12, 12, 2],
    ] as const) {
      for (let seed = 1; seed <= seeds; seed++) {
        const task = generateIpcTask(n, seed, rotations);
        const per = (noJointReuse: boolean): string[] => {
          const its: string[] = [];
          const r = solveIpc(task, { noJointReuse, tableLog2: 18, onIteration: (bound, expanded) => its.push(`${bound}:${expanded}`), timeLimitMs: 20_000 });
          its.push(`${r.cost}:${r.proven}:${r.lowerBound}:${r.expanded}`);
          return its;
        };
        expect(per(false), task.file).toEqual(per(true));
      }
    }
  }, 120_000);
});
