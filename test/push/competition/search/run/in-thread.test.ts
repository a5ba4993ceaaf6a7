/**
 * The run without worker threads (src/push/competition/search/run/in-thread.ts, a browser's Web Worker):
 * the beams' answer as the exact search's known solution, then the search in the caller's
 * thread. Its fewest pushes must equal the plain exact search's (no beams, no known
 * solution: the reference here) and its answer must pass the independent checker, on the
 * bundled random instances and on generated ones whose beams answer longer than the optimum
 * (where the known solution must not be taken for the optimum).
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Push } from "../../../../../src/push/competition/board.js";
import { checkWitness } from "../../../../../src/push/competition/check.js";
import { solutionAtoms } from "../../../../../src/push/competition/format.js";
import { generate, toFacts } from "../../../../../src/push/competition/generate.js";
import { readInstance, type Instance } from "../../../../../src/push/competition/instance.js";
import { searchInstance } from "../../../../../src/push/competition/search/exact/engine.js";
import { searchInThread } from "../../../../../src/push/competition/search/run/in-thread.js";
import { parseFacts } from "../../../../../src/core/facts.js";

const ROOT = new URL("../../../../..", import.meta.url).pathname;

/** searchInThread with a sink that keeps the shortest answer, as run.ts's does: the search's result, its answer and the beams' (the known solution). */
function here(instance: Instance) {
  let best: Push[] | undefined;
  const sink = {
    better: (p: Push[]) => {
      if (best === undefined || p.length < best.length) best = p;
    },
    best: () => best,
    stopped: () => false,
    mustStop: () => false,
  };
  const { search } = searchInThread({ instance, horizon: instance.maxSteps, models: 1, any: false, tableMegabytes: 16, sink, raise: () => undefined });
  return { search: search!, answer: search!.solutions[0] as Push[] | undefined, known: best as Push[] | undefined };
}

function valid(instance: Instance, pushes: Push[]): boolean {
  const atoms = solutionAtoms(pushes).join(" ");
  return checkWitness(instance, parseFacts(atoms.split(" ").filter((a) => a !== "").map((a) => `${a}.`).join(" "), "<witness>")).valid;
}

describe("the competition's search without worker threads", () => {
  const bundled = readdirSync(join(ROOT, "instances")).filter((f) => /^random-[5-8]x.*\.asp$/.test(f));
  it.each(bundled)("%s: the plain search's fewest pushes, and a valid answer", (file) => {
    const { instance } = readInstance(readFileSync(join(ROOT, "instances", file), "utf8"), file);
    const plain = searchInstance(instance, {});
    const { search, answer } = here(instance);
    expect(search.fewest).toBe(plain.fewest);
    expect(answer?.length).toBe(plain.fewest);
    if (answer) expect(valid(instance, answer)).toBe(true);
  });

  it("60 generated boards (6x6 to 8x8): the plain search's fewest pushes, also where the beams answered with more", () => {
    let longer = 0;
    for (let seed = 0; seed < 60; seed++) {
      const size = 6 + (seed % 3);
      const { instance } = readInstance(toFacts(generate(size, 9, 4200 + seed, seed % 2 ? "maze" : "random")), `seed ${seed}`);
      const plain = searchInstance(instance, {});
      const { search, answer, known } = here(instance);
      expect(search.fewest, `seed ${seed}`).toBe(plain.fewest);
      expect(answer?.length, `seed ${seed}`).toBe(plain.fewest);
      if (answer) expect(valid(instance, answer), `seed ${seed}`).toBe(true);
      if (known !== undefined && plain.fewest !== undefined && known.length > plain.fewest) longer++;
    }
    // the case the known solution must not be mistaken for the optimum occurred
    expect(longer).toBeGreaterThan(0);
  });
});
