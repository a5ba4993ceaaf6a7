/**
 * The search shared out over threads: each thread claims first pushes from a shared
 * counter per depth (WorkOptions.claimRoot; rootShare is the static split), and the
 * coordinator (src/push/competition/search/run/run.ts, src/push/competition/search/run/merge.ts) passes solutions on depth by depth.
 * Results must not depend on the thread count.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { solutionAtoms } from "../../../../../src/push/competition/format.js";
import { generate, toFacts } from "../../../../../src/push/competition/generate.js";
import { vastUnsolvableFacts } from "../../../../helpers/slow.js";
import { readInstance } from "../../../../../src/push/competition/instance.js";
import { searchInstance } from "../../../../../src/push/competition/search/exact/engine.js";
import type { Push } from "../../../../../src/push/competition/board.js";
import { allAnswerSets, canonical } from "../../../../helpers/clingo.js";
import { runBin } from "../../../../helpers/bin.js";

const ROOT = new URL("../../../../..", import.meta.url).pathname;
const key = (s: readonly Push[]) => canonical(solutionAtoms(s));

function labsolve(args: string[], input: string) {
  const r = runBin("labsolve", args, input);
  const answers = r.out.split("ANSWER\n").slice(1).map((a) => a.trim().replace(/\.( |$)/g, "$1").trim());
  return { code: r.code, answers, out: r.out };
}

describe("root shares", () => {
  it("together find exactly the solutions of the whole search, on 40 random instances", () => {
    for (let seed = 0; seed < 40; seed++) {
      const { instance } = readInstance(toFacts(generate(2 + (seed % 4), 1 + (seed % 3), 7000 + seed, seed % 2 ? "maze" : "random")), `seed ${seed}`);
      const whole = searchInstance(instance, { models: 0 }).solutions.map(key).sort();
      for (const count of [2, 3, 5]) {
        const parts = Array.from({ length: count }, (_, index) => searchInstance(instance, { models: 0, rootShare: { index, count } }).solutions.map(key)).flat().sort();
        expect(parts, `seed ${seed}, ${count} shares`).toEqual(whole);
      }
    }
  });
});

describe("labsolve --threads", () => {
  const facts = readFileSync(join(ROOT, "instances/random-6x6-b.asp"), "utf8");

  it("-n 0 with 3 threads prints exactly clingo's answer sets, shortest first, exit 30", async () => {
    const r = labsolve(["-n", "0", "--threads", "3"], facts);
    expect(r.code).toBe(30);
    const lengths = r.answers.map((a) => a.split(" ").length);
    expect(lengths).toEqual([...lengths].sort((a, b) => a - b));
    expect(r.answers.map((a) => canonical(a.split(" "))).sort()).toEqual(await allAnswerSets(facts));
  }, 60_000);

  it("-n 5 with 3 threads prints 5 solutions shortest first (exit 10); -n 1 a shortest one (exit 30: proven)", () => {
    const expected = JSON.parse(readFileSync(join(ROOT, "expected/random-6x6-b.json"), "utf8"));
    const five = labsolve(["-n", "5", "--threads", "3"], facts);
    expect(five.code).toBe(10);
    expect(five.answers).toHaveLength(5);
    expect(five.answers[0].split(" ")).toHaveLength(expected.fewest);
    const one = labsolve(["--threads", "2"], facts);
    expect(one.code).toBe(30);
    expect(one.answers).toHaveLength(1);
    expect(one.answers[0].split(" ")).toHaveLength(expected.fewest);
  });

  it("agrees with one thread on an unsatisfiable instance, on init = goal, and when interrupted", () => {
    const unsat = readFileSync(join(ROOT, "instances/random-6x6-a.asp"), "utf8");
    expect(labsolve(["--threads", "3"], unsat)).toMatchObject({ code: 20, out: "INCONSISTENT\n" });
    const start = readFileSync(join(ROOT, "instances/example-start-on-goal.lp"), "utf8");
    expect(labsolve(["-n", "0", "--threads", "3"], start)).toMatchObject({ code: 30, answers: [""] });
    const json = JSON.parse(labsolve(["-n", "0", "--threads", "3", "--format", "json"], start).out);
    expect(json.statistics.depths.map((d: { depth: number }) => d.depth)).toEqual([0]); // nothing searched past 0
    expect(labsolve(["--threads", "2", "--time-limit", "0.5"], vastUnsolvableFacts(20, 30))).toMatchObject({ code: 1, out: "% interrupted: time limit\n" });
  });
});

describe("labsolve --threads, past the exact search up to 3 pushes (workers, claimRoot)", () => {
  /** Small instances whose solutions need 4 or 5 pushes: the workers find them, not the main thread. */
  const deep = (() => {
    const out: { facts: string; all: string[]; fewest: number }[] = [];
    for (let seed = 0; out.length < 3 && seed < 200; seed++) {
      const facts = toFacts(generate(6, 4, 8100 + seed, seed % 2 ? "maze" : "random"));
      const { instance } = readInstance(facts, `seed ${seed}`);
      if ((searchInstance(instance, { models: 1 }).fewest ?? 0) < 4) continue;
      const r = searchInstance(instance, { models: 0 });
      if (r.fewest !== undefined && r.fewest >= 4 && r.solutions.length <= 400) out.push({ facts, all: r.solutions.map(key).sort(), fewest: r.fewest });
    }
    return out;
  })();

  it("-n 0 with 1, 2 and 3 threads: every solution once, shortest first", () => {
    expect(deep.length).toBeGreaterThanOrEqual(2);
    for (const { facts, all } of deep) {
      for (const threads of ["1", "2", "3"]) {
        const r = labsolve(["-n", "0", "--threads", threads], facts);
        expect(r.code).toBe(30);
        const lengths = r.answers.map((a) => a.split(" ").length);
        expect(lengths, `${threads} threads`).toEqual([...lengths].sort((a, b) => a - b));
        expect(r.answers.map((a) => canonical(a.split(" "))).sort(), `${threads} threads`).toEqual(all);
      }
    }
  }, 120_000);

  it("models 1 with 3 threads: the fewest pushes, proven (json optimal, lowerBound = upperBound)", () => {
    for (const { facts, fewest } of deep) {
      const doc = JSON.parse(labsolve(["--threads", "3", "--format", "json"], facts).out);
      expect(doc).toMatchObject({ status: "OPTIMUM FOUND", optimal: true, fewest, lowerBound: fewest, upperBound: fewest });
      expect(doc.models[0].cost).toBe(fewest);
    }
  }, 60_000);
});

