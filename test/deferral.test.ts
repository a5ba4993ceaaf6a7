/**
 * Relevance deferral (docs/search.md, Lemmas 10-14) against the search without it (itself
 * checked against clingo by test/differential.test.ts) and, once, against clingo, on 300 random boards whose fewest pushes are long enough for the
 * rule to defer anything (it defers at plies with four pushes left or more, so from
 * depth 5 on): same verdict, same fewest pushes, and the solution found is an answer set
 * (checked by the referee, which shares no code with the search); where the fewest is 5 or
 * more, every solution of the fewest pushes, one by one (the rule keeps each, Lemma 14:
 * this is what fails when it cuts a push it should have made real). The rule must have
 * deferred pushes and made some of them real, or the test proves nothing.
 */
import { describe, expect, it } from "vitest";
import { checkWitness } from "../src/push/competition/check.js";
import { solutionAtoms } from "../src/push/competition/format.js";
import { generate, toFacts } from "../src/push/competition/generate.js";
import { readInstance } from "../src/push/competition/instance.js";
import { solve, type SearchResult } from "../src/push/competition/search/engine.js";
import { parseFacts } from "../src/core/facts.js";
import { fewestPushes } from "./helpers/clingo.js";

function deferralStats(r: SearchResult): { tried: number; cut: number } {
  let tried = 0;
  let cut = 0;
  for (const d of r.depths) {
    for (const rule of d.rules ?? []) {
      if (rule.name !== "relevance deferral") continue;
      tried += rule.tried;
      cut += rule.cut;
    }
  }
  return { tried, cut };
}

describe("relevance deferral", () => {
  it("keeps the fewest pushes of random boards (against the search without it and clingo)", async () => {
    let deferred = 0;
    let realized = 0;
    let deep = 0;
    let clingoChecked = 0;
    let shortest = 0;
    for (let seed = 0; seed < 300; seed++) {
      // boards of 7 to 10: on smaller ones R is beside nearly every line and nothing is deferred
      const size = 7 + (seed % 4);
      const style = seed % 2 === 0 ? "maze" : "random";
      const facts = toFacts(generate(size, 6, 7000 + seed, style));
      const { instance } = readInstance(facts, `seed ${7000 + seed}`);
      const on = solve(instance, { models: 1, tableMegabytes: 1, deferral: true });
      const off = solve(instance, { models: 1, tableMegabytes: 1, deferral: false });
      const label = `seed ${7000 + seed}, ${size}x${size} ${style}`;
      expect(on.fewest, label).toBe(off.fewest);
      expect(on.exhausted, label).toBe(off.exhausted);
      if (on.fewest !== undefined) {
        const pushes = on.solutions[0];
        expect(pushes.length, label).toBe(on.fewest);
        const verdict = checkWitness(instance, parseFacts(solutionAtoms(pushes).map((a) => `${a}.`).join(" "), "<witness>"));
        expect(verdict.valid, `${label}: ${JSON.stringify(pushes)}`).toBe(true);
      }
      if (on.fewest !== undefined && on.fewest >= 5) {
        // every solution of the fewest pushes is kept (Lemma 14), one by one
        const all = solve(instance, { models: 0, maxSteps: on.fewest, commutation: false, tableMegabytes: 1, deferral: false });
        const kept = solve(instance, { models: 0, maxSteps: on.fewest, commutation: false, tableMegabytes: 1, deferral: true, deferralEveryModel: true });
        const key = (r: SearchResult) => r.solutions.map((p) => JSON.stringify(p)).sort();
        expect(key(kept), `${label}: every shortest solution`).toEqual(key(all));
        shortest += all.count;
        const k = deferralStats(kept);
        deferred += k.tried;
        realized += k.tried - k.cut;
      }
      const s = deferralStats(on);
      deferred += s.tried;
      realized += s.tried - s.cut;
      if ((on.fewest ?? 8) >= 5) {
        deep++;
        // clingo on the first solvable one of 8x8 (its wasm build takes minutes for all of them)
        if (on.fewest !== undefined && size <= 8 && clingoChecked === 0) {
          const ref = await fewestPushes(facts);
          expect(on.fewest, `${label} (clingo)`).toBe(ref?.fewest);
          clingoChecked++;
        }
      }
    }
    expect(deep).toBeGreaterThan(20);
    expect(deferred).toBeGreaterThan(1000);
    expect(realized).toBeGreaterThan(500);
    expect(clingoChecked).toBe(1);
    expect(shortest).toBeGreaterThan(20);
  }, 600_000);
});
