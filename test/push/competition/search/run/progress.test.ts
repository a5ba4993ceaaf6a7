/**
 * labsolve's progress line (src/core/status-line.ts, RunOptions.onProgress): on a terminal,
 * one line on stderr redrawn in place with the depth, nodes per second, the bounds
 * [L;U], the time and the share of the depth's first pushes done (weighed by the states
 * each took at the depth before, once that depth is known unit by unit); nothing of it
 * when stderr is a pipe. The terminal is a real pseudo-terminal (util-linux `script`).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { StatusLine, formatElapsed, formatProgress } from "../../../../../src/core/status-line.js";
import { generate, toFacts } from "../../../../../src/push/competition/generate.js";
import { ProgressTicker } from "../../../../../src/push/competition/search/run/progress-ticker.js";

const ROOT = new URL("../../../../..", import.meta.url).pathname;
const BIN = join(ROOT, "bin/labsolve");
const dir = mkdtempSync(join(tmpdir(), "labsolve-progress-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
/**
 * An 18x18 instance whose proof takes seconds: fewest pushes 6, depth 5 about 6.5 million states. On
 * this 2-core machine (2026-11) depth 5 takes about 1.7 s and depth 6 about 6 s on 2 threads, so a
 * machine several times faster still draws many lines. (Seed 8 with max_steps 7, used before, became a
 * 0.8 s proof as the search got faster, and a faster CI machine drew only two lines.)
 */
const instance = join(dir, "g18.lp");
writeFileSync(instance, toFacts(generate(18, 8, 12, "random")));
/** A quick 18x18 instance (under a second) for the pipe test, where only the absence of lines is checked. */
const quick = join(dir, "g18-quick.lp");
writeFileSync(quick, toFacts(generate(18, 7, 8, "random")));

const hasScript = spawnSync("script", ["--version"], { encoding: "utf8" }).status === 0;
if (!hasScript) console.warn("progress.test.ts: util-linux `script` is not installed: the pseudo-terminal test skips");

