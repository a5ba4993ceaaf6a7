/**
 * The IPC planner as an anytime planner: the exact search (index.ts) for
 * EARLY_MS, then the quick plan, the exact search below it, and after FIRST_MS a search for a
 * cheaper quick plan (quick.ts) with the exact search again below that.
 */
import type { IpcMove, IpcResult, IpcTask } from "../task.js";
import { solveIpc, type IpcSearchOptions } from "./index.js";
import { cheaperPlan, IMPROVE, quickPlan } from "./quick.js";

/** milliseconds the exact search runs alone before the quick plan */
const EARLY_MS = 200;
/** milliseconds the exact search runs below the quick plan before cheaperPlan is tried */
const FIRST_MS = 1000;
/** milliseconds cheaperPlan may take */
const IMPROVE_MS = 1500;

/** Options of solveIpcAnytime: solveIpc's, and where better plans go. */
export interface IpcAnytimeOptions extends IpcSearchOptions {
  /** called with the quick plan, before the exact search starts */
  onPlan?: (moves: IpcMove[], cost: number) => void;
  /** states the quick plan's search may keep (default: quick.ts's) */
  quickStates?: number;
  /**
   * false: never look for a cheaper plan than the quick one outside the exact search; else,
   * when the exact search has not ended within FIRST_MS, cheaperPlan (quick.ts) for up to
   * IMPROVE_MS, and the exact search again below the better plan
   */
  quickImprove?: boolean;
}

/**
 * The planner as an anytime planner: the exact search (solveIpc) alone for EARLY_MS (its
 * answer when it ends), then a quick plan (quick.ts: valid, not necessarily cheapest), then
 * the exact search for a cheaper one, bounded by the quick plan's cost less one; when that
 * has not ended within FIRST_MS, cheaperPlan looks for a cheaper quick plan for up to
 * IMPROVE_MS and the exact search starts again below the best plan. When the exact search finds no cheaper plan, the quick
 * plan is proven optimal; when a time limit or shouldStop ends it, the quick plan is the
 * answer, not proven (lowerBound: the cost proven necessary).
 * @param task the task (0-based PDDL coordinates, src/push/ipc2023/task.ts)
 */
export function solveIpcAnytime(task: IpcTask, options: IpcAnytimeOptions = {}): IpcResult {
  const started = performance.now();
  const deadline = options.timeLimitMs === undefined ? Infinity : started + options.timeLimitMs;
  const stop = (): boolean => performance.now() > deadline || (options.shouldStop?.() ?? false);
  // what the exact searches so far proved (every plan costs at least `proved`) and their states:
  // a later search starts at that bound instead of making those iterations again
  let proved = options.minCost ?? 0;
  let expanded = 0;
  // the best plan so far (the quick plan, then a cheaper one)
  let quick: { moves: IpcMove[]; cost: number } | undefined;
  const exactBelow = (cost: number | undefined, ms: number): IpcResult => {
    const left = Math.min(ms, deadline === Infinity ? Infinity : Math.max(0, deadline - performance.now()));
    const maxCost = cost !== undefined ? Math.min(cost - 1, options.maxCost ?? Infinity) : options.maxCost;
    // the best plan so far guides the order of the pushes (Planner.setGuide)
    const guide = options.guide ?? quick?.moves;
    // the states of the searches before count in the figures reported too (states expanded so far)
    const before = expanded;
    const onPoll = options.onPoll && ((bound: number, n: number) => options.onPoll!(bound, before + n));
    const onIteration = options.onIteration && ((bound: number, n: number) => options.onIteration!(bound, before + n));
    const r = solveIpc(task, { ...options, timeLimitMs: left === Infinity ? undefined : left, maxCost, minCost: proved, guide, onPoll, onIteration });
    proved = Math.max(proved, r.lowerBound);
    expanded += r.expanded;
    return { ...r, lowerBound: proved, expanded };
  };
  // the exact search alone for a moment first: it ends on small tasks sooner than the quick plan comes
  // (a quarter of a time limit at most: a short limit still leaves the quick plan its time)
  const early = exactBelow(undefined, deadline === Infinity ? EARLY_MS : Math.min(EARLY_MS, (deadline - started) / 4));
  if (early.moves || early.proven || stop()) return early;
  quick = quickPlan(task, { maxStates: options.quickStates, shouldStop: stop });
  if (quick) options.onPlan?.(quick.moves, quick.cost);
  const improve = quick !== undefined && options.quickImprove !== false;
  let exact = exactBelow(quick?.cost, improve ? FIRST_MS : Infinity);
  // not ended within FIRST_MS (small tasks are proven by then): a cheaper quick plan, then the exact search below it
  if (improve && !exact.moves && !exact.proven && exact.lowerBound < quick!.cost && !stop()) {
    const better = cheaperPlan(task, quick!.cost, { maxStates: options.quickStates, shouldStop: stop, ms: IMPROVE_MS });
    if (better) {
      quick = better;
      options.onPlan?.(better.moves, better.cost);
    }
    if (!stop()) exact = exactBelow(quick!.cost, Infinity);
  }
  if (exact.moves || !quick) return exact;
  // no cheaper plan than the quick one below exact.lowerBound: the quick plan is optimal once the bound passes its cost less one
  const proven = exact.proven || exact.lowerBound >= quick.cost;
  return { moves: quick.moves, cost: quick.cost, proven, lowerBound: proven ? quick.cost : exact.lowerBound, expanded: exact.expanded };
}

