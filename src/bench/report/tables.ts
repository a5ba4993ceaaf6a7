/**
 * A bench's views, computed from its rows (runs.jsonl): one line a solver and one line an
 * instance. Definitions (docs/labbench.md):
 * - a (solver, instance) with several runs counts once: a FAIL if any run failed, else the
 *   run of the median wall time (the lower middle);
 * - solved: verdict OK and no limit hit; each other instance is one of FAIL, time-out,
 *   memory-out, error (ERROR), unknown (DONTKNOW: nothing to check, e.g. an unverified
 *   INCONSISTENT);
 * - PAR-k: the mean over the instances of the wall time when solved, else k × the time
 *   limit (null when the rows ran without one);
 * - sum and median of the wall times of the solved instances;
 * - best / worst (potassco's benchmark-tool): instances where the solver's time, a
 *   time-out counted as infinite, is the least of all solvers (and finite), or the greatest
 *   and above the least;
 * - proven optimal: solved with exit code 30; best known: the least verified cost of any
 *   solver; gap: the mean of (cost − best known) / max(best known, 1) over its costed answers, %.
 */
import type { BenchRow } from "../rows.js";

/** One line of the solvers' table. */
export interface SolverLine {
  solver: string;
  instances: number;
  /** verified answers within the limits */
  solved: number;
  /** uncontradicted claims of no solution */
  unsatisfiable: number;
  fail: number;
  timeouts: number;
  memoryouts: number;
  errors: number;
  unknown: number;
  par2: number | null;
  par10: number | null;
  sumSeconds: number;
  medianSeconds: number | null;
  best: number;
  worst: number;
  optimal: number;
  atBestKnown: number;
  /** mean gap to the best known cost, %, or null without costed answers */
  gapPercent: number | null;
}

/** One solver's cell in the instances' table. */
export interface InstanceCell {
  wallSeconds: number;
  verdict: string;
  limit: null | "time" | "memory";
  cost: number | null;
  solved: boolean;
  optimal: boolean;
  /** the least time of the solvers that solved it */
  fastest: boolean;
  /** its cost is the best known */
  bestCost: boolean;
}

/** One line of the instances' table: a cell per solver (undefined: no row). */
export interface InstanceLine {
  instance: string;
  bestKnown: number | null;
  cells: Record<string, InstanceCell | undefined>;
}

/** The views of a bench. */
export interface BenchViews {
  solvers: string[];
  instances: string[];
  /** the time limit of the rows, seconds (the greatest), or null */
  timeLimit: number | null;
  solverLines: SolverLine[];
  instanceLines: InstanceLine[];
  /** the representative row of each (solver, instance) */
  chosen: Map<string, Map<string, BenchRow>>;
}

/** True when a row claims there is no solution (exit 20, nothing to check, within the limits). */
export function claimsNone(r: BenchRow): boolean {
  return r.verdict === "DONTKNOW" && r.exitCode === 20 && r.limit === null;
}

/** True when a row counts as solved: verified within the limits, or an uncontradicted claim of no solution (after contradicted()). */
export function isSolved(r: BenchRow): boolean {
  return (r.verdict === "OK" && r.limit === null) || claimsNone(r);
}

/** The rows with each claim of no solution on an instance some run answered (verified) turned into a FAIL. */
export function contradicted(rows: readonly BenchRow[]): BenchRow[] {
  const answered = new Set(rows.filter((r) => r.verdict === "OK").map((r) => r.instance));
  return rows.map((r) => (claimsNone(r) && answered.has(r.instance) ? { ...r, verdict: "FAIL", reason: "claims no solution, but another run's answer was verified" } : r));
}

