/**
 * The competition's solver part (labsolve on competition facts): read the instance,
 * search (src/push/competition/search/run/run.ts: the beam, iterative deepening, worker
 * threads), print in the chosen format (outputs.ts), report statistics on stderr.
 */
import { once } from "node:events";
import { exitCodeOf } from "../../core/outcome.js";
import type { FactsSolver } from "../../core/plugin.js";
import { StatusLine, formatProgress, type ProgressFigures } from "../../core/status-line.js";
import { VERSION } from "../../core/version.js";
import { instanceFromAtoms } from "./instance.js";
import { makeOutput } from "./outputs.js";
import { assertSearchable, runSearch } from "./search/run/run.js";
import { formatRuleStats } from "./search/run/rule-stats.js";

/** Seconds over which the progress line's nodes per second are measured. */
const RATE_WINDOW_S = 2;

/** Draws the figures of a run's progress on `status`, nodes per second over the last few seconds. */
function progressLine(status: StatusLine): (figures: ProgressFigures) => void {
  const samples: { nodes: number; seconds: number }[] = [{ nodes: 0, seconds: 0 }];
  return (p) => {
    samples.push({ nodes: p.nodes, seconds: p.seconds });
    while (samples.length > 2 && p.seconds - samples[1].seconds >= RATE_WINDOW_S) samples.shift();
    const first = samples[0];
    status.draw(formatProgress(p, (p.nodes - first.nodes) / Math.max(1e-3, p.seconds - first.seconds)));
  };
}

/** labsolve's part for competition instances. */
export const solver: FactsSolver = {
  async solve(input, flags) {
    if (flags.cost) throw new Error("--cost is for the board game's rules (a game instance, or --rules game)");
    const { instance, warnings } = instanceFromAtoms(input.atoms, input.source.name, input.end);
    for (const w of warnings) process.stderr.write(`${w}\n`);
    assertSearchable(instance);
    if (flags.checkpoint !== undefined && flags.models !== 1) throw new Error("--checkpoint records a proof of the fewest pushes: it does not combine with -n other than 1");
    if (flags.checkpoint !== undefined && flags.any) throw new Error("--checkpoint records a proof of the fewest pushes: it does not combine with --any");
    // read (and refused if it is another proof's) before anything is printed
    const checkpoint = flags.checkpoint === undefined ? undefined : (await import("./search/proof/checkpoint.js")).openCheckpoint(flags.checkpoint, instance, input.source.text, flags.maxSteps);
    if (checkpoint) checkpoint.onError = (message) => process.stderr.write(`${checkpoint.path}: warning: cannot write the checkpoint (${message}); the search goes on\n`);
    // on a terminal, a progress line on stderr, redrawn in place; cleared before anything
    // else is written (answers may go to the same terminal)
    const status = process.stderr.isTTY && flags.models === 1 ? new StatusLine(process.stderr) : undefined;
    const output = makeOutput(flags.format, {
      write: (s) => {
        status?.clear();
        process.stdout.write(s);
      },
      version: VERSION,
      source: input.stdin ? "stdin" : input.source.name,
      models: flags.models,
    });
    output.start();
    // as the game's --stats does: the rule set first (README, "--stats names the rule set")
    if (flags.stats) process.stderr.write(`% rules: competition (ASP Competition 2013: pushes with wraparound, walking between pushes), ${instance.size}x${instance.size}, max_steps ${flags.maxSteps ?? instance.maxSteps}\n`);
    const result = await runSearch(instance, {
      any: flags.any,
      threads: Math.max(1, flags.threads),
      models: flags.models,
      // json is one document with every model; the other layouts stream them
      keep: flags.format === "json",
      maxSteps: flags.maxSteps,
      tableMegabytes: flags.memory,
      checkpoint,
      // the limit counts from the process's start, as clingo's does: reading a large board
      // takes a second or more before the search starts (performance.now(): ms since then)
      timeLimit: flags.timeLimit === undefined ? undefined : Math.max(0.001, flags.timeLimit - performance.now() / 1000),
      onSolution: (pushes) => output.solution(pushes),
      // a pipe whose reader is slower than the search: wait for it (bounded memory)
      outputBacklog: () => (process.stdout.writableNeedDrain ? once(process.stdout, "drain") : undefined),
      onBetter: (pushes, bounds) => output.better(pushes, bounds),
      onLowerBound: (bounds) => output.lowerBound(bounds),
      onProgress: status ? progressLine(status) : undefined,
      onDepth: (d) => {
        if (flags.stats) {
          status?.clear();
          process.stderr.write(
            `% depth ${d.depth}: ${d.nodes} nodes, ${(d.milliseconds / 1000).toFixed(3)} s, ${d.solutions} solution(s)${d.complete ? "" : " (cut short)"}\n` +
              formatRuleStats(d.rules ?? []),
          );
        }
      },
    });
    status?.clear();
    output.end(result);
    if (flags.stats) {
      const reached = result.depths.length > 0 ? result.depths[result.depths.length - 1].depth : 0;
      const peak = process.resourceUsage().maxRSS / 1024;
      process.stderr.write(`% total: ${result.nodes} nodes, depth reached ${reached}, ${result.seconds.toFixed(3)} s, peak memory ${peak.toFixed(0)} MB\n`);
    }
    return exitCodeOf({ solutions: result.count, exhausted: result.exhausted, interrupted: result.interrupted, optimal: flags.models === 1 && result.optimal });
  },
};
