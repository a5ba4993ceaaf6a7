/**
 * Long computations on the main thread that pause now and then: a generator that yields
 * at its polling points, run either to its end at once (runToEnd: worker threads, tests)
 * or with the event loop let in every few milliseconds (runYielding: the main thread,
 * so that the time limit's timer and SIGINT/SIGTERM are heard while it runs).
 */

/** A computation that yields (no value) at its polling points and returns a T. */
export type Yielding<T> = Generator<void, T, void>;

/** Runs the steps to their end without pausing. */
export function runToEnd<T>(steps: Yielding<T>): T {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/** Milliseconds of work between two turns of the event loop in runYielding. */
const SLICE_MS = 20;

/**
 * Runs the steps to their end, letting the event loop run (timers, signals, worker
 * messages) whenever SLICE_MS milliseconds have passed since it last did.
 */
export async function runYielding<T>(steps: Yielding<T>): Promise<T> {
  let last = performance.now();
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
    const now = performance.now();
    if (now - last >= SLICE_MS) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      last = performance.now();
    }
  }
}
