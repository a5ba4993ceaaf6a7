/**
 * `labsolve --queue URL FILE`: the proof of the fewest pushes, split into jobs for `labsolve
 * worker`s (src/queue/proof.ts), of an instance of the registry's rule set with a proof
 * splitter (proofRuleSet).
 */
import { makeOutcome, OUTPUT_FORMATS, type Outcome, type OutputFormat } from "../core/outcome.js";
import { makeLayout } from "../format/index.js";
import { onStop } from "../core/stop.js";
import { VERSION } from "../core/version.js";
import type { QueuedProof } from "../queue/proof.js";
import { proofRuleSet } from "../registry.js";
import { readSource } from "./common.js";

export interface ProofFlags {
  queue: string;
  shares?: number;
  maxSteps?: number;
  memory: number;
  stats?: boolean;
  /** an output layout (OUTPUT_FORMATS; default the first, the competition's layout) */
  format?: string;
  /** seconds; the proof stops there (exit 11 with the upper bound's answer, 1 without) */
  timeLimit?: number;
  /** labsolve's options that a proof on the queue does not take (refused when given) */
  models?: number;
  any?: boolean;
  rules?: string;
  cost?: string;
}

/** @throws Error naming the first of labsolve's options that --queue does not take */
function refuseOthers(flags: ProofFlags): void {
  const given: [boolean, string][] = [
    [flags.models !== undefined && flags.models !== 1, "-n"],
    [flags.any === true, "--any"],
    [flags.rules !== undefined, "--rules"],
    [flags.cost !== undefined, "--cost"],
  ];
  const first = given.find(([on]) => on);
  if (first) throw new Error(`--queue proves the fewest pushes of a ${proofRuleSet().name} instance; it does not take ${first[1]}`);
  if (flags.format !== undefined && !(OUTPUT_FORMATS as readonly string[]).includes(flags.format)) throw new Error(`--format ${flags.format}: expected one of ${OUTPUT_FORMATS.join(", ")}`);
}

/** The answer's atoms without their dots: `push(1,w,1)`. */
const atomsOf = (witness: string): string[] => witness.split(/\.(?:\s+|$)/).map((a) => a.trim()).filter((a) => a !== "");

/**
 * The outcome of a proof on the queue (of an instance of proofRuleSet()), as the proof in one process gives it: a proven
 * shortest answer "OPTIMUM FOUND", exit 30; none within the horizon "UNSATISFIABLE", 20;
 * stopped with the upper bound's answer "SATISFIABLE", 11; stopped without one "UNKNOWN", 1
 * (src/core/outcome.ts decides status and exit code).
 */
export function proofOutcome(r: QueuedProof, seconds: number, stopReason?: string): Outcome {
  const solved = r.status === "solved";
  const atoms = r.witness === null ? [] : atomsOf(r.witness);
  const models = r.witness === null || r.pushes === null ? [] : [{ cost: r.pushes, witness: atoms, atoms }];
  return makeOutcome({
    rules: proofRuleSet().name,
    cost: "pushes",
    witnessKind: "atoms",
    wanted: 1,
    answers: models.length,
    proven: solved,
    exhausted: r.status !== "interrupted",
    interrupted: r.status === "interrupted",
    interruptedBy: stopReason,
    lowerBound: r.lowerBound,
    upperBound: r.witness !== null ? r.pushes : r.upperBound,
    models,
    notes: solved ? [`OPTIMUM FOUND: ${r.pushes} pushes, proven on the queue (no solution has fewer)`] : [],
    statistics: {
      seconds: Number(seconds.toFixed(3)),
      states: r.depths.reduce((a, d) => a + d.nodes, 0),
      jobs: r.depths.reduce((a, d) => a + d.jobs.length, 0),
      depths: r.depths.map((d) => ({ depth: d.depth, states: d.nodes, jobs: d.jobs.length, prefixLength: d.prefixLength, slowestMs: d.slowestMs })),
    },
    extras: { ...(stopReason !== undefined && r.status === "interrupted" ? { stoppedBy: stopReason } : {}), horizon: r.horizon, queue: true },
  });
}

/**
 * Runs the proof and prints its answer in the chosen layout.
 * @returns clingo's exit code: 30 a shortest answer, proven (OPTIMUM FOUND); 20 no solution
 *   within the horizon; 11 stopped (time limit, SIGINT, SIGTERM) with the upper bound's
 *   answer, not proven; 1 stopped without one
 */
export async function proofCommand(file: string | undefined, flags: ProofFlags): Promise<number> {
  refuseOthers(flags);
  // the competition's output layout (a layout, not a rule set: docs/contract.md)
  const format = (flags.format as OutputFormat | undefined) ?? OUTPUT_FORMATS[0];
  const [{ parseQueueUrl }, { runQueuedProof }] = await Promise.all([import("../queue/url.js"), import("../queue/proof.js")]);
  const address = parseQueueUrl(flags.queue);
  const source = readSource(file);
  const started = performance.now();
  const stop = onStop({ timeLimit: flags.timeLimit, started });
  try {
    const r = await runQueuedProof(source.text, source.name, {
      address,
      jobs: flags.shares,
      maxSteps: flags.maxSteps,
      tableMegabytes: flags.memory,
      signal: stop.signal,
      onNote: (line) => process.stderr.write(`${line}\n`),
      onDepth: (d) => {
        const split = d.prefixLength === null ? "one job" : `${d.prefixes} prefixes of ${d.prefixLength} pushes`;
        if (flags.stats) process.stderr.write(`depth ${d.depth}: ${d.nodes} states in ${d.jobs.length} jobs (${split}), the slowest ${(d.slowestMs / 1000).toFixed(2)} s\n`);
      },
    });
    const outcome = proofOutcome(r, (performance.now() - started) / 1000, stop.reason);
    const stdin = file === undefined || file === "-";
    const layout = makeLayout(format, { write: (t) => process.stdout.write(t), version: VERSION, source: stdin ? "stdin" : source.name, wanted: 1 });
    layout.start();
    for (const m of outcome.models) layout.model(m, outcome.witnessKind);
    layout.end(outcome);
    return outcome.exitCode;
  } finally {
    stop.dispose();
  }
}
