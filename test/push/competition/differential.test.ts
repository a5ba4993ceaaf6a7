/**
 * labsolve and labcheck against clingo with our encoding of the rules, on 300 random
 * instances (N 2..6, max_steps 0..4, maze and random tiles):
 * - same verdict and same fewest pushes everywhere, counting all solutions and searching
 *   for the first (the commutation rule prunes only then); --any finds a valid solution exactly
 *   when clingo finds one;
 * - the same answer sets, atom for atom (so the same count), where counting is cheap
 *   (N <= 5, max_steps <= 3);
 * - labcheck accepts every answer set clingo gives, and accepts a mutated witness
 *   exactly when clingo says it is an answer set.
 */
import { describe, expect, it } from "vitest";
import { checkWitness } from "../../../src/push/competition/check.js";
import { generate, toFacts, type Style } from "../../../src/push/competition/generate.js";
import { prng } from "../../../src/core/random.js";
import { readInstance, type Instance } from "../../../src/push/competition/instance.js";
import { solve } from "../../../src/push/competition/search/exact/engine.js";
import { runSearch, type RunOptions } from "../../../src/push/competition/search/run/run.js";
import { parseFacts } from "../../../src/core/facts.js";
import { solutionAtoms } from "../../../src/push/competition/format.js";
import { allAnswerSets, canonical, fewestPushes, isAnswerSet } from "../../helpers/clingo.js";

interface Case {
  seed: number;
  size: number;
  maxSteps: number;
  style: Style;
}

const CASES: Case[] = Array.from({ length: 300 }, (_, i) => ({
  seed: 1000 + i,
  size: 2 + (i % 5),
  maxSteps: Math.floor(i / 5) % 5,
  style: i % 2 === 0 ? "maze" : "random",
}));

const countable = (c: Case): boolean => c.size <= 5 && c.maxSteps <= 3;

/** labsolve's run as the command runs it (src/push/competition/search/run/run.ts), one search thread, signals left alone. */
const run = (instance: Instance, options: RunOptions = {}) => runSearch(instance, { threads: 1, handleSignals: false, ...options });

function witnessAtoms(text: string) {
  return parseFacts(text.split(" ").filter((a) => a !== "").map((a) => `${a}.`).join(" "), "<witness>");
}

/** A witness changed in one of the ways solvers get wrong. */
function mutate(atoms: string[], inst: Instance, seed: number): string[] {
  const rand = prng(seed);
  const pick = (k: number) => Math.floor(rand() * k);
  const parts = atoms.map((a) => /^push\((\d+),(\w),(\d+)\)$/.exec(a)!.slice(1));
  const out = parts.map((p) => [...p]);
  const dirs = ["n", "s", "e", "w"];
  switch (pick(6)) {
    case 0: // another line
      if (out.length > 0) out[pick(out.length)][0] = String(1 + pick(inst.size));
      break;
    case 1: // another direction
      if (out.length > 0) out[pick(out.length)][1] = dirs[pick(4)];
      break;
    case 2: // one more push at the end
      out.push([String(1 + pick(inst.size)), dirs[pick(4)], String(out.length + 1)]);
      break;
    case 3: // drop the last push
      out.pop();
      break;
    case 4: // swap two steps
      if (out.length > 1) {
        const i = pick(out.length - 1);
        [out[i][2], out[i + 1][2]] = [out[i + 1][2], out[i][2]];
        [out[i], out[i + 1]] = [out[i + 1], out[i]];
      }
      break;
    default: // the inverse push: not a no-op
      if (out.length > 0) {
        const i = pick(out.length);
        out[i][1] = { n: "s", s: "n", e: "w", w: "e" }[out[i][1]] as string;
      }
  }
  return out.map(([z, d, s]) => `push(${z},${d},${s})`);
}