/** One progress line as drawn: carriage return, the text, clear to the end of the line. */
const LINE = /\r(depth (\d+) \| [\d.]+[kMG]? nodes\/s \| \[(\d+);(\d+|\?)\] \| \d+:\d\d(?: \| (\d+)\/(\d+) first pushes \((?:(\d+)%|~(\d+)% of states)\))?)\x1b\[K/g;

describe("the progress line", () => {
  it.skipIf(!hasScript)("is drawn in place on a terminal: depth, nodes/s, [L;U], time, first pushes done; cleared before the answer", () => {
    const r = spawnSync("script", ["-qfec", `${BIN} --threads 2 ${instance}`, "/dev/null"], { encoding: "utf8", timeout: 50_000 });
    expect(r.status).toBe(30);
    const lines = [...r.stdout.matchAll(LINE)];
    expect(lines.length, r.stdout).toBeGreaterThan(2);
    for (const [, , depth, lower, upper, done, total, percent, weighted] of lines) {
      expect(Number(depth)).toBe(Number(lower));
      if (upper !== "?") expect(Number(upper)).toBeGreaterThanOrEqual(Number(lower));
      if (total !== undefined) {
        expect(Number(total)).toBe(4 * 18);
        expect(Number(done)).toBeLessThanOrEqual(Number(total));
        if (percent !== undefined) expect(Number(percent)).toBe(Math.floor((100 * Number(done)) / Number(total)));
        else expect(Number(weighted)).toBeLessThanOrEqual(100);
      }
    }
    // from the second depth of the depth-first search on, the share is weighed by the states
    // of the depth before; it grows with the first pushes done and ends at most at 100%
    const weighed = lines.filter((l) => l[8] !== undefined);
    expect(weighed.length, r.stdout).toBeGreaterThan(0);
    for (const depth of new Set(weighed.map((l) => l[2]))) {
      const shares = weighed.filter((l) => l[2] === depth).map((l) => Number(l[8]));
      expect(shares).toEqual([...shares].sort((a, b) => a - b));
    }
    // the share of a depth grows while it is searched (checked on every depth drawn more than once,
    // and there is at least one), the lower bound never falls
    let drawnTwice = 0;
    for (const depth of new Set(lines.map((l) => l[2]))) {
      const shares = lines.filter((l) => l[2] === depth && l[5] !== undefined).map((l) => Number(l[5]));
      if (shares.length > 1) drawnTwice++;
      expect(shares).toEqual([...shares].sort((a, b) => a - b));
    }
    expect(drawnTwice, r.stdout).toBeGreaterThan(0);
    const lowers = lines.map((l) => Number(l[3]));
    expect(lowers).toEqual([...lowers].sort((a, b) => a - b));
    // the line is cleared, then the answer printed on lines of its own
    expect(r.stdout).toMatch(/\x1b\[K\r\x1b\[KANSWER\r?\npush\(\d+,[ewns],1\)\./);
  }, 60_000);

  it("is not written at all when stderr is a pipe", () => {
    const r = spawnSync(BIN, ["--threads", "2", quick], { encoding: "utf8" });
    expect(r.status).toBe(30);
    expect(r.stderr).toBe("");
    expect(r.stdout).toMatch(/^ANSWER\npush\(/);
    expect(r.stdout).not.toMatch(/[\r\x1b]/);
  });

  it("StatusLine writes only to a terminal, cuts the line to its width, and clears only what it drew", () => {
    const written: string[] = [];
    const pipe = new StatusLine({ isTTY: false, columns: 80, write: (s: string) => written.push(s) });
    pipe.draw("depth 3");
    pipe.clear();
    expect(written).toEqual([]);
    const tty = new StatusLine({ isTTY: true, columns: 21, write: (s: string) => written.push(s) });
    tty.clear();
    expect(written).toEqual([]);
    tty.draw(formatProgress({ depth: 7, nodes: 0, seconds: 3725, lower: 7, upper: undefined, share: { done: 35, total: 76, unit: "first pushes" } }, 1_234_567));
    tty.clear();
    tty.clear();
    expect(written).toEqual(["\rdepth 7 | 1.23M node\x1b[K", "\r\x1b[K"]);
    expect(formatProgress({ depth: 7, nodes: 0, seconds: 3725, lower: 7, upper: 9, share: { done: 35, total: 76, unit: "first pushes" } }, 950)).toBe(
      "depth 7 | 950 nodes/s | [7;9] | 1:02:05 | 35/76 first pushes (46%)",
    );
    // a checkpointed run's deep depths are shared in pairs of a first and a second push
    expect(formatProgress({ depth: 8, nodes: 0, seconds: 59, lower: 8, upper: 9, share: { done: 1444, total: 5776, unit: "pairs" } }, 7_300_000)).toBe(
      "depth 8 | 7.30M nodes/s | [8;9] | 0:59 | 1444/5776 pairs (25%)",
    );
    // where the depth before is known unit by unit, the share of its states replaces the units'
    expect(formatProgress({ depth: 8, nodes: 0, seconds: 3725, lower: 8, upper: 9, share: { done: 1444, total: 5776, unit: "pairs", weighted: 0.3149 } }, 7_300_000)).toBe(
      "depth 8 | 7.30M nodes/s | [8;9] | 1:02:05 | 1444/5776 pairs (~31% of states)",
    );
    expect(formatElapsed(59.9)).toBe("0:59");
  });
});

describe("the share of a depth's states done (ProgressTicker)", () => {
  /** A ticker that never reports by itself, searching `depth` (the depths below it finished). */
  const ticker = (depth: number, moves: number, pairsFrom: number | undefined, done: Record<string, number[]> = {}, states: Record<string, Record<string, number>> = {}): ProgressTicker => {
    const t = new ProgressTicker(() => undefined, { lower: () => depth, upper: () => undefined, mainNodes: () => 0 }, moves, 0, done, pairsFrom, states, 0);
    t.searchStarted();
    return t;
  };

  it("a first push weighs the states it took at the depth before", () => {
    const t = ticker(5, 8, undefined);
    // depth 4: first pushes 0, 3 and 5 took 600, 300 and 100 states (the others were cut)
    t.rootDone(4, 0, 600);
    t.rootDone(4, 3, 300);
    t.rootDone(4, 5, 100);
    expect(t.figures().share).toEqual({ done: 0, total: 8, unit: "first pushes", weighted: 0 });
    t.rootDone(5, 3, 9000);
    t.rootDone(5, 7, 10);
    expect(t.figures().share).toEqual({ done: 2, total: 8, unit: "first pushes", weighted: 0.3 });
    t.rootDone(5, 0, 1);
    expect(t.figures().share?.weighted).toBeCloseTo(0.9, 12);
    t.stop();
  });

  it("a pair weighs 1/4N of its first push's states when the depth before had first pushes, else its own", () => {
    const split = ticker(5, 4, 5);
    split.rootDone(4, 1, 300);
    split.rootDone(4, 2, 100);
    // all of first push 2's pairs and half of first push 1's: (100 + 150) / 400
    for (const m1 of [0, 1, 2, 3]) split.rootDone(5, 2 * 4 + m1, 1);
    for (const m1 of [0, 3]) split.rootDone(5, 1 * 4 + m1, 1);
    expect(split.figures().share).toEqual({ done: 6, total: 16, unit: "pairs", weighted: 0.625 });
    split.stop();
    const own = ticker(6, 4, 5);
    own.rootDone(5, 5, 30);
    own.rootDone(5, 6, 10);
    own.rootDone(6, 6, 5);
    expect(own.figures().share?.weighted).toBeCloseTo(0.25, 12);
    own.stop();
  });

  it("a checkpoint's states serve the same way; a depth before with a unit done but not counted gives no weights", () => {
    const resumed = ticker(6, 4, 5, { "6": [5] }, { "5": { "5": 30, "6": 10 } });
    expect(resumed.figures().share).toEqual({ done: 1, total: 16, unit: "pairs", weighted: 0.75 });
    resumed.stop();
    // depth 5 was resumed from a checkpoint without states: its pair 2 was done but not counted
    const partial = ticker(6, 4, 5, { "5": [2] });
    partial.rootDone(5, 5, 30);
    partial.rootDone(6, 5, 1);
    expect(partial.figures().share).toEqual({ done: 1, total: 16, unit: "pairs" });
    partial.stop();
  });
});
