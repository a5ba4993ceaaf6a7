/** The board's symmetries (src/push/competition/search/anytime/symmetry.ts): a mirrored instance is the same puzzle, its solutions mirrored. */
import { describe, expect, it } from "vitest";
import type { Push } from "../../../../../src/push/competition/board.js";
import { checkWitness } from "../../../../../src/push/competition/check.js";
import { solutionAtoms } from "../../../../../src/push/competition/format.js";
import { generate, toFacts } from "../../../../../src/push/competition/generate.js";
import { readInstance, type Instance } from "../../../../../src/push/competition/instance.js";
import { solve } from "../../../../../src/push/competition/search/exact/engine.js";
import { SYMMETRIES, mapInstance, mapPush, mirroredBeam, unmapPushes } from "../../../../../src/push/competition/search/anytime/symmetry.js";
import { parseFacts } from "../../../../../src/core/facts.js";

const valid = (instance: Instance, pushes: readonly Push[]): boolean =>
  checkWitness(instance, parseFacts(solutionAtoms(pushes).map((a) => `${a}.`).join(" "), "<w>")).valid;

describe("symmetries", () => {
  it("are 8 different ones, and unmapPushes undoes mapPush", () => {
    const n = 5;
    const all: Push[] = [];
    for (let line = 1; line <= n; line++) for (const dir of ["n", "s", "e", "w"] as const) all.push({ line, dir });
    const images = new Set(SYMMETRIES.map((s) => all.map((p) => { const m = mapPush(s, n, p); return `${m.line}${m.dir}`; }).join(" ")));
    expect(images.size).toBe(8);
    for (const s of SYMMETRIES) expect(unmapPushes(s, n, all.map((p) => mapPush(s, n, p)))).toEqual(all);
  });

  it("a mirrored instance has the same number of solutions of each length, and they map back to the original's (checked by the checker)", () => {
    for (let seed = 0; seed < 12; seed++) {
      const { instance } = readInstance(toFacts(generate(3 + (seed % 3), 3, 4200 + seed, seed % 2 ? "maze" : "random")), `seed ${seed}`);
      const whole = solve(instance, { models: 0 }).solutions.map((s) => solutionAtoms(s).join(" ")).sort();
      for (const s of SYMMETRIES) {
        const mirrored = solve(mapInstance(s, instance), { models: 0 }).solutions;
        const back = mirrored.map((m) => unmapPushes(s, instance.size, m));
        for (const b of back) expect(valid(instance, b), `seed ${seed}`).toBe(true);
        expect(back.map((b) => solutionAtoms(b).join(" ")).sort(), `seed ${seed}`).toEqual(whole);
      }
    }
  }, 60_000);

  it("mirroredBeam answers with solutions of the original instance", () => {
    let found = 0;
    for (let seed = 0; seed < 10; seed++) {
      const { instance } = readInstance(toFacts(generate(7, 8, 4300 + seed, "maze")), `seed ${seed}`);
      for (let k = 0; k < 8; k++) {
        const r = mirroredBeam(instance, { width: 16, symmetry: k }, { maxSteps: 8 });
        if (r.solution && r.solution.length > 0) {
          found++;
          expect(valid(instance, r.solution), `seed ${seed} symmetry ${k}`).toBe(true);
        }
      }
    }
    expect(found).toBeGreaterThan(10);
  }, 60_000);
});
