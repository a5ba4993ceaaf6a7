/**
 * The pruning rules' counters: summed over threads by name (src/push/competition/search/run/rule-stats.ts),
 * and what the search reports per depth (src/push/competition/search/exact/deepening.ts): a rule that keeps
 * only the first shortest solution never cuts when all solutions are wanted, and a
 * depth's counters are that depth's, not the run's so far.
 */
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { readInstance } from "../../../../../src/push/competition/instance.js";
import { solve } from "../../../../../src/push/competition/search/exact/engine.js";
import { formatRuleStats, sumRuleStats } from "../../../../../src/push/competition/search/run/rule-stats.js";
import type { RuleStats } from "../../../../../src/push/competition/search/options.js";

const rule = (name: string, tried: number, cut: number): RuleStats => ({ name, preserves: "every solution", lemma: "Lemma 1", tried, cut });

describe("rule statistics", () => {
  it("sums by name across threads, in first-seen order, without changing its inputs", () => {
    const a = [rule("x", 10, 2), rule("y", 5, 5)];
    const b = [rule("y", 1, 0), rule("z", 3, 1), rule("x", 4, 4)];
    const sum = sumRuleStats([a, undefined, b]);
    expect(sum.map((r) => [r.name, r.tried, r.cut])).toEqual([
      ["x", 14, 6],
      ["y", 6, 5],
      ["z", 3, 1],
    ]);
    expect(a[0].tried).toBe(10);
    expect(formatRuleStats([rule("x", 0, 0), rule("y", 8, 2)])).toBe("%   y: cut 2 of 8 (25.0%), keeps every solution, Lemma 1\n");
  });

  it("per depth, the rules' own counts: the commutation rule cuts only when one solution is wanted", () => {
    const file = new URL("../../../../../instances/random-8x8-a.asp", import.meta.url);
    const { instance } = readInstance(readFileSync(file, "utf8"), "0032");
    const first = solve(instance, { maxSteps: 4, models: 1, tableMegabytes: 1 });
    const all = solve(instance, { maxSteps: 4, models: 0, tableMegabytes: 1 });
    const cut = (r: typeof first, name: string): number[] => r.depths.map((d) => d.rules?.find((x) => x.name === name)?.cut ?? 0);
    expect(cut(all, "commutation").every((c) => c === 0)).toBe(true);
    expect(cut(first, "commutation").some((c) => c > 0)).toBe(true);
    // the last-push filter looks at 4N pushes of every last ply it filters, and cuts most
    const last = all.depths.map((d) => d.rules?.find((x) => x.name === "last push"));
    expect(last.some((r) => r !== undefined && r.tried > 0 && r.cut > 0 && r.cut < r.tried)).toBe(true);
    // counters are per depth: depth 0 searches nothing
    expect(all.depths[0].rules?.every((r) => r.name === "closed avatar or goal tile" || r.tried === 0)).toBe(true);
  });
});
