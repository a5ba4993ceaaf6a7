/**
 * The shortest-solution pruning rules added since the commutation rule (src/push/competition/search/exact/pruning/),
 * each against the search with
 * that rule off (all else equal): on 300 random instances whose search reaches depth 4
 * or more (N 6..10, max_steps 6, mostly random tiles, where the deep ones are), the
 * verdict and the fewest pushes must not change, the solution must satisfy the checker
 * (src/push/competition/check.ts, which shares no code with the search), and the rule must cut pushes.
 * test/push/competition/search/exact/pruning/pruning.test.ts compares all of them together with the search without any
 * commutation rule; test/push/competition/differential.test.ts compares that one with clingo.
 */
import { describe, expect, it } from "vitest";
import { checkWitness } from "../../../../../src/push/competition/check.js";
import { solutionAtoms } from "../../../../../src/push/competition/format.js";
import { generate, toFacts } from "../../../../../src/push/competition/generate.js";
import { readInstance } from "../../../../../src/push/competition/instance.js";
import { searchInstance, type EngineOptions } from "../../../../../src/push/competition/search/exact/engine.js";
import { parseFacts } from "../../../../../src/core/facts.js";

/** [the rule's name in DepthStats.rules, the options that turn it off] */
const RULES: [string, EngineOptions][] = [["commutation after growth", { afterGrowth: false }]];

describe.each(RULES)("rule %s", (rule, off) => {
  it("300 instances reaching depth 4: the same fewest pushes with the rule as without", () => {
    let deep = 0;
    let cut = 0;
    let fewest4 = 0;
    for (let seed = 0; deep < 300 && seed < 5000; seed++) {
      const size = 6 + (seed % 5);
      const style = seed % 4 === 0 ? "maze" : "random";
      const { instance } = readInstance(toFacts(generate(size, 6, 7000 + seed, style)), `seed ${seed}`);
      const label = `seed ${7000 + seed} (${size}x${size}, ${style})`;
      const plain = searchInstance(instance, { models: 1, tableMegabytes: 1, ...off });
      if (plain.depths.length <= 4) continue;
      deep++;
      const pruned = searchInstance(instance, { models: 1, tableMegabytes: 1 });
      expect(pruned.fewest, label).toBe(plain.fewest);
      expect(pruned.exhausted || pruned.solutions.length > 0, label).toBe(true);
      if (pruned.solutions.length > 0) {
        const text = solutionAtoms(pruned.solutions[0]).map((a) => `${a}.`).join(" ");
        expect(checkWitness(instance, parseFacts(text, label)).valid, `${label}: ${text}`).toBe(true);
      }
      if ((pruned.fewest ?? 0) >= 4) fewest4++;
      for (const d of pruned.depths) cut += d.rules?.find((r) => r.name === rule)?.cut ?? 0;
    }
    expect(deep).toBe(300);
    expect(fewest4).toBeGreaterThan(50);
    expect(cut).toBeGreaterThan(0);
  }, 300_000);
});
