/**
 * labbench's solvers: a name and a shell-free argument list. `--solver NAME=COMMAND` splits
 * COMMAND into words as a shell would split plain words (spaces; single and double quotes
 * group; a backslash escapes the next character), but nothing is ever run through a shell:
 * no pipes, no globs, no variables. `{instance}` becomes the instance's path and `{dir}` the
 * row's own scratch folder; a solver without `{instance}` reads the instance on standard input.
 * A config file (JSON or YAML) names solvers and settings so that a run is repeatable from one file.
 */
import { readFileSync } from "node:fs";
import { parse as parseYaml } from "yaml";
import { InputError } from "../core/errors.js";

/** One solver of a bench: its name (a row's `solver`) and its argument list. */
export interface SolverSpec {
  name: string;
  /** argv: the program first; may hold `{instance}` and `{dir}` */
  argv: string[];
}

/** A solver name: letters, digits, `.`, `_`, `-`, `+` (it names a folder of outputs). */
const NAME = /^[A-Za-z0-9][A-Za-z0-9._+-]*$/;

/**
 * Splits a command line into words, shell-free.
 * @throws Error (a usage error) for an unclosed quote, a trailing backslash or an empty command
 */
export function splitCommand(command: string): string[] {
  const words: string[] = [];
  let word = "";
  let inWord = false;
  let quote: '"' | "'" | undefined;
  for (let i = 0; i < command.length; i++) {
    const c = command[i];
    if (quote) {
      if (c === quote) quote = undefined;
      else if (c === "\\" && quote === '"' && i + 1 < command.length && /["\\$`]/.test(command[i + 1])) word += command[++i];
      else word += c;
    } else if (c === "'" || c === '"') {
      quote = c;
      inWord = true;
    } else if (c === "\\") {
      if (i + 1 >= command.length) throw new Error(`command ${JSON.stringify(command)}: ends in a backslash`);
      word += command[++i];
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(word);
      word = "";
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (quote) throw new Error(`command ${JSON.stringify(command)}: unclosed ${quote} quote`);
  if (inWord) words.push(word);
  if (words.length === 0) throw new Error(`command ${JSON.stringify(command)}: empty`);
  return words;
}

/**
 * `--solver NAME=COMMAND` as a solver.
 * @throws Error (a usage error) without `=`, for a bad name or command
 */
export function parseSolverOption(option: string, flag = "--solver"): SolverSpec {
  const eq = option.indexOf("=");
  if (eq <= 0) throw new Error(`${flag} ${option}: expected NAME=COMMAND, e.g. labsolve='labsolve --any {instance}'`);
  const name = option.slice(0, eq);
  checkName(name, `${flag} ${option}`);
  return { name, argv: splitCommand(option.slice(eq + 1)) };
}

/**
 * `--solver NAME` of `labbench run --queue`: a solver the workers allow, by name only (the
 * command is the worker's: labsolve worker --allow-solver NAME=COMMAND).
 * @throws Error (a usage error) for a command given here or a bad name
 */
export function parseQueueSolverOption(option: string): SolverSpec {
  if (option.includes("=")) throw new Error(`--solver ${option}: with --queue a solver is a name the workers allow (labsolve worker --allow-solver NAME=COMMAND): give --solver NAME`);
  checkName(option, `--solver ${option}`);
  return { name: option, argv: [] };
}

function checkName(name: string, where: string): void {
  if (!NAME.test(name)) throw new Error(`${where}: solver name ${JSON.stringify(name)}: expected letters, digits, . _ + - (it names a folder)`);
}

/** True when the solver takes the instance as a path; else it reads it on standard input. */
export function takesPath(spec: SolverSpec): boolean {
  return spec.argv.some((a) => a.includes("{instance}"));
}

/** The argument list of one row: the placeholders replaced. */
export function argvFor(spec: SolverSpec, instancePath: string, dir: string): string[] {
  return spec.argv.map((a) => a.replaceAll("{instance}", instancePath).replaceAll("{dir}", dir));
}

/** What a config file says (every field optional; the command line adds solvers and overrides settings). */
export interface BenchConfig {
  solvers: SolverSpec[];
  sources?: string[];
  out?: string;
  timeLimit?: number;
  memoryLimit?: number;
  jobs?: number;
  runs?: number;
  include?: string[];
  exclude?: string[];
  outputLimit?: number;
}

/**
 * Reads a config file, JSON or YAML (YAML is a superset: one parser reads both):
 * ```yaml
 * solvers:
 *   labsolve: labsolve --any {instance}        # a command line, split shell-free
 *   clingo: [clingo, enc.lp, "{instance}"]    # or an argument list
 * sources: [instances/]
 * out: bench/
 * timeLimit: 60        # seconds
 * memoryLimit: 2048    # MB
 * jobs: 2
 * runs: 1
 * include: ["*.lp"]
 * ```
 * @throws InputError (FILE:LINE:COL for a syntax error, FILE otherwise) for a bad file
 */
export function readConfig(path: string): BenchConfig {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    throw new InputError(path, undefined, "cannot read the config file");
  }
  let doc: unknown;
  try {
    doc = parseYaml(text, { prettyErrors: false });
  } catch (e) {
    const pos = (e as { linePos?: { line: number; col: number }[] }).linePos?.[0];
    throw new InputError(path, pos ? { line: pos.line, column: pos.col } : undefined, `expected JSON or YAML (${e instanceof Error ? e.message.split("\n")[0] : String(e)})`);
  }
  const fail = (what: string): never => {
    throw new InputError(path, undefined, what);
  };
  if (typeof doc !== "object" || doc === null || Array.isArray(doc)) return fail("expected a mapping with solvers: {NAME: COMMAND}");
  const d = doc as Record<string, unknown>;
  const known = new Set(["solvers", "sources", "out", "timeLimit", "memoryLimit", "jobs", "runs", "include", "exclude", "outputLimit"]);
  for (const key of Object.keys(d)) if (!known.has(key)) fail(`unknown key ${key}: expected one of ${[...known].join(", ")}`);
  const solvers: SolverSpec[] = [];
  if (d.solvers !== undefined) {
    if (typeof d.solvers !== "object" || d.solvers === null || Array.isArray(d.solvers)) fail("solvers: expected a mapping NAME: COMMAND");
    for (const [name, command] of Object.entries(d.solvers as Record<string, unknown>)) {
      try {
        checkName(name, "solvers");
        if (typeof command === "string") solvers.push({ name, argv: splitCommand(command) });
        else if (Array.isArray(command) && command.length > 0 && command.every((w) => typeof w === "string")) solvers.push({ name, argv: command as string[] });
        else fail(`solvers: ${name}: expected a command line or a list of words`);
      } catch (e) {
        if (e instanceof InputError) throw e;
        fail(e instanceof Error ? e.message : String(e));
      }
    }
  }
  const strings = (key: string): string[] | undefined => {
    const v = d[key];
    if (v === undefined) return undefined;
    if (typeof v === "string") return [v];
    if (Array.isArray(v) && v.every((w) => typeof w === "string")) return v as string[];
    return fail(`${key}: expected a string or a list of strings`);
  };
  const number = (key: string, integer: boolean): number | undefined => {
    const v = d[key];
    if (v === undefined) return undefined;
    if (typeof v !== "number" || !(v > 0) || (integer && !Number.isInteger(v))) return fail(`${key}: expected a positive ${integer ? "integer" : "number"}`);
    return v;
  };
  const out = d.out;
  if (out !== undefined && typeof out !== "string") fail("out: expected a folder");
  return {
    solvers,
    sources: strings("sources"),
    out: out as string | undefined,
    timeLimit: number("timeLimit", false),
    memoryLimit: number("memoryLimit", false),
    jobs: number("jobs", true),
    runs: number("runs", true),
    include: strings("include"),
    exclude: strings("exclude"),
    outputLimit: number("outputLimit", false),
  };
}
