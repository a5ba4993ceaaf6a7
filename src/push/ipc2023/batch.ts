/**
 * IPC 2023's batch part (labsolve batch): a PDDL problem solved by the planner (solve.ts,
 * labsolve plan's part) with the domain beside it, `domain.pddl` in the problem's folder
 * (the IPC's layout: `opt/domain.pddl`, `opt/p01.pddl`), and its plan judged by the IPC
 * checker (referee.ts, labcheck plan's: validate.ts's own simulation). A domain file is not
 * an instance (skipped with a note); a problem in a zip is refused (its domain is not read
 * from the archive: unzip it).
 */
import { readFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { errorRow, solvedRow } from "../../core/batch-row.js";
import { InputError } from "../../core/errors.js";
import type { BatchRunner, Source } from "../../core/plugin.js";
import { checker } from "./referee.js";
import { solver } from "./solve.js";

/** `(define (domain ...`, after comments: a domain file. */
const DOMAIN = /^\s*(?:;[^\n]*\n\s*)*\(\s*define\s*\(\s*domain\b/i;

/**
 * The domain of a problem file: `domain.pddl` in its folder.
 * @throws InputError when the problem is a zip entry (`ARCHIVE:ENTRY`) or the domain cannot be read
 */
function domainBeside(problem: string): Source {
  const path = join(dirname(problem), "domain.pddl");
  if (/\.zip:/i.test(problem)) throw new InputError(problem, undefined, "a PDDL problem in a zip: batch reads its domain from the problem's folder (domain.pddl), not from an archive; unzip it and run batch on the folder");
  try {
    return { text: readFileSync(path, "utf8"), name: path };
  } catch {
    throw new InputError(problem, undefined, `expected the domain beside the problem: ${path} (the IPC's layout: opt/domain.pddl, opt/p01.pddl); or run labsolve plan DOMAIN ${basename(problem)}`);
  }
}

/** The checker's verdict on a plan of ground actions (one a line, as labsolve plan writes them). */
function judge(domain: Source, problem: Source, witness: readonly string[]) {
  return checker.check({ domain, problem, plan: { text: `${witness.join("\n")}\n`, name: `${problem.name} (plan)` } }).verdict;
}

/** batch's part for IPC 2023 problems. */
export const runner: BatchRunner = {
  ownThreads: false,
  notAnInstance: (text) => (DOMAIN.test(text) ? "a PDDL domain, not a problem: read as the domain of the problems beside it" : undefined),
  async run(text, name, options) {
    let domain: Source;
    try {
      domain = domainBeside(name);
    } catch (e) {
      if (e instanceof InputError) return errorRow(name, e.message, "input", "ipc2023");
      throw e;
    }
    const problem = { text, name };
    const reporter = { write: () => undefined };
    return solvedRow(
      name,
      "ipc2023",
      async () => (await solver.solve({ domain, problem }, { timeLimit: options.timeLimit, threads: options.threads ?? 1 }, reporter)).outcome,
      (witness) => judge(domain, problem, witness),
    );
  },
  async verify(text, name, witness) {
    return judge(domainBeside(name), { text, name }, witness);
  },
};
