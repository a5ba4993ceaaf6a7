/**
 * runs.jsonl: one JSON object a line, one line per (solver, instance, run), appended as each
 * run finishes by one write (a line is whole or absent; a line cut by a crash of labbench
 * itself is dropped when the file is read back, and rewritten away by --resume).
 */
import { appendFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import type { BenchVerdict } from "./verify.js";

/** One row of runs.jsonl. */
export interface BenchRow {
  solver: string;
  /** the instance's name as labsolve batch names it: its path, or ARCHIVE:ENTRY */
  instance: string;
  /** 1-based */
  run: number;
  /** the rule set that judged (registry name) */
  rules: string;
  /** null when a signal or a limit ended the solver */
  exitCode: number | null;
  signal: string | null;
  wallSeconds: number;
  /** the solver and its children, user + system */
  cpuSeconds: number;
  /** the process tree's summed resident set at its sampled peak, MB (2^20 bytes) */
  peakMemoryMB: number;
  /** which limit ended the run */
  limit: null | "time" | "memory";
  verdict: BenchVerdict;
  /** the checker's reason, in words */
  reason: string;
  /** the cost of the verified answer (pushes, moves, plan cost), else null */
  cost: number | null;
  costKind: string | null;
  /** exit code 30 and verified: the answer is proven optimal by the solver */
  optimal: boolean;
  /** the limits the row ran under (seconds, MB; null: none) */
  timeLimit: number | null;
  memoryLimit: number | null;
  /** the kept output, relative to the bench folder, its size kept and whether it was cut */
  output: string;
  outputBytes: number;
  outputCut: boolean;
}

/** The key of a row: which (solver, instance, run) it is. */
export function rowKey(r: Pick<BenchRow, "solver" | "instance" | "run">): string {
  return JSON.stringify([r.solver, r.instance, r.run]);
}

/** The rows of a runs.jsonl (lines that do not parse are dropped); [] when the file is absent. */
export function readRows(path: string): BenchRow[] {
  if (!existsSync(path)) return [];
  const rows: BenchRow[] = [];
  for (const line of readFileSync(path, "utf8").split("\n")) {
    if (line.trim() === "") continue;
    try {
      const r = JSON.parse(line) as BenchRow;
      if (typeof r.solver === "string" && typeof r.instance === "string" && typeof r.run === "number") rows.push(r);
    } catch {
      // a line cut short: not a row
    }
  }
  return rows;
}

/** Rewrites runs.jsonl with its whole rows only (before --resume appends). */
export function keepWholeRows(path: string): BenchRow[] {
  const rows = readRows(path);
  writeFileSync(path, rows.map((r) => `${JSON.stringify(r)}\n`).join(""));
  return rows;
}

/** Appends one row, whole, in one write. */
export function appendRow(path: string, row: BenchRow): void {
  appendFileSync(path, `${JSON.stringify(row)}\n`);
}
