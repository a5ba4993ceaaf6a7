/**
 * labsolve's command line (commander), parsed once: help, version, the batch, plan and
 * worker subcommands, and every usage error. The options that only some rule sets take
 * come from the registry (src/registry.ts RULE_SET_OPTIONS); the solve step refuses one
 * given for a rule set that does not take it.
 */
import { availableParallelism } from "node:os";
import { Command, Option } from "commander";
import { OUTPUT_FORMATS } from "../core/outcome.js";
import { INSTANCE_RULE_NAMES, ruleSetsHelp } from "../registry.js";
import { addBatchCommand } from "./batch.js";
import { addPlanCommand } from "./plan.js";
import { addWorkerCommand } from "./worker.js";
import { addRuleSetOptions, clingoExits, givenRuleSetOptions, nonNegativeInteger, positiveInteger, positiveNumber } from "./args.js";
import { guarded } from "./common.js";
import { VERSION } from "../core/version.js";
import { solveCommand, type SolveFlags } from "./solve.js";

/** The defaults of labsolve's rule-set options (their values when not given). */
const DEFAULTS: Readonly<Record<string, [value: unknown, description?: string]>> = {
  memory: [64],
  threads: [availableParallelism(), "the machine's cores"],
};

/** Parses `argv` (process.argv) with commander and runs the command; usage errors exit 65. */
export async function runProgram(argv: readonly string[]): Promise<void> {
  await labsolveProgram().parseAsync([...argv]);
}

/**
 * labsolve's command line (its options, subcommands and action), built without parsing
 * anything: runProgram parses argv with it, scripts/docs-cli.ts writes the reference from it.
 */
export function labsolveProgram(): Command {
  const program = clingoExits(
    new Command("labsolve")
      .description(
        "Solves an instance of any rule set the registry knows (below): the fewest pushes of a push labyrinth, the " +
          "cheapest of the board game, a shortest walk of a text maze (or under the turn rule), the shortest acyclic path of the " +
          "transit graph, the fewest moves of a Minotaur level; `labsolve plan` for IPC 2023 PDDL.\n\n" +
          "Exit codes as clingo's: 30 a proven optimum (OPTIMUM FOUND) or every answer enumerated, 10 an answer not proven optimal, " +
          "20 no answer exists (for a push labyrinth: none within max_steps), 11 interrupted after an answer, 1 interrupted " +
          "without one, 65 bad input.",
      )
      .addHelpText("after", ruleSetsHelp("labsolve"))
      .version(VERSION)
      .argument("[file]", "instance file; standard input when absent or -")
      .option("-n, --models <n>", "print up to N solutions, shortest first; 0 for all", nonNegativeInteger, 1)
      .addOption(new Option("-f, --format <format>", "output format").choices(OUTPUT_FORMATS).default("competition"))
      .option("--time-limit <seconds>", "stop after this many seconds (exit 1, or 11 with a solution)", positiveNumber)
      .option("--stats", "print nodes, depth reached and time per depth to stderr")
      .addOption(new Option("--rules <rules>", "rule set (default: recognised from the input)").choices(INSTANCE_RULE_NAMES))
      .option("--queue <url>", "competition: prove on labsolve workers: the depths split into jobs of the queue in this Redis (redis://HOST:PORT)")
      .option("--shares <n>", "with --queue: jobs per split depth (default 50 per worker)", positiveInteger)
      .enablePositionalOptions(),
  );
  addRuleSetOptions(program, "labsolve", DEFAULTS);
  addBatchCommand(program);
  addPlanCommand(program);
  addWorkerCommand(program);
  program.action(async (file: string | undefined, flags: SolveFlags & { queue?: string; shares?: number }) => {
    const queue = flags.queue;
    const given = givenRuleSetOptions(program, "labsolve");
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
    await guarded("labsolve", () => solveCommand(file, flags, given));
  });
  return program;
}
