/**
 * The rules of three pushes left with a set that cannot grow and of four pushes left far
 * from sets that cannot meet (src/push/competition/search/exact/pruning/stuck-set.ts,
 * docs/design/search.md Lemmas 15 and 16):
 * - the search with it against the same search without it: all solutions (models 0, so
 *   no commutation rule), in the same order. The search without it is the look-ahead
 *   search that test/push/competition/search/board/lookahead.test.ts compares with the plain search (every push at
 *   every ply), and that one test/push/competition/differential.test.ts with clingo. The rule needs R and
 *   C at least five lines apart, so the boards are larger (12 to 16) and sparse;
 * - the rule alone: on random states, every push it skips is checked by a plain
 *   simulation written here (every two pushes after it). Random search boards rarely put
 *   a solution right behind a skipped push; these states do (corridors), and this part
 *   fails when the rule forgets that the set must have no growers, that the push must be
 *   far from it, or that the push must not grow the other set;
 * - Lemma 16 alone: after each push it skips, Lemma 15 must skip every push again, and
 *   (one push per state) no three pushes reach the goal in the plain simulation.
 */
import { describe, expect, it } from "vitest";
import { prng } from "../../../../../../src/core/random.js";
import { generate } from "../../../../../../src/push/competition/generate.js";
import { instanceFromData } from "../../../../../../src/push/competition/instance.js";
import { K_R } from "../../../../../../src/push/competition/search/board/layout.js";
import { LineMath } from "../../../../../../src/push/competition/search/board/lines.js";
import { LookAhead } from "../../../../../../src/push/competition/search/board/lookahead.js";
import { expectSameSolutionsOver } from "../../../../../helpers/enumerate.js";
import { Plain, randomState } from "../../../../../helpers/plain-push.js";
import { StuckSet } from "../../../../../../src/push/competition/search/exact/pruning/stuck-set.js";
import { StuckSetsApart } from "../../../../../../src/push/competition/search/exact/pruning/stuck-sets-apart.js";


describe.each([
  [12, 4, 40],
  [14, 4, 30],
  [16, 4, 20],
])("boards of size %i, max_steps %i", (size, maxSteps, count) => {
  it(`${count} instances: the same solutions, in the same order, with the rule as without`, async () => {
    const { solutions, cut } = await expectSameSolutionsOver(
      count,
      (seed) => {
        const data = generate(size, maxSteps, 7000 + 100 * size + 10 * maxSteps + seed, seed % 2 === 0 ? "maze" : "random");
        // remove openings from two boards in three: small sets that often cannot grow
        const rand = prng(seed);
        const drop = seed % 3 === 0 ? 0 : 0.25;
        data.tiles = data.tiles.map((t) => {
          let u = t;
          for (let b = 0; b < 4; b++) if (rand() < drop) u &= ~(1 << b);
          return u;
        });
        return instanceFromData(data, `seed ${seed}`);
      },
      "threePushes",
      "Lemma 15",
    );
    // the sample must have solutions and the rule must cut
    expect(solutions).toBeGreaterThan(100);
    expect(cut).toBeGreaterThan(200);
  }, 120_000);
});


describe("Lemma 15 at the rule, against a plain simulation", () => {
  it("no push it skips is followed by up to two pushes that make the goal reachable", () => {
    let skipped = 0;
    let states = 0;
    for (let seed = 0; seed < 6000 && skipped < 1500; seed++) {
      const made = randomState(seed, [8, 9, 10, 11]);
      if (made === undefined) continue;
      const { n, tiles, set, goal, plies, cs } = made;
      const plain = new Plain(n);
      const rule = new StuckSet(plies, new LineMath(n), true);
      if (!rule.readState(1, plies.stride, cs)) continue;
      states++;
      for (let m = 0; m < 4 * n; m++) {
        if (!rule.skips(1, m)) continue;
        skipped++;
        const s = plain.after(tiles, set, goal, m);
        expect(plain.reaches(s.tiles, s.set, s.goal, 2), `seed ${seed}, push ${m}`).toBe(false);
      }
    }
    // the sample must exercise the rule
    expect(states).toBeGreaterThan(100);
    expect(skipped).toBeGreaterThanOrEqual(1500);
  }, 120_000);
});

describe("Lemma 16 at the rule", () => {
  it("after a push it skips, Lemma 15 skips every push again, and no three pushes reach the goal (plain simulation)", () => {
    let states = 0;
    let skipped = 0;
    let simulated = 0;
    for (let seed = 0; seed < 20000 && simulated < 25; seed++) {
      const made = randomState(seed, [10, 11, 12]);
      if (made === undefined) continue;
      const { n, tiles, set, goal, plies, cs } = made;
      const lines = new LineMath(n);
      const three = new StuckSet(plies, lines, true);
      const four = new StuckSetsApart(plies, three);
      if (!four.readState(1, plies.stride, cs)) continue;
      states++;
      const stride = plies.stride;
      const look = new LookAhead(plies.bits);
      let first = true;
      for (let m = 0; m < 4 * n; m++) {
        if (!four.skips(1, m)) continue;
        skipped++;
        // the state after m, its C and growth words, as the search would make them at ply 2
        plies.bits.pushInto(plies.state, stride, 2 * stride, m);
        plies.bits.walkAfter(plies.state, 2 * stride, m);
        expect(plies.board.goalReachable(plies.state, 2 * stride), `seed ${seed}, push ${m}`).toBe(false);
        const cs2 = plies.cState(2);
        plies.board.goalComponent(plies.state, 2 * stride, cs2);
        look.growth(plies.state, 2 * stride, cs2 + K_R * n, plies.grow, 16);
        expect(new StuckSet(plies, lines, true).skipsAll(2, 2 * stride, cs2), `seed ${seed}, push ${m}`).toBe(true);
        if (first) {
          // one push per state, every three pushes after it
          first = false;
          simulated++;
          const plain = new Plain(n);
          const s = plain.after(tiles, set, goal, m);
          expect(plain.reaches(s.tiles, s.set, s.goal, 3), `seed ${seed}, push ${m}`).toBe(false);
        }
      }
    }
    expect(states).toBeGreaterThanOrEqual(25);
    expect(skipped).toBeGreaterThan(200);
  }, 120_000);
});
