/**
 * `labcheck plan DOMAIN PROBLEM PLANFILE`: validates a plan of the planning rule set
 * (the registry's; IPC 2023 labyrinth) by its checker part, which simulates the domain's
 * own actions. Prints the verdict (`valid: plan cost C ...`, or `invalid: step K: ...` with
 * the first failing action or the goal not reached; exit 0 or 1), `--json` the Verdict;
 * bad input exits 65.
 *
 * `labcheck plan EXITCODE DOMAIN PROBLEM < OUTPUT` (also `labcheck EXITCODE plan DOMAIN
 * PROBLEM < OUTPUT`): the competition checker protocol on a planner's output, as
 * `labcheck EXITCODE INSTANCE < OUTPUT` for the other rule sets (src/core/checker-protocol.ts):
 * OK, FAIL or DONTKNOW, exit 0, 1 or 2.
 */
import { existsSync } from "node:fs";
import type { Command } from "commander";
import { CHECKER_EXIT, planOutput, protocolCheck } from "../core/checker-protocol.js";
import { MAX_OUTPUT_BYTES } from "../core/files.js";
import { jsonDocument, verdictText } from "../core/verdict.js";
import { planRuleSet } from "../registry.js";
import { guarded, readSource } from "./common.js";

/** True when `arg` is a solver's exit code (digits) and no file of that name exists. */
export function isExitCode(arg: string | undefined): arg is string {
  return arg !== undefined && /^\d+$/.test(arg) && !existsSync(arg);
}

/**
 * Runs `labcheck plan`; returns the exit code.
 * @param args DOMAIN PROBLEM PLANFILE, or EXITCODE DOMAIN PROBLEM (the output on standard input)
 * @throws Error (usage) on another number of arguments; InputError on bad input
 */
export async function checkPlanCommand(args: readonly string[], flags: { json?: boolean } = {}): Promise<number> {
  if (args.length === 3 && isExitCode(args[0])) return checkPlanProtocol(Number(args[0]), args[1], args[2]);
  if (args.length !== 3) throw new Error("expected labcheck plan DOMAIN PROBLEM PLANFILE, or labcheck plan EXITCODE DOMAIN PROBLEM < OUTPUT");
  const [domainFile, problemFile, planFile] = args;
  if ([domainFile, problemFile, planFile].filter((f) => f === "-").length > 1) throw new Error("only one of DOMAIN, PROBLEM and PLANFILE can be standard input (-)");
  const domain = readSource(domainFile);
  const problem = readSource(problemFile);
  const plan = readSource(planFile, MAX_OUTPUT_BYTES);
  const judged = (await planRuleSet().checker()).check({ domain, problem, plan });
  process.stdout.write(flags.json ? jsonDocument(judged.verdict) : verdictText(judged));
  return judged.verdict.valid ? 0 : 1;
}

/**
 * `labcheck plan EXITCODE DOMAIN PROBLEM < OUTPUT`: the competition checker protocol on a
 * planner's output (labsolve plan's, or any planner's IPC plan file). Prints OK, FAIL or
 * DONTKNOW on stdout and the reason as a `%` line on stderr.
 * @returns 0 (OK), 1 (FAIL) or 2 (DONTKNOW)
 * @throws InputError on a bad domain or problem (exit 65: the instance is the user's)
 */
export async function checkPlanProtocol(solverExit: number, domainFile: string, problemFile: string): Promise<number> {
  if (domainFile === "-" || problemFile === "-") throw new Error("the planner's output is standard input: labcheck plan EXITCODE DOMAIN PROBLEM < OUTPUT");
  const domain = readSource(domainFile);
  const problem = readSource(problemFile);
  const checker = await planRuleSet().checker();
  const output = readSource(undefined, MAX_OUTPUT_BYTES);
  let result;
  try {
    result = protocolCheck(solverExit, planOutput(output.text), (plan) => checker.check({ domain, problem, plan: { text: plan, name: output.name } }).verdict);
  } catch (e) {
    // a malformed plan is the solver's FAIL, not an error of the checker; the domain and problem were read above
    result = { word: "FAIL" as const, reason: e instanceof Error ? e.message : String(e) };
  }
  process.stdout.write(`${result.word}\n`);
  process.stderr.write(`% ${result.reason}\n`);
  return CHECKER_EXIT[result.word];
}

/** Adds `plan` to labcheck's program: a subcommand of commander's, with its own --help. */
export function addCheckPlanCommand(program: Command): void {
  program
    .command("plan")
    .usage("[options] DOMAIN PROBLEM PLAN | EXITCODE DOMAIN PROBLEM < OUTPUT")
    .summary("checks a plan of the IPC 2023 labyrinth domain")
    .description(
      "Validates a plan of the IPC 2023 labyrinth domain (PDDL) by simulating the domain's own actions: " +
        "`valid: plan cost C (N actions)` (exit 0), or `invalid: step K: ...` with the first failing action and " +
        "its precondition, or the goal not reached (exit 1); bad input exits 65.",
    )
    .argument("<files...>", "DOMAIN PROBLEM PLAN: the domain, the problem and the plan (- for standard input); or EXITCODE DOMAIN PROBLEM")
    .option("--json", "print the verdict as a JSON document (schema/verdict.schema.json)")
    .addHelpText(
      "after",
      "\nThe competition checker protocol (as labcheck EXITCODE INSTANCE < OUTPUT):\n" +
        "  labcheck plan EXITCODE DOMAIN PROBLEM < OUTPUT\n" +
        "  (or labcheck EXITCODE plan DOMAIN PROBLEM < OUTPUT)\n" +
        "reads the planner's output (labsolve plan's: the actions and `; cost = C`) and\n" +
        "its exit code, and prints on standard output:\n" +
        "  OK        exit 0: the exit code claims a plan (10, 11, 30) and the output's plan\n" +
        "            is valid\n" +
        "  FAIL      exit 1: the plan is invalid, or the exit code claims a plan and the\n" +
        "            output has none, or exit code 20 (no plan exists) beside a plan\n" +
        "  DONTKNOW  exit 2: no plan and no claim of one (20: unsatisfiability is not\n" +
        "            verified; 1: nothing found)\n" +
        "The reason follows on standard error as a `%` line. A bad domain or problem\n" +
        "exits 65. Example:\n" +
        "  labsolve plan D.pddl P.pddl > out; labcheck plan $? D.pddl P.pddl < out\n",
    )
    .action(async (files: string[], flags: { json?: boolean }) => {
      await guarded("labcheck plan", () => checkPlanCommand(files, { json: flags.json || program.opts<{ json?: boolean }>().json }));
    });
}
