/**
 * The shortcuts of the two last pushes (RuleSwitches.quickTwoPushes; docs/design/search.md,
 * "Per-node speed"), which must decide exactly what the search decided without them:
 * - the search with them against the same search without them, on random sparse boards
 *   with corridors: all solutions (models 0), in the same order, and the same states
 *   at every depth; with one solution wanted (the commutation rules on), the same
 *   states per depth and the same solution;
 * - LookAhead.growthAfterRowPush: on random states, after every row push that grows
 *   neither R nor the goal's component C, the words it writes equal LookAhead.growth's
 *   and say, push by push, what a plain simulation (test/helpers/plain-push.ts) says:
 *   whether pushing and walking adds a field to R, to C;
 * - FirstPushPlan.aliveRowPushes and aliveColumnPushes: every first push they drop (it grows
 *   neither set, touches one, is far from the other) is followed by no last push that
 *   makes the goal reachable, in the plain simulation;
 * - BitBoard.walkAfter, which starts a column push's walk only at the rows where a
 *   changed link has an end in the set: R and C after every push, against the plain
 *   simulation.
 */
import { describe, expect, it } from "vitest";
import type { Instance } from "../../../../../../src/push/competition/instance.js";
import { searchInstance } from "../../../../../../src/push/competition/search/exact/engine.js";
import { K_R } from "../../../../../../src/push/competition/search/board/layout.js";
import { LineMath } from "../../../../../../src/push/competition/search/board/lines.js";
import { LookAhead } from "../../../../../../src/push/competition/search/board/lookahead.js";
import { Commutation } from "../../../../../../src/push/competition/search/exact/pruning/commutation.js";
import { CommutationAfterGrowth } from "../../../../../../src/push/competition/search/exact/pruning/commutation-after-growth.js";
import { GrownReach } from "../../../../../../src/push/competition/search/exact/pruning/grown-reach.js";
import { LastPushJoins } from "../../../../../../src/push/competition/search/exact/pruning/last-push-joins.js";
import { NeedlessFirstPush } from "../../../../../../src/push/competition/search/exact/pruning/needless-first-push.js";
import { TwoPushJoins } from "../../../../../../src/push/competition/search/exact/pruning/two-push-joins.js";
import { DepthPrefixes } from "../../../../../../src/push/competition/search/proof/prefixes.js";
import { enumerateSolutions, sumOverSeeds } from "../../../../../helpers/enumerate.js";
import { Plain, randomState } from "../../../../../helpers/plain-push.js";
import { sparseBoard } from "../../../../../helpers/sparse-board.js";

/** A random sparse board (as test/push/competition/search/board/grown-reach.test.ts makes them), with a corridor in one of three. */
function board(size: number, maxSteps: number, seed: number): Instance {
  return sparseBoard(size, maxSteps, seed, 9300, 700);
}

describe.each([
  [8, 4, 60],
  [11, 4, 40],
  [14, 4, 20],
])("boards of size %i, max_steps %i", (size, maxSteps, count) => {
  it(`${count} instances: the same solutions in the same order and the same states, with the shortcuts as without`, async () => {
    const { solutions, nodes, lemma17 } = await sumOverSeeds(count, (seed) => {
      const instance = board(size, maxSteps, seed);
      const without = enumerateSolutions(instance, { quickTwoPushes: false }, "none");
      const withQuick = enumerateSolutions(instance, { quickTwoPushes: true }, "none");
      expect(withQuick.count, instance.file).toBe(without.count);
      expect(withQuick.hash, instance.file).toBe(without.hash);
      expect(withQuick.nodes, instance.file).toBe(without.nodes);
      // one solution wanted: the commutation rules on, the table keyed with the last push
      const one = (quick: boolean) => searchInstance(instance, { models: 1, tableMegabytes: 1, poison: true, quickTwoPushes: quick });
      const a = one(false);
      const b = one(true);
      expect(b.depths.map((d) => d.nodes), instance.file).toEqual(a.depths.map((d) => d.nodes));
      // Lemma 17's walks decide the same first pushes (far children's walks made once: pendingMeets)
      const grown = (r: typeof a) => JSON.stringify(r.depths.map((d) => d.rules?.find((x) => x.lemma === "Lemma 17")));
      expect(grown(b), instance.file).toBe(grown(a));
      expect(JSON.stringify(b.solutions), instance.file).toBe(JSON.stringify(a.solutions));
      const lemma17 = b.depths.reduce((t, d) => t + (d.rules?.find((x) => x.lemma === "Lemma 17")?.cut ?? 0), 0);
      return { solutions: without.count, nodes: without.nodes, lemma17 };
    });
    // the sample must have solutions and reach the plies with two pushes left
    expect(solutions).toBeGreaterThan(50);
    expect(nodes).toBeGreaterThan(20_000);
    expect(lemma17).toBeGreaterThan(0);
  }, 180_000);
});

