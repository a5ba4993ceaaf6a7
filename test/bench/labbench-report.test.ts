/**
 * labbench report: the page opened in a real headless chromium (puppeteer-core; skips
 * without one), its tables and plots read from the page and compared with runs.jsonl read
 * here and summed by a plain computation written here; the XLSX workbook read back with
 * exceljs; the CSV and SVG files beside the page.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bin } from "../helpers/bin.js";
import { type BenchRow } from "../helpers/labbench.js";
import { tmpDir } from "../helpers/tmp.js";
import { CHROMIUM, openPage, sayWhyBrowserTestsSkip } from "../helpers/browser.js";

sayWhyBrowserTestsSkip("labbench-report.test.ts");

type Browser = import("puppeteer-core").Browser;
type Page = import("puppeteer-core").Page;


const LIMIT = 10;
const SOLVERS = ["alpha", "beta", "gamma"];
const INSTANCES = ["set/a.lp", "set/b.lp", "set.zip:c.lp", "set/d.lp", "set/e.lp", "set/f.lp", "set/u.lp", "set/v.lp"];
/** u: every solver says there is no solution (exit 20); v: beta says so, but alpha's answer is verified */
const NO_SOLUTION: Record<string, string[]> = { "set/u.lp": SOLVERS, "set/v.lp": ["beta"] };

/** Rows of every kind, from a seeded generator: OK with costs, FAIL, time-outs, memory-outs, errors, unknown. */
function makeRows(): BenchRow[] {
  let seed = 7;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const rows: BenchRow[] = [];
  const kinds = ["OK", "FAIL", "time", "OK", "memory", "ERROR", "OK", "DONTKNOW"];
  let next = 0;
  for (const instance of INSTANCES) {
    for (const solver of SOLVERS) {
      const kind = NO_SOLUTION[instance]?.includes(solver) ? "NONE" : solver === "alpha" ? "OK" : kinds[next++ % kinds.length];
      const wall = kind === "time" ? LIMIT + 0.5 : Math.round((0.05 + random() * 8) * 100) / 100;
      const ok = kind === "OK";
      const cost = ok ? 3 + Math.floor(random() * 3) : null;
      rows.push({
        solver, instance, run: 1, rules: "competition",
        exitCode: kind === "NONE" ? 20 : kind === "time" || kind === "memory" ? null : ok ? (random() < 0.5 ? 30 : 10) : kind === "ERROR" ? 3 : kind === "FAIL" ? 10 : 1,
        signal: kind === "time" || kind === "memory" ? "SIGTERM" : null,
        wallSeconds: wall, cpuSeconds: wall, peakMemoryMB: 10,
        limit: kind === "time" ? "time" : kind === "memory" ? "memory" : null,
        verdict: (kind === "time" || kind === "memory" ? "ERROR" : kind === "NONE" ? "DONTKNOW" : kind) as BenchRow["verdict"],
        reason: "", cost, costKind: ok ? "pushes" : null, optimal: false,
        timeLimit: LIMIT, memoryLimit: 100, output: `outputs/${solver}/x.out`, outputBytes: 1, outputCut: false,
      });
      rows[rows.length - 1].optimal = ok && rows[rows.length - 1].exitCode === 30;
    }
  }
  return rows;
}

/**
 * The rows as the report must count them: "no solution" (exit 20) where another solver's
 * answer is verified is a FAIL; elsewhere it is solved.
 */
function counted(raw: BenchRow[]): (BenchRow & { solved: boolean; none: boolean })[] {
  return raw.map((r) => {
    const claim = r.exitCode === 20 && r.verdict === "DONTKNOW" && r.limit === null;
    const answered = raw.some((x) => x.instance === r.instance && x.verdict === "OK");
    const verdict = claim && answered ? "FAIL" : r.verdict;
    return { ...r, verdict, none: claim && !answered, solved: (verdict === "OK" && r.limit === null) || (claim && !answered) };
  });
}

