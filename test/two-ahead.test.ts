/**
 * Two pushes left, judged before a row push growing neither set is written
 * (src/push/competition/search/pruning/two-ahead.ts, docs/search.md Lemma 18):
 * - the search with the rule against the same search without it, on random sparse
 *   boards with corridors: all solutions (models 0) in the same order, and with one
 *   solution wanted (the commutation rules on) the same solution; at every depth the
 *   states are those without the rule less the rule's cuts, all of them at the ply
 *   whose push leaves two pushes (the states it does not write applied no push below);
 * - the rule alone, on random states with three pushes left: for every row push that
 *   grows neither R nor the goal's component C, the state with three left is left as it
 *   was, the growth words the rule writes equal
 *   LookAhead.growth's on the state written as the search writes it, its decision is
 *   FirstPushPlan.make's on that written state, and every push it skips is followed by no
 *   two pushes that make the goal reachable in a plain simulation
 *   (test/helpers/plain-push.ts) of every first and last push.
 */
import { describe, expect, it } from "vitest";
import type { Instance } from "../src/push/competition/instance.js";
import { solve } from "../src/push/competition/search/engine.js";
import { K_R } from "../src/push/competition/search/layout.js";
import { LineMath, LineSet } from "../src/push/competition/search/lines.js";
import { LookAhead } from "../src/push/competition/search/lookahead.js";
import { AfterGrowth } from "../src/push/competition/search/pruning/after-growth.js";
import { Commutation } from "../src/push/competition/search/pruning/commutation.js";
import { GrownReach } from "../src/push/competition/search/pruning/grown-reach.js";
import { LastPush } from "../src/push/competition/search/pruning/last-push.js";
import { TwoAhead } from "../src/push/competition/search/pruning/two-ahead.js";
import { SecondLast } from "../src/push/competition/search/pruning/second-last.js";
import { TwoPushes } from "../src/push/competition/search/pruning/two-pushes.js";
import { RootShare } from "../src/push/competition/search/share.js";
import { sumOverSeeds } from "./helpers/enumerate.js";
import { Plain, randomState } from "./helpers/plain-push.js";
import { sparseBoard } from "./helpers/sparse-board.js";

interface Run {
  count: number;
  /** a hash of every solution's pushes, in the order found */
  hash: number;
  /** per depth: states, states per ply, the rule's cuts */
  depths: { nodes: number; plies: number[]; cut: number }[];
}

function search(instance: Instance, models: number, twoAhead: boolean): Run {
  let hash = 0;
  const result = solve(instance, {
    models,
    tableMegabytes: 1,
    keep: false,
    poison: true,
    twoAhead,
    onSolution: (pushes) => {
      for (const p of pushes) hash = (Math.imul(hash, 31) + 4 * p.line + "ewns".indexOf(p.dir)) | 0;
      hash = (Math.imul(hash, 7) + 1) | 0;
    },
  });
  const depths = result.depths.map((d) => ({
    nodes: d.nodes,
    plies: d.plies ?? [],
    cut: (d.rules ?? []).filter((r) => r.lemma === "Lemma 18").reduce((s, r) => s + r.cut, 0),
  }));
  return { count: result.count, hash, depths };
}

/** Expects `on` to be `off` less the cuts, at the ply whose push leaves two pushes; returns the cuts. */
function expectFewerByCuts(on: Run, off: Run, file: string): number {
  expect(on.count, file).toBe(off.count);
  expect(on.hash, file).toBe(off.hash);
  expect(on.depths.length, file).toBe(off.depths.length);
  let cut = 0;
  on.depths.forEach((d, depth) => {
    const o = off.depths[depth];
    expect(o.cut, `${file}, depth ${depth}: off cuts nothing`).toBe(0);
    expect(d.nodes, `${file}, depth ${depth}`).toBe(o.nodes - d.cut);
    const expected = o.plies.slice();
    if (depth >= 4) expected[depth - 3] -= d.cut;
    else expect(d.cut, `${file}, depth ${depth}: no ply with three left after a push`).toBe(0);
    expect(d.plies, `${file}, depth ${depth}`).toEqual(expected);
    cut += d.cut;
  });
  return cut;
}

