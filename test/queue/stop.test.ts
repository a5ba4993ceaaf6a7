/**
 * The one stop handler (src/core/stop.ts): a time limit, an outer abort, SIGINT and SIGTERM
 * stop a run, a second signal exits at once; and `labsolve worker` on a Redis that is out
 * of reach stops on its first signal when it has no job (it used to wait for Redis forever).
 * Every wait is on what the process or the handler reports, never on the clock.
 */
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { onStop, type StopReason } from "../../src/core/stop.js";
import { start } from "../helpers/child.js";
import { freePort } from "../helpers/redis.js";

const ROOT = new URL("../..", import.meta.url).pathname;
const LABSOLVE = join(ROOT, "bin/labsolve");
const STOP_JS = join(ROOT, "dist/src/core/stop.js");

/** Resolves with the handler's abort reason once its signal aborts. */
const aborted = (signal: AbortSignal): Promise<unknown> => new Promise((resolve) => (signal.aborted ? resolve(signal.reason) : signal.addEventListener("abort", () => resolve(signal.reason), { once: true })));

describe("onStop: the one stop handler", () => {
  it("a time limit aborts the signal with the reason 'time limit', once, and calls onStop", async () => {
    const heard: StopReason[] = [];
    const stop = onStop({ timeLimit: 0.05, signals: false, onStop: (r) => heard.push(r) });
    try {
      expect(stop.reason).toBeUndefined();
      expect(await aborted(stop.signal)).toBe("time limit");
      stop.stop("aborted");
      expect(stop.reason).toBe("time limit");
      expect(heard).toEqual(["time limit"]);
      expect(new Int32Array(stop.flagBuffer)[0]).not.toBe(0);
    } finally {
      stop.dispose();
    }
  });

  it("an outer abort stops the run ('aborted'); dispose stops listening to the signals", () => {
    const before = [process.listenerCount("SIGINT"), process.listenerCount("SIGTERM")];
    const outer = new AbortController();
    const stop = onStop({ signal: outer.signal });
    expect([process.listenerCount("SIGINT"), process.listenerCount("SIGTERM")]).toEqual([before[0] + 1, before[1] + 1]);
    expect(stop.stopped()).toBe(false);
    outer.abort();
    expect(stop.stopped()).toBe(true);
    expect(stop.reason).toBe("aborted");
    stop.dispose();
    stop.dispose();
    expect([process.listenerCount("SIGINT"), process.listenerCount("SIGTERM")]).toEqual(before);
  });

  it("stopped() sees a deadline past even when the event loop was too busy for the timer", () => {
    const stop = onStop({ timeLimit: 0.001, signals: false, started: performance.now() - 10 });
    try {
      expect(stop.stopped()).toBe(true);
      expect(stop.reason).toBe("time limit");
    } finally {
      stop.dispose();
    }
  });

  it("refuses a negative time limit", () => {
    expect(() => onStop({ timeLimit: -1 })).toThrow(RangeError);
  });

  it.skipIf(!existsSync(STOP_JS))("in a process: the first SIGINT stops the run, the second exits at once with 130 after atOnce", async () => {
    const dir = mkdtempSync(join(tmpdir(), "labstop-"));
    const script = join(dir, "run.mjs");
    writeFileSync(
      script,
      `import { onStop } from ${JSON.stringify(STOP_JS)};
const stop = onStop({ onStop: (r) => console.log("stopping: " + r), atOnce: (s) => console.log("at once: " + s) });
console.log("ready");
setInterval(() => undefined, 1000); // a run that does not end by itself
`,
    );
    const child = start(process.execPath, [script], ROOT);
    await child.saw(/ready/);
    child.kill("SIGINT");
    await child.saw(/stopping: SIGINT/);
    child.kill("SIGINT");
    const end = await child.done;
    expect(end.code, end.text).toBe(130);
    expect(end.text).toMatch(/at once: SIGINT/);
  });
});

describe.skipIf(!existsSync(join(ROOT, "dist/src/cli/labsolve.js")))("labsolve worker with its Redis out of reach", () => {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    it(`stops on the first ${signal} when no job is running, exit 0`, { timeout: 30_000 }, async () => {
      const port = await freePort(); // nothing listens there
      const worker = start(LABSOLVE, ["worker", "--queue", `redis://127.0.0.1:${port}`, "--concurrency", "1"], ROOT);
      try {
        // it tried Redis and is retrying: the state the defect was seen in
        await worker.saw(/ECONNREFUSED.*\(retrying\)/);
        worker.kill(signal);
        const end = await worker.done;
        expect(end.code, end.text).toBe(0);
        expect(end.text).toMatch(/no job running: stopping now/);
        expect(end.text).toMatch(/stopped/);
        expect(end.text).not.toMatch(/finishing the running job/);
      } finally {
        worker.kill("SIGKILL");
      }
    });
  }
});
