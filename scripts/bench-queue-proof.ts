/**
 * A proof through the queue (labsolve --queue) with 1 and 2 workers against labsolve in
 * one process, and the sizes of the proof's subtrees (the share jobs of each depth), for
 * the simulation of many workers (scripts/simulate-queue.ts, docs/scaling.md).
 *
 *   npm run build && node dist/scripts/bench-queue-proof.js FILE [--shares K] [--max-steps D] [--sizes OUT.json]
 *
 * Every share of every depth is searched (wholeDepths), so that the sizes of all subtrees
 * are known; the wall seconds are those of the submitter, the workers (one job at once
 * each) started and connected before. Redis runs here on a free loopback port.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { runQueuedProof, type QueuedProof } from "../src/queue/proof.js";

const root = join(new URL(".", import.meta.url).pathname, "..", "..");
const argv = process.argv.slice(2);
const opt = (name: string): string | undefined => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const file = argv[0];
const shares = opt("--shares") === undefined ? undefined : Number(opt("--shares"));
const maxSteps = opt("--max-steps") === undefined ? undefined : Number(opt("--max-steps"));
const sizesOut = opt("--sizes");
const LABSOLVE = join(root, "bin", "labsolve");

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.on("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

const port = await freePort();
const redis = spawn("redis-server", ["--bind", "127.0.0.1", "--port", String(port), "--dir", mkdtempSync(join(tmpdir(), "labbench-redis-")), "--appendonly", "yes", "--save", "", "--maxmemory-policy", "noeviction"], { stdio: ["ignore", "pipe", "inherit"] });
await new Promise<void>((resolve) => {
  let log = "";
  redis.stdout!.on("data", (d) => {
    log += d;
    if (/Ready to accept connections/.test(log)) resolve();
  });
});
const url = `redis://127.0.0.1:${port}`;
const spawned: ChildProcess[] = [redis];
// whatever ends this script ends its workers (at once: a second SIGTERM) and its Redis
const cleanUp = (): void => {
  for (const p of spawned) if (p.exitCode === null && p.signalCode === null) p.kill("SIGKILL");
};
process.on("exit", cleanUp);
for (const sig of ["SIGINT", "SIGTERM"] as const) process.on(sig, () => process.exit(130));

async function startWorkers(n: number): Promise<ChildProcess[]> {
  const ws: ChildProcess[] = [];
  for (let i = 0; i < n; i++) {
    const w = spawn(LABSOLVE, ["worker", "--queue", url, "--concurrency", "1"], { stdio: ["ignore", "ignore", "pipe"] });
    await new Promise<void>((resolve) => {
      let log = "";
      w.stderr!.on("data", (d) => {
        log += d;
        if (/job\(s\) at once/.test(log)) resolve();
      });
    });
    ws.push(w);
    spawned.push(w);
  }
  return ws;
}

const text = readFileSync(file, "utf8");
const lines: string[] = [`- command: \`node dist/scripts/bench-queue-proof.js ${argv.join(" ")}\``, `- date: ${new Date().toISOString()}; machine: ${cpus().length} x ${cpus()[0]?.model.trim()}, Node ${process.version}`, ""];
let t0 = performance.now();
const single = spawnSync(LABSOLVE, [file, "--threads", "1", ...(maxSteps !== undefined ? ["--max-steps", String(maxSteps)] : [])], { encoding: "utf8" });
const inProcess = (performance.now() - t0) / 1000;
lines.push(`in one process (labsolve --threads 1): ${inProcess.toFixed(1)} s, ${single.stdout.split("\n")[0]}`);
let last: QueuedProof | undefined;
const times: number[] = [];
for (const n of [1, 2]) {
  spawnSync("redis-cli", ["-p", String(port), "FLUSHALL"]);
  const ws = await startWorkers(n);
  t0 = performance.now();
  last = await runQueuedProof(text, file, { address: { host: "127.0.0.1", port, db: 0, tls: false }, shares, maxSteps, wholeDepths: true });
  const s = (performance.now() - t0) / 1000;
  times.push(s);
  lines.push(`queue, ${n} worker(s): ${s.toFixed(1)} s, ${last.status} ${last.pushes ?? ""}`);
  for (const w of ws) w.kill("SIGTERM");
  await Promise.all(ws.map((w) => new Promise((r) => w.once("exit", r))));
}
lines.push(`speed-up of 2 workers over 1: ${(times[0] / times[1]).toFixed(2)}`, "");
for (const d of last!.depths) lines.push(`depth ${d.depth}: ${d.nodes} states, ${d.shares} share(s), the slowest ${d.slowestMs} ms`);
if (sizesOut) writeFileSync(sizesOut, JSON.stringify({ file, times: { inProcess, queue1: times[0], queue2: times[1] }, depths: last!.depths }, null, 1));
redis.kill("SIGTERM");
process.stdout.write(`${lines.join("\n")}\n`);
