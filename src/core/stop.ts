/**
 * The one stop handler of every solver and command: a time limit, SIGINT, SIGTERM and an
 * outer AbortSignal all stop a run the same way, and a second signal stops the process at
 * once. A run asks for one with `onStop(...)` and gets an AbortSignal to hand on (to
 * searches, queues, sleeps), a flag in shared memory its worker threads can poll, and a
 * disposer that stops listening.
 *
 * A second SIGINT or SIGTERM (after the first, while the handler is in place) means "now":
 * `atOnce` runs (to kill child processes, say) and the process exits with 128 + the
 * signal's number (130 for SIGINT, 143 for SIGTERM), as a shell reports a process killed
 * by it.
 */

/** What stopped a run: the first of these that came. */
export type StopReason = "time limit" | "SIGINT" | "SIGTERM" | "aborted";

/** What `onStop` listens to and what it calls. */
export interface StopOptions {
  /** wall-clock limit in seconds (fractions allowed), counted from `started`; none when undefined */
  timeLimit?: number;
  /** performance.now() milliseconds the time limit counts from (default: now) */
  started?: number;
  /** listen to SIGINT and SIGTERM (default true); false in batch rows, whose caller listens */
  signals?: boolean;
  /** an outer signal: its abort stops this run too ("aborted") */
  signal?: AbortSignal;
  /** called once, with the first reason, when the run is told to stop */
  onStop?: (reason: StopReason) => void;
  /**
   * called on a second signal before the process exits at once (kill child processes,
   * say; awaited for at most a second). Without it the process exits at once all the same.
   */
  atOnce?: (signal: "SIGINT" | "SIGTERM") => void | Promise<void>;
}

/** A run's stop handler. */
export interface StopHandle {
  /** aborted when the run is told to stop; its `reason` is the StopReason */
  readonly signal: AbortSignal;
  /** the first reason, or undefined while running */
  readonly reason: StopReason | undefined;
  /** performance.now() milliseconds when the first reason came, or undefined */
  readonly stoppedAt: number | undefined;
  /** the flag in shared memory (Int32Array element 0, non-zero once stopped) for worker threads */
  readonly flagBuffer: SharedArrayBuffer;
  /**
   * True once stopped. Checks the deadline itself, so a search that keeps the event loop
   * busy (and the timer from firing) still sees its time limit.
   */
  stopped(): boolean;
  /** Stops the run (the first reason is kept). */
  stop(reason: StopReason): void;
  /** Stops listening (the timer, the signals, the outer signal); the state stays as it is. Idempotent. */
  dispose(): void;
}

/** The longest delay of a Node timer (2^31 - 1 ms); a longer limit is waited for in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Exit status after a second signal: 128 + its number, as a shell reports it. */
export const AT_ONCE_EXIT = { SIGINT: 130, SIGTERM: 143 } as const;

/**
 * Starts a run's stop handler.
 * @returns the handle; call `dispose()` when the run ends (a `finally`)
 * @throws RangeError when `timeLimit` is negative or not a number
 */
export function onStop(options: StopOptions = {}): StopHandle {
  const { timeLimit } = options;
  if (timeLimit !== undefined && !(timeLimit >= 0)) throw new RangeError(`time limit ${timeLimit}: expected a number of seconds >= 0`);
  const started = options.started ?? performance.now();
  const deadline = timeLimit === undefined ? Infinity : started + timeLimit * 1000;
  const controller = new AbortController();
  const flagBuffer = new SharedArrayBuffer(4);
  const flag = new Int32Array(flagBuffer);
  const listenSignals = options.signals ?? true;
  let reason: StopReason | undefined;
  let stoppedAt: number | undefined;
  let timer: NodeJS.Timeout | undefined;
  let disposed = false;

  const stop = (why: StopReason): void => {
    if (reason !== undefined) return;
    reason = why;
    stoppedAt = performance.now();
    Atomics.store(flag, 0, 1);
    if (timer) clearTimeout(timer);
    controller.abort(why);
    options.onStop?.(why);
  };
  let signalsSeen = 0;
  const onSignal = (name: "SIGINT" | "SIGTERM"): void => {
    // the first signal of the user's stops the run (unless a time limit or an outer abort already did)
    if (++signalsSeen === 1) return stop(name);
    // a second one: now
    const exit = (): never => process.exit(AT_ONCE_EXIT[name]);
    if (!options.atOnce || signalsSeen > 2) exit();
    const bounded = setTimeout(exit, 1000);
    void Promise.resolve()
      .then(() => options.atOnce!(name))
      .catch(() => undefined)
      .finally(() => {
        clearTimeout(bounded);
        exit();
      });
  };
  const onSigint = (): void => onSignal("SIGINT");
  const onSigterm = (): void => onSignal("SIGTERM");
  const onAbort = (): void => stop("aborted");
  const arm = (): void => {
    const left = deadline - performance.now();
    if (left <= 0) return stop("time limit");
    timer = setTimeout(arm, Math.min(left, MAX_TIMER_MS));
  };

  if (listenSignals) {
    process.on("SIGINT", onSigint);
    process.on("SIGTERM", onSigterm);
  }
  if (options.signal?.aborted) stop("aborted");
  else options.signal?.addEventListener("abort", onAbort, { once: true });
  if (reason === undefined && deadline !== Infinity) arm();

  return {
    signal: controller.signal,
    get reason() {
      return reason;
    },
    get stoppedAt() {
      return stoppedAt;
    },
    flagBuffer,
    stopped() {
      if (reason === undefined && performance.now() > deadline) stop("time limit");
      return reason !== undefined;
    },
    stop,
    dispose() {
      if (disposed) return;
      disposed = true;
      if (timer) clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
      if (listenSignals) {
        process.off("SIGINT", onSigint);
        process.off("SIGTERM", onSigterm);
      }
    },
  };
}