describe("--stats of a run whose quota runs out in the middle of a depth", () => {
  // instances/0060 with max_steps 6: the fewest is 4 (23 solutions); -n 100 ends 77 solutions into depth 5
  const file = join(ROOT, "instances/random-9x9-a.asp");
  /** labsolve with `args` (and `input` on stdin): its `% depth D: N nodes, S s, K solution(s)` lines and total line of stderr */
  function labsolveStats(args: string[], input?: string) {
    const r = runBin("labsolve", args, { input });
    const depths = [...r.err.matchAll(/^% depth (\d+): (\d+) nodes, [\d.]+ s, (\d+) solution\(s\)( \(cut short\))?$/gm)].map((m) => ({
      depth: Number(m[1]),
      nodes: Number(m[2]),
      solutions: Number(m[3]),
      cut: m[4] !== undefined,
    }));
    const total = /^% total: (\d+) nodes, depth reached (\d+),/m.exec(r.err);
    return { code: r.code, answers: r.out.split("ANSWER\n").length - 1, depths, nodes: Number(total?.[1]), reached: Number(total?.[2]) };
  }
  const stats = (threads: number) => labsolveStats(["-n", "100", "--max-steps", "6", "--threads", String(threads), "--stats", file]);

  it("lists that depth with every thread's states (1 thread: exactly the engine's) and counts them in the total", () => {
    const { instance } = readInstance(readFileSync(file, "utf8"), file);
    const engine = searchInstance(instance, { models: 100, maxSteps: 6 });
    expect(engine.depths.map((d) => d.solutions)).toEqual([0, 0, 0, 0, 23, 77]);
    for (const threads of [1, 2]) {
      const r = stats(threads);
      expect(r.code, `${threads} threads`).toBe(10);
      expect(r.answers).toBe(100);
      expect(r.reached, `${threads} threads`).toBe(5);
      const last = r.depths.at(-1);
      expect(last, `${threads} threads`).toMatchObject({ depth: 5, solutions: 77, cut: true });
      const listed = r.depths.reduce((a, d) => a + d.nodes, 0);
      expect(r.nodes).toBeGreaterThanOrEqual(listed);
      if (threads === 1) expect(r.depths.map((d) => d.nodes)).toEqual(engine.depths.map((d) => d.nodes));
      else expect(last?.nodes).toBeGreaterThan(0);
    }
  }, 60_000);

  it("models 1: a solution found by the search in the middle of a depth lists that depth, with its states in the total", () => {
    // a board whose beam solution is longer than the fewest, so the workers find the
    // fewest themselves, in the middle of depth 5 (a depth the beam already answered is
    // not searched, and not listed)
    const facts = toFacts(generate(10, 12, 5, "random"));
    const { instance } = readInstance(facts, "seed 5");
    const fewest = searchInstance(instance, {}).fewest;
    expect(fewest).toBe(5);
    for (const threads of [1, 2]) {
      const r = labsolveStats(["--threads", String(threads), "--stats"], facts);
      expect(r.code).toBe(30);
      const last = r.depths.at(-1);
      expect(last?.depth, `${threads} threads: the deepest depth listed`).toBe(fewest);
      expect(last?.nodes, `${threads} threads`).toBeGreaterThan(0);
      expect(last?.solutions, `${threads} threads`).toBe(1);
      expect(r.reached).toBe(fewest);
      expect(r.nodes).toBeGreaterThanOrEqual(r.depths.reduce((a, d) => a + d.nodes, 0));
    }
  }, 60_000);
});
