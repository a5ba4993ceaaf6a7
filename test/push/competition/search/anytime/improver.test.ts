/**
 * The improver thread (src/push/competition/search/anytime/improver.ts, built into dist/ by
 * `npm test`'s pretest): its beams held to one push fewer than the best answer find a
 * shorter answer with a wider beam, post nothing when the best is already the fewest, and
 * start a beam only within their share of the time.
 *
 * The board: labgen's random 10x10, seed 5, max_steps 10. Its fewest pushes (5) come from
 * the exact search (src/push/competition/search/exact/engine.ts, no beam in it); a beam of width 64 with the whole horizon,
 * shortened, answers 6, one of width 256 held to 5 pushes finds none, one of width 1024
 * finds 5 (measured when this test was written; the test needs only that the widths
 * given find a shorter answer than 6).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { afterAll, describe, expect, it } from "vitest";
import { generate, toFacts } from "../../../../../src/push/competition/generate.js";
import { instanceFromData } from "../../../../../src/push/competition/instance.js";
import { solve } from "../../../../../src/push/competition/search/exact/engine.js";
import { mirroredBeam } from "../../../../../src/push/competition/search/anytime/symmetry.js";
import { runBin } from "../../../../helpers/bin.js";

const ROOT = new URL("../../../../..", import.meta.url).pathname;
const IMPROVER = join(ROOT, "dist/src/push/competition/search/anytime/improver.js");
const dir = mkdtempSync(join(tmpdir(), "labsolve-improver-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const data = generate(10, 10, 5, "random");
const file = join(dir, "g10.lp");
writeFileSync(file, toFacts(data));

interface Pushes {
  line: number;
  dir: string;
}

/** Runs the improver until it says done (or `stopAfterMs`, when the stop flag is set); returns the answers it posted. */
function improve(best: number, tight: { widths: number[]; symmetries: number[]; share: number }, stopAfterMs?: number): Promise<Pushes[][]> {
  return new Promise((resolve, reject) => {
    const stop = new SharedArrayBuffer(4);
    const w = new Worker(IMPROVER, { workerData: { instance: { ...data, file }, maxSteps: 10, beams: [], tight, best, stop } });
    const posted: Pushes[][] = [];
    const timer = stopAfterMs === undefined ? undefined : setTimeout(() => Atomics.store(new Int32Array(stop), 0, 1), stopAfterMs);
    w.on("message", (m: { kind: string; pushes?: Pushes[] }) => {
      if (m.kind === "better" && m.pushes) posted.push(m.pushes);
      if (m.kind === "done") {
        clearTimeout(timer);
        void w.terminate();
        resolve(posted);
      }
    });
    w.on("error", reject);
  });
}

/** labcheck's verdict on an answer (the independent referee). */
function check(pushes: Pushes[]): string {
  const witness = join(dir, "witness.lp");
  writeFileSync(witness, pushes.map((p, i) => `push(${p.line},${p.dir},${i + 1}).`).join(" ") + "\n");
  const r = runBin("labcheck", [file, witness]);
  return r.out;
}

describe("the improver's beams held below the best answer", () => {
  const fewest = solve(instanceFromData(data, file), { maxSteps: 10 }).solutions[0]?.length;

  it("the board needs 5 pushes (the exact search); width 256 held to 5 pushes finds none", () => {
    expect(fewest).toBe(5);
    // what the share test below rests on: the first beam finds nothing, so only the second could post
    expect(mirroredBeam(instanceFromData(data, file), { width: 256, symmetry: 0 }, { maxSteps: 5 }).solution).toBeUndefined();
  });

  it("a wider beam held to best - 1 pushes posts a shorter answer, valid by labcheck", async () => {
    const posted = await improve(6, { widths: [256, 1024], symmetries: [0], share: 1 });
    expect(posted).toHaveLength(1);
    expect(posted[0]).toHaveLength(5);
    expect(check(posted[0])).toContain("valid: 5 pushes");
  }, 60_000);

  it("posts nothing when the best is the fewest", async () => {
    expect(await improve(fewest ?? 0, { widths: [256, 1024, 4096], symmetries: [0, 3], share: 1 })).toEqual([]);
  }, 60_000);

  it("waits for its share of the time: with a tiny share the wider beam never starts, and a stop ends the wait", async () => {
    const t0 = performance.now();
    const posted = await improve(6, { widths: [256, 1024], symmetries: [0], share: 1e-6 }, 1000);
    expect(posted).toEqual([]);
    expect(performance.now() - t0).toBeLessThan(30_000);
  }, 60_000);
});
