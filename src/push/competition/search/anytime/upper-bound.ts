/**
 * The upper bound of a run before and beside the exact search (src/push/competition/search/run/run.ts, phase
 * 2): beams on the instance and its mirror images (src/push/competition/search/anytime/symmetry.ts), each answer
 * shortened (src/push/competition/search/anytime/improve.ts); for `--any` until a time budget is out, with a
 * helper thread running other beams meanwhile (src/push/competition/search/anytime/improver.ts).
 */
import { Worker } from "node:worker_threads";
import { threadOptions } from "../../../../core/address-space.js";
import type { Push } from "../../board.js";
import type { Instance, InstanceData } from "../../instance.js";
import { shortenSteps } from "./improve.js";
import type { ImproverInput, ImproverMessage } from "./improver.js";
import { runYielding } from "./yielding.js";
import { mirroredBeamSteps, type BeamRun } from "./symmetry.js";
import { budgetOf, exactBeamSteps, WIDE_FIRST_BEAMS, type BoundSink } from "./main-beams.js";
import { ANY_HELPER, ANY_MAIN, ladderWaitMs, nextBeam, type AnyThreadBeams, type BeamsRun } from "./any-schedule.js";

export type { BoundSink };

/**
 * --any: beams end this many milliseconds after the process started (performance.now()
 * of the main thread counts from it), and the best answer known then is printed...
 */
const ANY_END_MS = 800;
/** ...or this many after the exact search up to 3 pushes, whichever is later. */
const ANY_MIN_MS = 250;
/**
 * An answer first known after that end is shortened for at most this many milliseconds
 * more, counted from the end (not from the answer), then printed: a late answer is
 * printed by 0.9 s after the start when the start took its usual time, at once when it
 * comes later still. Shortening's first rounds are quick (0238: 18 pushes to 11 in about
 * 15 ms), its last one, which finds nothing, takes 0.1 to 0.2 s.
 */
const ANY_LATE_MS = 100;
/** Beams of the improver thread while the exact search runs (models 1): width and symmetry. */
export const IMPROVER_BEAMS: BeamRun[] = [
  { width: 128, symmetry: 1 },
  { width: 128, symmetry: 6 },
  { width: 256, symmetry: 0 },
  { width: 512, symmetry: 3 },
  { width: 1024, symmetry: 5 },
  { width: 1024, symmetry: 0 },
];
/**
 * Then the improver's wider beams held to one push fewer than the best answer
 * (improver.ts): widths 4,096 to 131,072, each with the identity and one mirror image
 * (the images' beams differ only in ties: nearly the same states), within a tenth of the
 * time since they began. Measured (a scratch script on one core beside a proof, 2026-11-25):
 * width 65,536 held to 9 pushes took 30 to 60 s on 0083 (22x22) and found a 9, where the
 * beams above (up to 1,024, shortened) give 10 and width 16,384 held to 9 finds none;
 * width 262,144 took 84 to 166 s and 1.1 GB on 0207 (19x19), so the widest here
 * (131,072) is about half that.
 */
export const IMPROVER_TIGHT = { widths: [4096, 16384, 65536, 131072], symmetries: [0, 3], share: 0.1 };
/**
 * Milliseconds of exact search before the improver thread starts: the runs that end
 * sooner do not share their cores with it (its beams take some 5 s of CPU on 20x20).
 * Measured on 2 cores, 0151 (proven in about 9 s): started after 2 s it made the proof
 * 8% slower (scripts/ab-pairs.sh, medians of 3: 10.30 s against 9.52 s for the code before this
 * session; without it 9.09 s). After 10 s, proofs within target 1's 10 s do not pay.
 */
export const IMPROVER_DELAY_MS = 10_000;

/** `--any`: the exact search alongside the beams (run.ts owns it). */
export interface ExactAlongside {
  /** starts it (called once at most, when the first rung of both threads missed) */
  start: () => void;
  /** true once it has ended (proof of none, an answer, or a stop): the beams stop */
  over: () => boolean;
  /** states of a beam of this thread just ended (counted at once: the exact search may end the run first) */
  counted: (states: number) => void;
}

/**
 * `--any`: beams on the instance and its mirror images until the budget is out, each
 * answer shortened: ANY_MAIN here and ANY_HELPER meanwhile in a helper thread
 * (src/push/competition/search/anytime/any-schedule.ts: each thread widens its beam on a
 * miss until some thread has an answer, then tries other images and widths to shorten
 * it). When the first rung of both threads missed, `exact.start` starts the exact search
 * alongside; from then on, while no answer is known, each thread's next rung waits until
 * its beams' time since then is within LADDER_SHARE of the exact search's, and the beams
 * stop once the exact search is over. Returns when the main thread's beams are done (an
 * answer and the budget out, its ladder run to its end, the exact search over, or the run
 * stopped); the states are reported through `exact.counted`. The budget: ANY_END_MS after
 * the process started (or ANY_MIN_MS after this call, if later); an answer known by then is
 * printed then, one that comes later is shortened until ANY_LATE_MS past the budget at
 * most and printed at once (the helper posts each answer as found, before shortening it).
 * @param data the instance as plain data (for the helper thread)
 */
