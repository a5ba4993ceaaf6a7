/**
 * `labsolve --any`'s schedule of beams (src/push/competition/search/anytime/any-schedule.ts):
 * on a miss a thread widens its beam (the two threads' ladders interleaved), and only
 * once an answer is known does it try other mirror images. Measured in states, not
 * seconds: the states each thread's beams make before its first answer, on the two boards
 * where a beam of width 64 misses (0238 of the competition's public set, 21x21, in
 * ../shared; and labgen 22 22 --style maze --seed 41, the one of 200 generated boards of
 * 19x19 to 22x22 where width 64 missed).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import { readInstance, type Instance } from "../src/push/competition/instance.js";
import { ANY_HELPER, ANY_MAIN, nextBeam, type AnyThreadBeams, type BeamsRun } from "../src/push/competition/search/anytime/any-schedule.js";
import { mirroredBeam, mirroredBeamSteps, type BeamRun } from "../src/push/competition/search/anytime/symmetry.js";
import { runYielding } from "../src/push/competition/search/anytime/yielding.js";
import type { ImproverInput, ImproverMessage } from "../src/push/competition/search/anytime/improver.js";
import { shorten } from "../src/push/competition/search/anytime/improve.js";
import type { Push } from "../src/push/competition/board.js";

const ROOT = new URL("..", import.meta.url).pathname;
const B0238 = join(ROOT, "..", "shared", "instances", "extra", "0238-labyrinth-22-0.asp");
/** 19x19; its fewest pushes are more than 5, so with `--max-steps 5` there is no answer. */
const B0151 = join(ROOT, "..", "shared", "instances", "aspcomp2013", "0151-labyrinth-19-0.asp");
const present = existsSync(B0238);
/** The helper thread as built (dist/, by the build before the tests). */
const IMPROVER = join(ROOT, "dist/src/push/competition/search/anytime/improver.js");

/**
 * Runs the helper thread of `--any` on a board with the given beams and no answer known
 * elsewhere, until it says done; returns the answers it posted, in order.
 */
function helperPosts(file: string, instance: Instance, beams: AnyThreadBeams): Promise<Push[][]> {
  const data = { file, size: instance.size, tiles: instance.board.tiles, init: instance.init, goal: instance.goal, maxSteps: instance.maxSteps };
  const input: ImproverInput = {
    instance: data,
    maxSteps: instance.maxSteps,
    beams: [],
    schedule: { beams, known: new SharedArrayBuffer(8) },
    best: instance.maxSteps + 1,
    stop: new SharedArrayBuffer(4),
  };
  return new Promise((resolve, reject) => {
    const w = new Worker(IMPROVER, { workerData: input });
    const posted: Push[][] = [];
    w.on("message", (m: ImproverMessage) => {
      if (m.kind === "better") posted.push(m.pushes);
      if (m.kind === "done") {
        void w.terminate();
        resolve(posted);
      }
    });
    w.on("error", reject);
  });
}

/** The generated board of 22x22 where width 64 misses. */
function generated(): { text: string; instance: Instance } {
  const r = spawnSync(join(ROOT, "bin/labgen"), ["22", "22", "--style", "maze", "--seed", "41"], { encoding: "utf8" });
  expect(r.status).toBe(0);
  return { text: r.stdout, instance: readInstance(r.stdout, "labgen-22-41.asp").instance };
}

/** The schedule before: per thread one list, another mirror image of the same width after a miss. */
const OLD_MAIN: BeamRun[] = [
  { width: 64, symmetry: 2 },
  { width: 64, symmetry: 0 },
  { width: 128, symmetry: 0 },
  { width: 128, symmetry: 4 },
  { width: 256, symmetry: 0 },
];
const OLD_HELPER: BeamRun[] = [
  { width: 64, symmetry: 1 },
  { width: 64, symmetry: 3 },
  { width: 128, symmetry: 1 },
];

/**
 * States a thread's beams make until one answers, the thread alone (no answer from the
 * other thread): its schedule as nextBeam gives it, each beam run by the plain beam
 * (yielding, so that the test's worker stays responsive). Infinity when none answers
 * within `cap` states (a beam is cut once the count passes it: it polls every few children).
 */
