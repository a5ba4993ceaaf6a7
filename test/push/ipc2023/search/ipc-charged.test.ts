/**
 * Lemmas E and V of the IPC planner (docs/design/ipc-planner.md).
 * - Lemma E (both-views.ts): Lemma K with the foreign cards paid for, R >= max(rows' cost, a column's
 *   foreign cards) and C >= max(columns' cost, a row's foreign cards); with Lemma A's anchor, one
 *   more row or column push. Its bit-mask search against a plain search written here (every
 *   walk's end tuple of costs and foreign cards, the condition read from the lemma), on random
 *   boards.
 * - Lemma V (walk.ts): with one push to spare, the plans with a north or west step make one push;
 *   onePushWalk against a plain search over (field, pushed) per push, on random boards.
 * - In the planner: the same optima and proofs with and without each, on generated 8x8 and
 *   10x10 tasks, fewer states on some, and never above the cost still needed along their optimal
 *   plans (Lemma E on the south-east rests, Lemma V's "above" on the rests with a north or west
 *   step at one push to spare).
 */
import { describe, expect, it } from "vitest";
import { prng } from "../../../../src/core/random.js";
import { generateIpcTask } from "../../../../src/push/ipc2023/generate.js";
import { solveIpc } from "../../../../src/push/ipc2023/search/index.js";
import { ANCHORED_MAX_CAP, BOTH_VIEWS_MAX_CAP, BothViewsBound } from "../../../../src/push/ipc2023/search/both-views.js";
import { lineMasks } from "../../../../src/push/ipc2023/search/rotations.js";
import { WalkOnBoard } from "../../../../src/push/ipc2023/search/walk.js";
import type { IpcMove, IpcTask } from "../../../../src/push/ipc2023/task.js";
import { randomTask } from "../../../helpers/ipc-clingo.js";
import { pushedLine, randomIpcBoard, replayIpc, southEastFrom, stepsFrom, toExit } from "../../../helpers/ipc-plain.js";

/**
 * Every (rows' cost, columns' cost, most foreign cards in a row, most in a column) of the south-east
 * walks of Lemma K from the robot to the exit with touched lines costing at most cap (a row holds
 * at most cap - its cost foreign cards, a column likewise): a plain search over every state.
 */
function endTuples(tiles: Uint8Array, n: number, robot: number, cap: number): [number, number, number, number][] {
  const x0 = robot % n;
  const y0 = (robot - x0) / n;
  const cost = (r: number): number => (r < 0 ? 0 : r === 0 ? 2 : Math.min(r, n - r));
  const opts = [-1];
  for (let r = 0; r < n; r++) if (cost(r) <= cap) opts.push(r);
  const card = (x: number, y: number): number => tiles[y * n + x];
  // the cards a field may hold: [wild, row foreign, column foreign, card]
  const choices = (x: number, y: number, a: number, b: number): [number, number, number, number][] => {
    const r = opts[a];
    const s = opts[b];
    if (r < 0 && s < 0) return [[0, 0, 0, card(x, y)]];
    if (r >= 0 && s < 0) return [[0, 0, 0, card((x - r + n) % n, y)], [1, 1, 0, 15]];
    if (r < 0 && s >= 0) return [[0, 0, 0, card(x, (y - s + n) % n)], [1, 0, 1, 15]];
    return [[1, 0, 0, 15]];
  };
  // state: a, b, foreign cards of this row, of this column, wild, rows' cost, columns' cost, most foreign in a row, in a column
  const sets: Map<string, number[]>[] = Array.from({ length: n * n }, () => new Map());
  const add = (f: number, st: number[]): void => {
    const k = st.join(",");
    if (!sets[f].has(k)) sets[f].set(k, st);
  };
  add(robot, [0, 0, 0, 0, 0, 0, 0, 0, 0]);
  const ends = new Map<string, [number, number, number, number]>();
  for (let y = y0; y < n; y++)
    for (let x = x0; x < n; x++) {
      const f = y * n + x;
      for (const [a, b, fy, gx, w, sr, sc, fm, gm] of sets[f].values()) {
        const here = w ? 15 : choices(x, y, a, b)[0][3];
        if (x === n - 1 && y === n - 1) {
          if (here & 2) ends.set(`${sr},${sc},${fm},${gm}`, [sr, sc, fm, gm]);
          continue;
        }
        if (x < n - 1 && here & 4)
          for (let b2 = 0; b2 < opts.length; b2++) {
            const sc2 = sc + cost(opts[b2]);
            if (sr + sc2 > cap) continue;
            for (const [wild, rf, cf, c] of choices(x + 1, y, a, b2)) {
              if (!(c & 8)) continue;
              if (rf && fy + 1 > cap - cost(opts[a])) continue;
              if (cf && 1 > cap - cost(opts[b2])) continue;
              add(f + 1, [a, b2, fy + rf, cf, wild, sr, sc2, Math.max(fm, fy + rf), Math.max(gm, cf)]);
            }
          }
        if (y < n - 1 && here & 2)
          for (let a2 = 0; a2 < opts.length; a2++) {
            const sr2 = sr + cost(opts[a2]);
            if (sr2 + sc > cap) continue;
            for (const [wild, rf, cf, c] of choices(x, y + 1, a2, b)) {
              if (!(c & 1)) continue;
              if (rf && 1 > cap - cost(opts[a2])) continue;
              if (cf && gx + 1 > cap - cost(opts[b])) continue;
              add(f + n, [a2, b, rf, gx + cf, wild, sr2, sc, Math.max(fm, rf), Math.max(gm, gx + cf)]);
            }
          }
      }
    }
  return [...ends.values()];
}