describe("LookAhead.growthAfterRowPush", () => {
  it("after a row push that grows neither set, writes LookAhead.growth's words, which the plain simulation confirms push by push", () => {
    let compared = 0;
    let grown = 0;
    for (let seed = 0; seed < 400; seed++) {
      const made = randomState(seed, [5, 6, 7, 8, 9, 10, 11, 12]);
      if (made === undefined) continue;
      const { n, tiles, set, goal, plies, cs } = made;
      const plain = new Plain(n);
      const lines = new LineMath(n);
      const look = new LookAhead(plies.bits);
      const state = plies.state;
      const stride = plies.stride;
      const g = plies.grow;
      const comp = new Uint8Array(n * n);
      comp[goal] = 1;
      plain.walk(tiles, comp);
      for (let x = 0; x < 2 * n; x++) {
        const dir = Math.floor(x / n);
        const line = x % n;
        // the parent's words (ply 1, made by randomState) say x grows neither set
        if ((((g[8 + 2 * dir] | g[9 + 2 * dir]) >>> line) & 1) === 1) continue;
        // the child at ply 2 as the search makes it: pushed, not walked; C moved
        plies.bits.pushInto(state, stride, 2 * stride, x);
        const cs2 = plies.cState(2);
        state.copyWithin(cs2 + K_R * n, cs + K_R * n, cs + K_R * n + n);
        plies.bits.moveRows(state, cs2 + K_R * n, x);
        const cAt = cs2 + K_R * n;
        look.growth(state, 2 * stride, cAt, g, 24);
        // rows near either set, as TwoPushJoins passes them
        let rows = 0;
        let cRows = 0;
        for (let r = 0; r < n; r++) {
          if (state[2 * stride + K_R * n + r] !== 0) rows |= 1 << r;
          if (state[cAt + r] !== 0) cRows |= 1 << r;
        }
        const near = lines.around(rows) | lines.around(cRows);
        for (const hint of [-1, near]) {
          g.fill(0, 16, 24);
          look.growthAfterRowPush(state, 2 * stride, cAt, g, 16, 8, line, hint);
          expect(Array.from(g.subarray(16, 24)), `seed ${seed}, push ${x}, hint ${hint}`).toEqual(Array.from(g.subarray(24, 32)));
          compared++;
        }
        // the words against the plain simulation, for every push of the child
        const child = plain.after(tiles, set, goal, x);
        const childC = plain.after(tiles, comp, goal, x).set;
        for (let m = 0; m < 4 * n; m++) {
          const d = Math.floor(m / n);
          const bitR = (g[16 + 2 * d] >>> (m % n)) & 1;
          const bitC = (g[17 + 2 * d] >>> (m % n)) & 1;
          const r = plain.grows(child.set, plain.after(child.tiles, child.set, child.goal, m).set, m);
          const c = plain.grows(childC, plain.after(child.tiles, childC, child.goal, m).set, m);
          expect(bitR === 1, `seed ${seed}, push ${x}, then ${m}: R`).toBe(r);
          expect(bitC === 1, `seed ${seed}, push ${x}, then ${m}: C`).toBe(c);
          if (r || c) grown++;
        }
      }
    }
    // the sample must exercise it, with growth in the children
    expect(compared).toBeGreaterThan(1500);
    expect(grown).toBeGreaterThan(5000);
  }, 120_000);
});

