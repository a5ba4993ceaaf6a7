/**
 * The last-two-pushes filters of the search (lines touching R and the goal's component,
 * LookAhead.grows, the first pushes that leave R and C alone; src/push/competition/search/exact/pruning/
 * last-push-joins.ts and two-push-joins.ts) against the plain search that tries every push at every
 * ply: all solutions (models 0, so no commutation rule), on deeper horizons and larger
 * boards than clingo checks quickly (test/push/competition/differential.test.ts compares both with
 * clingo on small ones). Boards with many openings and the wraparound lines are where a
 * filter drops a solution.
 */
import { describe, expect, it } from "vitest";
import { generate } from "../../../../../src/push/competition/generate.js";
import { prng } from "../../../../../src/core/random.js";
import { instanceFromData } from "../../../../../src/push/competition/instance.js";
import { searchInstance } from "../../../../../src/push/competition/search/exact/engine.js";
import { sumOverSeeds } from "../../../../helpers/enumerate.js";

const text = (solutions: { line: number; dir: string }[][]): string[] => solutions.map((s) => s.map((p) => `${p.line}${p.dir}`).join(" "));

describe.each([
  [4, 5, 25],
  [5, 4, 40],
  [6, 4, 30],
  [7, 4, 20],
  [9, 3, 30],
])("boards of size %i, max_steps %i", (size, maxSteps, count) => {
  it(`${count} instances: the same solutions, in the same order, as the plain search`, async () => {
    const { solutions, deep } = await sumOverSeeds(count, (seed) => {
      const data = generate(size, maxSteps, 5000 + 100 * size + seed, seed % 3 === 0 ? "maze" : "random");
      // add openings to some boards, so that reachable sets grow and join often
      const rand = prng(seed);
      const extra = (seed % 4) / 6;
      data.tiles = data.tiles.map((t) => (rand() < extra ? t | (1 << Math.floor(rand() * 4)) : t));
      const instance = instanceFromData(data, `seed ${seed}`);
      const plain = searchInstance(instance, { models: 0, lookahead: false, tableMegabytes: 1 });
      const filtered = searchInstance(instance, { models: 0, tableMegabytes: 1, poison: true });
      expect(text(filtered.solutions), `seed ${seed}`).toEqual(text(plain.solutions));
      return { solutions: plain.solutions.length, deep: plain.solutions.filter((s) => s.length >= 3).length };
    });
    // the sample must reach the filtered plies: solutions of three pushes or more
    expect(deep).toBeGreaterThan(20);
    expect(solutions).toBeGreaterThan(deep);
  }, 120_000);
});
