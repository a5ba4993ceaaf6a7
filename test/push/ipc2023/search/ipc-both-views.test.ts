/**
 * Lemma K of the IPC planner (src/push/ipc2023/search/both-views.ts, docs/design/ipc-planner.md): its
 * bit-mask search against a plain dynamic program over (field, row option, column option,
 * foreign cards) written here, on random boards; and in the planner, on generated 8x8 tasks
 * and on random small tasks, the same optima and proofs with and without it, never above the
 * cost still needed on the states of optimal plans whose rest walks south and east, and above
 * Lemma J there at some states. Lemma S: where Lemma J does not cut, Lemma L's search does not
 * either (random boards), so the planner that skips it there expands the same states.
 */
import { describe, expect, it } from "vitest";
import { prng } from "../../../../src/core/random.js";
import { generateIpcTask } from "../../../../src/push/ipc2023/generate.js";
import { solveIpc } from "../../../../src/push/ipc2023/search/index.js";
import { BOTH_VIEWS_MAX_CAP, BothViewsBound } from "../../../../src/push/ipc2023/search/both-views.js";
import { OneViewBound } from "../../../../src/push/ipc2023/search/one-view.js";
import { LineBound } from "../../../../src/push/ipc2023/search/lines.js";
import { randomIpcBoard, replayIpc, southEastFrom, toExit } from "../../../helpers/ipc-plain.js";

/**
 * The least sum of the touched lines' costs over south-east walks from the robot to the exit,
 * each field holding: its card (row and column untouched), its row's card r back or a foreign
 * one (row touched by r; at most cap - cost(r) foreign in the row), its column's card s back or
 * a foreign one (column touched by s; at most cap - cost(s) in the column), any card (both
 * touched). Infinity when above cap. A plain search over every state, written from the lemma.
 */
function plainJoined(tiles: Uint8Array, n: number, robot: number, cap: number): number {
  const x0 = robot % n;
  const y0 = (robot - x0) / n;
  const cost = (r: number): number => (r < 0 ? 0 : r === 0 ? 2 : Math.min(r, n - r));
  const opts = [-1];
  for (let r = 0; r < n; r++) if (cost(r) <= cap) opts.push(r);
  const o = opts.length;
  const f1 = cap + 1;
  const per = o * o * f1 * f1 * 2;
  const dist = new Float64Array(n * n * per).fill(Infinity);
  const card = (x: number, y: number): number => tiles[y * n + x];
  const idx = (f: number, a: number, b: number, fy: number, gx: number, w: number): number => f * per + ((((a * o + b) * f1 + fy) * f1 + gx) * 2 + w);
  // the cards a field may hold under row option a and column option b: [wild, row foreign, column foreign, card]
  const choices = (x: number, y: number, a: number, b: number): [number, number, number, number][] => {
    const r = opts[a];
    const s = opts[b];
    if (r < 0 && s < 0) return [[0, 0, 0, card(x, y)]];
    if (r >= 0 && s < 0) return [[0, 0, 0, card((x - r + n) % n, y)], [1, 1, 0, 15]];
    if (r < 0 && s >= 0) return [[0, 0, 0, card(x, (y - s + n) % n)], [1, 0, 1, 15]];
    return [[1, 0, 0, 15]];
  };
  dist[idx(robot, 0, 0, 0, 0, 0)] = 0;
  let best = Infinity;
  const relax = (f: number, a: number, b: number, fy: number, gx: number, w: number, k: number): void => {
    const i = idx(f, a, b, fy, gx, w);
    if (dist[i] > k) dist[i] = k;
  };
  for (let y = y0; y < n; y++) {
    for (let x = x0; x < n; x++) {
      const f = y * n + x;
      for (let a = 0; a < o; a++)
        for (let b = 0; b < o; b++)
          for (let fy = 0; fy < f1; fy++)
            for (let gx = 0; gx < f1; gx++)
              for (let w = 0; w < 2; w++) {
                const k = dist[idx(f, a, b, fy, gx, w)];
                if (k > cap) continue;
                const here = w ? 15 : choices(x, y, a, b)[0][3];
                if (x === n - 1 && y === n - 1) {
                  if (here & 2) best = Math.min(best, k);
                  continue;
                }
                if (x < n - 1 && here & 4) {
                  for (let b2 = 0; b2 < o; b2++) {
                    const k2 = k + cost(opts[b2]);
                    if (k2 > cap) continue;
                    for (const [wild, rowForeign, colForeign, c] of choices(x + 1, y, a, b2)) {
                      if (!(c & 8)) continue;
                      if (rowForeign && fy + 1 > cap - cost(opts[a])) continue;
                      if (colForeign && 1 > cap - cost(opts[b2])) continue;
                      relax(f + 1, a, b2, fy + rowForeign, colForeign, wild, k2);
                    }
                  }
                }
                if (y < n - 1 && here & 2) {
                  for (let a2 = 0; a2 < o; a2++) {
                    const k2 = k + cost(opts[a2]);
                    if (k2 > cap) continue;
                    for (const [wild, rowForeign, colForeign, c] of choices(x, y + 1, a2, b)) {
                      if (!(c & 1)) continue;
                      if (rowForeign && 1 > cap - cost(opts[a2])) continue;
                      if (colForeign && gx + 1 > cap - cost(opts[b])) continue;
                      relax(f + n, a2, b, rowForeign, gx + colForeign, wild, k2);
                    }
                  }
                }
              }
    }
  }
  return best;
}

