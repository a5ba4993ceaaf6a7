/**
 * What the labbench tests share: the rows labbench writes (runs.jsonl), the small instance
 * set they run, and small solvers written as Node scripts in a temporary folder.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./bin.js";

/** One row of runs.jsonl (the type labbench writes; the tests read the file itself, rowsOf). */
export type { BenchRow } from "../../src/bench/rows.js";
import type { BenchRow } from "../../src/bench/rows.js";

/** The small set the run and queue tests bench: the 4x4 example and a 5x5 random instance (absolute paths). */
export const BENCH_INSTANCES = ["example-4x4.lp", "random-5x5-a.asp"].map((f) => join(ROOT, "instances", f));

/** The rows of the bench in `dir` (its runs.jsonl), in the file's order. */
export function rowsOf(dir: string): BenchRow[] {
  return readFileSync(join(dir, "runs.jsonl"), "utf8")
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => JSON.parse(l) as BenchRow);
}

/** A solver written as the Node script `body`, saved as `dir/NAME.mjs`; its path. */
export function solverFile(dir: string, name: string, body: string): string {
  const path = join(dir, `${name}.mjs`);
  writeFileSync(path, body);
  return path;
}

/** solverFile's solver as labbench's `--solver NAME=COMMAND` value: node, the script, then `args`. */
export function solverScript(dir: string, name: string, body: string, args = "{instance}"): string {
  return `${name}=${process.execPath} ${solverFile(dir, name, body)} ${args}`;
}