/** Lemma E read from the lemma: some walk with max(sr + rowAnchor, gm) + max(sc + colAnchor, fm) <= cap */
function plainCharged(tiles: Uint8Array, n: number, robot: number, cap: number, rowAnchor: number, colAnchor: number): boolean {
  return endTuples(tiles, n, robot, cap).some(([sr, sc, fm, gm]) => Math.max(sr + rowAnchor, gm) + Math.max(sc + colAnchor, fm) <= cap);
}

/** A plan with exactly one push and at most `steps` steps: breadth first over (field, pushed), per push, on boards made. */
function plainOnePush(tiles: Uint8Array, n: number, robot: number, steps: number): boolean {
  for (let line = 0; line < n; line++)
    for (const d of ["n", "s", "e", "w"] as const) {
      const after = pushedLine(tiles, n, line, d);
      const onLine = (f: number): boolean => (d === "e" || d === "w" ? Math.floor(f / n) === line : f % n === line);
      const dist = new Map<number, number>();
      const queue: [number, number][] = [[robot, 0]];
      dist.set(robot * 2, 0);
      for (let i = 0; i < queue.length; i++) {
        const [f, pushed] = queue[i];
        const k = dist.get(f * 2 + pushed)!;
        const board = pushed ? after : tiles;
        if (pushed && f === n * n - 1 && board[f] & 2) return true;
        const next: [number, number, number][] = [];
        if (!pushed && !onLine(f)) next.push([f, 1, k]);
        if (k < steps) for (const g of stepsFrom(board, n, f)) next.push([g, pushed, k + 1]);
        for (const [g, p, kk] of next) {
          const key = g * 2 + p;
          const was = dist.get(key);
          if (was !== undefined && was <= kk) continue;
          dist.set(key, kk);
          // a push costs no step: it goes first in the queue's order
          if (p !== pushed) queue.splice(i + 1, 0, [g, p]);
          else queue.push([g, p]);
        }
      }
    }
  return false;
}

/** The fields reached from `robot` on the board as it is within `steps` steps, with their steps (breadth first). */
function plainReach(tiles: Uint8Array, n: number, robot: number, steps: number): Map<number, number> {
  const reach = new Map<number, number>([[robot, 0]]);
  const queue = [robot];
  for (let i = 0; i < queue.length; i++) {
    const f = queue[i];
    const k = reach.get(f)!;
    if (k >= steps) continue;
    for (const g of stepsFrom(tiles, n, f)) if (!reach.has(g)) reach.set(g, k + 1) && queue.push(g);
  }
  return reach;
}

/** A walk on the board as it is within `steps` steps to the corner, opening south. */
function plainWalk(tiles: Uint8Array, n: number, robot: number, steps: number): boolean {
  return plainReach(tiles, n, robot, steps).has(n * n - 1) && (tiles[n * n - 1] & 2) !== 0;
}

/** A plan with at most two pushes and at most `steps` steps: plainOnePush from every board one push away. */
function plainTwoPush(tiles: Uint8Array, n: number, robot: number, steps: number): boolean {
  if (plainOnePush(tiles, n, robot, steps)) return true;
  // the first push at a field u reached on the board as it is, then at most one more
  const reach = plainReach(tiles, n, robot, steps);
  for (let line = 0; line < n; line++)
    for (const d of ["n", "s", "e", "w"] as const) {
      const after = pushedLine(tiles, n, line, d);
      for (const [u, k] of reach) {
        const onLine = d === "e" || d === "w" ? Math.floor(u / n) === line : u % n === line;
        if (onLine) continue;
        if (plainOnePush(after, n, u, steps - k) || plainWalk(after, n, u, steps - k)) return true;
      }
    }
  return false;
}

