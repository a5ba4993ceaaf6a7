/** `labsolve --queue URL FILE`: the proof of the fewest pushes, split into jobs for `labsolve worker`s (src/queue/proof.ts). */
import { ExitCode } from "../core/errors.js";
import { clingoHeader } from "../core/outcome.js";
import { onStop } from "../core/stop.js";
import { VERSION } from "../core/version.js";
import type { QueuedProof } from "../queue/proof.js";
import { readSource } from "./common.js";

export interface ProofFlags {
  queue: string;
  shares?: number;
  maxSteps?: number;
  memory: number;
  stats?: boolean;
  /** competition (default), clingo or json */
  format?: string;
  /** seconds; the proof stops there (exit 11 with the upper bound's answer, 1 without) */
  timeLimit?: number;
  /** labsolve's options that a proof on the queue does not take (refused when given) */
  models?: number;
  any?: boolean;
  rules?: string;
  cost?: string;
}

const FORMATS = ["competition", "clingo", "json"] as const;
type ProofFormat = (typeof FORMATS)[number];

/** @throws Error naming the first of labsolve's options that --queue does not take */
function refuseOthers(flags: ProofFlags): void {
  const given: [boolean, string][] = [
    [flags.models !== undefined && flags.models !== 1, "-n"],
    [flags.any === true, "--any"],
    [flags.rules !== undefined, "--rules"],
    [flags.cost !== undefined, "--cost"],
  ];
  const first = given.find(([on]) => on);
  if (first) throw new Error(`--queue proves the fewest pushes of a competition instance; it does not take ${first[1]}`);
  if (flags.format !== undefined && !(FORMATS as readonly string[]).includes(flags.format)) throw new Error(`--format ${flags.format}: expected one of ${FORMATS.join(", ")}`);
}

/** clingo's status words and exit codes of a proof on the queue (src/core/outcome.ts, clingo's codes). */
interface ProofEnd {
  status: "OPTIMUM FOUND" | "UNSATISFIABLE" | "SATISFIABLE" | "UNKNOWN";
  exitCode: number;
}

/**
 * How a proof ended, in clingo's words: a proven shortest answer is "OPTIMUM FOUND", exit
 * 30 (as labsolve in one process); none within the horizon "UNSATISFIABLE", 20; stopped
 * with the upper bound's answer "SATISFIABLE", 11; stopped without an answer "UNKNOWN", 1.
 */
export function proofEnd(r: Pick<QueuedProof, "status" | "witness">): ProofEnd {
  if (r.status === "solved") return { status: "OPTIMUM FOUND", exitCode: ExitCode.Exhausted };
  if (r.status === "unsatisfiable") return { status: "UNSATISFIABLE", exitCode: ExitCode.Unsatisfiable };
  return r.witness !== null ? { status: "SATISFIABLE", exitCode: ExitCode.InterruptedWithAnswer } : { status: "UNKNOWN", exitCode: ExitCode.Interrupted };
}

/** The answer's atoms without their dots: `push(1,w,1)`. */
const atomsOf = (witness: string): string[] => witness.split(/\.(?:\s+|$)/).map((a) => a.trim()).filter((a) => a !== "");

/**
 * The json document of a proof, in the shape every rule set's json takes (rules, status,
 * exitCode, cost, fewest, optimal, bounds, models, statistics); models carry `atoms` (as
 * labcheck reads them) and `witness`.
 */
function proofJson(r: QueuedProof, end: ProofEnd, seconds: number, stopReason: string | undefined): string {
  const solved = r.status === "solved";
  const doc = {
    rules: "competition",
    status: end.status,
    exitCode: end.exitCode,
    cost: "pushes",
    fewest: solved ? r.pushes : null,
    optimal: solved,
    lowerBound: r.lowerBound,
    upperBound: r.witness !== null ? r.pushes : r.upperBound,
    exhausted: r.status !== "interrupted",
    interrupted: r.status === "interrupted",
    ...(stopReason !== undefined && r.status === "interrupted" ? { stoppedBy: stopReason } : {}),
    horizon: r.horizon,
    models: r.witness === null || r.pushes === null ? [] : [{ cost: r.pushes, pushes: r.pushes, witness: atomsOf(r.witness), atoms: atomsOf(r.witness) }],
    statistics: {
      seconds: Number(seconds.toFixed(3)),
      states: r.depths.reduce((a, d) => a + d.nodes, 0),
      jobs: r.depths.reduce((a, d) => a + d.jobs.length, 0),
      depths: r.depths.map((d) => ({ depth: d.depth, states: d.nodes, jobs: d.jobs.length, prefixLength: d.prefixLength, slowestMs: d.slowestMs })),
    },
    queue: true,
  };
  return `${JSON.stringify(doc, null, 2)}\n`;
}

/** The competition's layout: ANSWER and the witness, a `%` line saying what was proven; INCONSISTENT; or `%` lines alone. */
function proofCompetition(r: QueuedProof, end: ProofEnd, stopReason: string | undefined): string {
  if (r.status === "solved") return `ANSWER\n${r.witness}\n% OPTIMUM FOUND: ${r.pushes} pushes, proven on the queue (no solution has fewer)\n`;
  if (r.status === "unsatisfiable") return "INCONSISTENT\n";
  const why = `% interrupted${stopReason ? `: ${stopReason}` : ""}\n`;
  return r.witness === null ? `${why}% shortest >= ${r.lowerBound}\n` : `ANSWER\n${r.witness}\n${why}% pushes ${r.pushes}, shortest >= ${r.lowerBound}\n`;
}

/** clingo's layout: header, the answer and its optimisation line, the result and its statistics. */
function proofClingo(r: QueuedProof, end: ProofEnd, source: string, seconds: number): string {
  let out = clingoHeader(VERSION, source);
  if (r.status !== "unsatisfiable") out += `% shortest >= ${r.lowerBound}\n`;
  if (r.witness !== null) out += `Answer: 1\n${atomsOf(r.witness).join(" ")}\nOptimization: ${r.pushes}\n`;
  out += `${end.status}\n\n`;
  if (r.status === "interrupted") out += "INTERRUPTED  : 1\n";
  out += `Models       : ${r.witness === null ? 0 : 1}${r.status === "interrupted" ? "+" : ""}\n`;
  if (r.witness !== null) out += `  Optimum    : ${r.status === "solved" ? "yes" : "unknown"}\nOptimization : ${r.pushes}\n`;
  return `${out}Calls        : 1\nTime         : ${seconds.toFixed(3)}s\n`;
}

/**
 * Runs the proof and prints its answer in the chosen layout.
 * @returns clingo's exit code: 30 a shortest answer, proven (OPTIMUM FOUND); 20 no solution
 *   within the horizon; 11 stopped (time limit, SIGINT, SIGTERM) with the upper bound's
 *   answer, not proven; 1 stopped without one
 */
export async function proofCommand(file: string | undefined, flags: ProofFlags): Promise<number> {
  refuseOthers(flags);
  const format: ProofFormat = (flags.format as ProofFormat | undefined) ?? "competition";
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
    const seconds = (performance.now() - started) / 1000;
    const end = proofEnd(r);
    const text = format === "json" ? proofJson(r, end, seconds, stop.reason) : format === "clingo" ? proofClingo(r, end, source.name, seconds) : proofCompetition(r, end, stop.reason);
    process.stdout.write(text);
    return end.exitCode;
  } finally {
    stop.dispose();
  }
}
