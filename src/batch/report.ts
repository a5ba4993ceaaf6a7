/** The batch's closing report: one row per instance and a summary, as Markdown, CSV or JSON. */
import type { BatchResult } from "./run.js";

export type ReportFormat = "md" | "csv" | "json";
export const REPORT_FORMATS: readonly ReportFormat[] = ["md", "csv", "json"];

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
  const count = (s: BatchResult["status"]) => results.filter((r) => r.status === s).length;
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

/** The table's `shortest` cell: `yes` (proven), `>= L` (the lower bound, not proven), empty without an answer. */
function shortest(r: BatchResult): string {
  if (r.pushes === null || r.optimal === null) return "";
  return r.optimal ? "yes" : `>= ${r.lowerBound ?? 0}`;
}

/** The report in the chosen format; results sorted by instance name. */
export function formatReport(results: readonly BatchResult[], summary: BatchSummary, format: ReportFormat): string {
  const rows = [...results].sort((a, b) => a.instance.localeCompare(b.instance));
  if (format === "json") return `${JSON.stringify({ summary, instances: rows }, null, 2)}\n`;
  if (format === "csv") {
    const cols = ["instance", "N", "max_steps", "status", "pushes", "optimal", "lowerBound", "seconds", "searchSeconds", "nodes", "verified", "error", "interrupted"] as const;
    return `${cols.join(",")}\n${rows.map((r) => cols.map((c) => csvCell(r[c])).join(",")).join("\n")}\n`;
  }
  const lines = [
    "| instance | N | max_steps | status | pushes | shortest | seconds | search | verified |",
    "| --- | ---: | ---: | --- | ---: | --- | ---: | ---: | --- |",
    ...rows.map((r) => `| ${r.instance} | ${r.N ?? ""} | ${r.max_steps ?? ""} | ${r.status}${r.error ? ` (${r.error.replace(/\|/g, "\\|")})` : ""}${r.status === "solved" && r.interrupted ? ` (${r.interrupted})` : ""} | ${r.pushes ?? ""} | ${shortest(r)} | ${r.seconds.toFixed(2)} | ${r.searchSeconds === undefined ? "" : r.searchSeconds.toFixed(2)} | ${r.verified === null ? "" : r.verified ? "yes" : "NO"} |`),
    "",
    "| instances | solved | unsatisfiable | unknown | errors | wall time (s) | sum of rows (s) | median row (s) |",
    "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    `| ${summary.instances} | ${summary.solved} | ${summary.unsatisfiable} | ${summary.unknown} | ${summary.errors} | ${summary.wallSeconds.toFixed(2)} | ${summary.rowSecondsSum.toFixed(2)} | ${summary.medianSeconds.toFixed(2)} |`,
    "",
    "seconds: each row's wall time, from reading the instance to its verified answer (search: the search's own); wall time: this command's, from its start to this report.",
  ];
  return `${lines.join("\n")}\n`;
}
