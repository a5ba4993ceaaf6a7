/**
 * `labcheck plan DOMAIN PROBLEM PLANFILE`: validates a plan of the planning rule set
 * (the registry's; IPC 2023 labyrinth) by its checker part, which simulates the domain's
 * own actions. Prints the verdict (`valid: plan cost C ...`, or `invalid: step K: ...` with
 * the first failing action or the goal not reached; exit 0 or 1), `--json` the Verdict;
 * bad input exits 65.
 */
import type { Command } from "commander";
import { MAX_OUTPUT_BYTES } from "../core/files.js";
import { jsonDocument, verdictText } from "../core/verdict.js";
import { planRuleSet } from "../registry.js";
import { guarded, readSource } from "./common.js";

/**
 * Runs `labcheck plan`; returns the exit code.
 * @param args DOMAIN PROBLEM PLANFILE
 * @throws Error (usage) on another number of arguments; InputError on bad input
 */
export async function checkPlanCommand(args: readonly string[], flags: { json?: boolean } = {}): Promise<number> {
  if (args.length !== 3) throw new Error("expected labcheck plan DOMAIN PROBLEM PLANFILE");
  const [domainFile, problemFile, planFile] = args;
  if ([domainFile, problemFile, planFile].filter((f) => f === "-").length > 1) throw new Error("only one of DOMAIN, PROBLEM and PLANFILE can be standard input (-)");
  const domain = readSource(domainFile);
  const problem = readSource(problemFile);
  const plan = readSource(planFile, MAX_OUTPUT_BYTES);
  const judged = (await planRuleSet().checker()).check({ domain, problem, plan });
  process.stdout.write(flags.json ? jsonDocument(judged.verdict) : verdictText(judged));
  return judged.verdict.valid ? 0 : 1;
}

/** Adds `plan` to labcheck's program: a subcommand of commander's, with its own --help. */
export function addCheckPlanCommand(program: Command): void {
  program
    .command("plan")
    .usage("[options] DOMAIN PROBLEM PLAN")
    .summary("checks a plan of the IPC 2023 labyrinth domain")
    .description(
      "Validates a plan of the IPC 2023 labyrinth domain (PDDL) by simulating the domain's own actions: " +
        "`valid: plan cost C (N actions)` (exit 0), or `invalid: step K: ...` with the first failing action and " +
        "its precondition, or the goal not reached (exit 1); bad input exits 65.",
    )
    .argument("<files...>", "DOMAIN PROBLEM PLAN: the domain, the problem and the plan (- for standard input)")
    .option("--json", "print the verdict as a JSON document (schema/verdict.schema.json)")
    .action(async (files: string[], flags: { json?: boolean }) => {
      await guarded("labcheck plan", () => checkPlanCommand(files, { json: flags.json || program.opts<{ json?: boolean }>().json }));
    });
}
