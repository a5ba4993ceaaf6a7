/**
 * How much of a depth a checkpoint's done units stand for (scripts/done-share.ts), and scripts/proof-estimate.ts end to end on the committed checkpoint of
 * 0207's proof (needs ../shared for the instance: skipped without it).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { prng } from "../../../../../src/core/random.js";
import { coverage, describeCoverage, weightedShare } from "../../../../../scripts/done-share.js";

const ROOT = new URL("../../../../..", import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), "labyrinth-done-share-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("done units weighed by their first push", () => {
  it("a whole first push counts its weight, a pair 1/4N of it, a repeated unit once", () => {
    // 4N = 2, weights 3 and 1: first push 0 is 3/4 of the depth
    expect(weightedShare(coverage([0, 1], 2, true), [3, 1])).toBeCloseTo(0.75, 12);
    expect(weightedShare(coverage([2, 2], 2, true), [3, 1])).toBeCloseTo(0.125, 12);
    expect(weightedShare(coverage([1], 2, false), [3, 1])).toBeCloseTo(0.25, 12);
    expect(weightedShare(coverage([0, 1, 2, 3], 2, true), [3, 1])).toBe(1);
  });

  it("agrees with a sum over the pairs, each weighing its first push's weight over 4N, on random sets", () => {
    const next = prng(21);
    for (let trial = 0; trial < 200; trial++) {
      const moves = 4 * (1 + Math.floor(next() * 6));
      const weights = Array.from({ length: moves }, () => (next() < 0.1 ? 0 : next() * 5));
      weights[Math.floor(next() * moves)] += 1;
      const units = Array.from({ length: Math.floor(next() * moves * moves) }, () => Math.floor(next() * moves * moves));
      // the reference: every pair's own weight, summed over the distinct pairs done
      const pairWeight = (u: number): number => weights[Math.floor(u / moves)] / moves;
      let all = 0;
      for (let u = 0; u < moves * moves; u++) all += pairWeight(u);
      let done = 0;
      for (const u of new Set(units)) done += pairWeight(u);
      expect(weightedShare(coverage(units, moves, true), weights)).toBeCloseTo(done / all, 9);
    }
  });

  it("names the first pushes done whole as ranges and the ones in part with their pairs", () => {
    const moves = 8;
    const whole = (m: number): number[] => Array.from({ length: moves }, (_, k) => m * moves + k);
    const units = [...whole(0), ...whole(1), ...whole(3), 4 * moves + 5, 7 * moves, 7 * moves + 1];
    expect(describeCoverage(coverage(units, moves, true))).toBe("whole 0-1,3; part 4 (1 of 8), 7 (2 of 8)");
    expect(describeCoverage(coverage([], moves, true))).toBe("whole none; part none");
  });

  it("refuses units outside the depth and weights that do not fit", () => {
    expect(() => coverage([4], 2, true)).toThrow(RangeError);
    expect(() => coverage([2], 2, false)).toThrow(RangeError);
    expect(() => weightedShare(coverage([0], 2, true), [1])).toThrow(RangeError);
    expect(() => weightedShare(coverage([0], 2, true), [0, 0])).toThrow(RangeError);
  });
});

const INSTANCE = join(ROOT, "../shared/instances/aspcomp2013/0207-labyrinth-20-0.asp");
const CHECKPOINT = join(ROOT, "expected/proofs/0207.ckpt");

describe.skipIf(!existsSync(INSTANCE))("scripts/proof-estimate on 0207's committed checkpoint (needs ../shared)", () => {
  // a copy: in a working tree a running proof's sync may replace the file between reads
  const copy = join(dir, "0207.ckpt");
  writeFileSync(copy, readFileSync(CHECKPOINT));
  const data = JSON.parse(readFileSync(copy, "utf8")) as { finished: number; done: Record<string, number[]> };
  const depth = data.finished + 1;
  const pairs = data.done[String(depth)] ?? [];
  const moves = 76;
  let files = 0;
  const run = (shares: number[], checkpoint = copy): ReturnType<typeof spawnSync> => {
    const file = join(dir, `shares-${files++}.txt`);
    writeFileSync(file, `0207-labyrinth-20-0.asp 6:1 1s\nfirst pushes (% of depth 6's states): ${shares.join(" ")}\n`);
    return spawnSync(process.execPath, [join(ROOT, "dist/scripts/proof-estimate.js"), "--shares", file, INSTANCE, checkpoint], { encoding: "utf8" });
  };
  const shareOf = (stdout: string): number => Number(/weighted share done: ([\d.]+)%/.exec(stdout)?.[1]);

  it("with equal weights the share is the pairs done over (4N)^2; with all weight on first push 0, its pairs over 4N", () => {
    const equal = run(Array<number>(moves).fill(1));
    expect(equal.status).toBe(0);
    expect(equal.stdout).toContain(`depth ${depth} `);
    expect(equal.stdout).toContain(`${pairs.length} of ${moves * moves} pairs done`);
    expect(shareOf(String(equal.stdout))).toBeCloseTo((100 * pairs.length) / (moves * moves), 1);
    const first = run([1, ...Array<number>(moves - 1).fill(0)]);
    expect(shareOf(String(first.stdout))).toBeCloseTo((100 * pairs.filter((u) => u < moves).length) / moves, 1);
  });

  it("refuses a shares file of another board size, and a checkpoint that does not exist, with exit 65 and no file made", () => {
    const short = run([1, 2, 3]);
    expect(short.status).toBe(65);
    expect(String(short.stderr)).toMatch(/:2:1: error: expected 76 non-negative shares/);
    const missing = join(dir, "none.ckpt");
    const gone = run(Array<number>(moves).fill(1), missing);
    expect(gone.status).toBe(65);
    expect(String(gone.stderr)).toContain("none.ckpt: error: no such checkpoint");
    expect(existsSync(missing)).toBe(false);
  });
});
