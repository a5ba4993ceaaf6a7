/**
 * Boards of 100x100 and up (issue 18, item 1): the time limit, SIGTERM and SIGINT stop
 * every phase of a run (the beams, the shortening, the exact search on the main thread
 * and in the workers) within a second or so, as on small boards. Before, the main thread
 * ran the first beam to its end (minutes on 100x100) without hearing either.
 *
 * Each test runs the built labsolve (bin/) in a child process on an instance written by
 * labgen, and allows generous room: the limits are checked to act within seconds, not to
 * the millisecond (the machine may be loaded).
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { readInstance } from "../../../src/push/competition/instance.js";
import { makeBoard } from "../../../src/push/competition/search/board/searchboard.js";

const ROOT = new URL("../../..", import.meta.url).pathname;
const LABSOLVE = join(ROOT, "bin/labsolve");
const LABGEN = join(ROOT, "bin/labgen");

/** A labgen instance written to a temporary file. */
function generated(n: number, maxSteps: number, seed: number): string {
  const r = spawnSync(LABGEN, [String(n), String(maxSteps), "--seed", String(seed)], { encoding: "utf8", maxBuffer: 64 << 20 });
  if (r.status !== 0) throw new Error(`labgen failed: ${r.stderr}`);
  const file = join(mkdtempSync(join(tmpdir(), "labyrinth-large-")), `d${n}-${maxSteps}-${seed}.lp`);
  writeFileSync(file, r.stdout);
  return file;
}

interface Ended {
  code: number | null;
  out: string;
  err: string;
  /** seconds from the start of the process (or from the signal, when one was sent) to its end */
  seconds: number;
}

/**
 * CPU seconds the process has used (Linux: /proc/PID/stat, all its threads), or Infinity
 * without /proc. The signal tests wait for CPU time, not wall time: on a loaded machine a
 * process can spend seconds of wall time starting up, and a signal that arrives before
 * labsolve has installed its handlers kills it at once, which would say nothing about
 * whether the search hears signals.
 */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Infinity;
  }
}

/**
 * Runs labsolve; sends `signal` once it has used `after` seconds of CPU, when given.
 * Kills it after 60 s.
 */
function run(args: string[], signal?: NodeJS.Signals, after = 0): Promise<Ended> {
  return new Promise((resolve) => {
    const child = spawn(LABSOLVE, args, { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (err += d.toString()));
    let from = performance.now();
    const killer = setTimeout(() => child.kill("SIGKILL"), 60_000);
    let sender: NodeJS.Timeout | undefined;
    if (signal) {
      const poll = (): void => {
        sender = cpuSeconds(child.pid!) >= after
          ? setTimeout(() => {
              from = performance.now();
              child.kill(signal);
            }, 0)
          : setTimeout(poll, 50);
      };
      poll();
    }
    child.on("close", (code) => {
      clearTimeout(killer);
      if (sender) clearTimeout(sender);
      resolve({ code, out, err, seconds: (performance.now() - from) / 1000 });
    });
  });
}

describe("labsolve on boards of 100x100 and up stops at the limit and on signals", { timeout: 90_000 }, () => {
  let d100: string;
  let d128: string;
  beforeAll(() => {
    d100 = generated(100, 20, 2);
    d128 = generated(128, 128, 1);
  });

  it.each([
    ["plain", []],
    ["--any", ["--any"]],
    ["--threads 1 --memory 0", ["--threads", "1", "--memory", "0"]],
  ])("100x100, %s, --time-limit 2: ends within 10 s, interrupted by the time limit", async (_, extra) => {
    const r = await run([...extra, "--time-limit", "2", d100]);
    expect(r.seconds).toBeLessThan(12);
    expect(r.out).toContain("% interrupted: time limit");
    expect([1, 11]).toContain(r.code);
  });

  it.each([
    ["SIGTERM", "--any"],
    ["SIGINT", "--threads"],
  ] as const)("128x128: %s after 2 s of CPU ends it within 10 s", async (signal, mode) => {
    const r = await run([...(mode === "--any" ? ["--any"] : ["--threads", "1"]), d128], signal, 2);
    expect(r.seconds).toBeLessThan(10);
    expect(r.out).toContain(`% interrupted: ${signal}`);
  });
});

describe("the beam's score on wide boards", { timeout: 60_000 }, () => {
  it("is the fewest Manhattan steps between R and the goal's component, as a plain pairwise count says, on 40x40 to 70x70", () => {
    for (const [n, seed] of [
      [40, 1],
      [57, 2],
      [70, 3],
    ]) {
      const file = generated(n, 30, seed);
      const { instance } = readInstance(spawnSync("cat", [file], { encoding: "utf8", maxBuffer: 64 << 20 }).stdout, file);
      const board = makeBoard(n);
      const s = new Int32Array(3 * board.stride);
      board.load(instance, s, 0);
      let checked = 0;
      for (let k = 0; k < 60; k++) {
        board.applyPush(s, 0, (k * 37 + seed) % (4 * n));
        board.walk(s, 0);
        board.goalComponent(s, 0, board.stride);
        const reach: [number, number][] = [];
        const comp: [number, number][] = [];
        for (let r = 0; r < n; r++)
          for (let c = 0; c < n; c++) {
            if (board.reaches(s, 0, r, c)) reach.push([r, c]);
            if (board.reaches(s, board.stride, r, c)) comp.push([r, c]);
          }
        let nearest = Infinity;
        for (const [a, b] of reach) for (const [c, d] of comp) nearest = Math.min(nearest, Math.abs(a - c) + Math.abs(b - d));
        const gap = board.gap(s, 0, board.stride, 2 * board.stride);
        expect(gap, `n ${n}, push ${k}`).toBe(nearest * 4096 - reach.length - comp.length);
        checked++;
      }
      expect(checked).toBe(60);
    }
  });
});
