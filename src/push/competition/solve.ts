/**
 * The competition's solver part (labsolve on competition facts): read the instance,
 * search (src/push/competition/search/run/run.ts: the beam, iterative deepening, worker
 * threads), hand each answer to the command's sink and return the outcome; statistics
 * on the command's reporter (stderr).
 */
import { Answers, makeOutcome, type Model } from "../../core/outcome.js";
import type { FactsSolver } from "../../core/plugin.js";
import { StatusLine, progressLine } from "../../core/status-line.js";
import type { Push } from "./board.js";
import { solutionAtoms } from "./format.js";
import { instanceFromAtoms } from "./instance.js";
import { assertSearchable, runSearch } from "./search/run/run.js";
import { formatRuleStats } from "./search/run/rule-stats.js";

/**
 * A solution as the outcome's model: its pushes and the atoms `push(Z,D,S)`; with `steps`,
 * the steps (line, direction) beside them (for json; a streamed answer goes without).
 */
export function pushModel(pushes: readonly Push[], steps: boolean): Model {
  const m: Model = { cost: pushes.length, witness: solutionAtoms(pushes) };
  if (steps) m.steps = pushes.map((p, i) => ({ step: i + 1, line: p.line, dir: p.dir }));
  return m;
}

/** labsolve's part for competition instances. */
export const solver: FactsSolver = {
  async solve(input, flags, context) {
    if (flags.cost) throw new Error("--cost is for the board game's rules (a game instance, or --rules game)");
    const report = context.reporter;
    const { instance, warnings } = instanceFromAtoms(input.atoms, input.source.name, input.end);
    for (const w of warnings) report.write(`${w}\n`);
    assertSearchable(instance);
    if (flags.checkpoint !== undefined && flags.models !== 1) throw new Error("--checkpoint records a proof of the fewest pushes: it does not combine with -n other than 1");
    if (flags.checkpoint !== undefined && flags.any) throw new Error("--checkpoint records a proof of the fewest pushes: it does not combine with --any");
    // read (and refused if it is another proof's) before anything is printed
    const checkpoint = flags.checkpoint === undefined ? undefined : (await import("./search/proof/checkpoint.js")).openCheckpoint(flags.checkpoint, instance, input.source.text, flags.maxSteps);
    if (checkpoint) checkpoint.onError = (message) => report.write(`${checkpoint.path}: warning: cannot write the checkpoint (${message}); the search goes on\n`);
    // on a terminal, a progress line on stderr, redrawn in place; cleared before anything
    // else is written (answers may go to the same terminal)
    const status = report.isTTY && flags.models === 1 ? new StatusLine(report) : undefined;
    const sink = context.sink;
    const answers = new Answers({ keep: context.keep, sink: { model: (m, kind) => (status?.clear(), sink.model(m, kind)) } }, "atoms");
    // as the game's --stats does: the rule set first (README, "--stats names the rule set")
    if (flags.stats) report.write(`% rules: competition (ASP Competition 2013: pushes with wraparound, walking between pushes), ${instance.size}x${instance.size}, max_steps ${flags.maxSteps ?? instance.maxSteps}\n`);
    const result = await runSearch(instance, {
      any: flags.any,
      threads: Math.max(1, flags.threads),
      models: flags.models,
      // the answers are kept by the outcome (json), not by the run
      keep: false,
      maxSteps: flags.maxSteps,
      tableMegabytes: flags.memory,
      checkpoint,
      // the limit counts from the process's start, as clingo's does (reading a large board
      // takes a second or more before the search starts), or from the library's call
      timeLimit: flags.timeLimit === undefined ? undefined : Math.max(0.001, flags.timeLimit - (performance.now() - (context.started ?? 0)) / 1000),
      onSolution: (pushes) => answers.add(pushModel(pushes, context.keep)),
      // a pipe whose reader is slower than the search: wait for it (bounded memory)
      outputBacklog: () => sink.backlog?.(),
      onBetter: (pushes) => {
        status?.clear();
        sink.better?.(pushModel(pushes, false), "atoms", "pushes");
      },
      onLowerBound: (bounds) => {
        status?.clear();
        sink.lowerBound?.(bounds.lower);
      },
      onProgress: status ? progressLine(status, "depth") : undefined,
      onDepth: (d) => {
        if (flags.stats) {
          status?.clear();
          report.write(
            `% depth ${d.depth}: ${d.nodes} nodes, ${(d.milliseconds / 1000).toFixed(3)} s, ${d.solutions} solution(s)${d.complete ? "" : " (cut short)"}\n` +
              formatRuleStats(d.rules ?? []),
          );
        }
      },
    });
    status?.clear();
    if (flags.stats) {
      const reached = result.depths.length > 0 ? result.depths[result.depths.length - 1].depth : 0;
      const peak = process.resourceUsage().maxRSS / 1024;
      report.write(`% total: ${result.nodes} nodes, depth reached ${reached}, ${result.seconds.toFixed(3)} s, peak memory ${peak.toFixed(0)} MB\n`);
    }
    return makeOutcome({
      rules: "competition",
      cost: "pushes",
      witnessKind: "atoms",
      wanted: flags.models,
      answers: answers.count,
      proven: result.optimal,
      exhausted: result.exhausted,
      interrupted: result.interrupted,
      interruptedBy: result.interruptedBy,
      lowerBound: result.lowerBound,
      upperBound: result.upperBound ?? null,
      models: answers.kept,
      // states generated by every thread, under --any too (the depths list only the deepening's)
      statistics: { seconds: result.seconds, states: result.nodes, depths: result.depths },
    });
  },
};
