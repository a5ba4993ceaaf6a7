/**
 * `labcheck plan DOMAIN PROBLEM PLANFILE`: validates a plan of the planning rule set
 * (the registry's; IPC 2023 labyrinth) by its checker part, which simulates the domain's
 * own actions. Prints `valid cost=C` (exit 0), or the first failing action, its position
 * and the precondition that fails, or the goal not reached (exit 1); bad input exits 65.
 */
import { MAX_OUTPUT_BYTES } from "../core/files.js";
import { planRuleSet } from "../registry.js";
import { readSource } from "./common.js";

/**
 * Runs `labcheck plan`; returns the exit code.
 * @param args DOMAIN PROBLEM PLANFILE
 * @throws Error (usage) on another number of arguments; InputError on bad input
 */
export async function checkPlanCommand(args: readonly string[]): Promise<number> {
  if (args.length !== 3) throw new Error("expected labcheck plan DOMAIN PROBLEM PLANFILE");
  const [domainFile, problemFile, planFile] = args;
  const domain = readSource(domainFile);
  const problem = readSource(problemFile);
  const plan = readSource(planFile, MAX_OUTPUT_BYTES);
  const verdict = (await planRuleSet().checker()).check({ domain, problem, plan });
  process.stdout.write(verdict.text);
  return verdict.exitCode;
}