async function statesToAnswer(instance: Instance, beams: AnyThreadBeams, cap: number): Promise<number> {
  const done: BeamsRun = { runs: [] };
  let states = 0;
  for (let run = nextBeam(beams, done, false); run !== undefined; run = nextBeam(beams, done, false)) {
    let polls = 0;
    const shouldStop = (): boolean => states + 16 * ++polls > cap;
    const beam = await runYielding(mirroredBeamSteps(instance, run, { maxSteps: instance.maxSteps, shouldStop }));
    states += beam.nodes;
    done.runs.push({ run, answered: beam.solution !== undefined });
    if (beam.solution !== undefined) {
      expect(beam.solution.length).toBeLessThanOrEqual(instance.maxSteps);
      return states;
    }
    if (states > cap) return Infinity;
  }
  return Infinity;
}

describe("the schedule of --any", () => {
  it("climbs: while no answer is known each thread's next beam is wider than all it ran, and the two ladders together double the width", () => {
    for (const beams of [ANY_MAIN, ANY_HELPER]) {
      const done: BeamsRun = { runs: [] };
      let widest = 0;
      for (let run = nextBeam(beams, done, false); run !== undefined; run = nextBeam(beams, done, false)) {
        expect(run.width).toBeGreaterThan(widest);
        widest = run.width;
        done.runs.push({ run, answered: false });
      }
      expect(done.runs.length).toBe(beams.ladder.length);
    }
    const widths = [...ANY_MAIN.ladder, ...ANY_HELPER.ladder].map((r) => r.width).sort((a, b) => a - b);
    widths.forEach((w, i) => expect(w).toBe(widths[0] * 2 ** i));
    // the main thread's first beam is one width above the helper's (it starts first)
    expect(ANY_MAIN.ladder[0].width).toBe(2 * ANY_HELPER.ladder[0].width);
  });

  it("improves once an answer is known: other images, never a width not above one that missed on the thread", () => {
    for (const beams of [ANY_MAIN, ANY_HELPER]) {
      const done: BeamsRun = { runs: [{ run: beams.ladder[0], answered: false }] };
      const seen: BeamRun[] = [];
      for (let run = nextBeam(beams, done, true); run !== undefined; run = nextBeam(beams, done, true)) {
        expect(run.width).toBeGreaterThan(beams.ladder[0].width);
        seen.push(run);
        done.runs.push({ run, answered: true });
      }
      expect(seen.length).toBeGreaterThan(0);
    }
    // after an answer at the narrowest first width, that width's other images are tried
    const answered: BeamsRun = { runs: [{ run: ANY_HELPER.ladder[0], answered: true }] };
    expect(nextBeam(ANY_HELPER, answered, true)?.width).toBe(ANY_HELPER.ladder[0].width);
  });

  it.skipIf(!present)(
    "0238 and the generated board where width 64 misses: a thread answers within the states of the width-64 miss and one width-128 beam (the schedule before, on 0238: after 3 beams)",
    async () => {
      const boards = [readInstance(readFileSync(B0238, "utf8"), B0238).instance, generated().instance];
      for (const instance of boards) {
        const miss = mirroredBeam(instance, ANY_HELPER.ladder[0], { maxSteps: instance.maxSteps });
        expect(miss.solution, "width 64 misses").toBeUndefined();
        const wide = mirroredBeam(instance, { width: 128, symmetry: 0 }, { maxSteps: instance.maxSteps });
        expect(wide.solution).toBeDefined();
        const bound = miss.nodes + 1.1 * wide.nodes;
        const first = Math.min(await statesToAnswer(instance, ANY_HELPER, bound), await statesToAnswer(instance, ANY_MAIN, bound));
        expect(first).toBeLessThanOrEqual(bound);
        // and it is the main thread's first beam, the one that starts first (the helper
        // starts a worker thread first)
        expect(mirroredBeam(instance, ANY_MAIN.ladder[0], { maxSteps: instance.maxSteps }).solution).toBeDefined();
        // the same measure fails the schedule before on 0238, where every image of width 64
        // misses (on the generated board its second image of width 64 answered)
        if (instance === boards[0]) {
          for (const list of [OLD_MAIN, OLD_HELPER]) expect(await statesToAnswer(instance, { ladder: list, improve: [] }, bound)).toBe(Infinity);
        }
      }
    },
    120_000,
  );

  it.skipIf(!present || !existsSync(IMPROVER))(
    "the helper posts a beam's answer as the beam found it, before shortening it, then each shorter one (0238: the shortening takes a fifth of a second)",
    async () => {
      const instance = readInstance(readFileSync(B0238, "utf8"), B0238).instance;
      const run: BeamRun = { width: 128, symmetry: 1 };
      // the beam alone, in this thread: the raw answer, and what shortening makes of it
      const raw = mirroredBeam(instance, run, { maxSteps: instance.maxSteps }).solution;
      expect(raw).toBeDefined();
      const short = shorten(instance, raw!);
      expect(short.length, "the shortening shortens it (else the order cannot be seen)").toBeLessThan(raw!.length);
      const posted = await helperPosts(B0238, instance, { ladder: [run], improve: [] });
      // first the raw answer, then shorter ones down to the shortening's end
      expect(posted[0]).toEqual(raw);
      expect(posted.length).toBeGreaterThanOrEqual(2);
      for (let i = 1; i < posted.length; i++) expect(posted[i].length).toBeLessThan(posted[i - 1].length);
      expect(posted[posted.length - 1].length).toBe(short.length);
    },
    120_000,
  );

  it.skipIf(!present)("labsolve --any answers them within max_steps (exit 10 or 30) and labcheck accepts the answers", () => {
    const gen = generated();
    const genFile = join(mkdtempSync(join(tmpdir(), "any-")), "0041-labyrinth-23-0.asp");
    writeFileSync(genFile, gen.text);
    for (const [file, maxSteps] of [
      [B0238, 21],
      [genFile, 22],
    ] as const) {
      const solved = spawnSync(join(ROOT, "bin/labsolve"), ["--any", "--time-limit", "30", file], { encoding: "utf8" });
      expect([10, 30], file).toContain(solved.status);
      expect((solved.stdout.match(/push\(/g) ?? []).length).toBeLessThanOrEqual(maxSteps);
      const checked = spawnSync(join(ROOT, "bin/labcheck"), ["10", file], { input: solved.stdout, encoding: "utf8" });
      expect(checked.stdout, file).toBe("OK\n");
    }
  }, 120_000);

  it.skipIf(!existsSync(B0151))(
    "no answer within the horizon (0151, --max-steps 5): exit 20, the exact search searched every depth, and it started before the main thread's ladder ran to its end",
    () => {
      const instance = readInstance(readFileSync(B0151, "utf8"), B0151).instance;
      // the main thread's ladder run to its end: every rung misses
      let ladder = 0;
      for (const run of ANY_MAIN.ladder) {
        const beam = mirroredBeam(instance, run, { maxSteps: 5 });
        expect(beam.solution).toBeUndefined();
        ladder += beam.nodes;
      }
      const r = spawnSync(join(ROOT, "bin/labsolve"), ["--any", "--stats", "--max-steps", "5", B0151], { encoding: "utf8" });
      expect(r.status, r.stderr).toBe(20);
      expect(r.stdout).toContain("INCONSISTENT");
      const out = r.stdout + r.stderr;
      const total = Number(/total: (\d+) nodes, depth reached (\d+)/.exec(out)?.[1]);
      expect(/depth reached (\d+)/.exec(out)?.[1]).toBe("5");
      // the exact search's states, depth by depth (1 to 5)
      const depths = [...out.matchAll(/% depth (\d+): (\d+) nodes/g)].map((m) => [Number(m[1]), Number(m[2])]);
      expect(depths.map((d) => d[0])).toEqual([0, 1, 2, 3, 4, 5]);
      const exact = depths.reduce((a, d) => a + d[1], 0);
      expect(exact).toBeGreaterThan(0);
      // the schedule before ran the whole ladder first, then the exact search: at least
      // both; now the exact search starts after the first rungs and the ladder is cut
      // short when it ends
      expect(total).toBeLessThan(ladder + exact);
    },
    120_000,
  );
});
