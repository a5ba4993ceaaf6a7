/** labsolve's full command line (commander): help, version, the batch subcommand, and every usage error. */
import { availableParallelism } from "node:os";
import { Command, Option } from "commander";
import { OUTPUT_FORMATS } from "../core/outcome.js";
import { INSTANCE_RULE_NAMES } from "../registry.js";
import { COSTS } from "../core/push-rules.js";
import { addBatchCommand } from "./batch.js";
import { addPlanCommand } from "./plan.js";
import { addWorkerCommand } from "./worker.js";
import { clingoExits, nonNegativeInteger, positiveInteger, positiveNumber } from "./args.js";
import { guarded } from "./common.js";
import { VERSION } from "../core/version.js";
import { solveCommand, type SolveFlags } from "./solve.js";

/** Parses `argv` (process.argv) with commander and runs the command; usage errors exit 65. */
export async function runProgram(argv: readonly string[]): Promise<void> {
  const program = clingoExits(
    new Command("labsolve")
      .description(
        "Finds the shortest push sequences of a push-labyrinth instance (ASP Competition facts) by iterative deepening.\n\n" +
          "Exit codes as clingo's: 10 a solution found, 20 none within max_steps, 30 a proven shortest solution (OPTIMUM FOUND) or all solutions enumerated, " +
          "1 interrupted without an answer, 11 interrupted after one, 65 bad input.",
      )
      .version(VERSION)
      .argument("[file]", "instance file; standard input when absent or -")
      .option("-n, --models <n>", "print up to N solutions, shortest first; 0 for all", nonNegativeInteger, 1)
      .option("--any", "one solution within max_steps, not necessarily the shortest: the competition's task, fastest")
      .addOption(new Option("-f, --format <format>", "output format").choices(OUTPUT_FORMATS).default("competition"))
      .option("--max-steps <k>", "search up to K pushes instead of the instance's max_steps", nonNegativeInteger)
      .option("--time-limit <seconds>", "stop after this many seconds (exit 1, or 11 with a solution)", positiveNumber)
      .option("--memory <MB>", "transposition table in MiB, one shared by all the search threads (0 disables it)", nonNegativeInteger, 64)
      .addOption(new Option("--threads <n>", "search threads sharing out the first pushes").argParser(positiveInteger).default(availableParallelism(), "the machine's cores"))
      .option("--checkpoint <file>", "proofs of the fewest pushes: record the depths and first pushes (pairs from depth 5 on) searched in this file every few seconds and when stopped; a run with the same file goes on from there")
      .option("--stats", "print nodes, depth reached and time per depth to stderr")
      .addOption(new Option("--rules <rules>", "rule set (default: game when the facts use spare/1, exit/3, insert/2, rotate, no_reverse or cost/1)").choices(INSTANCE_RULE_NAMES))
      .addOption(new Option("--cost <cost>", "board game: what to minimise instead of the instance's cost/1").choices(COSTS))
      .option("--algorithm <name>", "text maze: bfs (default), dfs, dijkstra, astar, wall-follower, tremaux, dead-end-filling")
      .option("--rule <rule>", "text maze: turn (Theseus' turn rule: every move perpendicular to the one before; -n 0 counts the acyclic walks)")
      .option("--no-wait", "Minotaur levels: the variant without the wait move")
      .option("--queue <url>", "prove on labsolve workers: the depths split into jobs of the queue in this Redis (redis://HOST:PORT)")
      .option("--shares <n>", "with --queue: jobs per split depth (default 50 per worker)", positiveInteger)
      .enablePositionalOptions(),
  );
  addBatchCommand(program);
  addPlanCommand(program);
  addWorkerCommand(program);
  program.action(async (file: string | undefined, flags: SolveFlags & { queue?: string; shares?: number }) => {
    const queue = flags.queue;
    if (queue !== undefined) {
      if (flags.checkpoint !== undefined) {
        await guarded("labsolve", () => {
          throw new Error("--checkpoint is for a proof in this process; a proof on the queue (--queue) keeps its jobs in Redis");
        });
        return;
      }
      await guarded("labsolve", async () => (await import("./proof.js")).proofCommand(file, { ...flags, queue }));
      return;
    }
    await guarded("labsolve", () => solveCommand(file, flags));
  });
  await program.parseAsync([...argv]);
}
