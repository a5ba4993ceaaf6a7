/**
 * The competition's proof splitter (labsolve --queue): one depth of the iterative
 * deepening searched below some push prefixes, with a node budget past which the
 * search returns its unexplored frontier (search/prefix.ts), in this process. The
 * submitter (src/queue/proof.ts) settles the depths one by one, as search/merge.ts does
 * for threads: a depth is settled when every job of it, and of its frontiers, was
 * searched to the end.
 */
import type { ProofPart, ProofPartResult, ProofSplitter } from "../../core/plugin.js";
import type { Push } from "./board.js";
import { readInstance } from "./instance.js";
import { solutionAtoms } from "./format.js";
import { searchInstance } from "./search/exact/engine.js";
import { JobPrefixes } from "./search/proof/prefixes.js";
import { assertSearchable } from "./search/run/run.js";
import { exactBeams } from "./search/anytime/upper-bound.js";

const witnessOf = (pushes: Push[]): string => solutionAtoms(pushes).map((a) => `${a}.`).join(" ");

/** The competition's part for proofs on a queue. */
export const splitter: ProofSplitter = {
  plan(text, name, maxSteps) {
    const { instance } = readInstance(text, name);
    assertSearchable(instance);
    return { horizon: maxSteps ?? instance.maxSteps, moves: 4 * instance.size };
  },
  async upperBound(text, name, horizon) {
    const { instance } = readInstance(text, name);
    assertSearchable(instance);
    let best: Push[] | undefined;
    // the beams labsolve runs before its exact search (search/run.ts, phase 2), each
    // answer shortened
    await exactBeams(instance, horizon, {
      better: (pushes) => {
        if (best === undefined || pushes.length < best.length) best = pushes;
      },
      best: () => best,
      stopped: () => false,
      mustStop: () => false,
    });
    return best === undefined ? null : { witness: witnessOf(best), pushes: best.length };
  },
  searchPart(text, name, part: ProofPart, shouldStop): ProofPartResult {
    const { instance } = readInstance(text, name);
    assertSearchable(instance);
    const started = performance.now();
    const cut = new JobPrefixes({ depth: part.depth, prefixes: part.prefixes, budget: part.budget, frontierLength: part.frontierLength, sizesLength: part.sizesLength });
    const r = searchInstance(instance, { maxSteps: part.depth, models: 1, tableMegabytes: part.tableMegabytes, prefix: cut, shouldStop });
    if (r.interrupted) throw new Error(`${name}: the search of a part of depth ${part.depth} was stopped`);
    cut.closeSize();
    // depth 0 and 1 are not cut at the root (prefix.ts): a solution shorter than the
    // part's depth was settled before, and is not this part's
    const best = r.solutions.find((s) => s.length === part.depth);
    return {
      witness: best ? witnessOf(best) : null,
      // the part's depth alone (depth 1 is searched whole, 4N states, in every job: prefix.ts)
      nodes: r.depths.find((d) => d.depth === part.depth)?.nodes ?? 0,
      milliseconds: Math.round(performance.now() - started),
      frontier: cut.frontier,
      sizes: Object.fromEntries(cut.sizes),
    };
  },
};