/** The board's line masks (rotations.ts), as the planner keeps them. */
function lineMasksOf(tiles: Uint8Array, n: number): Int32Array {
  const masks = new Int32Array(10 * n);
  lineMasks(tiles, n, masks);
  return masks;
}

/**
 * Replays an optimal plan (checked by the plain replay) and asks Lemma V at its states whose rest
 * has a north or west step: with one push to spare (cost left M + 3), onePushWalk with M + 2 steps
 * must say yes; with `two`, at M + 4 where F > 0, twoPushWalk must say yes. Returns the states asked.
 */
function lemmaVAlong(task: IpcTask, moves: readonly IpcMove[], cost: number, two: boolean): { one: number; two: number } {
  const n = task.size;
  const southEast = southEastFrom(moves);
  const walk = new WalkOnBoard(n);
  const asked = { one: 0, two: 0 };
  const replayed = replayIpc(task, moves, (tiles, robot, paid) => {
    if (southEast[paid]) return;
    const left = cost - paid;
    const m = toExit(n, robot);
    if (left === m + 3) {
      asked.one++;
      expect(walk.onePushWalk(tiles, robot, m + 2), `${task.file}: Lemma V after ${paid}`).toBe(true);
    }
    if (two && left === m + 4 && walk.fewestFlags(lineMasksOf(tiles, n), robot, 0) > 0) {
      asked.two++;
      expect(walk.twoPushWalk(lineMasksOf(tiles, n), robot), `${task.file}: Lemma V (two pushes) after ${paid}`).toBe(true);
    }
  });
  expect(replayed, task.file).toBe(cost);
  return asked;
}