function median(xs: readonly number[]): number | null {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** The row standing for several runs: a FAIL if any, else the lower-median wall time. */
function representative(runs: readonly BenchRow[]): BenchRow {
  const fail = runs.find((r) => r.verdict === "FAIL");
  if (fail) return fail;
  const sorted = [...runs].sort((a, b) => a.wallSeconds - b.wallSeconds);
  return sorted[(sorted.length - 1) >> 1];
}

/** The views of rows, solvers and instances in the order they first appear. */
export function benchViews(given: readonly BenchRow[]): BenchViews {
  const rows = contradicted(given);
  const solvers: string[] = [];
  const instances: string[] = [];
  const groups = new Map<string, Map<string, BenchRow[]>>();
  let timeLimit: number | null = null;
  for (const r of rows) {
    if (!groups.has(r.solver)) {
      groups.set(r.solver, new Map());
      solvers.push(r.solver);
    }
    if (!instances.includes(r.instance)) instances.push(r.instance);
    const g = groups.get(r.solver)!;
    g.set(r.instance, [...(g.get(r.instance) ?? []), r]);
    if (r.timeLimit !== null && (timeLimit === null || r.timeLimit > timeLimit)) timeLimit = r.timeLimit;
  }
  const chosen = new Map<string, Map<string, BenchRow>>();
  for (const s of solvers) chosen.set(s, new Map([...groups.get(s)!].map(([i, runs]) => [i, representative(runs)])));
  const row = (s: string, i: string): BenchRow | undefined => chosen.get(s)!.get(i);
  const penalised = (r: BenchRow | undefined): number => (r && isSolved(r) ? r.wallSeconds : Infinity);

  const bestKnown = new Map<string, number>();
  for (const r of rows) {
    if (r.verdict === "OK" && r.cost !== null && (!bestKnown.has(r.instance) || r.cost < bestKnown.get(r.instance)!)) bestKnown.set(r.instance, r.cost);
  }
  const instanceLines: InstanceLine[] = instances.map((i) => {
    const times = solvers.map((s) => penalised(row(s, i)));
    const least = Math.min(...times);
    const cells: Record<string, InstanceCell | undefined> = {};
    for (const s of solvers) {
      const r = row(s, i);
      cells[s] = r && {
        wallSeconds: r.wallSeconds,
        verdict: r.verdict,
        limit: r.limit,
        cost: r.verdict === "OK" ? r.cost : null,
        solved: isSolved(r),
        optimal: isSolved(r) && r.optimal,
        fastest: isSolved(r) && r.wallSeconds === least,
        bestCost: r.verdict === "OK" && r.cost !== null && r.cost === bestKnown.get(i),
      };
    }
    return { instance: i, bestKnown: bestKnown.get(i) ?? null, cells };
  });

  const solverLines: SolverLine[] = solvers.map((s) => {
    const mine = instances.map((i) => row(s, i)).filter((r): r is BenchRow => r !== undefined);
    const solved = mine.filter(isSolved);
    const count = (p: (r: BenchRow) => boolean): number => mine.filter(p).length;
    const par = (k: number): number | null => (timeLimit === null || mine.length === 0 ? null : mine.reduce((t, r) => t + (isSolved(r) ? r.wallSeconds : k * timeLimit!), 0) / mine.length);
    let best = 0;
    let worst = 0;
    if (solvers.length > 1) {
      for (const i of instances) {
        const times = solvers.map((x) => penalised(row(x, i)));
        const least = Math.min(...times);
        const most = Math.max(...times);
        const t = penalised(row(s, i));
        if (t === least && Number.isFinite(t)) best++;
        if (t === most && t > least) worst++;
      }
    }
    const costed = mine.filter((r) => r.verdict === "OK" && r.cost !== null && bestKnown.has(r.instance));
    const gaps = costed.map((r) => ((r.cost! - bestKnown.get(r.instance)!) / Math.max(bestKnown.get(r.instance)!, 1)) * 100);
    return {
      solver: s,
      instances: mine.length,
      solved: mine.filter((r) => r.verdict === "OK" && r.limit === null).length,
      unsatisfiable: mine.filter(claimsNone).length,
      fail: count((r) => r.verdict === "FAIL"),
      timeouts: count((r) => r.verdict !== "FAIL" && r.limit === "time"),
      memoryouts: count((r) => r.verdict !== "FAIL" && r.limit === "memory"),
      errors: count((r) => r.verdict === "ERROR" && r.limit === null),
      unknown: count((r) => r.verdict === "DONTKNOW" && r.limit === null && !claimsNone(r)),
      par2: par(2),
      par10: par(10),
      sumSeconds: solved.reduce((t, r) => t + r.wallSeconds, 0),
      medianSeconds: median(solved.map((r) => r.wallSeconds)),
      best,
      worst,
      optimal: solved.filter((r) => r.optimal).length,
      atBestKnown: costed.filter((r) => r.cost === bestKnown.get(r.instance)).length,
      gapPercent: gaps.length === 0 ? null : gaps.reduce((a, b) => a + b, 0) / gaps.length,
    };
  });
  return { solvers, instances, timeLimit, solverLines, instanceLines, chosen };
}

/** The solvers' table as header and cells (HTML, CSV and XLSX write the same). */
export const SOLVER_COLUMNS: readonly { key: keyof SolverLine; title: string }[] = [
  { key: "solver", title: "solver" },
  { key: "instances", title: "instances" },
  { key: "solved", title: "solved (verified)" },
  { key: "unsatisfiable", title: "no solution (claimed)" },
  { key: "fail", title: "FAIL" },
  { key: "timeouts", title: "time-outs" },
  { key: "memoryouts", title: "memory-outs" },
  { key: "errors", title: "errors" },
  { key: "unknown", title: "unknown" },
  { key: "par2", title: "PAR-2 (s)" },
  { key: "par10", title: "PAR-10 (s)" },
  { key: "sumSeconds", title: "sum time (s)" },
  { key: "medianSeconds", title: "median time (s)" },
  { key: "best", title: "best" },
  { key: "worst", title: "worst" },
  { key: "optimal", title: "proven optimal" },
  { key: "atBestKnown", title: "at best known cost" },
  { key: "gapPercent", title: "gap to best known (%)" },
];

/** A number as the tables print it: seconds and percentages to 3 decimals, "" for null. */
export function cellText(v: string | number | null): string {
  if (v === null) return "";
  if (typeof v === "string") return v;
  return Number.isInteger(v) ? String(v) : v.toFixed(3);
}

/** A verdict cell's words: the verdict, and the limit that ended it. */
export function verdictText(c: InstanceCell): string {
  if (c.verdict === "DONTKNOW" && c.solved) return "no solution (claimed)";
  return c.limit === "time" ? `${c.verdict} (time-out)` : c.limit === "memory" ? `${c.verdict} (memory-out)` : c.verdict;
}

/** The instances' table as rows of plain values: instance, best known, then time, verdict, cost per solver. */
export function instanceTable(v: BenchViews): { header: string[]; rows: (string | number | null)[][] } {
  const header = ["instance", "best known cost", ...v.solvers.flatMap((s) => [`${s} time (s)`, `${s} verdict`, `${s} cost`])];
  const rows = v.instanceLines.map((l) => [
    l.instance,
    l.bestKnown,
    ...v.solvers.flatMap((s) => {
      const c = l.cells[s];
      return c ? [c.wallSeconds, verdictText(c), c.cost] : [null, "", null];
    }),
  ]);
  return { header, rows };
}
