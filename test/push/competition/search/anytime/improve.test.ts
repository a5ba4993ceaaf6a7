/**
 * Shortening solutions (src/push/competition/search/anytime/improve.ts), judged by the checker (src/push/competition/check.ts) and
 * the exact search: whatever it returns must be a solution, no longer than what it was
 * given and no shorter than the fewest pushes.
 */
import { describe, expect, it } from "vitest";
import type { Push } from "../../../../../src/push/competition/board.js";
import { checkWitness } from "../../../../../src/push/competition/check.js";
import { solutionAtoms } from "../../../../../src/push/competition/format.js";
import { generate, toFacts } from "../../../../../src/push/competition/generate.js";
import { prng } from "../../../../../src/core/random.js";
import { readInstance, type Instance } from "../../../../../src/push/competition/instance.js";
import { solve } from "../../../../../src/push/competition/search/exact/engine.js";
import { shorten, solutionPrefix } from "../../../../../src/push/competition/search/anytime/improve.js";
import { parseFacts } from "../../../../../src/core/facts.js";

const valid = (instance: Instance, pushes: readonly Push[], maxSteps = 99): boolean =>
  checkWitness({ ...instance, maxSteps }, parseFacts(solutionAtoms(pushes).map((a) => `${a}.`).join(" "), "<w>")).valid;

/** Random pushes on an NxN board. */
function randomPushes(n: number, count: number, random: () => number): Push[] {
  const dirs = ["n", "s", "e", "w"] as const;
  return Array.from({ length: count }, () => ({ line: 1 + Math.floor(random() * n), dir: dirs[Math.floor(random() * 4)] }));
}

describe("solutionPrefix", () => {
  it("agrees with the checker: the prefix it returns is a solution, and a sequence it rejects has no solution prefix", () => {
    let accepted = 0;
    for (let seed = 0; seed < 150; seed++) {
      const n = 3 + (seed % 4);
      const { instance } = readInstance(toFacts(generate(n, 6, 500 + seed, seed % 2 ? "maze" : "random")), `seed ${seed}`);
      const pushes = randomPushes(n, 6, prng(seed));
      const prefix = solutionPrefix(instance, pushes);
      if (prefix) {
        accepted++;
        expect(valid(instance, prefix), `seed ${seed}`).toBe(true);
      }
      // no prefix of the sequence is a solution exactly when solutionPrefix finds none
      const anyValid = pushes.some((_, i) => valid(instance, pushes.slice(0, i + 1)));
      expect(anyValid, `seed ${seed}`).toBe(prefix !== undefined);
    }
    expect(accepted).toBeGreaterThan(10); // the test saw both outcomes
  });
});

describe("shorten", () => {
  it("returns solutions no longer than given and no shorter than the fewest, shorter when pushes were padded in", () => {
    let shortened = 0;
    for (let seed = 0; seed < 60; seed++) {
      const n = 4 + (seed % 3);
      const { instance } = readInstance(toFacts(generate(n, 4, 900 + seed, seed % 2 ? "maze" : "random")), `seed ${seed}`);
      const exact = solve(instance, { models: 1 });
      const fewest = exact.fewest;
      if (fewest === undefined || fewest === 0) continue;
      // pad the shortest solution with random pushes in front; keep the padded ones that are still solutions
      const random = prng(seed);
      for (let k = 0; k < 5; k++) {
        const padded = [...randomPushes(n, 1 + (k % 3), random), ...exact.solutions[0]];
        const prefix = solutionPrefix(instance, padded);
        if (!prefix) continue;
        const result = shorten(instance, prefix);
        expect(valid(instance, result), `seed ${seed}`).toBe(true);
        expect(result.length).toBeLessThanOrEqual(prefix.length);
        expect(result.length).toBeGreaterThanOrEqual(fewest);
        if (prefix.length > fewest && result.length < prefix.length) shortened++;
      }
    }
    expect(shortened).toBeGreaterThan(5);
  });

  it("returns a sequence that is not a solution as it was given", () => {
    // the goal's tile has no opening: no sequence is a solution
    const facts = "field(1,1). field(1,2). field(2,1). field(2,2). init_on(1,1). goal_on(2,2). connect(1,1,e). connect(1,2,w). connect(1,2,n). max_steps(3).";
    const { instance } = readInstance(facts, "x");
    const pushes: Push[] = [{ line: 1, dir: "e" }, { line: 2, dir: "n" }, { line: 1, dir: "w" }];
    expect(solutionPrefix(instance, pushes)).toBeUndefined();
    expect(shorten(instance, pushes)).toEqual(pushes);
  });
});