/** The figures of one solver, computed plainly here. */
function expected(raw: BenchRow[], solver: string) {
  const rows = counted(raw);
  const mine = rows.filter((r) => r.solver === solver);
  const solved = mine.filter((r) => r.solved);
  const times = solved.map((r) => r.wallSeconds).sort((a, b) => a - b);
  const penalised = (r: (typeof rows)[number] | undefined) => (r && r.solved ? r.wallSeconds : Infinity);
  let best = 0;
  let worst = 0;
  for (const i of INSTANCES) {
    const all = SOLVERS.map((s) => penalised(rows.find((r) => r.solver === s && r.instance === i)));
    const t = penalised(rows.find((r) => r.solver === solver && r.instance === i));
    if (t === Math.min(...all) && t < Infinity) best++;
    if (t === Math.max(...all) && t > Math.min(...all)) worst++;
  }
  const bestCost = (i: string) => Math.min(...rows.filter((r) => r.instance === i && r.verdict === "OK" && r.cost !== null).map((r) => r.cost!));
  const costed = mine.filter((r) => r.verdict === "OK" && r.cost !== null);
  return {
    "solved (verified)": mine.filter((r) => r.verdict === "OK" && r.limit === null).length,
    "no solution (claimed)": mine.filter((r) => r.none).length,
    FAIL: mine.filter((r) => r.verdict === "FAIL").length,
    "time-outs": mine.filter((r) => r.limit === "time").length,
    "memory-outs": mine.filter((r) => r.limit === "memory").length,
    errors: mine.filter((r) => r.verdict === "ERROR" && r.limit === null).length,
    unknown: mine.filter((r) => r.verdict === "DONTKNOW" && !r.none).length,
    "PAR-2 (s)": mine.reduce((t, r) => t + (r.solved ? r.wallSeconds : 2 * LIMIT), 0) / mine.length,
    "PAR-10 (s)": mine.reduce((t, r) => t + (r.solved ? r.wallSeconds : 10 * LIMIT), 0) / mine.length,
    "sum time (s)": times.reduce((a, b) => a + b, 0),
    "median time (s)": times.length === 0 ? null : times.length % 2 ? times[(times.length - 1) / 2] : (times[times.length / 2 - 1] + times[times.length / 2]) / 2,
    best,
    worst,
    "proven optimal": solved.filter((r) => r.verdict === "OK" && r.exitCode === 30).length,
    "gap to best known (%)": costed.length === 0 ? null : costed.reduce((t, r) => t + ((r.cost! - bestCost(r.instance)) / Math.max(bestCost(r.instance), 1)) * 100, 0) / costed.length,
  };
}

const dir = tmpDir("labbench-report-");
const rows = makeRows();
writeFileSync(join(dir, "runs.jsonl"), rows.map((r) => `${JSON.stringify(r)}\n`).join(""));
const page = join(dir, "out", "r.html");

