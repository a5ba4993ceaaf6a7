/**
 * The beams of `labsolve --any` and the order a thread runs them in
 * (src/push/competition/search/anytime/upper-bound.ts runs the main thread's,
 * src/push/competition/search/anytime/improver.ts the helper thread's).
 *
 * Each thread has two lists. Until some thread has an answer it climbs its *ladder*: each
 * rung a wider beam, the two threads' ladders interleaved (main 128, 512, 2,048; helper
 * 64, 256, 1,024, 4,096), so that together they double the width on every miss. The
 * main thread takes the wider first rung: it starts first. Once an
 * answer is known, a thread runs its *improvement* beams (other mirror images and widths,
 * whose answers are shortened and kept when shorter) within the budget, skipping every
 * width not above the widest one that missed on that thread.
 *
 * Why not another mirror image after a miss (the schedule before): a beam that misses
 * runs its whole horizon, and the images of one width differ only in how they break
 * ties, so they miss together (0238, 21x21: four images of width 64 all missed with
 * 109,083 to 109,088 states each, where width 128 answered with any image;
 * docs/design/any-0238.md). A wider beam is the one that can answer.
 *
 * When the first rung of both threads misses, the exact search starts alongside
 * (src/push/competition/search/run/run.ts): on a board with no answer within the horizon
 * only it can say so, and the ladder run to its end cost more than the proof (0151 with
 * `--max-steps 5`: the ladder 1.1 million states, the exact search 144,082). From then on,
 * while no answer is known, a thread starts its next rung only while its beams since then
 * have taken at most LADDER_SHARE of the time since the exact search started
 * (ladderWaitMs): the exact search keeps most of the cores, and a board that only a wide
 * beam answers still gets it, later.
 */
import type { BeamRun } from "./symmetry.js";

/** One thread's beams under `--any`. */
export interface AnyThreadBeams {
  /** run in order while no answer is known, each wider than the one before */
  ladder: readonly BeamRun[];
  /** run in order once an answer is known (widths not above a miss of this thread skipped) */
  improve: readonly BeamRun[];
}

/**
 * The main thread's beams: the wider first rung, since the main thread starts its beams
 * some 0.1 s before the helper can (the helper first starts a worker thread and loads
 * its modules, about 80 ms of CPU), and a board the narrow rung misses is the one where
 * time runs short (0238: width 64 missed with 109,088 states, width 128 answered with
 * 175,351 to 176,151 states, about 0.45 s of CPU). Width 128, image 1 answered both boards
 * of docs/design/any-0238.md where width 64 missed (0238, and labgen 22 22 --style maze
 * --seed 41 with 78,869 states).
 */
export const ANY_MAIN: AnyThreadBeams = {
  ladder: [
    { width: 128, symmetry: 1 },
    { width: 512, symmetry: 3 },
    { width: 2048, symmetry: 5 },
  ],
  improve: [
    { width: 64, symmetry: 1 },
    { width: 64, symmetry: 3 },
    { width: 128, symmetry: 6 },
    { width: 256, symmetry: 5 },
  ],
};

/**
 * The helper thread's beams: its first rung (width 64, the row flip) answered all 15
 * shared instances (5,626 to 51,552 states) and 199 of the 200 generated boards of 19x19
 * to 22x22 of docs/design/any-0238.md (at most 86,052 states), well before the 0.8 s at
 * which the run prints; the improvement list is the main thread's of before (the row
 * flip's answers were never longer than the identity's, once 2 pushes shorter).
 */
export const ANY_HELPER: AnyThreadBeams = {
  ladder: [
    { width: 64, symmetry: 2 },
    { width: 256, symmetry: 0 },
    { width: 1024, symmetry: 0 },
    { width: 4096, symmetry: 0 },
  ],
  improve: [
    { width: 64, symmetry: 0 },
    { width: 128, symmetry: 0 },
    { width: 128, symmetry: 4 },
    { width: 256, symmetry: 0 },
    { width: 1024, symmetry: 0 },
    { width: 4096, symmetry: 0 },
  ],
};

/** What a thread has run so far: the beams in order, and whether each answered. */
export interface BeamsRun {
  runs: { run: BeamRun; answered: boolean }[];
}

/**
 * The next beam a thread runs, or undefined when its lists are done.
 * @param beams the thread's ladder and improvement list
 * @param done what the thread has run (in order; `answered` false for a miss or a beam cut short)
 * @param answerKnown whether any thread has an answer now
 */
export function nextBeam(beams: AnyThreadBeams, done: BeamsRun, answerKnown: boolean): BeamRun | undefined {
  const ran = (r: BeamRun): boolean => done.runs.some((d) => d.run.width === r.width && d.run.symmetry === r.symmetry);
  if (!answerKnown) return beams.ladder.find((r) => !ran(r));
  const missed = Math.max(0, ...done.runs.filter((d) => !d.answered).map((d) => d.run.width));
  return beams.improve.find((r) => !ran(r) && r.width > missed);
}

/**
 * While the exact search runs and no answer is known: the share of the time since it
 * started (wall milliseconds) that a thread's beams may have taken when it starts a rung.
 */
export const LADDER_SHARE = 0.125;

/**
 * Milliseconds a thread waits before its next rung (0: start it now).
 * @param spentMs wall milliseconds this thread's beams ran since the exact search started
 * @param sinceMs wall milliseconds since the exact search started
 */
export function ladderWaitMs(spentMs: number, sinceMs: number): number {
  return Math.max(0, spentMs / LADDER_SHARE - sinceMs);
}
