/**
 * Predicts a proof's wall time on N workers from the measured sizes of its subtrees
 * (bench-queue-proof.ts --sizes FILE, or queue-sizes.ts for a run stopped half-way), as
 * labsolve --queue would split it for N workers (src/queue/split.ts): depth by depth (a
 * depth starts when the one before is settled); a depth measured as one job stays one
 * job; a split depth is split again for N workers from its measured states below each
 * prefix of 3 pushes: 50 jobs per worker, prefixes of 2 pushes when there are 4 per job,
 * else of 3, grouped by the estimates from the depth before (as labsolve does), each job
 * then costing the states actually measured below its prefixes. A job past its node
 * budget runs the budget, then its rest in 8 frontier jobs of equal parts (queued when it
 * ends). Jobs go to the worker free first, in the order queued (the largest first).
 * A job costs its states at `--ns` nanoseconds a state, plus `--overhead-ms` (the queue's
 * round trip, the process hand-off, the instance read and the table; BENCHMARKS.md);
 * every depth adds `--poll-ms` (the submitter notices its end).
 *
 * A depth measured only in part (a run stopped half-way: FILE's `partial`) is completed
 * from the depth before: each prefix of 2 pushes with no measurement gets the states of
 * its prefixes of 3 at the depth before, times the growth measured on the others.
 *
 *   node dist/scripts/simulate-queue.js SIZES.json [--ns 1200] [--overhead-ms 20] [--poll-ms 200] [--workers 1,2,4,...]
 */
import { readFileSync } from "node:fs";
import type { DepthReport } from "../src/queue/proof.js";
import { BUDGET_FACTOR, estimates, FRONTIER_JOBS, groupLargestFirst, JOBS_PER_WORKER, MIN_BUDGET, PREFIXES_PER_JOB } from "../src/queue/split.js";

/** A job as the simulation runs it: its states, and the budget past which it splits. */
interface SimJob {
  states: number;
}

/** Milliseconds until the last of `jobs` ends on `workers` workers (list scheduling; frontier jobs queued when their job ends). */
export function schedule(jobs: readonly SimJob[], workers: number, budget: number, msOf: (states: number) => number): number {
  const free = new Float64Array(Math.max(1, workers));
  const queue: { states: number; ready: number }[] = jobs.map((j) => ({ states: j.states, ready: 0 }));
  let end = 0;
  for (let i = 0; i < queue.length; i++) {
    const job = queue[i];
    let k = 0;
    for (let w = 1; w < free.length; w++) if (free[w] < free[k]) k = w;
    const start = Math.max(free[k], job.ready);
    const over = job.states > budget;
    const done = start + msOf(over ? budget : job.states);
    free[k] = done;
    end = Math.max(end, done);
    if (over) for (let f = 0; f < FRONTIER_JOBS; f++) queue.push({ states: (job.states - budget) / FRONTIER_JOBS, ready: done });
  }
  return end;
}

/** The states below each prefix of `length` pushes (summed from the keys of 3). */
function byLength(sizes: Record<string, number>, length: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const [key, n] of Object.entries(sizes)) {
    const short = key.split(",").slice(0, length).join(",");
    out.set(short, (out.get(short) ?? 0) + n);
  }
  return out;
}

/** A partly measured depth's sizes completed from the depth before (see the module comment); the growth used. */
export function complete(partial: Record<string, number>, before: Record<string, number>): { sizes: Record<string, number>; growth: number } {
  const measured = new Set([...byLength(partial, 2).keys()]);
  let now = 0;
  let then = 0;
  for (const n of Object.values(partial)) now += n;
  for (const [key, n] of Object.entries(before)) if (measured.has(key.split(",").slice(0, 2).join(","))) then += n;
  const growth = then > 0 ? now / then : 1;
  const sizes = { ...partial };
  for (const [key, n] of Object.entries(before)) if (!measured.has(key.split(",").slice(0, 2).join(","))) sizes[key] = n * growth;
  return { sizes, growth };
}

/** The predicted milliseconds of the proof on `workers` workers. */
export function predict(depths: readonly DepthReport[], workers: number, nsPerState: number, overheadMs: number, pollMs: number): number {
  const msOf = (states: number): number => (states * nsPerState) / 1e6 + overheadMs;
  let total = 0;
  for (let i = 0; i < depths.length; i++) {
    const d = depths[i];
    const before = depths[i - 1];
    if (d.prefixLength === null || before === undefined) {
      total += schedule(d.jobs.map((j) => ({ states: j.nodes })), workers, Infinity, msOf) + pollMs;
      continue;
    }
    const wanted = JOBS_PER_WORKER * workers;
    const two = byLength(d.sizes, 2);
    const k = two.size >= PREFIXES_PER_JOB * wanted || d.depth - 3 < 3 ? 2 : 3;
    const actual = byLength(d.sizes, k);
    const prefixes = [...actual.keys()].map((key) => key.split(",").map(Number));
    const previous = new Map(Object.entries(before.sizes));
    const groups = groupLargestFirst(prefixes, estimates(prefixes, previous), wanted);
    const states = [...actual.values()].reduce((a, b) => a + b, 0);
    const budget = Math.max(MIN_BUDGET, (BUDGET_FACTOR * states) / groups.length);
    const jobs = groups.map((g) => ({ states: g.prefixes.reduce((a, p) => a + actual.get(p.join(","))!, 0) }));
    total += schedule(jobs, workers, budget, msOf) + pollMs;
  }
  return total;
}

const main = process.argv[1]?.endsWith("simulate-queue.js");
if (main) {
  const argv = process.argv.slice(2);
  const opt = (name: string, fallback: string): string => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : fallback;
  };
  const data = JSON.parse(readFileSync(argv[0], "utf8")) as { file: string; partial?: Record<string, number>; depths: DepthReport[] };
  const depths = data.depths;
  const notes: string[] = [];
  for (let i = 1; i < depths.length; i++) {
    const open = data.partial?.[String(depths[i].depth)];
    if (!open) continue;
    const { sizes, growth } = complete(depths[i].sizes, depths[i - 1].sizes);
    const measured = Object.values(depths[i].sizes).reduce((a, b) => a + b, 0);
    depths[i] = { ...depths[i], sizes };
    const total = Object.values(sizes).reduce((a, b) => a + b, 0);
    notes.push(`depth ${depths[i].depth}: ${depths[i].jobs.length} jobs measured (${(measured / 1e6).toFixed(0)} M states), ${open} not finished: completed from depth ${depths[i - 1].depth} x ${growth.toFixed(1)} to ${(total / 1e6).toFixed(0)} M states`);
  }
  const ns = Number(opt("--ns", "1200"));
  const overhead = Number(opt("--overhead-ms", "20"));
  const poll = Number(opt("--poll-ms", "200"));
  const counts = opt("--workers", "1,2,4,8,16,32,64,100,128,256,512,1000").split(",").map(Number);
  const one = predict(depths, 1, ns, overhead, poll);
  process.stdout.write(`${data.file}: ${ns} ns a state, ${overhead} ms a job, ${poll} ms a depth\n${notes.map((n) => `${n}\n`).join("")}\n| workers | predicted s | speed-up | efficiency |\n| ---: | ---: | ---: | ---: |\n`);
  for (const n of counts) {
    const t = predict(depths, n, ns, overhead, poll);
    process.stdout.write(`| ${n} | ${(t / 1000).toFixed(1)} | ${(one / t).toFixed(1)} | ${((100 * one) / t / n).toFixed(0)}% |\n`);
  }
}
