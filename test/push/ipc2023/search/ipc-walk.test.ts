/**
 * The IPC planner's F (Lemma R's fewest flags of a relaxed walk of any length) from the regions
 * of the robot and of the exit (walk.ts, Lemma F of docs/design/ipc-planner.md) against Lemma L's
 * search with steps free (lines.ts), on random boards and robots, for caps 0 and 1; and a
 * planted error (the robot's first segments flaggable) that the comparison catches.
 */
import { describe, expect, it } from "vitest";
import { prng } from "../../../../src/core/random.js";
import { LineBound } from "../../../../src/push/ipc2023/search/lines.js";
import { lineMasks } from "../../../../src/push/ipc2023/search/rotations.js";
import { WalkOnBoard } from "../../../../src/push/ipc2023/search/walk.js";

/** Random cards: a share `open` of them open on every side, the rest random. */
function randomTiles(n: number, rand: () => number, open: number): Uint8Array {
  const tiles = new Uint8Array(n * n);
  for (let f = 0; f < n * n; f++) tiles[f] = rand() < open ? 15 : Math.floor(rand() * 16);
  return tiles;
}

/** F up to cap by a plain search written here: breadth first over (field, flags used, segment state). */
function plainFewest(tiles: Uint8Array, n: number, robot: number, cap: number, firstFlaggable: boolean): number {
  // state: field, flag kind of the current field (0 none, 1 its row segment, 2 its column segment),
  // frozen row / column (still in the robot's first segments), flags used
  const DX = [0, 0, 1, -1];
  const DY = [-1, 1, 0, 0];
  const BIT = [1, 2, 4, 8];
  const BACK = [2, 1, 8, 4];
  const seen = new Set<string>();
  type S = { f: number; flag: number; frozenRow: boolean; frozenCol: boolean; used: number };
  let layer: S[] = [{ f: robot, flag: 0, frozenRow: !firstFlaggable, frozenCol: !firstFlaggable, used: 0 }];
  const key = (s: S): string => `${s.f},${s.flag},${s.frozenRow},${s.frozenCol},${s.used}`;
  const all: S[] = [];
  while (layer.length > 0) {
    const next: S[] = [];
    for (const s of layer) {
      if (seen.has(key(s))) continue;
      seen.add(key(s));
      all.push(s);
      // flag a segment of this field (not a frozen one)
      if (s.used < cap) {
        if (s.flag !== 1 && !s.frozenRow) next.push({ ...s, flag: 1, used: s.used + 1 });
        if (s.flag !== 2 && !s.frozenCol) next.push({ ...s, flag: 2, used: s.used + 1 });
      }
      const x = s.f % n;
      const y = (s.f - x) / n;
      for (let d = 0; d < 4; d++) {
        const nx = x + DX[d];
        const ny = y + DY[d];
        if (nx < 0 || ny < 0 || nx >= n || ny >= n) continue;
        const q = ny * n + nx;
        const alongRow = d >= 2;
        // a flag carries along its line; a field left by a flagged segment's side is covered
        const carried = (alongRow && s.flag === 1) || (!alongRow && s.flag === 2);
        const here = s.flag !== 0 || (tiles[s.f] & BIT[d]) !== 0;
        if (!here) continue;
        const frozenRow = alongRow ? s.frozenRow : false;
        const frozenCol = alongRow ? false : s.frozenCol;
        if (carried) next.push({ f: q, flag: s.flag, frozenRow, frozenCol, used: s.used });
        else if ((tiles[q] & BACK[d]) !== 0) next.push({ f: q, flag: 0, frozenRow, frozenCol, used: s.used });
        else if (s.used < cap && !(alongRow ? frozenCol : frozenRow)) next.push({ f: q, flag: alongRow ? 2 : 1, frozenRow, frozenCol, used: s.used + 1 });
      }
    }
    layer = next;
  }
  let best = cap + 1;
  for (const s of all) if (s.f === n * n - 1 && (s.flag !== 0 || (tiles[s.f] & 2) !== 0)) best = Math.min(best, s.used);
  return best;
}

describe("IPC planner: F from the regions of the robot and of the exit (Lemma F)", () => {
  it("equals Lemma L's search with steps free for caps 0 and 1 on random boards, with both answers", () => {
    const rand = prng(2401);
    const seen = [0, 0, 0];
    for (let trial = 0; trial < 3000; trial++) {
      const n = 2 + (trial % 15) + (trial % 97 === 0 ? 16 : 0);
      const tiles = randomTiles(n, rand, [0, 0.1, 0.25, 0.4][trial % 4]);
      const masks = new Int32Array(10 * n);
      lineMasks(tiles, n, masks);
      const walk = new WalkOnBoard(n);
      const lines = new LineBound(n);
      const robot = Math.floor(rand() * n * n);
      if (tiles[robot] === 0) continue;
      for (let cap = 0; cap <= 1; cap++) {
        const want = Math.min(lines.bound(tiles, robot, cap, true), cap + 1);
        const got = walk.fewestFlags(masks, robot, cap);
        expect(got, `N ${n}, trial ${trial}, robot ${robot}, cap ${cap}`).toBe(want);
        if (cap === 1) seen[got]++;
      }
    }
    // every answer occurs often
    expect(Math.min(...seen)).toBeGreaterThan(200);
  });

  it("the plain search written here agrees with Lemma L's, and tells a planted error apart", () => {
    const rand = prng(2402);
    let caught = 0;
    for (let trial = 0; trial < 600; trial++) {
      const n = 2 + (trial % 6);
      const tiles = randomTiles(n, rand, 0.2);
      const robot = Math.floor(rand() * n * n);
      if (tiles[robot] === 0) continue;
      const lines = new LineBound(n);
      for (let cap = 0; cap <= 1; cap++) {
        const want = Math.min(lines.bound(tiles, robot, cap, true), cap + 1);
        expect(plainFewest(tiles, n, robot, cap, false), `N ${n}, trial ${trial}, cap ${cap}`).toBe(want);
        // the robot's first segments made flaggable: a bound that is too low somewhere
        if (plainFewest(tiles, n, robot, cap, true) < want) caught++;
      }
    }
    expect(caught).toBeGreaterThan(5);
  });
});