/** the weights of the guide that planStream's cheaperPlan searches try in turn */
const STREAM_WEIGHTS = [1.25, 1.5, 1.1, 2];
/**
 * milliseconds planStream's last cheaperPlan may take, keeping all the states quickPlan may
 * (16x16, 16 pushes, seed 2: 43 -> 36, the optimum, after 200,000 to 300,000 states kept, 3.6 CPU
 * s; with a tenth, nothing); the state cap ends it sooner than this time on a quiet machine
 */
const DEEP_MS = 20_000;
/** planStream's last cheaperPlan is made only when the best plan is at least this far above the cost proven necessary */
const DEEP_GAP = 3;

/**
 * The plan side of the two-thread planner (solve.ts with --threads 2 or more): the quick plan,
 * then cheaper plans by cheaperPlan (quick.ts) with the weights of STREAM_WEIGHTS in turn, each
 * for up to IMPROVE_MS and below the best plan so far, until one finds nothing; then, when the
 * best plan is DEEP_GAP or more above options.lowerBound() (the exact search's), one more with
 * W = 1.25 keeping all the states quickPlan may keep (not a tenth), for up to DEEP_MS (where
 * the gap is small, the exact search settles it sooner). Each plan goes to onPlan as it comes.
 * It ends there (the thread then joins the exact search, units.ts), or when shouldStop says so
 * (the exact search has ended, a time limit, a signal). Every plan it hands on is valid; none
 * is claimed optimal.
 * @param task the task (0-based PDDL coordinates)
 * @param options shouldStop (polled), onPlan (each plan cheaper than the ones before),
 *   lowerBound (default: 0), quickStates
 */
export function planStream(task: IpcTask, options: { shouldStop: () => boolean; onPlan: (moves: IpcMove[], cost: number) => void; lowerBound?: () => number; quickStates?: number }): void {
  const quick = quickPlan(task, { maxStates: options.quickStates, shouldStop: options.shouldStop });
  if (!quick) return;
  options.onPlan(quick.moves, quick.cost);
  let best = quick.cost;
  const cheaper = (weight: number, ms: number, allStates: boolean): boolean => {
    const better = options.shouldStop() ? undefined : cheaperPlan(task, best, { maxStates: options.quickStates, shouldStop: options.shouldStop, ms, weight, allStates });
    if (better) {
      best = better.cost;
      options.onPlan(better.moves, better.cost);
    }
    return better !== undefined;
  };
  if (STREAM_WEIGHTS.every((weight) => cheaper(weight, IMPROVE_MS, false))) return;
  if (best - (options.lowerBound?.() ?? 0) >= DEEP_GAP) cheaper(IMPROVE, DEEP_MS, true);
}