describe.each([2, 3, 4, 5, 6])("random boards of size %i against clingo", (size) => {
  const cases = CASES.filter((c) => c.size === size);
  it(`${cases.length} instances: verdict, fewest pushes, answer sets, checker`, async () => {
    let compared = 0;
    for (const c of cases) {
      const facts = toFacts(generate(c.size, c.maxSteps, c.seed, c.style));
      const label = `seed ${c.seed} (${c.size}x${c.size}, max_steps ${c.maxSteps}, ${c.style})`;
      const { instance } = readInstance(facts, label);
      const clingoBest = await fewestPushes(facts);
      const ours = solve(instance, { models: countable(c) ? 0 : 1 });
      expect(ours.fewest, label).toBe(clingoBest?.fewest);
      expect(ours.exhausted || ours.solutions.length > 0, label).toBe(true);
      // labsolve's run for one solution (main-thread search up to 3 pushes, beams and
      // shortening as upper bound, a worker with the commutation rules): the fewest
      // pushes, proven, and a solution
      const first = await run(instance);
      expect(first.optimal ? first.upperBound : undefined, `${label}: first solution`).toBe(clingoBest?.fewest);
      if (first.solutions.length > 0) {
        const atoms = canonical(solutionAtoms(first.solutions[0]));
        expect(checkWitness(instance, witnessAtoms(atoms)).valid, `${label}: ${atoms}`).toBe(true);
      }
      if (countable(c)) {
        const theirs = await allAnswerSets(facts);
        const mine = ours.solutions.map((s) => canonical(solutionAtoms(s))).sort();
        expect(mine, label).toEqual(theirs);
        for (const w of theirs) expect(checkWitness(instance, witnessAtoms(w)).valid, `${label}: ${w}`).toBe(true);
        compared++;
      } else if (clingoBest) {
        expect(checkWitness(instance, witnessAtoms(canonical(clingoBest.witness))).valid, label).toBe(true);
      }
      // --any: some solution within max_steps when clingo has one, none (proven) otherwise
      const any = await run(instance, { any: true });
      if (clingoBest) {
        expect(any.solutions, label).toHaveLength(1);
        expect(any.solutions[0].length, label).toBeLessThanOrEqual(c.maxSteps);
        expect(checkWitness(instance, witnessAtoms(canonical(solutionAtoms(any.solutions[0])))).valid, label).toBe(true);
      } else {
        expect(any.solutions, label).toEqual([]);
        expect(any.exhausted, label).toBe(true);
      }
      const base = clingoBest ? clingoBest.witness.filter((a) => a.startsWith("push(")) : [];
      for (let k = 0; k < 2; k++) {
        const mutated = mutate(base, instance, c.seed * 7 + k);
        const ref = await isAnswerSet(facts, mutated);
        const got = checkWitness(instance, parseFacts(mutated.map((a) => `${a}.`).join(" "), "<mutated>")).valid;
        expect(got, `${label}: mutated witness ${mutated.join(" ")}`).toBe(ref);
      }
    }
    expect(compared).toBe(cases.filter(countable).length);
  }, 240_000);
});

describe("an avatar or goal tile without openings (src/push/competition/search/exact/pruning/hopeless.ts)", () => {
  it("24 instances: the same verdict and fewest pushes as clingo in every mode", async () => {
    let unsatisfiable = 0;
    for (let k = 0; k < 24; k++) {
      const data = generate(3 + (k % 3), 3, 7000 + k, k % 2 === 0 ? "maze" : "random");
      const n = data.size;
      const at = (f: { row: number; col: number }): number => (f.row - 1) * n + (f.col - 1);
      // k % 4: 0 avatar's tile closed, 1 goal's tile closed, 2 both, 3 init on the goal and closed
      if (k % 4 === 3) data.goal = { ...data.init };
      if (k % 4 !== 1) data.tiles[at(data.init)] = 0;
      if (k % 4 === 1 || k % 4 === 2) data.tiles[at(data.goal)] = 0;
      const facts = toFacts(data);
      const label = `case ${k}`;
      const { instance } = readInstance(facts, label);
      const clingoBest = await fewestPushes(facts);
      if (clingoBest === undefined) unsatisfiable++;
      for (const result of [solve(instance, { models: 0 }), await run(instance), await run(instance, { any: true })]) {
        expect(result.solutions.length > 0, label).toBe(clingoBest !== undefined);
        if (clingoBest !== undefined) expect(result.solutions[0].length, label).toBe(clingoBest.fewest);
        else expect(result.exhausted, label).toBe(true);
      }
    }
    // the cases with init on the goal are solved with no push; the others have no solution
    expect(unsatisfiable).toBe(18);
  });
});
