/**
 * What interrupts a run (src/push/competition/search/run/run.ts): a time limit, SIGINT and SIGTERM, an
 * AbortSignal. All set one shared flag that the worker threads poll, and the first
 * reason is kept for the report.
 */

/** The options of a run that say what interrupts it. */
export interface InterruptOptions {
  /** wall-clock limit in seconds (fractions allowed) */
  timeLimit?: number;
  /** stop on SIGINT and SIGTERM (default true) */
  handleSignals?: boolean;
  /** stops the run when aborted ("aborted") */
  signal?: AbortSignal;
}

/** The longest delay of a Node timer (2^31 - 1 ms). */
const MAX_TIMER_MS = 2 ** 31 - 1;

export class Interrupts {
  /** Int32Array view at element 0: non-zero once interrupted (shared with the workers) */
  readonly flagBuffer = new SharedArrayBuffer(4);
  readonly flag = new Int32Array(this.flagBuffer);
  /** "time limit", "SIGINT", "SIGTERM" or "aborted": the first that came */
  interruptedBy: string | undefined;
  /** performance.now() when the first reason came (undefined until then) */
  interruptedAt: number | undefined;
  private readonly deadline: number;
  private timer: NodeJS.Timeout | undefined;
  private readonly signals: boolean;
  private readonly onSigint = (): void => this.interrupt("SIGINT");
  private readonly onSigterm = (): void => this.interrupt("SIGTERM");
  private readonly onAbort = (): void => this.interrupt("aborted");

  /**
   * Starts listening: the signals (unless handleSignals is false), the AbortSignal, and a
   * timer for the time limit counted from `started` (performance.now() milliseconds).
   */
  constructor(
    started: number,
    private readonly options: InterruptOptions,
  ) {
    this.deadline = options.timeLimit !== undefined ? started + options.timeLimit * 1000 : Infinity;
    this.signals = options.handleSignals ?? true;
    if (this.signals) {
      process.on("SIGINT", this.onSigint);
      process.on("SIGTERM", this.onSigterm);
    }
    if (options.signal?.aborted) this.onAbort();
    options.signal?.addEventListener("abort", this.onAbort);
    if (options.timeLimit !== undefined) this.arm();
  }

  /**
   * Sets the timer for the time limit: Node's timers take at most 2^31 - 1 ms (about 24.8
   * days; a longer delay fires at once, with a TimeoutOverflowWarning), so a longer limit
   * (or an infinite one) is waited for in steps of that length.
   */
  private arm(): void {
    const left = this.deadline - performance.now();
    if (left <= 0) return this.interrupt("time limit");
    this.timer = setTimeout(() => this.arm(), Math.min(left, MAX_TIMER_MS));
  }

  /** Sets the flag; the first reason is kept. */
  interrupt(why: string): void {
    this.interruptedBy ??= why;
    this.interruptedAt ??= performance.now();
    Atomics.store(this.flag, 0, 1);
  }

  /**
   * True once interrupted. Polled by the main thread's own searches, which keep the
   * timer and the signals from running: it checks the deadline itself.
   */
  stopped(): boolean {
    if (performance.now() > this.deadline) this.interrupt("time limit");
    return Atomics.load(this.flag, 0) !== 0;
  }

  /** True once interrupted for at least `ms` milliseconds (as stopped() polls). */
  stoppedFor(ms: number): boolean {
    return this.stopped() && this.interruptedAt !== undefined && performance.now() - this.interruptedAt >= ms;
  }

  /** Stops listening (the flag stays as it is). */
  cleanup(): void {
    if (this.timer) clearTimeout(this.timer);
    this.options.signal?.removeEventListener("abort", this.onAbort);
    if (this.signals) {
      process.off("SIGINT", this.onSigint);
      process.off("SIGTERM", this.onSigterm);
    }
  }
}
