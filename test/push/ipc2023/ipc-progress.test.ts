/**
 * The IPC 2023 planner's progress line (src/push/ipc2023/progress-line.ts): on a terminal,
 * `cost C | R nodes/s | [LOWER;UPPER] | TIME` redrawn in place at each bound settled, each
 * plan found and every 250 ms of the exact search; nothing of it when the reporter is no
 * terminal. Through the built library's solve (the planner's worker threads are compiled
 * JavaScript) with a fake terminal, one thread and two, and through bin/labsolve plan in a
 * real pseudo-terminal (util-linux `script`). The optimum the bounds are held against is
 * labsolve plan --threads 1's (no line drawn), on the IPC's p20 (../shared, skipped when
 * absent; its stored plan, the generator's, bounds it) and on a generated task.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type * as Library from "../../../src/library.js";

const ROOT = new URL("../../..", import.meta.url).pathname;
const bin = (name: string): string => join(ROOT, "bin", name);
const SHARED = join(ROOT, "..", "shared", "ipc2023-labyrinth", "opt");
const dir = mkdtempSync(join(tmpdir(), "ipc-progress-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** labgen's output, written to dir/NAME. */
function labgen(name: string, ...args: string[]): string {
  const r = spawnSync(bin("labgen"), args, { encoding: "utf8" });
  if (r.status !== 0) throw new Error(`labgen ${args.join(" ")}: ${r.stderr}`);
  writeFileSync(join(dir, name), r.stdout);
  return join(dir, name);
}
const DOMAIN = labgen("domain.pddl", "5", "--rules", "ipc2023", "--domain", "--seed", "1");
/**
 * 14x14 with 28 pushes, seed 1: bounds 26 to 31 settled one by one, and with two threads a plan
 * of 33, then 31 (ipc-parallel.test.ts), before the proof (about 1.5 s, 2026-12)
 */
const GENERATED = labgen("p14-1-28.pddl", "14", "--rules", "ipc2023", "--seed", "1", "--rotations", "28");

/** The plan cost labsolve plan --threads 1 proves. */
function provenCost(domain: string, problem: string): number {
  const r = spawnSync(bin("labsolve"), ["plan", "--threads", "1", domain, problem], { encoding: "utf8" });
  expect(r.status).toBe(30);
  return Number(/^; cost = (\d+)/m.exec(r.stdout)![1]);
}

/** One progress line as drawn: carriage return, the text, clear to the end of the line. */
const LINE = /\r(cost (\d+) \| [\d.]+[kMG]? nodes\/s \| \[(\d+);(\d+|\?)\] \| \d+:\d\d)\x1b\[K/g;

/** The lines' bounds rise, and so do their lower bounds, never past the optimum nor the bound; an upper bound, when known, is a plan's cost: at least the optimum. */
function expectRising(lines: RegExpMatchArray[], optimum: number): void {
  expect(lines.length).toBeGreaterThan(1);
  const bounds = lines.map((l) => Number(l[2]));
  const lowers = lines.map((l) => Number(l[3]));
  expect(bounds).toEqual([...bounds].sort((a, b) => a - b));
  expect(lowers).toEqual([...lowers].sort((a, b) => a - b));
  expect(new Set(bounds).size).toBeGreaterThan(1);
  for (const [, , bound, lower, upper] of lines) {
    expect(Number(lower)).toBeLessThanOrEqual(Math.min(optimum, Number(bound)));
    if (upper !== "?") expect(Number(upper)).toBeGreaterThanOrEqual(optimum);
  }
}

/** The built library's solve on a planning task with a reporter; what it wrote. */
async function solveWith(domain: string, problem: string, threads: number, isTTY: boolean): Promise<{ written: string[]; fewest: number | null }> {
  const built = (await import(join(ROOT, "dist/src/library.js"))) as typeof Library;
  const written: string[] = [];
  const [d, p] = [domain, problem].map((f) => ({ text: readFileSync(f, "utf8"), name: f }));
  const outcome = await built.solve(built.readPlanningInstance(d, p), { threads, reporter: { isTTY, columns: 120, write: (s: string) => written.push(s) } });
  return { written, fewest: outcome.fewest };
}

const hasScript = spawnSync("script", ["--version"], { encoding: "utf8" }).status === 0;
const P20 = join(SHARED, "p20.pddl");

describe("the IPC planner's progress line", () => {
  it.skipIf(!existsSync(P20))("p20, one thread: the library's solve on a terminal draws the bounds up to the optimum, never past it, and clears the line", async () => {
    const optimum = provenCost(join(SHARED, "domain.pddl"), P20);
    // the generator's plan stored with the problem (not optimal) bounds it from above: its actions' costs (`;; cost: N`)
    const stored = [...readFileSync(join(SHARED, "p20.plan"), "utf8").matchAll(/;; cost: (\d+)/g)].reduce((sum, m) => sum + Number(m[1]), 0);
    expect(optimum).toBeLessThanOrEqual(stored);
    const { written, fewest } = await solveWith(join(SHARED, "domain.pddl"), P20, 1, true);
    expect(fewest).toBe(optimum);
    const all = written.join("");
    const lines = [...all.matchAll(LINE)];
    expectRising(lines, optimum);
    // alone, the bound being searched is proven: each line's lower bound is its bound
    for (const l of lines) expect(l[3]).toBe(l[2]);
    expect(lines.at(-1)![2]).toBe(String(optimum));
    expect(all.replace(LINE, "").replace(/\r\x1b\[K/g, "")).toBe("");
    expect(written.at(-1)).toBe("\r\x1b[K");
  }, 60_000);

  it("a generated 14x14 task, two threads: bounds rise, a plan's cost shows as the upper bound before the proof", async () => {
    const optimum = provenCost(DOMAIN, GENERATED);
    const { written, fewest } = await solveWith(DOMAIN, GENERATED, 2, true);
    expect(fewest).toBe(optimum);
    const lines = [...written.join("").matchAll(LINE)];
    expectRising(lines, optimum);
    expect(lines.some((l) => l[4] !== "?")).toBe(true);
    expect(written.at(-1)).toBe("\r\x1b[K");
  }, 60_000);

  it("nothing is written when the reporter is no terminal", async () => {
    for (const threads of [1, 2]) {
      const { written, fewest } = await solveWith(DOMAIN, GENERATED, threads, false);
      expect(fewest).not.toBeNull();
      expect(written).toEqual([]);
    }
  }, 60_000);

  it.skipIf(!hasScript)("labsolve plan in a pseudo-terminal: the lines, cleared before each --stats line and the plan", () => {
    const optimum = provenCost(DOMAIN, GENERATED);
    for (const threads of ["1", "2"]) {
      const r = spawnSync("script", ["-qfec", `${bin("labsolve")} plan --stats --threads ${threads} ${DOMAIN} ${GENERATED}`, "/dev/null"], { encoding: "utf8", timeout: 50_000 });
      expect(r.status).toBe(30);
      expectRising([...r.stdout.matchAll(LINE)], optimum);
      // a line drawn is cleared before the text after it: never a --stats line or the plan right after the line's end
      expect(r.stdout).not.toMatch(/[^\r]\x1b\[K[%(;]/);
      expect(r.stdout).toMatch(/\r\x1b\[K% no plan of cost <= \d+/);
      expect(r.stdout).toMatch(new RegExp(`^; cost = ${optimum} `, "m"));
    }
  }, 60_000);
});
