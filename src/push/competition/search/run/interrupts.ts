/**
 * What interrupts a run (src/push/competition/search/run/run.ts): a time limit, SIGINT and
 * SIGTERM, an AbortSignal, through the one stop handler (src/core/stop.ts: a second signal
 * exits at once). All set one shared flag that the worker threads poll (an Int32Array over
 * the handler's buffer: one Atomics.load a poll, no call), and the first reason is kept for
 * the report.
 */
import { onStop, type StopHandle, type StopReason } from "../../../../core/stop.js";

/** The options of a run that say what interrupts it. */
export interface InterruptOptions {
  /** wall-clock limit in seconds (fractions allowed) */
  timeLimit?: number;
  /** stop on SIGINT and SIGTERM (default true) */
  handleSignals?: boolean;
  /** stops the run when aborted ("aborted") */
  signal?: AbortSignal;
}

export class Interrupts {
  /** Int32Array view at element 0: non-zero once interrupted (shared with the workers) */
  readonly flagBuffer: SharedArrayBuffer;
  readonly flag: Int32Array;
  private readonly handle: StopHandle;

  /**
   * Starts listening (core/stop.ts's onStop): the signals (unless handleSignals is false),
   * the AbortSignal, and the time limit counted from `started` (performance.now() milliseconds).
   * @throws RangeError for a negative time limit
   */
  constructor(started: number, options: InterruptOptions) {
    this.handle = onStop({ timeLimit: options.timeLimit, started, signals: options.handleSignals ?? true, signal: options.signal });
    this.flagBuffer = this.handle.flagBuffer;
    this.flag = new Int32Array(this.flagBuffer);
  }

  /** "time limit", "SIGINT", "SIGTERM" or "aborted": the first that came (undefined while running, or when the run set the flag itself) */
  get interruptedBy(): StopReason | undefined {
    return this.handle.reason;
  }

  /** performance.now() when the first reason came (undefined until then) */
  get interruptedAt(): number | undefined {
    return this.handle.stoppedAt;
  }

  /** Sets the flag; the first reason is kept. */
  interrupt(why: StopReason): void {
    this.handle.stop(why);
  }

  /**
   * True once interrupted (or the flag set by the run itself). Polled by the main thread's
   * own searches, which keep the timer and the signals from running: the handler checks
   * the deadline itself.
   */
  stopped(): boolean {
    return this.handle.stopped() || Atomics.load(this.flag, 0) !== 0;
  }

  /** True once interrupted for at least `ms` milliseconds (as stopped() polls). */
  stoppedFor(ms: number): boolean {
    return this.stopped() && this.interruptedAt !== undefined && performance.now() - this.interruptedAt >= ms;
  }

  /** Stops listening (the flag stays as it is). */
  cleanup(): void {
    this.handle.dispose();
  }
}