describe("TwoPushJoins' line masks", () => {
  it("no first push they drop is followed by a last push that makes the goal reachable (plain simulation)", () => {
    let dropped = 0;
    let kept = 0;
    for (let seed = 0; seed < 1500; seed++) {
      const made = randomState(seed, [5, 6, 7, 8, 9, 10, 11, 12]);
      if (made === undefined) continue;
      const { n, tiles, set, goal, plies, cs } = made;
      const plain = new Plain(n);
      const lm = new LineMath(n);
      const after = new CommutationAfterGrowth(plies, false);
      const commutation = new Commutation(plies, false, after);
      const last = new LastPushJoins(plies, lm, new LookAhead(plies.bits), commutation, new DepthPrefixes(0, 1, undefined));
      const grown = new GrownReach(plies, true);
      const two = new TwoPushJoins(plies, lm, new LookAhead(plies.bits), commutation, last, grown, new NeedlessFirstPush(plies, lm, grown, false));
      const state = plies.state;
      const g = plies.grow;
      const rAt = plies.stride + K_R * n;
      const cAt = cs + K_R * n;
      let rRows = 0;
      let cRows = 0;
      let rCols = 0;
      let cCols = 0;
      for (let r = 0; r < n; r++) {
        if (state[rAt + r] !== 0) rRows |= 1 << r;
        if (state[cAt + r] !== 0) cRows |= 1 << r;
        rCols |= state[rAt + r];
        cCols |= state[cAt + r];
      }
      const growRowsR = g[8] | g[10];
      const growColsR = g[12] | g[14];
      const growRowsC = g[9] | g[11];
      const growColsC = g[13] | g[15];
      const passAllRows = (g[8] & g[9]) | (g[10] & g[11]);
      const passAllCols = (g[12] & g[13]) | (g[14] & g[15]);
      for (let dir = 0; dir < 4; dir++) {
        const isRow = dir < 2;
        const still = ~(g[8 + 2 * dir] | g[9 + 2 * dir]);
        for (const sIsR of [true, false]) {
          const [sRows0, sCols0, tRows0, tCols0] = sIsR ? [rRows, rCols, cRows, cCols] : [cRows, cCols, rRows, rCols];
          const [tGrowRows, tGrowCols] = sIsR ? [growRowsC, growColsC] : [growRowsR, growColsR];
          const cls = (isRow ? lm.touching(sRows0) & ~lm.around(tRows0) : lm.touching(sCols0) & ~lm.around(tCols0)) & still & lm.full;
          if (cls === 0) continue;
          const alive = isRow
            ? two.plan.aliveRowPushes(sIsR ? rAt : cAt, lm.touching(sRows0), lm.touching(sCols0), lm.touching(tRows0), lm.touching(tCols0), tGrowRows, tGrowCols, passAllRows, dir === 0, cls)
            : two.plan.aliveColumnPushes(sRows0, sCols0, lm.touching(sRows0), lm.touching(sCols0), lm.touching(tRows0), lm.touching(tCols0), tGrowRows, tGrowCols, passAllCols, dir === 2, cls);
          for (let line = 0; line < n; line++) {
            if (((cls >>> line) & 1) === 0) continue;
            if (((alive >>> line) & 1) === 1) {
              kept++;
              continue;
            }
            dropped++;
            const s = plain.after(tiles, set, goal, dir * n + line);
            expect(plain.reaches(s.tiles, s.set, s.goal, 1), `seed ${seed}, push ${dir * n + line}`).toBe(false);
          }
        }
      }
    }
    // the sample must exercise both answers
    expect(dropped).toBeGreaterThan(3000);
    expect(kept).toBeGreaterThan(300);
  }, 120_000);
});

describe("BitBoard.walkAfter", () => {
  it("after every push, R and the goal's component walked from the rows it starts at are the plain simulation's sets", () => {
    let compared = 0;
    let grew = 0;
    for (let seed = 0; seed < 300; seed++) {
      const made = randomState(seed, [2, 3, 5, 8, 11, 12, 20, 32]);
      if (made === undefined) continue;
      const { n, tiles, set, goal, plies, cs } = made;
      const plain = new Plain(n);
      const state = plies.state;
      const stride = plies.stride;
      const comp = new Uint8Array(n * n);
      comp[goal] = 1;
      plain.walk(tiles, comp);
      for (let m = 0; m < 4 * n; m++) {
        for (const goalSide of [false, true]) {
          plies.bits.pushInto(state, stride, 2 * stride, m);
          const at = goalSide ? 3 * stride : 2 * stride + K_R * n;
          if (goalSide) {
            for (let r = 0; r < n; r++) state[at + r] = state[cs + K_R * n + r];
            plies.bits.moveRows(state, at, m);
          }
          if (plies.bits.walkAfter(state, 2 * stride, m, at)) grew++;
          const truth = plain.after(tiles, goalSide ? comp : set, goal, m).set;
          const rows = new Array<number>(n).fill(0);
          for (let f = 0; f < n * n; f++) if (truth[f] === 1) rows[Math.floor(f / n)] |= 1 << f % n;
          expect(Array.from(state.subarray(at, at + n)), `seed ${seed}, n ${n}, push ${m}, ${goalSide ? "C" : "R"}`).toEqual(rows);
          compared++;
        }
      }
    }
    // the sample must exercise it, with growth
    expect(compared).toBeGreaterThan(5000);
    expect(grew).toBeGreaterThan(500);
  }, 120_000);
});