export async function anyBeams(instance: Instance, data: InstanceData & { file: string }, horizon: number, sink: BoundSink, exact: ExactAlongside): Promise<void> {
  const { better } = sink;
  const stopped = (): boolean => sink.stopped() || exact.over();
  const until = Math.max(performance.now() + ANY_MIN_MS, ANY_END_MS);
  const budget = (): boolean => performance.now() > until || stopped();
  // once an answer is known, every beam ends with the budget, also one started before it
  const answeredAndLate = (): boolean => sink.best() !== undefined && budget();
  // when the first answer became known (wall milliseconds since the start); past `until`,
  // its shortening may go on until `lateUntil`
  let firstAt: number | undefined;
  const lateUntil = until + ANY_LATE_MS;
  const late = (): boolean => firstAt !== undefined && firstAt > until;
  const shortenStop = (): boolean => stopped() || performance.now() > (late() ? lateUntil : until);
  // a late answer shortened here (so that printing it waits for nothing else)
  let shortenedLate = false;
  const helperStop = new SharedArrayBuffer(4);
  // element 0: 1 once an answer is known here (the helper then improves instead of climbing);
  // element 1: 1 once the exact search runs
  const known = new Int32Array(new SharedArrayBuffer(8));
  const keep = (pushes: Push[]): void => {
    firstAt ??= performance.now();
    better(pushes);
    Atomics.store(known, 0, 1);
  };
  // the first rung of each thread missed: then the exact search starts (once)
  let mainMissed = false;
  let helperMissed = false;
  let exactFrom: number | undefined;
  const startExact = (): void => {
    if (exactFrom !== undefined || !mainMissed || !helperMissed || sink.best() !== undefined || stopped()) return;
    exactFrom = performance.now();
    Atomics.store(known, 1, 1);
    exact.start();
  };
  const { resourceLimits, execArgv } = threadOptions();
  const helper = new Worker(new URL("./improver.js", import.meta.url), {
    workerData: {
      instance: data,
      maxSteps: horizon,
      beams: [],
      schedule: { beams: ANY_HELPER, known: known.buffer as SharedArrayBuffer },
      best: horizon + 1,
      stop: helperStop,
    } satisfies ImproverInput,
    resourceLimits,
    execArgv,
  });
  let helperDone = false;
  let wake = (): void => undefined;
  helper.on("message", (m: ImproverMessage) => {
    if (m.kind === "better") keep(m.pushes);
    else if (m.kind === "missed") {
      helperMissed = true;
      startExact();
    } else helperDone = true;
    wake();
  });
  helper.on("error", () => {
    // without the helper, the main thread's misses alone start the exact search
    helperDone = true;
    helperMissed = true;
    startExact();
    wake();
  });
  let spent = 0;
  let last = 1;
  // wall milliseconds this thread's beams ran since the exact search started
  let ladderSpent = 0;
  const done: BeamsRun = { runs: [] };
  const schedule: AnyThreadBeams = instance.size > 32 ? { ladder: [...WIDE_FIRST_BEAMS, ...ANY_MAIN.ladder], improve: [...WIDE_FIRST_BEAMS, ...ANY_MAIN.improve] } : ANY_MAIN;
  for (let run = nextBeam(schedule, done, false); run !== undefined; run = nextBeam(schedule, done, sink.best() !== undefined)) {
    // a beam's time grows with its width: start it only if it can end in time
    if (sink.best() !== undefined && performance.now() + (1.1 * spent * run.width) / last > until) break;
    // a rung while the exact search runs: within LADDER_SHARE of its time
    while (exactFrom !== undefined && sink.best() === undefined && !stopped()) {
      const wait = ladderWaitMs(ladderSpent, performance.now() - exactFrom);
      if (wait <= 0) break;
      await new Promise((resolve) => setTimeout(resolve, Math.min(wait, 50)));
    }
    if (stopped()) break;
    const t0 = performance.now();
    // the first beam runs to its end whatever the time limit (an interrupted run still
    // answers), unless that takes more than a grace period (sink.mustStop)
    const first = done.runs.length === 0;
    const shouldStop = first ? () => sink.mustStop() || answeredAndLate() : () => stopped() || answeredAndLate();
    const beam = await runYielding(mirroredBeamSteps(instance, run, { maxSteps: horizon, shouldStop }));
    exact.counted(beam.nodes);
    if (exactFrom !== undefined) ladderSpent += performance.now() - Math.max(t0, exactFrom);
    done.runs.push({ run, answered: beam.solution !== undefined });
    // the time per width of a beam not cut short
    if (beam.solution !== undefined || !answeredAndLate()) {
      spent = performance.now() - t0;
      last = run.width;
    }
    if (beam.solution !== undefined) {
      // known at once (the helper then improves instead of climbing), then shortened
      keep(beam.solution);
      shortenedLate = late();
      keep(await runYielding(shortenSteps(instance, beam.solution, { shouldStop: shortenStop, onShorter: keep })));
    } else if (first && sink.best() === undefined) {
      mainMissed = true;
      startExact();
    }
    if (stopped()) break;
  }
  const best = sink.best();
  if (best !== undefined && late() && !shortenedLate && !stopped()) {
    // the helper's answer came late: shortened here too (the helper may still be in its
    // beam, or in a longer shortening), within ANY_LATE_MS
    keep(await runYielding(shortenSteps(instance, best, { shouldStop: shortenStop, onShorter: keep })));
  }
  if (sink.best() !== undefined && !stopped()) {
    // what the helper finds until the budget is out
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, Math.max(0, until - performance.now()));
      wake = () => {
        if (helperDone) {
          clearTimeout(timer);
          resolve();
        }
      };
      wake();
    });
  }
  Atomics.store(new Int32Array(helperStop), 0, 1);
  void helper.terminate();
}

/**
 * Models 1: the beams before the exact search (main-beams.ts), letting the event loop in
 * (the workers load meanwhile; the time limit and the signals are heard). Returns the
 * states the beams generated.
 */
export function exactBeams(instance: Instance, horizon: number, sink: BoundSink): Promise<number> {
  return runYielding(exactBeamSteps(instance, horizon, sink));
}
