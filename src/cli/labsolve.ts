/** `labsolve [FILE]`: the solver's command line. */
import { availableParallelism } from "node:os";
import { Command, Option } from "commander";
import { OUTPUT_FORMATS, exitCodeOf, type OutputFormat } from "../format.js";
import { addBatchCommand } from "./batch.js";
import { VERSION, clingoExits, guarded, nonNegativeInteger, positiveNumber, readSource } from "./common.js";

interface SolveFlags {
  models: number;
  format: OutputFormat;
  maxSteps?: number;
  timeLimit?: number;
  memory: number;
  stats?: boolean;
  any?: boolean;
  threads: number;
}

const program = clingoExits(
  new Command("labsolve")
    .description(
      "Finds the shortest push sequences of a push-labyrinth instance (ASP Competition facts) by iterative deepening.\n" +
        "Exit codes as clingo: 10 solution found, 20 none within max_steps, 30 all solutions enumerated,\n" +
        "1 interrupted without an answer, 11 interrupted after one, 65 bad input.",
    )
    .version(VERSION)
    .argument("[file]", "instance file; standard input when absent or -")
    .option("-n, --models <n>", "print up to N solutions, shortest first; 0 for all", nonNegativeInteger, 1)
    .option("--any", "one solution within max_steps, not necessarily the shortest: the competition's task, fastest")
    .addOption(new Option("-f, --format <format>", "output format").choices(OUTPUT_FORMATS).default("competition"))
    .option("--max-steps <k>", "search up to K pushes instead of the instance's max_steps", nonNegativeInteger)
    .option("--time-limit <seconds>", "stop after this many seconds (exit 1, or 11 with a solution)", positiveNumber)
    .option("--memory <MB>", "transposition tables in MiB, shared out among the search threads (0 disables them)", nonNegativeInteger, 64)
    .option("--threads <n>", "search threads: the first pushes are shared out among them (default: the cores)", nonNegativeInteger, availableParallelism())
    .option("--stats", "print nodes, depth reached and time per depth to stderr")
    .enablePositionalOptions(),
);
addBatchCommand(program);

program.action(async (file: string | undefined, flags: SolveFlags) => {
  await guarded("labsolve", async () => {
    if (flags.any && flags.models !== 1) throw new Error("--any finds one solution; it does not combine with -n");
    // loaded here: `labsolve --help` and `labsolve batch` do not pay for the parser and the solver
    const [{ readInstance }, { assertSearchable, runSearch }, { makeOutput }] = await Promise.all([
      import("../instance.js"),
      import("../search/run.js"),
      import("../output/outputs.js"),
    ]);
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
      maxSteps: flags.maxSteps,
      tableMegabytes: flags.memory,
      timeLimit: flags.timeLimit,
      onSolution: (pushes) => output.solution(pushes),
      onBetter: (pushes, bounds) => output.better(pushes, bounds),
      onLowerBound: (bounds) => output.lowerBound(bounds),
      onDepth: (d) => {
        if (flags.stats) {
          process.stderr.write(
            `% depth ${d.depth}: ${d.nodes} nodes, ${(d.milliseconds / 1000).toFixed(3)} s, ${d.solutions} solution(s)${d.complete ? "" : " (cut short)"}\n`,
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
    return exitCodeOf({ solutions: result.solutions.length, exhausted: result.exhausted, interrupted: result.interrupted });
  });
});

await program.parseAsync();
