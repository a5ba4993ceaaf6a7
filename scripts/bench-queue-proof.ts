/**
 * A proof through the queue (labsolve --queue) with 1 and 2 workers against labsolve in
 * one process, and the sizes of the proof's subtrees (the share jobs of each depth), for
 * the simulation of many workers (scripts/simulate-queue.ts, docs/design/scaling.md).
 *
 *   npm run build && node dist/scripts/bench-queue-proof.js FILE [--jobs K] [--max-steps D] [--budget B]
 *     [--workers 1,2] [--no-upper-bound] [--no-single] [--sizes OUT.json]
 *
 * Every job of every depth is searched (wholeDepths), so that the sizes of all subtrees
 * are known; the wall seconds are those of the submitter, the workers (one job at once
 * each) started and connected before. Redis runs here on a free loopback port.
 * --no-upper-bound: every depth up to D is searched (not only those below labsolve's
 * upper bound); --no-single: no in-process run. The sizes file is written after each
 * settled depth (a long run stopped half-way keeps what it measured): per depth its jobs
 * (states, milliseconds, frontier, parent) and the states below each prefix of 3 pushes.
 */
import { spawnSync, type ChildProcess } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { join } from "node:path";
import { startRedis, startWorkers as startQueueWorkers } from "./queue-bench-processes.js";
import { runQueuedProof, type QueuedProof } from "../src/queue/proof.js";

const root = join(new URL(".", import.meta.url).pathname, "..", "..");
const argv = process.argv.slice(2);
const opt = (name: string): string | undefined => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const file = argv[0];
const jobs = opt("--jobs") === undefined ? undefined : Number(opt("--jobs"));
const budget = opt("--budget") === undefined ? undefined : Number(opt("--budget"));
const workerCounts = (opt("--workers") ?? "1,2").split(",").map(Number);
const upperBound = !argv.includes("--no-upper-bound");
const maxSteps = opt("--max-steps") === undefined ? undefined : Number(opt("--max-steps"));
const sizesOut = opt("--sizes");
const LABSOLVE = join(root, "bin", "labsolve");

const { url, port, proc: redis } = await startRedis();
// for scripts/queue-sizes.ts while a long run goes on
process.stderr.write(`Redis at ${url}\n`);
const spawned: ChildProcess[] = [redis];
// whatever ends this script ends its workers (at once: a second SIGTERM) and its Redis
const cleanUp = (): void => {
  for (const p of spawned) if (p.exitCode === null && p.signalCode === null) p.kill("SIGKILL");
};
process.on("exit", cleanUp);
for (const sig of ["SIGINT", "SIGTERM"] as const) process.on(sig, () => process.exit(130));

async function startWorkers(n: number): Promise<ChildProcess[]> {
  const ws = await startQueueWorkers(LABSOLVE, url, n);
  spawned.push(...ws);
  return ws;
}

const text = readFileSync(file, "utf8");
const lines: string[] = [`- command: \`node dist/scripts/bench-queue-proof.js ${argv.join(" ")}\``, `- date: ${new Date().toISOString()}; machine: ${cpus().length} x ${cpus()[0]?.model.trim()}, Node ${process.version}`, ""];
let t0 = performance.now();
let inProcess: number | null = null;
if (!argv.includes("--no-single")) {
  const single = spawnSync(LABSOLVE, [file, "--threads", "1", ...(maxSteps !== undefined ? ["--max-steps", String(maxSteps)] : [])], { encoding: "utf8" });
  inProcess = (performance.now() - t0) / 1000;
  lines.push(`in one process (labsolve --threads 1): ${inProcess.toFixed(1)} s, ${single.stdout.split("\n")[0]}`);
}
let last: QueuedProof | undefined;
const times: Record<string, number> = {};
const settled: QueuedProof["depths"] = [];
const save = (): void => {
  if (sizesOut) writeFileSync(sizesOut, JSON.stringify({ file, command: argv, times: { inProcess, ...times }, depths: settled }));
};
for (const n of workerCounts) {
  spawnSync("redis-cli", ["-p", String(port), "FLUSHALL"]);
  const ws = await startWorkers(n);
  settled.length = 0;
  t0 = performance.now();
  last = await runQueuedProof(text, file, {
    address: { host: "127.0.0.1", port, db: 0, tls: false },
    jobs,
    budget,
    maxSteps,
    upperBound,
    wholeDepths: true,
    onDepth: (d) => {
      settled.push(d);
      process.stderr.write(`${n} worker(s): depth ${d.depth} settled at ${((performance.now() - t0) / 1000).toFixed(1)} s: ${d.nodes} states, ${d.jobs.length} jobs\n`);
      save();
    },
  });
  const s = (performance.now() - t0) / 1000;
  times[`queue${n}`] = s;
  save();
  lines.push(`queue, ${n} worker(s): ${s.toFixed(1)} s, ${last.status} ${last.pushes ?? ""} (upper bound first: ${last.upperBound ?? "none"})`);
  for (const w of ws) w.kill("SIGTERM");
  await Promise.all(ws.map((w) => new Promise((r) => w.once("exit", r))));
}
if (times.queue1 !== undefined && times.queue2 !== undefined) lines.push(`speed-up of 2 workers over 1: ${(times.queue1 / times.queue2).toFixed(2)}`);
lines.push("");
for (const d of last!.depths) {
  const split = d.prefixLength === null ? "one job" : `${d.prefixes} prefixes of ${d.prefixLength}, budget ${d.budget}`;
  lines.push(`depth ${d.depth}: ${d.nodes} states, ${d.jobs.length} job(s) (${split}; ${d.jobs.filter((j) => j.parent >= 0).length} from frontiers), the slowest ${d.slowestMs} ms`);
}
redis.kill("SIGTERM");
process.stdout.write(`${lines.join("\n")}\n`);
