/**
 * The bundled instances against expected/, which clingo computed with our encoding
 * (scripts/make-expected.ts): verdict, fewest pushes, number of solutions. Every
 * solution labsolve prints must also pass the checker.
 */
import { readFileSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkWitness } from "../../../src/push/competition/check.js";
import { readInstance } from "../../../src/push/competition/instance.js";
import { solve } from "../../../src/push/competition/search/exact/engine.js";
import { TranspositionTable } from "../../../src/push/competition/search/exact/table.js";
import { readOutput } from "../../../src/core/witness.js";
import { solutionAtoms } from "../../../src/push/competition/format.js";

const ROOT = new URL("../../..", import.meta.url);
const names = readdirSync(new URL("instances/", ROOT)).filter((f) => /\.(lp|asp)$/.test(f)).sort();

interface Expected {
  status: "SATISFIABLE" | "UNSATISFIABLE";
  fewest: number | null;
  solutions: number;
}

describe("bundled instances against clingo's expected outcomes", () => {
  it("has an expected outcome for every instance, and some instances of each verdict", () => {
    const statuses = names.map((n) => (JSON.parse(readFileSync(new URL(`expected/${n.replace(/\.(lp|asp)$/, "")}.json`, ROOT), "utf8")) as Expected).status);
    expect(statuses).toContain("SATISFIABLE");
    expect(statuses).toContain("UNSATISFIABLE");
  });

  it.each(names)("%s", (name) => {
    const expected = JSON.parse(readFileSync(new URL(`expected/${name.replace(/\.(lp|asp)$/, "")}.json`, ROOT), "utf8")) as Expected;
    const { instance } = readInstance(readFileSync(new URL(`instances/${name}`, ROOT), "utf8"), name);
    const first = solve(instance, { models: 1 });
    expect(first.fewest ?? null).toBe(expected.fewest);
    const all = solve(instance, { models: 0 });
    expect(all.exhausted).toBe(true);
    expect(all.solutions.length).toBe(expected.solutions);
    expect(all.solutions.length > 0 ? "SATISFIABLE" : "UNSATISFIABLE").toBe(expected.status);
    for (const s of all.solutions.slice(0, 200)) {
      const atoms = readOutput(solutionAtoms(s).map((a) => `${a}.`).join(" "), name).answers[0]?.atoms ?? [];
      expect(checkWitness(instance, atoms).valid).toBe(true);
    }
  }, 60_000);
});

describe("the transposition table", () => {
  it("stays within its memory budget", () => {
    for (const mb of [1, 3, 64]) {
      const t = new TranspositionTable(mb, 112);
      expect(t.slots * TranspositionTable.ENTRY_BYTES).toBeLessThanOrEqual(mb * 1024 * 1024);
      expect(t.slots * TranspositionTable.ENTRY_BYTES * 2).toBeGreaterThan(mb * 1024 * 1024);
    }
  });

  it.each(["random-6x6-b.asp", "random-8x8-a.asp", "random-9x9-a.asp"])(
    "keeps the search exact when full (1024 slots) or absent: %s",
    (name) => {
      const expected = JSON.parse(readFileSync(new URL(`expected/${name.replace(/\.asp$/, "")}.json`, ROOT), "utf8")) as Expected;
      const { instance } = readInstance(readFileSync(new URL(`instances/${name}`, ROOT), "utf8"), name);
      for (const tableMegabytes of [0, 0.001]) {
        const all = solve(instance, { models: 0, tableMegabytes });
        expect(all.solutions.length).toBe(expected.solutions);
        expect(all.fewest ?? null).toBe(expected.fewest);
      }
    },
    60_000,
  );
});