describe("IPC planner: Lemma E (the foreign cards paid for) and Lemma V (one push to spare)", () => {
  it("Lemma E's bit-mask search answers as the plain search on random boards, robots and caps, with and without the anchor", () => {
    const rand = prng(2611);
    const count = { above: 0, within: 0, anchoredAbove: 0, anchoredWithin: 0, belowK: 0 };
    const searches = new Map<number, BothViewsBound>();
    const kOnly = new Map<number, BothViewsBound>();
    for (let trial = 0; trial < 1000; trial++) {
      const { n, tiles, robot, m } = randomIpcBoard(rand, trial);
      const cap = Math.floor(rand() * (BOTH_VIEWS_MAX_CAP + 1));
      if (!searches.has(n)) {
        searches.set(n, new BothViewsBound(n));
        kOnly.set(n, new BothViewsBound(n, false));
      }
      const want = !plainCharged(tiles, n, robot, cap, 0, 0);
      const got = searches.get(n)!.bound(tiles, robot, m + cap) > m + cap;
      expect(got, `N ${n}, trial ${trial}, robot ${robot}, cap ${cap}`).toBe(want);
      if (want) count.above++;
      else count.within++;
      // Lemma E is never weaker than Lemma K
      if (kOnly.get(n)!.bound(tiles, robot, m + cap) > m + cap) expect(got).toBe(true);
      else if (got) count.belowK++;
      const capA = Math.floor(rand() * (ANCHORED_MAX_CAP + 1));
      const anchored = !plainCharged(tiles, n, robot, capA, 1, 0) && !plainCharged(tiles, n, robot, capA, 0, 1);
      expect(searches.get(n)!.anchoredAbove(tiles, robot, m + capA), `anchored: N ${n}, trial ${trial}, robot ${robot}, cap ${capA}`).toBe(anchored);
      if (anchored) count.anchoredAbove++;
      else count.anchoredWithin++;
    }
    console.log(`Lemma E on random boards: ${JSON.stringify(count)}`);
    expect(count.above).toBeGreaterThan(100);
    expect(count.within).toBeGreaterThan(100);
    expect(count.anchoredAbove).toBeGreaterThan(100);
    expect(count.anchoredWithin).toBeGreaterThan(100);
    // where Lemma K is within the limit and Lemma E above it (it must cut more somewhere)
    expect(count.belowK).toBeGreaterThan(0);
  }, 120_000);

  it("Lemma V's onePushWalk answers as the plain search on random boards", () => {
    const rand = prng(2612);
    let yes = 0;
    let no = 0;
    const walks = new Map<number, WalkOnBoard>();
    for (let trial = 0; trial < 1500; trial++) {
      const { n, tiles, robot, m } = randomIpcBoard(rand, trial);
      const steps = m + Math.floor(rand() * 4);
      if (!walks.has(n)) walks.set(n, new WalkOnBoard(n));
      const want = plainOnePush(tiles, n, robot, steps);
      expect(walks.get(n)!.onePushWalk(tiles, robot, steps), `N ${n}, trial ${trial}, robot ${robot}, steps ${steps}`).toBe(want);
      if (want) yes++;
      else no++;
    }
    expect(yes).toBeGreaterThan(100);
    expect(no).toBeGreaterThan(100);
  });

  it("Lemma V with two pushes to spare: never 'none' where the plain search finds a plan with at most two pushes and M + 2 steps (random boards)", () => {
    const rand = prng(2613);
    let plans = 0;
    let none = 0;
    for (let trial = 0; trial < 400; trial++) {
      const { n, tiles, robot, m } = randomIpcBoard(rand, trial % 4);
      const relaxed = new WalkOnBoard(n).twoPushWalk(lineMasksOf(tiles, n), robot);
      if (plainTwoPush(tiles, n, robot, m + 2)) {
        plans++;
        expect(relaxed, `N ${n}, trial ${trial}, robot ${robot}`).toBe(true);
      } else if (!relaxed) none++;
    }
    console.log(`Lemma V with two pushes on random boards: ${plans} with a plan, ${none} others it says none to`);
    expect(plans).toBeGreaterThan(20);
    expect(none).toBeGreaterThan(20);
  }, 120_000);

  it("generated 8x8 and 10x10 tasks: the same optima and proofs without each; fewer states on some; no cut at the cost still needed along the optimal plans", () => {
    let fewerE = 0;
    let fewerV = 0;
    let exactE = 0;
    let checkedV = 0;
    for (const [n, rotations] of [
      [8, 4],
      [8, 8],
      [10, 10],
    ]) {
      for (let seed = 1; seed <= (n === 8 ? 20 : 8); seed++) {
        const task = generateIpcTask(n, seed, rotations);
        const on = solveIpc(task, { tableLog2: 16 });
        const offE = solveIpc(task, { tableLog2: 16, noForeignCharge: true });
        const offV = solveIpc(task, { tableLog2: 16, noOnePush: true });
        expect([on.cost, on.proven], `${task.file} without Lemma E`).toEqual([offE.cost, offE.proven]);
        expect([on.cost, on.proven], `${task.file} without Lemma V`).toEqual([offV.cost, offV.proven]);
        if (on.expanded < offE.expanded) fewerE++;
        if (on.expanded < offV.expanded) fewerV++;
        if (!on.moves) continue;
        const southEast = southEastFrom(on.moves);
        const joined = new BothViewsBound(n);
        replayIpc(task, on.moves, (tiles, robot, paid) => {
          const left = on.cost! - paid;
          if (southEast[paid] && left - toExit(n, robot) <= BOTH_VIEWS_MAX_CAP) {
            // the rest is a south-east plan within the cost left: Lemma E must not be above it
            expect(joined.bound(tiles, robot, left), `${task.file}: Lemma E after ${paid}`).toBeLessThanOrEqual(left);
            if (joined.bound(tiles, robot, left - 1) > left - 1) exactE++;
          }
        });
        checkedV += lemmaVAlong(task, on.moves, on.cost!, false).one;
      }
    }
    console.log(`generated tasks: fewer states with Lemma E on ${fewerE}, with Lemma V on ${fewerV}; Lemma E exact at ${exactE} south-east states; Lemma V checked at ${checkedV}`);
    expect(fewerE + fewerV).toBeGreaterThan(0);
    expect(exactE).toBeGreaterThan(0);
  }, 300_000);

  it("random 4x4 and 5x5 tasks: the same costs and proofs without each; Lemma V never above the cost still needed along the optimal plans", () => {
    let checkedV = 0;
    let checkedV2 = 0;
    let solved = 0;
    let fewer = 0;
    for (let k = 0; k < 160; k++) {
      const n = k % 2 === 0 ? 4 : 5;
      const task = randomTask(n, 26_000 + k);
      const on = solveIpc(task, { tableLog2: 16, maxCost: 12 });
      const off = solveIpc(task, { tableLog2: 16, maxCost: 12, noOnePush: true, noForeignCharge: true });
      expect([on.cost, on.proven, on.lowerBound], task.file).toEqual([off.cost, off.proven, off.lowerBound]);
      if (on.expanded < off.expanded) fewer++;
      if (!on.moves) continue;
      solved++;
      const asked = lemmaVAlong(task, on.moves, on.cost!, true);
      checkedV += asked.one;
      checkedV2 += asked.two;
    }
    console.log(`random tasks: ${solved} solved, fewer states on ${fewer}; Lemma V checked at ${checkedV} states, with two pushes at ${checkedV2}`);
    expect(solved).toBeGreaterThan(20);
    expect(checkedV).toBeGreaterThan(0);
    expect(checkedV2).toBeGreaterThan(0);
  }, 300_000);
});
