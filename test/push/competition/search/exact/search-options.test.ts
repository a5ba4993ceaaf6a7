/**
 * The library's search options are the user's (src/index.ts): the horizon, the answers
 * wanted, the table's memory, when to stop and what to hear. The run's options (threads'
 * units, a proof job's prefixes, a known solution) and the tests' rule switches are
 * internal (EngineOptions): the type check of this file fails if the library takes them.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readCompetitionInstance as readInstance, searchCompetition as solve, type SearchOptions } from "../../../../../src/index.js";
import { searchInstance } from "../../../../../src/push/competition/search/exact/engine.js";

const text = readFileSync(new URL("../../../../../instances/example-4x4.lp", import.meta.url), "utf8");

describe("SearchOptions", () => {
  it("holds the user's options, and the library's solve answers as the engine does", () => {
    const { instance } = readInstance(text, "example-4x4.lp");
    const heard: number[] = [];
    const options: SearchOptions = { models: 0, maxSteps: 3, tableMegabytes: 1, keep: true, onDepth: (d) => heard.push(d.depth) };
    const mine = solve(instance, options);
    const engine = searchInstance(instance, { models: 0, maxSteps: 3, tableMegabytes: 1 });
    expect(mine.solutions).toEqual(engine.solutions);
    expect(mine.count).toBeGreaterThan(0);
    expect(heard).toEqual(mine.depths.map((d) => d.depth));
  });

  it("does not take the run's options or the rule switches", () => {
    const { instance } = readInstance(text, "example-4x4.lp");
    // @ts-expect-error a rule switch is for tests (RuleSwitches), not the library's users
    const a: SearchOptions = { threePushes: false };
    // @ts-expect-error a thread's share of the units is the run's (WorkOptions)
    const b: SearchOptions = { rootShare: { index: 0, count: 2 } };
    // the engine still takes both, for tests
    expect(searchInstance(instance, { ...a, ...b }).depths.length).toBeGreaterThan(0);
  });
});