describe.each([
  [7, 5, 20, 600],
  [9, 4, 50, 500],
  [12, 4, 30, 400],
])("boards of size %i, max_steps %i", (size, maxSteps, count, cuts) => {
  it(`${count} instances: the same solutions in the same order, and the states less the cuts, with the rule as without`, async () => {
    const { solutions, cut } = await sumOverSeeds(count, (seed) => {
      const instance = sparseBoard(size, maxSteps, seed, 9500, 900);
      const all = search(instance, 0, true);
      const cutHere = expectFewerByCuts(all, search(instance, 0, false), instance.file);
      // one solution wanted: the commutation rules on, the table keyed with the last push
      expectFewerByCuts(search(instance, 1, true), search(instance, 1, false), `${instance.file}, models 1`);
      return { solutions: all.count, cut: cutHere };
    });
    // the sample must have solutions and the rule must cut
    expect(solutions).toBeGreaterThan(50);
    expect(cut, `cut ${cut}`).toBeGreaterThan(cuts);
  }, 180_000);
});

describe("TwoAhead.skips", () => {
  it("writes the growth words of the state after the push, decides as TwoPushes on that state, and skips only pushes after which no two pushes reach the goal (plain simulation)", () => {
    let compared = 0;
    let skipped = 0;
    let simulated = 0;
    for (let seed = 0; seed < 2500; seed++) {
      const made = randomState(seed, [2, 3, 5, 6, 7, 8, 9, 10, 12]);
      if (made === undefined) continue;
      const { n, tiles, set, goal, plies, cs } = made;
      const plain = new Plain(n);
      const lm = new LineMath(n);
      const look = new LookAhead(plies.bits);
      const commutation = new Commutation(plies, false, new AfterGrowth(plies, false));
      const last = new LastPush(plies, lm, look, commutation, new RootShare(0, 1, undefined));
      const grown = new GrownReach(plies, true);
      const two = new TwoPushes(plies, lm, look, commutation, last, grown, new SecondLast(plies, lm, grown, false));
      const rule = new TwoAhead(plies, lm, look, two, true);
      rule.start();
      const state = plies.state;
      const stride = plies.stride;
      const g = plies.grow;
      const cs2 = plies.cState(2);
      const r = new LineSet();
      const c = new LineSet();
      for (let x = 0; x < 2 * n; x++) {
        const dir = Math.floor(x / n);
        const line = x % n;
        // ply 1's words (made by randomState) say x grows neither set
        if ((((g[8 + 2 * dir] | g[9 + 2 * dir]) >>> line) & 1) === 1) continue;
        g.fill(-1, 16, 24);
        const before = Array.from(state.subarray(stride, 2 * stride)).concat(Array.from(state.subarray(cs + K_R * n, cs + K_R * n + n)));
        const skips = rule.skips(1, x, cs);
        // the state with three left and its C are as before (the rule reads them as after x, then back)
        const after = Array.from(state.subarray(stride, 2 * stride)).concat(Array.from(state.subarray(cs + K_R * n, cs + K_R * n + n)));
        expect(after, `seed ${seed}, n ${n}, push ${x}: ply 1 restored`).toEqual(before);
        const words = Array.from(g.subarray(16, 24));
        // the state after x as the search writes it: pushed, not walked; C moved
        plies.bits.pushInto(state, stride, 2 * stride, x);
        state.copyWithin(cs2 + K_R * n, cs + K_R * n, cs + K_R * n + n);
        plies.bits.moveRows(state, cs2 + K_R * n, x);
        look.growth(state, 2 * stride, cs2 + K_R * n, g, 16);
        expect(words, `seed ${seed}, n ${n}, push ${x}`).toEqual(Array.from(g.subarray(16, 24)));
        lm.of(state, 2 * stride + K_R * n, r);
        lm.of(state, cs2 + K_R * n, c);
        const plan = two.plan.make(r.rows, r.cols, c.rows, c.cols, 16, 2 * stride + K_R * n, cs2 + K_R * n, true);
        expect(skips, `seed ${seed}, n ${n}, push ${x}`).toBe(!plan);
        compared++;
        if (!skips) continue;
        skipped++;
        // every first push and every last push after x, plainly: the goal is never reached
        if (simulated < 2500) {
          const child = plain.after(tiles, set, goal, x);
          expect(plain.reaches(child.tiles, child.set, child.goal, 2), `seed ${seed}, n ${n}, push ${x}`).toBe(false);
          simulated++;
        }
      }
    }
    // the sample must exercise both answers
    const counts = `compared ${compared}, skipped ${skipped}, simulated ${simulated}`;
    expect(compared, counts).toBeGreaterThan(3000);
    expect(skipped, counts).toBeGreaterThan(1000);
    expect(compared - skipped, counts).toBeGreaterThan(300);
    expect(simulated, counts).toBeGreaterThan(1000);
  }, 120_000);
});
