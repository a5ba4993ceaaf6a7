/**
 * Predicts a proof's wall time on N workers from the measured sizes of its subtrees
 * (scripts/bench-queue-proof.ts --sizes FILE): depth by depth, as labsolve --queue runs
 * it (a depth starts when the previous one is settled), each depth's share jobs handed
 * out largest first to the worker free first (list scheduling), each job costing its
 * states at the rate of the measured run with 1 worker, plus the measured overhead per
 * job, each depth the submitter's polling delay on top.
 *
 *   node dist/scripts/simulate-queue.js SIZES.json [--overhead-ms 7] [--poll-ms 100] [--workers 1,2,4,...]
 */
import { readFileSync } from "node:fs";

/** One depth's jobs, in milliseconds of search. */
export type DepthJobs = number[];

/**
 * The predicted wall milliseconds of a proof on `workers` workers.
 * @param depths per depth, the milliseconds of each of its jobs
 * @param overheadMs added to every job (queue round trip, process hand-off)
 * @param pollMs added to every depth (the submitter notices the depth's end)
 */
export function predict(depths: readonly DepthJobs[], workers: number, overheadMs: number, pollMs: number): number {
  let total = 0;
  for (const jobs of depths) {
    const free = new Array<number>(Math.max(1, workers)).fill(0);
    for (const ms of [...jobs].sort((a, b) => b - a)) {
      let k = 0;
      for (let i = 1; i < free.length; i++) if (free[i] < free[k]) k = i;
      free[k] += ms + overheadMs;
    }
    total += Math.max(...free) + pollMs;
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
  const data = JSON.parse(readFileSync(argv[0], "utf8")) as { file: string; times: { queue1: number }; depths: { depth: number; sizes: { ms: number; nodes: number }[] }[] };
  const overhead = Number(opt("--overhead-ms", "7"));
  const poll = Number(opt("--poll-ms", "100"));
  const counts = opt("--workers", "1,2,4,8,16,32,64,100,128,256,512,1000").split(",").map(Number);
  // a job's time from its states (deterministic), at the rate of the run with 1 worker
  // (a job's own milliseconds vary with the machine's load)
  const states = data.depths.reduce((a, d) => a + d.sizes.reduce((b, s) => b + s.nodes, 0), 0);
  const msPerState = (1000 * data.times.queue1) / Math.max(1, states);
  const depths = data.depths.map((d) => d.sizes.map((s) => Math.max(1, s.nodes * msPerState)));
  const one = predict(depths, 1, overhead, poll);
  const jobs = depths.reduce((a, d) => a + d.length, 0);
  const largest = Math.max(...depths.map((d) => Math.max(...d)));
  process.stdout.write(`${data.file}: ${jobs} jobs, ${states} states, ${(msPerState * 1e6).toFixed(0)} ns a state (the run with 1 worker), the largest job ${largest.toFixed(0)} ms; overhead ${overhead} ms a job, ${poll} ms a depth\n\n| workers | predicted s | speed-up | efficiency |\n| ---: | ---: | ---: | ---: |\n`);
  for (const n of counts) {
    const t = predict(depths, n, overhead, poll);
    process.stdout.write(`| ${n} | ${(t / 1000).toFixed(2)} | ${(one / t).toFixed(2)} | ${((100 * one) / t / n).toFixed(0)}% |\n`);
  }
}
