/**
 * The competition's proof splitter (labsolve --queue): one depth of the iterative
 * deepening, searched on a share of the first pushes (the static split the search threads
 * use: search/share.ts), in this process. The submitter (src/queue/proof.ts) settles the
 * depths one by one, as search/merge.ts does for threads: a depth is settled when every
 * share of it was searched to the end.
 */
import type { ProofShare, ProofShareResult, ProofSplitter } from "../../core/plugin.js";
import { readInstance } from "./instance.js";
import { solutionAtoms } from "./format.js";
import { solve } from "./search/engine.js";
import { assertSearchable } from "./search/run.js";

/** The competition's part for proofs on a queue. */
export const splitter: ProofSplitter = {
  plan(text, name, maxSteps) {
    const { instance } = readInstance(text, name);
    assertSearchable(instance);
    return { horizon: maxSteps ?? instance.maxSteps, firstPushes: 4 * instance.size };
  },
  searchShare(text, name, share: ProofShare): ProofShareResult {
    const { instance } = readInstance(text, name);
    assertSearchable(instance);
    const started = performance.now();
    const r = solve(instance, { maxSteps: share.depth, models: 1, tableMegabytes: share.tableMegabytes, rootShare: { index: share.index, count: share.count } });
    const best = r.solutions[0];
    return {
      depth: share.depth,
      index: share.index,
      count: share.count,
      witness: best ? solutionAtoms(best).map((a) => `${a}.`).join(" ") : null,
      nodes: r.nodes,
      milliseconds: Math.round(performance.now() - started),
    };
  },
};
