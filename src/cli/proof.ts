/** `labsolve --queue URL FILE`: the proof of the fewest pushes, split into jobs for `labsolve worker`s (src/queue/proof.ts). */
import { ExitCode } from "../core/errors.js";
import { readSource } from "./common.js";

export interface ProofFlags {
  queue: string;
  shares?: number;
  maxSteps?: number;
  memory: number;
  stats?: boolean;
  /** labsolve's options that a proof on the queue does not take (refused when given) */
  models?: number;
  any?: boolean;
  format?: string;
  timeLimit?: number;
  rules?: string;
  cost?: string;
}

/** @throws Error naming the first of labsolve's options that --queue does not take */
function refuseOthers(flags: ProofFlags): void {
  const given: [boolean, string][] = [
    [flags.models !== undefined && flags.models !== 1, "-n"],
    [flags.any === true, "--any"],
    [flags.format !== undefined && flags.format !== "competition", "--format"],
    [flags.timeLimit !== undefined, "--time-limit"],
    [flags.rules !== undefined, "--rules"],
    [flags.cost !== undefined, "--cost"],
  ];
  const first = given.find(([on]) => on);
  if (first) throw new Error(`--queue proves the fewest pushes of a competition instance, printed in the competition format; it does not take ${first[1]}`);
}

/**
 * Runs the proof and prints the answer in the competition's layout (ANSWER and the
 * witness, or INCONSISTENT).
 * @returns 10 solved (proven shortest), 20 no solution within the horizon, 1 interrupted
 */
export async function proofCommand(file: string | undefined, flags: ProofFlags): Promise<number> {
  refuseOthers(flags);
  const [{ parseQueueUrl }, { runQueuedProof }] = await Promise.all([import("../queue/url.js"), import("../queue/proof.js")]);
  const address = parseQueueUrl(flags.queue);
  const source = readSource(file);
  const abort = new AbortController();
  const stop = (): void => abort.abort();
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  try {
    const r = await runQueuedProof(source.text, source.name, {
      address,
      jobs: flags.shares,
      maxSteps: flags.maxSteps,
      tableMegabytes: flags.memory,
      signal: abort.signal,
      onNote: (line) => process.stderr.write(`${line}\n`),
      onDepth: (d) => {
        const split = d.prefixLength === null ? "one job" : `${d.prefixes} prefixes of ${d.prefixLength} pushes`;
        if (flags.stats) process.stderr.write(`depth ${d.depth}: ${d.nodes} states in ${d.jobs.length} jobs (${split}), the slowest ${(d.slowestMs / 1000).toFixed(2)} s\n`);
      },
    });
    if (r.status === "solved") {
      process.stdout.write(`ANSWER\n${r.witness}\n`);
      return 10;
    }
    if (r.status === "unsatisfiable") {
      process.stdout.write("INCONSISTENT\n");
      return 20;
    }
    process.stdout.write(`% interrupted: shortest >= ${r.lowerBound}\n`);
    return ExitCode.Interrupted;
  } finally {
    process.off("SIGINT", stop);
    process.off("SIGTERM", stop);
  }
}
