/**
 * The processes the queue benchmarks start (scripts/bench-queue.ts, bench-queue-proof.ts):
 * a redis-server on a free loopback port, and labsolve workers, each awaited until ready.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A free TCP port on 127.0.0.1 (asked of the OS, then released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.on("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/**
 * Starts redis-server on a free loopback port in a temporary folder, with AOF on
 * (appendfsync everysec) and noeviction, as README asks; resolves once it accepts
 * connections. @throws when redis-server exits before that
 */
export async function startRedis(): Promise<{ url: string; port: number; proc: ChildProcess }> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "labbench-redis-"));
  const proc = spawn("redis-server", ["--bind", "127.0.0.1", "--port", String(port), "--dir", dir, "--appendonly", "yes", "--appendfsync", "everysec", "--save", "", "--maxmemory-policy", "noeviction"], { stdio: ["ignore", "pipe", "inherit"] });
  await new Promise<void>((resolve, reject) => {
    let log = "";
    proc.stdout!.on("data", (d) => {
      log += d;
      if (/Ready to accept connections/.test(log)) resolve();
    });
    proc.once("exit", () => reject(new Error(`redis-server did not start:\n${log}`)));
  });
  return { url: `redis://127.0.0.1:${port}`, port, proc };
}

/** Starts `n` labsolve workers (one job at once each) on the queue at `url`; resolves once each says it is ready. */
export async function startWorkers(labsolve: string, url: string, n: number, name?: (i: number) => string): Promise<ChildProcess[]> {
  const ws: ChildProcess[] = [];
  for (let i = 0; i < n; i++) {
    const w = spawn(labsolve, ["worker", "--queue", url, "--concurrency", "1", ...(name ? ["--name", name(i)] : [])], { stdio: ["ignore", "ignore", "pipe"] });
    await new Promise<void>((resolve) => {
      let log = "";
      w.stderr!.on("data", (d) => {
        log += d;
        if (/job\(s\) at once/.test(log)) resolve();
      });
    });
    ws.push(w);
  }
  return ws;
}