describe("labbench report", () => {
  let browser: Browser | undefined;
  let tab: Page | undefined;
  let errors: string[] = [];

  beforeAll(async () => {
    const r = await bin("labbench", ["report", dir, "-o", page]);
    expect(r.err).toBe("");
    expect(r.code).toBe(0);
    if (CHROMIUM) ({ browser, page: tab, errors } = await openPage(readFileSync(page, "utf8")));
  }, 120_000);
  afterAll(async () => browser?.close());

  it("writes the page, the plots as SVG, the tables as CSV and a workbook, beside the page", () => {
    for (const f of ["r.html", "r-cactus.svg", "r-scatter.svg", "r-cdf.svg", "r-solvers.csv", "r-instances.csv", "r-runs.csv", "r.xlsx"]) expect(existsSync(join(dir, "out", f)), f).toBe(true);
    for (const f of ["r-cactus.svg", "r-scatter.svg", "r-cdf.svg"]) expect(readFileSync(join(dir, "out", f), "utf8")).toMatch(/^<svg /);
    const csv = readFileSync(join(dir, "out", "r-runs.csv"), "utf8").trimEnd().split("\r\n");
    expect(csv).toHaveLength(rows.length + 1);
    expect(csv[1].split(",").slice(0, 3)).toEqual([rows[0].solver, rows[0].instance, "1"]);
  });

  it.skipIf(!CHROMIUM)("the solvers' table says what the rows say; FAIL in red", async () => {
    expect(errors).toEqual([]);
    const table = await tab!.$$eval("#solvers tr", (trs) =>
      trs.map((tr) => [...tr.children].map((c) => ({ text: c.textContent ?? "", color: getComputedStyle(c).color }))),
    );
    const header = table[0].map((c) => c.text);
    expect(table.slice(1).map((r) => r[0].text)).toEqual(SOLVERS);
    for (const line of table.slice(1)) {
      const solver = line[0].text;
      const want = expected(rows, solver);
      for (const [column, value] of Object.entries(want)) {
        const cell = line[header.indexOf(column)];
        expect(cell, column).toBeDefined();
        if (value === null) expect(cell.text, `${solver} ${column}`).toBe("");
        else expect(Number(cell.text), `${solver} ${column}`).toBeCloseTo(value, 3);
      }
      const fail = line[header.indexOf("FAIL")];
      expect(fail.color === "rgb(192, 0, 0)", `${solver} FAIL colour`).toBe(want.FAIL > 0);
    }
    // the rows have every kind
    expect(SOLVERS.some((s) => expected(rows, s).FAIL > 0)).toBe(true);
    expect(SOLVERS.some((s) => expected(rows, s)["memory-outs"] > 0)).toBe(true);
    expect(expected(rows, "gamma")["no solution (claimed)"]).toBe(1);
  });

  it.skipIf(!CHROMIUM)("the instances' table: every solver's time, verdict and cost; the fastest solved in bold", async () => {
    const lines = await tab!.$$eval("#instances tbody tr", (trs) =>
      trs.map((tr) => [...tr.children].map((c) => ({ text: c.textContent ?? "", bold: Number(getComputedStyle(c).fontWeight) >= 700, color: getComputedStyle(c).color }))),
    );
    expect(lines.map((l) => l[0].text)).toEqual(INSTANCES);
    for (const line of lines) {
      const instance = line[0].text;
      const mine = SOLVERS.map((s) => counted(rows).find((r) => r.solver === s && r.instance === instance)!);
      const solvedTimes = mine.filter((r) => r.solved).map((r) => r.wallSeconds);
      const okCosts = mine.filter((r) => r.verdict === "OK").map((r) => r.cost!);
      expect(line[1].text).toBe(okCosts.length ? String(Math.min(...okCosts)) : "");
      SOLVERS.forEach((s, k) => {
        const r = mine[k];
        const [time, verdict, cost] = line.slice(2 + 3 * k, 5 + 3 * k);
        expect(Number(time.text)).toBeCloseTo(r.wallSeconds, 3);
        expect(verdict.text.startsWith(r.none ? "no solution" : r.verdict), `${instance} ${s} ${verdict.text}`).toBe(true);
        if (r.limit === "time") expect(verdict.text).toMatch(/time-out/);
        if (r.limit === "memory") expect(verdict.text).toMatch(/memory-out/);
        expect(verdict.color === "rgb(192, 0, 0)").toBe(r.verdict === "FAIL");
        expect(cost.text).toBe(r.verdict === "OK" ? String(r.cost) : "");
        expect(time.bold, `${instance} ${s}`).toBe(r.solved && r.wallSeconds === Math.min(...solvedTimes));
      });
    }
  });

  /** The data points of a plot on the page: each point mark's aria-label as field: value pairs. */
  async function points(id: string): Promise<Record<string, string>[]> {
    const labels = await tab!.$$eval(`#${id} svg [aria-roledescription="point"], #${id} svg [aria-roledescription="line"] , #${id} svg path[aria-label]`, (els) => els.map((e) => e.getAttribute("aria-label") ?? ""));
    const seen = new Set<string>();
    const out: Record<string, string>[] = [];
    for (const label of labels) {
      if (!label.includes("; ") || seen.has(label)) continue;
      seen.add(label);
      out.push(Object.fromEntries(label.split("; ").map((kv) => [kv.slice(0, kv.indexOf(": ")), kv.slice(kv.indexOf(": ") + 2)])));
    }
    return out;
  }

  it.skipIf(!CHROMIUM)("the cactus and CDF plots hold each solver's solved times; the scatter plot one point an instance, unsolved on the edge", async () => {
    const cactus = await points("cactus");
    const cdf = await points("cdf");
    for (const s of SOLVERS) {
      const times = counted(rows).filter((r) => r.solver === s && r.solved).map((r) => r.wallSeconds).sort((a, b) => a - b);
      const mine = cactus.filter((p) => p.solver === s).map((p) => [Number(p["wall time (s, log)"]), Number(p["instances solved"])]);
      expect(mine.sort((a, b) => a[1] - b[1])).toEqual(times.map((t, k) => [t, k + 1]));
      const fractions = cdf.filter((p) => p.solver === s).map((p) => Number(p["fraction solved"])).sort((a, b) => a - b);
      expect(fractions.map((f) => f.toFixed(3))).toEqual(times.map((_, k) => ((k + 1) / INSTANCES.length).toFixed(3)));
    }
    const scatter = (await points("scatter")).filter((p) => p.instance !== undefined);
    expect(scatter.map((p) => p.instance).sort()).toEqual([...INSTANCES].sort());
    for (const p of scatter) {
      for (const s of ["alpha", "beta"]) {
        const r = counted(rows).find((x) => x.solver === s && x.instance === p.instance)!;
        expect(Number(p[s])).toBeCloseTo(r.solved ? r.wallSeconds : LIMIT, 3);
      }
    }
    const text = await tab!.$eval("#scatter", (f) => f.textContent ?? "");
    expect(text).toMatch(/alpha against beta/);
  });

  it("the workbook read back with exceljs: a sheet per view, the runs sheet equal to runs.jsonl", async () => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(join(dir, "out", "r.xlsx"));
    expect(book.worksheets.map((w) => w.name)).toEqual(["solvers", "instances", "runs"]);
    const sheetRows = (name: string) => {
      const out: unknown[][] = [];
      book.getWorksheet(name)!.eachRow({ includeEmpty: false }, (r) => out.push((r.values as unknown[]).slice(1)));
      return out;
    };
    const runs = sheetRows("runs");
    const header = runs[0] as string[];
    expect(runs).toHaveLength(rows.length + 1);
    rows.forEach((r, k) => {
      header.forEach((field, c) => {
        const value = (r as unknown as Record<string, unknown>)[field];
        expect(runs[k + 1][c] ?? null, `${k} ${field}`).toEqual(value);
      });
    });
    const solvers = sheetRows("solvers");
    const sh = solvers[0] as string[];
    for (const line of solvers.slice(1)) {
      const want = expected(rows, line[0] as string);
      for (const [column, value] of Object.entries(want)) {
        if (value === null) expect(line[sh.indexOf(column)], column).toBeUndefined();
        else expect(Number(line[sh.indexOf(column)]), column).toBeCloseTo(value, 6);
      }
    }
    const instances = sheetRows("instances");
    expect(instances.slice(1).map((l) => l[0])).toEqual(INSTANCES);
  });
});
