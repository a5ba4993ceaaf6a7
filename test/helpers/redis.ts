/**
 * A real redis-server for the queue's tests (Debian's, installed by .ci/run): started on a
 * free loopback port in a temporary folder, AOF on (appendfsync everysec, as README
 * advises), no RDB snapshots, noeviction. It can be SIGKILLed and started again on the
 * same port and folder, where it replays its append-only file. With it, the waits on what
 * the server reports (a job's state, a count of jobs or workers).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { JobState, Queue } from "bullmq";
import { Redis } from "ioredis";

/** The redis-server on the PATH, or undefined (the tests then skip and say so). */
export const REDIS_SERVER: string | undefined = (() => {
  const r = spawnSync("redis-server", ["--version"], { encoding: "utf8" });
  return r.status === 0 ? "redis-server" : undefined;
})();

/** A free TCP port on 127.0.0.1 (the OS picks one; it is free again when this returns). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.unref();
    s.on("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export class TestRedis {
  private process: ChildProcess | undefined;
  readonly dir = mkdtempSync(join(tmpdir(), "labqueue-redis-"));

  private constructor(readonly port: number) {}

  /** redis://127.0.0.1:PORT */
  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts a server on a free port. */
  static async start(): Promise<TestRedis> {
    const r = new TestRedis(await freePort());
    await r.launch();
    return r;
  }

  /** Starts (again) on the same port and folder; resolves once it accepts connections. */
  async launch(): Promise<void> {
    const args = ["--bind", "127.0.0.1", "--port", String(this.port), "--dir", this.dir, "--appendonly", "yes", "--appendfsync", "everysec", "--save", "", "--maxmemory-policy", "noeviction", "--protected-mode", "yes"];
    const p = spawn(REDIS_SERVER!, args, { stdio: ["ignore", "pipe", "pipe"] });
    this.process = p;
    await new Promise<void>((resolve, reject) => {
      let log = "";
      const onData = (d: Buffer): void => {
        log += d.toString();
        if (/Ready to accept connections/.test(log)) {
          p.stdout?.off("data", onData);
          p.stdout?.resume();
          resolve();
        }
      };
      p.stdout?.on("data", onData);
      p.stderr?.resume();
      p.once("exit", (code) => reject(new Error(`redis-server exited (${code}) before it was ready:\n${log}`)));
    });
  }

  /** Kills the server with a signal and waits until it is gone. */
  async kill(signal: NodeJS.Signals = "SIGKILL"): Promise<void> {
    const p = this.process;
    if (!p || p.exitCode !== null || p.signalCode !== null) return;
    const gone = new Promise((resolve) => p.once("exit", resolve));
    p.kill(signal);
    await gone;
  }

  /** Deletes every key (a scenario starts from an empty queue). */
  async flushAll(): Promise<void> {
    const c = new Redis({ host: "127.0.0.1", port: this.port, maxRetriesPerRequest: 3 });
    try {
      await c.flushall();
    } finally {
      c.disconnect();
    }
  }
}

/** How often `until` asks again (ms): a poll, not a guess at how long anything takes. */
const POLL_MS = 100;

/**
 * Asks `probe` every POLL_MS until it gives a value (not undefined), and returns that
 * value: for a condition the server or the processes report (a job's state, a count of
 * jobs or workers, a row in a results file), never a fixed sleep.
 * @throws Error "timed out waiting for WHAT" when `ms` (default 20 s) have passed
 */
export async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

/**
 * Waits until Redis reports job `id` of `queue` in one of `states` (BullMQ's
 * getJobState), and returns that state.
 * @throws Error "timed out waiting for job ID to be ..." when `ms` (default 20 s) have passed
 */
export function untilJobState<S extends JobState>(queue: Queue, id: string, states: readonly S[], ms = 20_000): Promise<S> {
  return until(
    `job ${id} to be ${states.join(" or ")}`,
    async () => {
      const state = await queue.getJobState(id);
      return states.find((s) => s === state);
    },
    ms,
  );
}
