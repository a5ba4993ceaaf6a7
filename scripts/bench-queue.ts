/**
 * labsolve batch --queue against the in-process batch, on a redis-server started here
 * (loopback, a free port, a temporary folder, AOF on as README advises).
 *
 *   npm run build && node dist/scripts/bench-queue.js [--trivial N] [--time-limit S] [--runs K] [--out FILE]
 *
 * - trivial jobs: N instances whose pawn starts on the goal (a search of no node), as
 *   N files of different names (N jobs): jobs per second through 1 and 2 workers (one
 *   job at once each), against the in-process batch with --jobs 1 and 2; the overhead
 *   per job is the difference of the wall times over N.
 * - the 15 shared instances (../shared/instances/aspcomp2013-labyrinth-15.zip), each with
 *   --time-limit S: the wall time through 1 and 2 workers and in-process.
 * Wall seconds of the submitting `labsolve batch` (process start to exit; the workers are
 * started and connected before), median of K runs; Redis is emptied before each run.
 */
import { spawnSync, type ChildProcess } from "node:child_process";
import { appendFileSync, copyFileSync, existsSync, mkdirSync, mkdtempSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { startRedis, startWorkers } from "./queue-bench-processes.js";

const root = join(new URL(".", import.meta.url).pathname, "..", "..");
const argv = process.argv.slice(2);
const opt = (name: string, fallback: string): string => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : fallback;
};
const trivial = Number(opt("--trivial", "200"));
const timeLimit = Number(opt("--time-limit", "10"));
const runs = Number(opt("--runs", "3"));
const out = argv.includes("--out") ? opt("--out", "") : undefined;
const LABSOLVE = join(root, "bin", "labsolve");
const ZIP = join(root, "..", "shared", "instances", "aspcomp2013-labyrinth-15.zip");

function flush(port: number): void {
  const r = spawnSync("redis-cli", ["-h", "127.0.0.1", "-p", String(port), "FLUSHALL"], { encoding: "utf8" });
  if (r.status !== 0) throw new Error(`FLUSHALL: ${r.stderr}`);
}

async function stopWorkers(ws: ChildProcess[]): Promise<void> {
  await Promise.all(
    ws.map(
      (w) =>
        new Promise((resolve) => {
          w.once("exit", resolve);
          w.kill("SIGTERM");
        }),
    ),
  );
}

function wall(args: string[]): number {
  const t = performance.now();
  const r = spawnSync(LABSOLVE, args, { encoding: "utf8", cwd: root, maxBuffer: 64 * 2 ** 20 });
  if (r.status !== 0 && r.status !== 1) throw new Error(`labsolve ${args.join(" ")}: exit ${r.status}\n${r.stderr}`);
  return (performance.now() - t) / 1000;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function measure(source: string, extra: string[], redis: { url: string; port: number }): Promise<Record<string, number>> {
  const times: Record<string, number> = {};
  for (const jobs of [1, 2]) times[`in-process -j ${jobs}`] = median(Array.from({ length: runs }, () => wall(["batch", source, "--jobs", String(jobs), "--format", "json", ...extra])));
  for (const workers of [1, 2]) {
    const ws = await startWorkers(LABSOLVE, redis.url, workers, (i) => `bench-${i}`);
    const ts: number[] = [];
    for (let k = 0; k < runs; k++) {
      flush(redis.port);
      ts.push(wall(["batch", source, "--queue", redis.url, "--format", "json", ...extra]));
    }
    times[`queue, ${workers} worker(s)`] = median(ts);
    await stopWorkers(ws);
  }
  return times;
}

const redis = await startRedis();
const lines: string[] = [];
try {
  const dir = mkdtempSync(join(tmpdir(), "labbench-trivial-"));
  mkdirSync(join(dir, "t"));
  for (let i = 0; i < trivial; i++) copyFileSync(join(root, "instances", "example-start-on-goal.lp"), join(dir, "t", `t${String(i).padStart(5, "0")}.lp`));
  const t = await measure(join(dir, "t"), [], redis);
  lines.push(
    `- command: \`node dist/scripts/bench-queue.js --trivial ${trivial} --time-limit ${timeLimit} --runs ${runs}\``,
    `- date: ${new Date().toISOString()}; machine: ${cpus().length} x ${cpus()[0]?.model.trim()}, Node ${process.version}; Redis and the workers on this machine (loopback)`,
    "",
    `Trivial jobs (${trivial} instances whose pawn starts on the goal), wall seconds of the batch, median of ${runs}:`,
    "",
    "| run | seconds | jobs per second | ms per job |",
    "| --- | ---: | ---: | ---: |",
    ...Object.entries(t).map(([k, s]) => `| ${k} | ${s.toFixed(2)} | ${(trivial / s).toFixed(1)} | ${((1000 * s) / trivial).toFixed(1)} |`),
    "",
    `Overhead per job of the queue against the in-process batch: ${((1000 * (t["queue, 1 worker(s)"] - t["in-process -j 1"])) / trivial).toFixed(1)} ms with 1 worker, ${((1000 * (t["queue, 2 worker(s)"] - t["in-process -j 2"])) / trivial).toFixed(1)} ms with 2.`,
    "",
  );
  if (existsSync(ZIP)) {
    const z = await measure(ZIP, ["--time-limit", String(timeLimit)], redis);
    lines.push(
      `The 15 shared instances (aspcomp2013-labyrinth-15.zip), --time-limit ${timeLimit}, wall seconds, median of ${runs}:`,
      "",
      "| run | seconds | speed-up over 1 |",
      "| --- | ---: | ---: |",
      `| in-process -j 1 | ${z["in-process -j 1"].toFixed(1)} | 1.00 |`,
      `| in-process -j 2 | ${z["in-process -j 2"].toFixed(1)} | ${(z["in-process -j 1"] / z["in-process -j 2"]).toFixed(2)} |`,
      `| queue, 1 worker | ${z["queue, 1 worker(s)"].toFixed(1)} | 1.00 |`,
      `| queue, 2 workers | ${z["queue, 2 worker(s)"].toFixed(1)} | ${(z["queue, 1 worker(s)"] / z["queue, 2 worker(s)"]).toFixed(2)} |`,
      "",
    );
  } else {
    lines.push(`(${ZIP} not found: the shared instances were not measured)`, "");
  }
} finally {
  redis.proc.kill("SIGTERM");
}
process.stdout.write(`${lines.join("\n")}\n`);
if (out) appendFileSync(out, `${lines.join("\n")}\n`);
