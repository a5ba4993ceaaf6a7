/**
 * The shortest-solution search's commutation rule against the search without it, on
 * more and deeper instances than clingo checks quickly: 500 random instances (N 5..9,
 * max_steps 5 or 4, maze and random tiles). The search without the rule is the one
 * test/push/competition/differential.test.ts compares with clingo (all answer sets); with the rule the
 * verdict and the fewest pushes must not change, and the solution must satisfy the
 * checker (src/push/competition/check.ts, which shares no code with the search).
 */
import { describe, expect, it } from "vitest";
import { checkWitness } from "../../../../../../src/push/competition/check.js";
import { solutionAtoms } from "../../../../../../src/push/competition/format.js";
import { generate, toFacts } from "../../../../../../src/push/competition/generate.js";
import { readInstance } from "../../../../../../src/push/competition/instance.js";
import { searchInstance } from "../../../../../../src/push/competition/search/exact/engine.js";
import { parseFacts } from "../../../../../../src/core/facts.js";

describe.each([
  
  [5, 5],
  [6, 5],
  [7, 5],
  [8, 4],
  [9, 4],
])("random boards of size %i, max_steps %i", (size, maxSteps) => {
  it("100 instances: the same fewest pushes with the commutation rule as without", () => {
    const fewest = new Map<number | undefined, number>();
    for (let seed = 0; seed < 100; seed++) {
      const style = seed % 2 === 0 ? "maze" : "random";
      const { instance } = readInstance(toFacts(generate(size, maxSteps, seed, style)), `seed ${seed}`);
      const label = `seed ${seed} (${size}x${size}, ${style})`;
      const plain = searchInstance(instance, { models: 1, commutation: false, tableMegabytes: 1 });
      const pruned = searchInstance(instance, { models: 1, tableMegabytes: 1 });
      expect(pruned.fewest, label).toBe(plain.fewest);
      expect(pruned.exhausted || pruned.solutions.length > 0, label).toBe(true);
      if (pruned.solutions.length > 0) {
        const text = solutionAtoms(pruned.solutions[0]).map((a) => `${a}.`).join(" ");
        expect(checkWitness(instance, parseFacts(text, label)).valid, `${label}: ${text}`).toBe(true);
      }
      fewest.set(pruned.fewest, (fewest.get(pruned.fewest) ?? 0) + 1);
    }
    // the sample must exercise the rule: sequences of 3 pushes or more, and proofs that none exist
    expect((fewest.get(3) ?? 0) + (fewest.get(4) ?? 0) + (fewest.get(5) ?? 0)).toBeGreaterThan(10);
    expect(fewest.get(undefined) ?? 0).toBeGreaterThan(0);
  }, 120_000);
});
