/** The batch's closing report: one row per instance and a summary, as Markdown, CSV or JSON. */
import type { BatchResult } from "./run.js";

export type ReportFormat = "md" | "csv" | "json";
export const REPORT_FORMATS: readonly ReportFormat[] = ["md", "csv", "json"];

/**
 * What a row comes to, for counts and lines: `solved` an answer (verified), `unsatisfiable`
 * none exists (proven), `unknown` none found (interrupted), `error` bad input, a rejected
 * answer or a failed worker.
 */
export type RowKind = "solved" | "unsatisfiable" | "unknown" | "error";

/** A row's kind (RowKind). */
export function rowKind(r: BatchResult): RowKind {
  if (r.errorKind !== undefined) return "error";
  if (r.upperBound !== null) return "solved";
  return r.status === "UNSATISFIABLE" ? "unsatisfiable" : "unknown";
}

export interface BatchSummary {
  instances: number;
  solved: number;
  unsatisfiable: number;
  unknown: number;
  errors: number;
  /** wall time: seconds from the command's start to its report (this run's, when resumed) */
  wallSeconds: number;
  /** the sum of the rows' seconds (each from reading to verified answer; rows run side by side, so it may exceed the wall time) */
  rowSecondsSum: number;
  /** median of the rows' seconds */
  medianSeconds: number;
}

/** Counts and times of a batch. */
export function summarize(results: readonly BatchResult[], wallSeconds: number): BatchSummary {
  const secs = results.map((r) => r.seconds).sort((a, b) => a - b);
  const mid = secs.length === 0 ? 0 : secs.length % 2 ? secs[(secs.length - 1) / 2] : (secs[secs.length / 2 - 1] + secs[secs.length / 2]) / 2;
  const count = (k: RowKind) => results.filter((r) => rowKind(r) === k).length;
  return {
    instances: results.length,
    solved: count("solved"),
    unsatisfiable: count("unsatisfiable"),
    unknown: count("unknown"),
    errors: count("error"),
    wallSeconds: Number(wallSeconds.toFixed(3)),
    rowSecondsSum: Number(secs.reduce((a, b) => a + b, 0).toFixed(3)),
    medianSeconds: Number(mid.toFixed(3)),
  };
}

const csvCell = (v: unknown): string => {
  const s = v === null || v === undefined ? "" : String(v);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** The table's `fewest` cell: the proven optimum, `>= L` (the lower bound, not proven) beside an answer, empty otherwise. */
function fewest(r: BatchResult): string {
  if (r.fewest !== null) return String(r.fewest);
  return r.upperBound !== null ? `>= ${r.lowerBound ?? 0}` : "";
}

/** The CSV's columns: the row's fields, `searchSeconds` and `states` from its statistics. */
const CSV_COLUMNS = ["instance", "rules", "status", "exitCode", "cost", "upperBound", "fewest", "optimal", "lowerBound", "seconds", "searchSeconds", "states", "verified", "interruptedBy", "errorKind", "error"] as const;

function csvValue(r: BatchResult, c: (typeof CSV_COLUMNS)[number]): unknown {
  if (c === "searchSeconds") return r.statistics.seconds;
  if (c === "states") return r.statistics.states;
  return r[c];
}

/** The report in the chosen format; results sorted by instance name. */
export function formatReport(results: readonly BatchResult[], summary: BatchSummary, format: ReportFormat): string {
  const rows = [...results].sort((a, b) => a.instance.localeCompare(b.instance));
  if (format === "json") return `${JSON.stringify({ summary, instances: rows }, null, 2)}\n`;
  if (format === "csv") return `${CSV_COLUMNS.join(",")}\n${rows.map((r) => CSV_COLUMNS.map((c) => csvCell(csvValue(r, c))).join(",")).join("\n")}\n`;
  const esc = (s: string): string => s.replace(/\|/g, "\\|");
  const lines = [
    "| instance | rules | status | exit | cost | answer | fewest | seconds | search | verified |",
    "| --- | --- | --- | ---: | --- | ---: | ---: | ---: | ---: | --- |",
    ...rows.map(
      (r) =>
        `| ${esc(r.instance)} | ${r.rules ?? ""} | ${r.status}${r.error ? ` (${esc(r.error)})` : r.interrupted ? ` (${r.interruptedBy})` : ""} | ${r.exitCode} | ${r.cost ?? ""} | ${r.upperBound ?? ""} | ${fewest(r)} | ${r.seconds.toFixed(2)} | ${r.statistics.seconds.toFixed(2)} | ${r.verified === null ? "" : r.verified ? "yes" : "NO"} |`,
    ),
    "",
    "| instances | solved | unsatisfiable | unknown | errors | wall time (s) | sum of rows (s) | median row (s) |",
    "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    `| ${summary.instances} | ${summary.solved} | ${summary.unsatisfiable} | ${summary.unknown} | ${summary.errors} | ${summary.wallSeconds.toFixed(2)} | ${summary.rowSecondsSum.toFixed(2)} | ${summary.medianSeconds.toFixed(2)} |`,
    "",
    "exit: labsolve's exit code on the instance alone; answer: its cost; fewest: the proven optimum, or >= the lower bound proven; seconds: each row's wall time, from reading the instance to its verified answer (search: the search's own); wall time: this command's, from its start to this report.",
  ];
  return `${lines.join("\n")}\n`;
}
