/**
 * The body of `labsolve [FILE]`: read, search, print; shared by both ways of reading the
 * command line (src/cli/labsolve.ts, which loads this module only to solve).
 */
import { once } from "node:events";
import { exitCodeOf, type OutputFormat } from "../core/outcome.js";
import { instanceFromAtoms } from "../push/competition/instance.js";
import { endOf } from "../core/fact-args.js";
import { usesGameRules, type RulesChoice } from "../push/game/instance.js";
import type { Cost } from "../core/push-rules.js";
import { parseFacts } from "../core/facts.js";
import { makeOutput } from "../push/competition/outputs.js";
import { assertSearchable, runSearch } from "../push/competition/search/run.js";
import { formatRuleStats } from "../push/competition/search/rule-stats.js";
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
  /** force a rule set (default: the game's when the facts use a game-only predicate) */
  rules?: RulesChoice;
  /** the game's cost instead of the instance's cost/1 */
  cost?: Cost;
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
  const atoms = parseFacts(source.text, source.name);
  if (usesGameRules(atoms, flags.rules)) {
    // loaded only for game instances: the competition's runs load nothing more
    const { solveGameCommand } = await import("../push/game/solve.js");
    return solveGameCommand(source, atoms, flags, file === undefined || file === "-");
  }
  if (flags.cost) throw new Error("--cost is for the board game's rules (a game instance, or --rules game)");
  const { instance, warnings } = instanceFromAtoms(atoms, source.name, endOf(source.text));
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
