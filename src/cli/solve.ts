/**
 * The body of `labsolve [FILE]`: read, search, print; shared by both ways of reading the
 * command line (src/cli/labsolve.ts, which loads this module only to solve).
 */
import { once } from "node:events";
import { exitCodeOf, type OutputFormat } from "../format.js";
import { readInstance } from "../instance.js";
import { makeOutput } from "../output/outputs.js";
import { assertSearchable, runSearch } from "../search/run.js";
import { formatRuleStats } from "../search/rule-stats.js";
import { VERSION, checkMemoryOption, readSource } from "./common.js";

/** labsolve's options, once read. */
export interface SolveFlags {
  /** solutions wanted, 0 for all */
  models: number;
  format: OutputFormat;
  maxSteps?: number;
  /** seconds */
  timeLimit?: number;
  /** MiB of transposition tables */
  memory: number;
  stats?: boolean;
  any?: boolean;
  threads: number;
}

/**
 * Solves the instance of `file` (standard input for undefined or `-`) and prints the
 * answer in the chosen format.
 * @returns clingo's exit code (10, 20, 30, 1, 11)
 * @throws InputError for bad input (FILE:LINE:COL), Error for an option mistake or a failed worker
 */
export async function solveCommand(file: string | undefined, flags: SolveFlags): Promise<number> {
  if (flags.any && flags.models !== 1) throw new Error("--any finds one solution; it does not combine with -n");
  checkMemoryOption(flags.memory);
  const source = readSource(file);
  const { instance, warnings } = readInstance(source.text, source.name);
  for (const w of warnings) process.stderr.write(`${w}\n`);
  assertSearchable(instance);
  const output = makeOutput(flags.format, {
    write: (s) => void process.stdout.write(s),
    version: VERSION,
    source: file === undefined || file === "-" ? "stdin" : source.name,
    models: flags.models,
  });
  output.start();
  const result = await runSearch(instance, {
    any: flags.any,
    threads: Math.max(1, flags.threads),
    models: flags.models,
    // json is one document with every model; the other layouts stream them
    keep: flags.format === "json",
    maxSteps: flags.maxSteps,
    tableMegabytes: flags.memory,
    timeLimit: flags.timeLimit,
    onSolution: (pushes) => output.solution(pushes),
    // a pipe whose reader is slower than the search: wait for it (bounded memory)
    outputBacklog: () => (process.stdout.writableNeedDrain ? once(process.stdout, "drain") : undefined),
    onBetter: (pushes, bounds) => output.better(pushes, bounds),
    onLowerBound: (bounds) => output.lowerBound(bounds),
    onDepth: (d) => {
      if (flags.stats) {
        process.stderr.write(
          `% depth ${d.depth}: ${d.nodes} nodes, ${(d.milliseconds / 1000).toFixed(3)} s, ${d.solutions} solution(s)${d.complete ? "" : " (cut short)"}\n` +
            formatRuleStats(d.rules ?? []),
        );
      }
    },
  });
  output.end(result);
  if (flags.stats) {
    const reached = result.depths.length > 0 ? result.depths[result.depths.length - 1].depth : 0;
    const peak = process.resourceUsage().maxRSS / 1024;
    process.stderr.write(`% total: ${result.nodes} nodes, depth reached ${reached}, ${result.seconds.toFixed(3)} s, peak memory ${peak.toFixed(0)} MB\n`);
  }
  return exitCodeOf({ solutions: result.count, exhausted: result.exhausted, interrupted: result.interrupted });
}
