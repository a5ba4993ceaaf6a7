/**
 * Flow control of an enumeration (labsolve -n 0) between the search workers and the main
 * thread, so that millions of answers stream out in bounded memory:
 *
 * - a worker that has posted MAX_IN_FLIGHT answers the main thread has not printed yet
 *   waits until it has printed half of them (the main thread prints as fast as stdout
 *   takes them; without this the messages queue up without end);
 * - a worker starts depth d + 1 only when every worker has finished depth d (the merge,
 *   src/push/competition/search/run/merge.ts, holds back a deeper answer until every shorter one is out: a
 *   worker running ahead would fill it).
 *
 * Both waits poll the run's stop flag and end in Interrupted when it is set, so a signal
 * still acts at once.
 */
import { Interrupted } from "../exact/ply-stack.js";

/** Answers a worker may have posted that the main thread has not taken yet (all workers together). */
export const MAX_IN_FLIGHT = 1024;
/** Milliseconds between two looks at the stop flag while waiting. */
const WAIT_MS = 20;
/** Cells of the shared buffer: answers in flight, a generation counter to wake waiters, then each worker's finished depth. */
const IN_FLIGHT = 0;
const WAKE = 1;
const DONE = 2;

/** The shared buffer of a run with `workers` workers (every finished depth starts at -1). */
export function flowBuffer(workers: number): SharedArrayBuffer {
  const buffer = new SharedArrayBuffer(4 * (DONE + workers));
  new Int32Array(buffer).fill(-1, DONE);
  return buffer;
}

/** The main thread's side: `count` answers are out (printed, and taken by stdout), neither queued nor held by the merge any more. */
export function answersTaken(buffer: SharedArrayBuffer, count = 1): void {
  const cells = new Int32Array(buffer);
  const before = Atomics.sub(cells, IN_FLIGHT, count);
  if (before >= MAX_IN_FLIGHT / 2 && before - count < MAX_IN_FLIGHT / 2) Atomics.notify(cells, IN_FLIGHT);
}

/**
 * The main thread's side, for a reader that may be slower than the search: the function
 * returned is called once per answer printed. While `backlog` says the output is backed
 * up (a promise, settled when it has taken what was written), the answers printed are
 * counted and handed back to the workers together once it has, so they wait meanwhile.
 * @param buffer flowBuffer's (undefined: no flow control, the function does nothing)
 */
export function answerTaker(buffer: SharedArrayBuffer | undefined, backlog: (() => Promise<unknown> | undefined) | undefined): () => void {
  /** answers printed while the output was backed up */
  let owed = 0;
  let waiting: Promise<unknown> | undefined;
  return () => {
    if (!buffer) return;
    if (waiting === undefined) waiting = backlog?.();
    if (waiting === undefined) return answersTaken(buffer);
    owed++;
    if (owed === 1) {
      void waiting.then(() => {
        answersTaken(buffer, owed);
        owed = 0;
        waiting = undefined;
      });
    }
  };
}

/** A worker's side. */
export class WorkerFlow {
  private readonly cells: Int32Array;

  /**
   * @param buffer flowBuffer's
   * @param index this worker (0-based)
   * @param workers how many there are
   * @param stop the run's stop flag (element 0 non-zero: stop)
   */
  constructor(
    buffer: SharedArrayBuffer,
    private readonly index: number,
    private readonly workers: number,
    private readonly stop: Int32Array,
  ) {
    this.cells = new Int32Array(buffer);
  }

  /** Counts a posted answer; waits while too many are in flight. @throws Interrupted when the run stops meanwhile */
  posted(): void {
    const cells = this.cells;
    if (Atomics.add(cells, IN_FLIGHT, 1) + 1 < MAX_IN_FLIGHT) return;
    for (let now = Atomics.load(cells, IN_FLIGHT); now >= MAX_IN_FLIGHT / 2; now = Atomics.load(cells, IN_FLIGHT)) {
      this.checkStop();
      Atomics.wait(cells, IN_FLIGHT, now, WAIT_MS);
    }
  }

  /** This worker finished depth d (or, with the horizon, all of them). */
  finished(depth: number): void {
    Atomics.store(this.cells, DONE + this.index, depth);
    Atomics.add(this.cells, WAKE, 1);
    Atomics.notify(this.cells, WAKE);
  }

  /** Waits until every worker has finished depth d - 1. @throws Interrupted when the run stops meanwhile */
  before(depth: number): void {
    const cells = this.cells;
    for (;;) {
      const wake = Atomics.load(cells, WAKE);
      let behind = false;
      for (let w = 0; w < this.workers; w++) if (Atomics.load(cells, DONE + w) < depth - 1) behind = true;
      if (!behind) return;
      this.checkStop();
      Atomics.wait(cells, WAKE, wake, WAIT_MS);
    }
  }

  private checkStop(): void {
    if (Atomics.load(this.stop, 0) !== 0) throw new Interrupted();
  }
}
