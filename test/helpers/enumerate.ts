/**
 * All solutions of the competition's search (models 0), streamed and not kept: their
 * number, a hash of them in order, the cuts of one rule (by its lemma label) and the states.
 * The tests of a pruning rule that keeps every solution compare this with the rule on and off.
 */
import { expect } from "vitest";
import type { Instance } from "../../src/push/competition/instance.js";
import { searchInstance } from "../../src/push/competition/search/exact/engine.js";
import type { EngineOptions, RuleSwitches } from "../../src/push/competition/search/options.js";

export interface Enumeration {
  count: number;
  /** a hash of every solution's pushes, in the order found */
  hash: number;
  /** the cuts counted by the rule of `lemma` over every depth */
  cut: number;
  nodes: number;
}

/** Enumerates with `options` added (the rule's switch); `lemma` as the rule reports it ("Lemma 15"). */
export function enumerateSolutions(instance: Instance, options: EngineOptions, lemma: string): Enumeration {
  let hash = 0;
  const result = searchInstance(instance, {
    models: 0,
    tableMegabytes: 1,
    keep: false,
    poison: true,
    ...options,
    onSolution: (pushes) => {
      for (const p of pushes) hash = (Math.imul(hash, 31) + 4 * p.line + "ewns".indexOf(p.dir)) | 0;
      hash = (Math.imul(hash, 7) + 1) | 0;
    },
  });
  const cut = result.depths.reduce((sum, d) => sum + (d.rules ?? []).filter((r) => r.lemma === lemma).reduce((s, r) => s + r.cut, 0), 0);
  return { count: result.count, hash, cut, nodes: result.nodes };
}

/**
 * Enumerates with the rule off and on (`rule`: the option that switches it), expects the
 * same solutions in the same order and no more states with it; returns the solutions and
 * the rule's cuts.
 */
export function expectSameSolutions(instance: Instance, rule: keyof RuleSwitches, lemma: string): { solutions: number; cut: number } {
  const without = enumerateSolutions(instance, { [rule]: false }, lemma);
  const withRule = enumerateSolutions(instance, { [rule]: true }, lemma);
  expect(withRule.count, instance.file).toBe(without.count);
  expect(withRule.hash, instance.file).toBe(without.hash);
  expect(withRule.nodes, instance.file).toBeLessThanOrEqual(without.nodes);
  return { solutions: without.count, cut: withRule.cut };
}

/**
 * Calls `each(seed)` for seeds 0 to count - 1 and sums what it returns, key by key. Between
 * seeds it lets vitest's worker talk to its runner: over a minute of search without a break
 * (4x4, max_steps 5, on a loaded 2-core machine) ended a whole run with "Timeout calling
 * onTaskUpdate" (issue 13, 7).
 */
export async function sumOverSeeds<K extends string>(count: number, each: (seed: number) => Record<K, number>): Promise<Record<K, number>> {
  const sums = {} as Record<K, number>;
  for (let seed = 0; seed < count; seed++) {
    await new Promise((resolve) => setImmediate(resolve));
    const got = each(seed);
    for (const key of Object.keys(got) as K[]) sums[key] = (sums[key] ?? 0) + got[key];
  }
  return sums;
}

/**
 * expectSameSolutions on the instances `make(0)` to `make(count - 1)`; returns the solutions
 * and the rule's cuts, summed.
 */
export function expectSameSolutionsOver(
  count: number,
  make: (seed: number) => Instance,
  rule: keyof RuleSwitches,
  lemma: string,
): Promise<{ solutions: number; cut: number }> {
  return sumOverSeeds(count, (seed) => expectSameSolutions(make(seed), rule, lemma));
}
