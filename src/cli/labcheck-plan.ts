/**
 * `labcheck plan DOMAIN PROBLEM PLANFILE`: validates a plan of the IPC 2023 labyrinth
 * domain by simulating the domain's own actions (src/ipc/validate.ts).
 * Prints `valid cost=C` (exit 0), or the first failing action, its position and the
 * precondition that fails, or the goal not reached (exit 1); bad input exits 65.
 */
import { readIpcDomain } from "../push/ipc2023/domain.js";
import { readIpcProblemFacts } from "../push/ipc2023/problem.js";
import { validatePlan } from "../push/ipc2023/validate.js";
import { readSource } from "./common.js";
import { MAX_OUTPUT_BYTES } from "../core/files.js";

/**
 * Runs `labcheck plan`; returns the exit code.
 * @param args DOMAIN PROBLEM PLANFILE
 * @throws Error (usage) on another number of arguments; InputError on bad input
 */
export function checkPlanCommand(args: readonly string[]): number {
  if (args.length !== 3) throw new Error("expected labcheck plan DOMAIN PROBLEM PLANFILE");
  const [domainFile, problemFile, planFile] = args;
  const d = readSource(domainFile);
  const domain = readIpcDomain(d.text, d.name);
  const p = readSource(problemFile);
  const problem = readIpcProblemFacts(p.text, p.name);
  const plan = readSource(planFile, MAX_OUTPUT_BYTES);
  const verdict = validatePlan(domain, problem, plan.text, plan.name);
  if (verdict.valid) {
    process.stdout.write(`valid cost=${verdict.cost}\n`);
    return 0;
  }
  const where = verdict.location ? `${plan.name}:${verdict.location.line}:${verdict.location.column}: ` : `${plan.name}: `;
  process.stdout.write(`invalid: ${where}${verdict.reason}\n`);
  return 1;
}
