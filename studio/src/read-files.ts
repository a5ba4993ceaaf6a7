/**
 * The studio's inputs as the library reads them: one file (any input labsolve reads) or a
 * planning task's domain and problem (two files, or one paste holding both).
 */
import { readInstance, readPlanningInstance, type LibraryInstance } from "../../src/library.js";
import { planRuleSet } from "../../src/registry.js";

/** An input file: its text and its name (in error messages). */
export interface InputFile {
  text: string;
  name: string;
}

/** A PDDL file's first definition is a domain (`(define (domain NAME)`), after comments. */
const DOMAIN = /^\uFEFF?\s*(?:;[^\n]*\n\s*)*\(\s*define\s*\(\s*domain\b/i;

/**
 * One or two input files as the library reads them. Two files, or one text holding two
 * PDDL definitions one after the other (a paste), are a planning task: the one whose first
 * definition is a domain is the domain, the other the problem.
 * @throws Error for one planning file alone, or two files that are not a domain and a problem
 */
export function readFiles(files: InputFile[]): LibraryInstance {
  const plan = planRuleSet();
  const isPddl = (f: InputFile): boolean => plan.recognisesText?.(f.text, f.name) ?? false;
  if (files.length === 1 && isPddl(files[0])) {
    // a paste of both: the second definition starts a line of its own
    const second = /\n\s*\(\s*define\b/i.exec(files[0].text.replace(/^[\s\S]*?\(\s*define\b/i, (m) => " ".repeat(m.length)));
    if (!second) throw new Error(`${files[0].name}: error: a PDDL file alone: a planning task is a domain and a problem (open both files, or paste both one after the other)`);
    const text = files[0].text;
    files = [
      { text: text.slice(0, second.index), name: `${files[0].name} (1)` },
      { text: text.slice(second.index), name: `${files[0].name} (2)` },
    ];
  }
  if (files.length === 1) return readInstance(files[0].text, files[0].name);
  if (files.length !== 2 || !files.every(isPddl)) throw new Error(`${files.map((f) => f.name).join(", ")}: error: two files are a planning task's domain and problem (PDDL); other inputs are one file`);
  const domains = files.filter((f) => DOMAIN.test(f.text));
  if (domains.length !== 1) throw new Error(`${files.map((f) => f.name).join(", ")}: error: expected one domain and one problem, found ${domains.length} domains`);
  const problem = files.find((f) => f !== domains[0])!;
  return readPlanningInstance(domains[0], problem);
}