/** M plus the least cost a bound's "above limit?" allows, looked for up to M + cap */
function leastOf(b: { bound(t: Uint8Array, r: number, limit: number): number }, tiles: Uint8Array, n: number, robot: number, cap: number): number {
  const m = toExit(n, robot);
  let v = m;
  while (v <= m + cap && b.bound(tiles, robot, v) > v) v++;
  return v;
}

describe("IPC planner: Lemma K (the views joined)", () => {
  it("the bit-mask search answers as a plain dynamic program on random boards, robots and caps", () => {
    const rand = prng(2201);
    let above = 0;
    let within = 0;
    // one search per board size, asked again and again (its scratch space must not carry over)
    const searches = new Map<number, BothViewsBound>();
    for (let trial = 0; trial < 1200; trial++) {
      const { n, tiles, robot, m } = randomIpcBoard(rand, trial);
      const cap = Math.floor(rand() * (BOTH_VIEWS_MAX_CAP + 1));
      const want = plainJoined(tiles, n, robot, cap) > cap;
      // Lemma K alone (Lemma E off: test/push/ipc2023/search/ipc-charged.test.ts checks it)
      if (!searches.has(n)) searches.set(n, new BothViewsBound(n, false));
      expect(searches.get(n)!.bound(tiles, robot, m + cap) > m + cap, `N ${n}, trial ${trial}, robot ${robot}, cap ${cap}`).toBe(want);
      if (want) above++;
      else within++;
    }
    expect(above).toBeGreaterThan(100);
    expect(within).toBeGreaterThan(100);
  });

  it("generated 8x8 and 10x10 tasks: the same optima and proofs without it; at most the cost still needed on south-east rests, above Lemma J at some", () => {
    let above = 0;
    let fewer = 0;
    let exact = 0;
    for (const [n, rotations] of [
      [8, 4],
      [8, 8],
      [10, 10],
    ]) {
      for (let seed = 1; seed <= (n === 8 ? 30 : 10); seed++) {
        const task = generateIpcTask(n, seed, rotations);
        const on = solveIpc(task, { tableLog2: 16 });
        const off = solveIpc(task, { tableLog2: 16, noJoinedBound: true });
        expect([on.cost, on.proven], task.file).toEqual([off.cost, off.proven]);
        if (on.expanded < off.expanded) fewer++;
        if (!off.moves) continue;
        const southEast = southEastFrom(off.moves);
        const joined = new BothViewsBound(n);
        const joint = new OneViewBound(n);
        const replayed = replayIpc(task, off.moves, (tiles, robot, paid) => {
          if (!southEast[paid]) return;
          const left = off.cost! - paid;
          const k = leastOf(joined, tiles, n, robot, BOTH_VIEWS_MAX_CAP);
          const m = toExit(n, robot);
          // the search answers only up to M + BOTH_VIEWS_MAX_CAP: beyond, it says M
          if (k > m + BOTH_VIEWS_MAX_CAP) return;
          expect(k, `${task.file}: Lemma K after ${paid}`).toBeLessThanOrEqual(left);
          if (k === left && k > m) exact++;
          if (k > leastOf(joint, tiles, n, robot, BOTH_VIEWS_MAX_CAP)) above++;
        });
        expect(replayed, task.file).toBe(off.cost);
      }
    }
    console.log(`Lemma K above Lemma J at ${above} south-east states of optimal plans, exact at ${exact}; fewer states on ${fewer} tasks`);
    expect(above).toBeGreaterThan(0);
    expect(exact).toBeGreaterThan(0);
    expect(fewer).toBeGreaterThan(0);
  }, 120_000);
});

describe("IPC planner: Lemma S (no Lemma L search where Lemma J does not cut)", () => {
  it("on random boards, robots and limits, Lemma J within the limit means Lemma L within it", () => {
    const rand = prng(2202);
    let within = 0;
    let lineCuts = 0;
    for (let trial = 0; trial < 3000; trial++) {
      const n = 3 + (trial % 10);
      const open = [0.1, 0.25, 0.5][trial % 3];
      const tiles = new Uint8Array(n * n);
      for (let f = 0; f < n * n; f++) tiles[f] = rand() < open ? 15 : Math.floor(rand() * 16);
      const robot = rand() < 0.4 ? 0 : Math.floor(rand() * n * n);
      const m = toExit(n, robot);
      const limit = m + Math.floor(rand() * 6);
      const line = new LineBound(n).bound(tiles, robot, limit);
      if (line > limit) lineCuts++;
      if (new OneViewBound(n).bound(tiles, robot, limit) > limit) continue;
      within++;
      expect(line, `N ${n}, trial ${trial}, robot ${robot}, limit ${limit}`).toBeLessThanOrEqual(limit);
    }
    // both kinds occur: boards Lemma J lets through, and boards where Lemma L cuts (all of them cut by Lemma J too)
    expect(within).toBeGreaterThan(300);
    expect(lineCuts).toBeGreaterThan(300);
  });

  it("the planner expands the same states in every iteration with and without Lemma L's search where Lemma J does not cut", () => {
    for (const [n, rotations, seeds] of [
      [8, 8, 20],
      [12, 12, 4],
    ]) {
      for (let seed = 1; seed <= seeds; seed++) {
        const task = generateIpcTask(n, seed, rotations);
        const per = (noLineSkip: boolean): number[] => {
          const out: number[] = [];
          const r = solveIpc(task, { tableLog2: 16, noLineSkip, onIteration: (bound, expanded) => out.push(bound, expanded) });
          out.push(r.cost ?? -1, r.expanded, r.proven ? 1 : 0);
          return out;
        };
        expect(per(false), task.file).toEqual(per(true));
      }
    }
  }, 120_000);
});
