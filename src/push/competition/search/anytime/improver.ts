/**
 * Worker-thread entry that improves the upper bound while the exact search runs
 * (src/push/competition/search/run/run.ts): beams of growing width on the instance seen through the board's
 * symmetries (src/push/competition/search/anytime/symmetry.ts), each solution shortened (src/push/competition/search/anytime/improve.ts); every solution shorter than the ones before is
 * posted as found: a beam's answer as it is, then each step of its shortening. Then, with `tight`, wider beams held to one push fewer than the best
 * answer known: a beam's layers do not depend on its horizon, so the layers past best - 1
 * could only give a longer answer, and are not made. Each is started only while the time
 * spent in them stays within a share of the time since they began (the improver shares
 * the cores with the exact search); their cost is bounded by the widest. A shorter answer
 * can spare a proof a whole depth: the deepening accepts a known answer at its length
 * without searching that depth (0083: a beam of width 65,536 found 9 pushes, where the
 * narrower ones had found 10, so its proof needs depth 8 and not 9).
 * Under `--any` (`schedule`), the beams are the helper's of
 * src/push/competition/search/anytime/any-schedule.ts instead: wider ones while no answer
 * is known, here or on the main thread (each rung within a share of the time once the
 * exact search runs), then the improvement beams; it posts "missed" when its first rung
 * misses (the main thread then starts the exact search, if its own first rung missed).
 * It ends after the last beam, or when the stop flag is set.
 */
import { parentPort, workerData } from "node:worker_threads";
import type { Push } from "../../board.js";
import { instanceFromData, type InstanceData } from "../../instance.js";
import { shorten } from "./improve.js";
import { mirroredBeam, type BeamRun } from "./symmetry.js";
import { ladderWaitMs, nextBeam, type AnyThreadBeams, type BeamsRun } from "./any-schedule.js";

/** What the improver is started with. */
export interface ImproverInput {
  instance: InstanceData & { file: string };
  /** horizon (max_steps or its override) */
  maxSteps: number;
  /** beam runs (width, symmetry), in order */
  beams: BeamRun[];
  /**
   * `--any`: the thread's ladder and improvement beams (any-schedule.ts), run after
   * `beams`; `known` is an Int32Array view whose element 0 is non-zero once the main
   * thread has an answer, and element 1 once the exact search runs (the ladder's rungs
   * then keep within LADDER_SHARE of its time)
   */
  schedule?: { beams: AnyThreadBeams; known: SharedArrayBuffer };
  /** pushes of the best solution known already: only shorter ones are posted */
  best: number;
  /**
   * beams held to best - 1 pushes after `beams`: their widths in order (each tried with
   * every symmetry of `symmetries`), and the share of the time since the first of them
   * began that they may take (0 < share <= 1)
   */
  tight?: { widths: number[]; symmetries: number[]; share: number };
  /** Int32Array view: element 0 non-zero when the run is over */
  stop: SharedArrayBuffer;
}

/** What the improver posts: a shorter answer; (`--any`) its first rung missed; its end. */
export type ImproverMessage = { kind: "better"; pushes: Push[] } | { kind: "missed" } | { kind: "done" };

const port = parentPort;
if (port) {
  const input = workerData as ImproverInput;
  const stop = new Int32Array(input.stop);
  const shouldStop = (): boolean => Atomics.load(stop, 0) !== 0;
  const instance = instanceFromData(input.instance, input.instance.file);
  let best = input.best;
  /** posts an answer shorter than every one posted before */
  const post = (pushes: Push[]): void => {
    if (pushes.length >= best) return;
    best = pushes.length;
    port.postMessage({ kind: "better", pushes } satisfies ImproverMessage);
  };
  // a beam's answer is posted as it is, then each shortening of it as found: the run may
  // have to answer before the shortening ends (--any on a board where the first answer comes late)
  const offer = (solution: Push[] | undefined): void => {
    if (solution === undefined || solution.length === 0) return;
    post(solution);
    shorten(instance, solution, { shouldStop, onShorter: post });
  };
  for (const run of input.beams) {
    if (shouldStop()) break;
    offer(mirroredBeam(instance, run, { maxSteps: input.maxSteps, shouldStop }).solution);
  }
  const schedule = input.schedule;
  if (schedule !== undefined) {
    const known = new Int32Array(schedule.known);
    const answerKnown = (): boolean => best <= input.maxSteps || Atomics.load(known, 0) !== 0;
    const done: BeamsRun = { runs: [] };
    // wall milliseconds: when this thread saw the exact search start, and its beams' time since
    let exactFrom: number | undefined;
    let spent = 0;
    const nap = new Int32Array(new SharedArrayBuffer(4));
    for (let run = nextBeam(schedule.beams, done, answerKnown()); run !== undefined && !shouldStop(); run = nextBeam(schedule.beams, done, answerKnown())) {
      // a rung while the exact search runs: within LADDER_SHARE of its time (in slices, so that a stop is seen)
      while (!answerKnown() && !shouldStop()) {
        if (exactFrom === undefined && Atomics.load(known, 1) !== 0) exactFrom = performance.now();
        const wait = exactFrom === undefined ? 0 : ladderWaitMs(spent, performance.now() - exactFrom);
        if (wait <= 0) break;
        Atomics.wait(nap, 0, 0, Math.min(wait, 50));
      }
      if (shouldStop()) break;
      const t0 = performance.now();
      const solution = mirroredBeam(instance, run, { maxSteps: input.maxSteps, shouldStop }).solution;
      if (exactFrom === undefined && Atomics.load(known, 1) !== 0) exactFrom = t0;
      if (exactFrom !== undefined) spent += performance.now() - Math.max(t0, exactFrom);
      done.runs.push({ run, answered: solution !== undefined });
      if (solution === undefined && done.runs.length === 1 && !answerKnown()) port.postMessage({ kind: "missed" } satisfies ImproverMessage);
      offer(solution);
    }
  }
  const tight = input.tight;
  if (tight !== undefined) {
    const started = performance.now();
    let spent = 0;
    const nap = new Int32Array(new SharedArrayBuffer(4));
    runs: for (const width of tight.widths) {
      for (const symmetry of tight.symmetries) {
        // within the share: wait (in slices, so that a stop is seen) until it allows the next beam
        for (;;) {
          if (shouldStop() || best <= 1) break runs;
          const wait = spent / tight.share - (performance.now() - started);
          if (wait <= 0) break;
          Atomics.wait(nap, 0, 0, Math.min(wait, 1000));
        }
        const t0 = performance.now();
        offer(mirroredBeam(instance, { width, symmetry }, { maxSteps: best - 1, shouldStop }).solution);
        spent += performance.now() - t0;
      }
    }
  }
  port.postMessage({ kind: "done" } satisfies ImproverMessage);
}
