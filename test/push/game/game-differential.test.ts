/**
 * The board game against clingo with our encoding of its rules (test/asp/board-game.lp,
 * written from ../shared/spec/board-game.md): on random boards of 2x2 to 3x4 (random
 * openings and spare, a goal tile or an exit, every line or a random set of insert
 * lines), for each cost, with and without rotate and no_reverse:
 * - the same optimum, or no solution within max_steps for both;
 * - labcheck's checker (src/push/game/check.ts, no code shared with the search) accepts the
 *   solver's solution and clingo's, and clingo accepts the solver's;
 * - on mutated witnesses the checker says valid exactly when clingo does.
 */
import { describe, expect, it } from "vitest";
import { prng } from "../../../src/core/random.js";
import { solutionActionAtoms } from "../../../src/push/game/actions.js";
import { checkGameWitness } from "../../../src/push/game/check.js";
import { readGameInstance, type GameInstance } from "../../../src/push/game/instance.js";
import { searchGame } from "../../../src/push/game/search/deepening.js";
import { parseFacts } from "../../../src/core/facts.js";
import { clingoAccepts, clingoOptimum, randomGame, stepOf, type GameCase, type GameCost } from "../../helpers/game.js";

const SHAPES: [number, number][] = [
  [2, 2],
  [2, 3],
  [3, 2],
  [3, 3],
  [2, 4],
  [3, 4],
];
const COSTS: GameCost[] = ["pushes", "moves", "steps"];
/** per cost: 4 variants (rotate x no_reverse) x 6 shapes x 3 seeds = 72 cases, 216 in all */
function cases(cost: GameCost): GameCase[] {
  const out: GameCase[] = [];
  let k = 0;
  for (const rotate of [false, true]) {
    for (const noReverse of [false, true]) {
      for (const [rows, cols] of SHAPES) {
        for (let r = 0; r < 3; r++) {
          const seed = 5000 + COSTS.indexOf(cost) * 1000 + k++;
          out.push({ seed, rows, cols, cost, rotate, noReverse, maxSteps: cost === "steps" ? 5 : 4 });
        }
      }
    }
  }
  return out;
}

const verdict = (inst: GameInstance, atoms: string[]): boolean => checkGameWitness(inst, parseFacts(atoms.map((a) => `${a}.`).join(" "), "<witness>")).valid;

/** A witness changed in one of the ways a solver could get wrong. */
function mutate(atoms: string[], c: GameCase, seed: number): string[] {
  const rand = prng(seed);
  const pick = (k: number): number => Math.floor(rand() * k);
  const dirs = ["n", "s", "e", "w"];
  const out = [...atoms];
  const i = pick(Math.max(1, out.length));
  const randomAction = (s: number): string => {
    const kind = pick(3);
    if (kind === 1 && c.cost === "moves") return `walk(${1 + pick(c.rows)},${1 + pick(c.cols)},${s})`;
    if (kind === 2 && c.cost === "steps") return `step(${dirs[pick(4)]},${s})`;
    const line = 1 + pick(Math.max(c.rows, c.cols));
    return c.rotate ? `push(${line},${dirs[pick(4)]},${pick(4)},${s})` : `push(${line},${dirs[pick(4)]},${s})`;
  };
  switch (pick(6)) {
    case 0: // another action at one step
      if (out.length > 0) out[i] = randomAction(stepOf(out[i]));
      break;
    case 1: // one more action at the end
      out.push(randomAction(out.length + 1));
      break;
    case 2: // drop the last action
      out.pop();
      break;
    case 3: // swap two steps
      if (out.length > 1) {
        const j = Math.min(i, out.length - 2);
        const a = out[j];
        const b = out[j + 1];
        out[j] = b.replace(/,\d+\)$/, `,${j + 1})`);
        out[j + 1] = a.replace(/,\d+\)$/, `,${j + 2})`);
      }
      break;
    case 4: // the reverse push, or another turn of the spare
      if (out.length > 0 && out[i].startsWith("push(")) {
        const inverse: Record<string, string> = { n: "s", s: "n", e: "w", w: "e" };
        out[i] = rand() < 0.5 || !c.rotate ? out[i].replace(/^push\((\d+),(\w)/, (_, z: string, d: string) => `push(${z},${inverse[d]}`) : out[i].replace(/^push\((\d+),(\w),(\d)/, (_, z: string, d: string, q: string) => `push(${z},${d},${(Number(q) + 1 + pick(3)) % 4}`);
      }
      break;
    default: // a random witness of the same length
      for (let s = 0; s < out.length; s++) out[s] = randomAction(s + 1);
  }
  return out;
}

describe.each(COSTS)("cost %s: random game boards against clingo", (cost) => {
  it("72 instances (2x2..3x4, rotate and no_reverse on and off): optimum, checker, mutated witnesses", async () => {
    let solved = 0;
    let unsolved = 0;
    let rejected = 0;
    let deep = 0;
    for (const c of cases(cost)) {
      const facts = randomGame(c);
      const label = `seed ${c.seed} (${c.rows}x${c.cols}, ${cost}${c.rotate ? ", rotate" : ""}${c.noReverse ? ", no_reverse" : ""})`;
      const inst = readGameInstance(facts, label).instance;
      const theirs = await clingoOptimum(facts, c.maxSteps);
      const ours = searchGame(inst, { memoryMegabytes: 16 });
      expect(ours.interrupted, label).toBe(false);
      expect(ours.actions?.length, label).toBe(theirs?.cost);
      if (!theirs) {
        expect(ours.exhausted, label).toBe(true);
        unsolved++;
      } else {
        solved++;
        if (theirs.cost >= 3) deep++;
        const mine = solutionActionAtoms(ours.actions!, c.rotate);
        expect(verdict(inst, mine), `${label}: ours ${mine.join(" ")}`).toBe(true);
        expect(await clingoAccepts(facts, mine), `${label}: ours by clingo ${mine.join(" ")}`).toBe(true);
        expect(verdict(inst, theirs.witness), `${label}: clingo's ${theirs.witness.join(" ")}`).toBe(true);
      }
      const base = theirs?.witness ?? [];
      for (let k = 0; k < 3; k++) {
        const mutated = mutate(base, c, c.seed * 13 + k);
        const ref = await clingoAccepts(facts, mutated);
        if (!ref) rejected++;
        expect(verdict(inst, mutated), `${label}: mutated ${mutated.join(" ")}`).toBe(ref);
      }
    }
    // the cases are not all of one kind
    expect(solved).toBeGreaterThan(40);
    expect(deep).toBeGreaterThan(8);
    expect(unsolved).toBeGreaterThan(0);
    expect(rejected).toBeGreaterThan(20);
  }, 180_000);
});
