/**
 * `labsolve plan DOMAIN PROBLEM [-o PLANFILE]`: cost-optimal plans of the planning rule
 * set (the registry's; the IPC 2023 classical domain "labyrinth", docs/ipc2023.md), in
 * the IPC's plan format, by its solver part.
 * Exit codes, clingo's as labsolve's: 30 the plan is proven optimal, 20 no plan exists
 * (proven), 11 a plan not proven optimal (the time limit or SIGINT/SIGTERM stopped the
 * search), 1 stopped without a plan, 65 bad input (FILE:LINE:COL).
 */
import { writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { type Command, Option } from "commander";
import type { PlanFlags } from "../core/plugin.js";
import { planRuleSet } from "../registry.js";
import { positiveInteger, positiveNumber } from "./args.js";
import { guarded, readSource, refuseOutputOverInput } from "./common.js";

/** labsolve plan's options: the planner's, and where the plan goes. */
interface PlanCommandFlags extends PlanFlags {
  output?: string;
  /** plan: the IPC's plan file; json: the Outcome, as every rule set's `--format json` */
  format?: "plan" | "json";
}

/**
 * Runs `labsolve plan`; returns the exit code.
 * @throws InputError on a bad domain or problem, Error on a usage error (`-o` naming an input)
 */
export async function planCommand(domainFile: string, problemFile: string, flags: PlanCommandFlags): Promise<number> {
  const domain = readSource(domainFile);
  const problem = readSource(problemFile);
  refuseOutputOverInput(flags.output, [domainFile, problemFile]);
  const outcome = await (await planRuleSet().solver()).solve({ domain, problem }, flags, process.stderr);
  if (flags.format === "json") {
    // the document alone on stdout (or in -o): the outcome says what the plan file's comment lines say
    const doc = `${JSON.stringify(outcome.outcome, null, 2)}\n`;
    if (flags.output !== undefined) writeFileSync(flags.output, doc);
    else process.stdout.write(doc);
    return outcome.exitCode;
  }
  if (outcome.plan !== undefined) {
    if (flags.output !== undefined) writeFileSync(flags.output, outcome.plan);
    else process.stdout.write(outcome.plan);
  }
  if (outcome.message !== undefined) process.stdout.write(outcome.message);
  return outcome.exitCode;
}

/** Adds the plan subcommand to labsolve's program. */
export function addPlanCommand(program: Command): void {
  program
    .command("plan")
    .summary("cost-optimal plans of the IPC 2023 planning domain labyrinth (PDDL)")
    .description(
      "Reads the IPC 2023 domain labyrinth and one of its problems (PDDL) and writes a cost-optimal sequential plan " +
        "in the IPC format: one ground action a line, each push as start-move-card, move-card and stop-move-card " +
        "actions, leave last, then '; cost = C (general cost)'. Exit codes: 30 plan proven optimal, 20 no plan " +
        "exists, 11 a plan not proven optimal (stopped by the time limit, SIGINT or SIGTERM), 1 stopped without a plan, " +
        "65 bad input.",
    )
    .argument("<domain>", "the domain file (domain.pddl of IPC 2023 labyrinth)")
    .argument("<problem>", "the problem file")
    .option("-o, --output <planfile>", "write the plan to this file instead of standard output")
    .addOption(new Option("-f, --format <format>", "plan: the IPC's plan file; json: the outcome document every rule set's --format json writes (schema/outcome.schema.json), which labcheck plan reads too").choices(["plan", "json"]).default("plan"))
    .option("--time-limit <seconds>", "stop after this many seconds", positiveNumber)
    .option("--stats", "states expanded and time on stderr")
    .addOption(new Option("--threads <n>", "planner threads: 1, the quick plan and the exact search in turn; 2 or more, the exact search shared by all of them, one of which first makes the quick plans").argParser(positiveInteger).default(availableParallelism(), "the machine's cores"))
    .action(async (domain: string, problem: string, flags: PlanCommandFlags) => {
      await guarded("labsolve plan", () => planCommand(domain, problem, flags));
    });
}
