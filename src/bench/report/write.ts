/**
 * `labbench report DIR`: reads DIR/runs.jsonl and writes the page (report.html), the plots
 * beside it as .svg files, the tables as .csv files (RFC 4180) and one .xlsx workbook
 * (exceljs) with a sheet per view: solvers, instances, runs.
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import ExcelJS from "exceljs";
import { InputError } from "../../core/errors.js";
import { readRows, type BenchRow } from "../rows.js";
import { reportHtml } from "./html.js";
import { cactusSvg, cdfSvg, scatterSvg } from "./plots.js";
import { SOLVER_COLUMNS, benchViews, instanceTable } from "./tables.js";

/** The columns of the runs view: every field of a row. */
const RUN_COLUMNS: readonly (keyof BenchRow)[] = [
  "solver", "instance", "run", "rules", "exitCode", "signal", "wallSeconds", "cpuSeconds", "peakMemoryMB", "limit",
  "verdict", "reason", "cost", "costKind", "optimal", "timeLimit", "memoryLimit", "output", "outputBytes", "outputCut",
];

type Cell = string | number | boolean | null;

function csv(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  const field = (v: Cell): string => {
    const s = v === null ? "" : String(v);
    return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return [header, ...rows].map((r) => r.map(field).join(",")).join("\r\n") + "\r\n";
}

/**
 * Writes the report.
 * @param options output: the page's path (default DIR/report.html); scatter: the two solvers
 *   of the scatter plot (default the first two)
 * @returns the files written
 * @throws InputError when DIR has no runs.jsonl or it has no rows; Error for an unknown --scatter solver
 */
export async function writeReport(dir: string, options: { output?: string; scatter?: string[] } = {}): Promise<string[]> {
  const rowsPath = join(dir, "runs.jsonl");
  if (!existsSync(rowsPath)) throw new InputError(rowsPath, undefined, "no such file: expected a bench folder (labbench run --out DIR)");
  const rows = readRows(rowsPath);
  if (rows.length === 0) throw new InputError(rowsPath, undefined, "no rows");
  const v = benchViews(rows);
  const page = options.output ?? join(dir, "report.html");
  mkdirSync(dirname(page), { recursive: true });
  const stem = page.replace(/\.html?$/i, "");
  let pair: [string, string] | undefined;
  if (options.scatter) {
    if (options.scatter.length !== 2) throw new Error(`--scatter ${options.scatter.join(",")}: expected two solvers A,B`);
    for (const s of options.scatter) if (!v.solvers.includes(s)) throw new Error(`--scatter: no solver ${s} in ${rowsPath} (${v.solvers.join(", ")})`);
    pair = [options.scatter[0], options.scatter[1]];
  } else if (v.solvers.length >= 2) pair = [v.solvers[0], v.solvers[1]];

  const [cactus, cdf, scatter] = await Promise.all([cactusSvg(v), cdfSvg(v), pair ? scatterSvg(v, pair[0], pair[1]) : undefined]);
  const written: string[] = [];
  const write = (path: string, text: string | Buffer): void => {
    writeFileSync(path, text);
    written.push(path);
  };
  write(page, reportHtml(v, { cactus, cdf, scatter: scatter && pair ? { ...scatter, a: pair[0], b: pair[1] } : undefined }, `labbench: ${basename(dir.replace(/\/+$/, "")) || dir}`));
  write(`${stem}-cactus.svg`, cactus);
  write(`${stem}-cdf.svg`, cdf);
  if (scatter) write(`${stem}-scatter.svg`, scatter.svg);

  const solverHeader = SOLVER_COLUMNS.map((c) => c.title);
  const solverRows: Cell[][] = v.solverLines.map((l) => SOLVER_COLUMNS.map((c) => l[c.key]));
  const inst = instanceTable(v);
  const runRows: Cell[][] = rows.map((r) => RUN_COLUMNS.map((c) => r[c] as Cell));
  write(`${stem}-solvers.csv`, csv(solverHeader, solverRows));
  write(`${stem}-instances.csv`, csv(inst.header, inst.rows));
  write(`${stem}-runs.csv`, csv(RUN_COLUMNS, runRows));

  const book = new ExcelJS.Workbook();
  const sheet = (name: string, header: readonly string[], body: readonly (readonly Cell[])[]): ExcelJS.Worksheet => {
    const ws = book.addWorksheet(name);
    ws.addRow([...header]).font = { bold: true };
    for (const r of body) ws.addRow(r.map((c) => (c === null ? undefined : c)));
    ws.views = [{ state: "frozen", ySplit: 1 }];
    return ws;
  };
  const ws = sheet("solvers", solverHeader, solverRows);
  const failColumn = SOLVER_COLUMNS.findIndex((c) => c.key === "fail") + 1;
  v.solverLines.forEach((l, i) => {
    if (l.fail > 0) ws.getCell(i + 2, failColumn).font = { bold: true, color: { argb: "FFC00000" } };
  });
  const wi = sheet("instances", inst.header, inst.rows);
  v.instanceLines.forEach((l, i) => {
    v.solvers.forEach((s, k) => {
      const c = l.cells[s];
      if (c?.fastest) wi.getCell(i + 2, 3 + 3 * k).font = { bold: true };
      if (c?.verdict === "FAIL") wi.getCell(i + 2, 4 + 3 * k).font = { bold: true, color: { argb: "FFC00000" } };
      if (c?.bestCost) wi.getCell(i + 2, 5 + 3 * k).font = { bold: true };
    });
  });
  sheet("runs", RUN_COLUMNS, runRows);
  write(`${stem}.xlsx`, Buffer.from(await book.xlsx.writeBuffer()));
  return written;
}
