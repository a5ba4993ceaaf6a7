/**
 * Merging the search threads' reports into one run, as a pure state machine: worker
 * messages in, events out (no Worker, no timers; src/push/competition/search/run/run.ts is the shell that
 * feeds it).
 *
 * Every worker runs the iterative deepening over its share of the first pushes and
 * reports, per depth, its solutions and then the depth's stats (complete, or cut short
 * by the model limit or an interruption). The merge guarantees:
 * - solutions come out shortest first: a solution of d pushes is passed on only when
 *   every depth below d is settled (searched to the end by every worker), so nothing
 *   shorter can still come;
 * - a depth's merged stats are passed on when it is settled, in order;
 * - the run ends as soon as the quota of models is out (the first solution of depth d,
 *   models 1, ends it even while other workers still search d), or every depth up to
 *   the horizon is settled (exhausted), or every worker has stopped (interrupted: what
 *   was found comes out shortest first, proven or not).
 *
 * With `drain` (run.ts), a run whose answer is settled while workers are still in the
 * middle of a depth (the quota out, or the shell's `stop()`: a bound proven by other
 * means) does not end at once: the merge asks the shell to stop the workers (a `stop`
 * event), keeps their last reports of that depth, and ends once every worker is done
 * (or the shell gives up waiting: `abandon()`). So the depth in progress gets its counts
 * from every worker, not only from those that happened to finish it first.
 */
import type { Push } from "../../board.js";
import type { DepthStats } from "../exact/engine.js";
import { sumRuleStats } from "./rule-stats.js";

/** What the merge is set up with. */
export interface MergeOptions {
  /** number of workers (>= 1), numbered 0..workers-1 */
  workers: number;
  /** deepest depth searched (max_steps or its override) */
  horizon: number;
  /** models wanted; 0 for all */
  models: number;
  /** the first depth the workers search (WorkOptions.fromDepth; default 0): the ones below are settled */
  from?: number;
  /** an answer settled mid-depth waits for every worker's last report (module comment; default false: ends at once) */
  drain?: boolean;
}

/** What the merge tells its shell. */
export type MergeEvent =
  /** a solution, in the final order (shortest first, every shorter one already out) */
  | { kind: "solution"; pushes: Push[] }
  /** a solution as it arrives, not yet proven shortest (an upper bound for anytime output) */
  | { kind: "found"; pushes: Push[] }
  /** a settled depth: merged stats of all workers */
  | { kind: "depth"; stats: DepthStats }
  /**
   * MergeOptions.drain only: the answer is settled; stop the workers (they report the depth
   * they are in and end) and feed their reports on: `end` follows once all are done
   */
  | { kind: "stop" }
  /** the run is over; nothing follows */
  | { kind: "end"; exhausted: boolean; interrupted: boolean };

interface WorkerState {
  /** deepest depth searched to the end (-1: none) */
  completed: number;
  /** the depth it stopped at because it had enough solutions */
  limitAt: number | undefined;
  finished: boolean;
}

/**
 * The merge of the workers' reports. Feed it each worker message in arrival order
 * (`solution`, `depth`, `done`); each call returns the events it caused, in order.
 * After an `end` event every further call returns no event.
 */
export class DepthMerge {
  private readonly workers: WorkerState[];
  private readonly horizon: number;
  private readonly quota: number;
  /** solutions found but not passed on yet, by number of pushes */
  private readonly pending = new Map<number, Push[][]>();
  /** per depth, the stats of each worker that reported it */
  private readonly stats = new Map<number, DepthStats[]>();
  /** the shallowest depth not settled yet: every depth below it is settled */
  private next = 0;
  private emitted = 0;
  /** solutions passed on, by number of pushes */
  private readonly passed = new Map<number, number>();
  private ended = false;
  private readonly drain: boolean;
  /** the answer is settled (drain): waiting for the workers' last reports */
  private stopping = false;
  /** the settled depths' merged stats, in order (and a partial one at the end, if any) */
  readonly depths: DepthStats[] = [];

  /** @throws RangeError when workers < 1 or horizon < 0 */
  constructor(options: MergeOptions) {
    if (options.workers < 1) throw new RangeError("a merge needs at least one worker");
    if (options.horizon < 0) throw new RangeError("the horizon is negative");
    this.workers = Array.from({ length: options.workers }, () => ({ completed: -1, limitAt: undefined, finished: false }));
    this.horizon = options.horizon;
    this.quota = options.models;
    this.next = options.from ?? 0;
    this.drain = options.drain ?? false;
  }

  /** True once the run has ended. */
  get over(): boolean {
    return this.ended;
  }

  /** True between a `stop` event and the `end` (MergeOptions.drain): the answer is settled. */
  get draining(): boolean {
    return this.stopping && !this.ended;
  }

  /**
   * The shell settled the answer itself (models 1: a solution as short as the lower
   * bound): with `drain`, a `stop` event and then, once every worker is done, the end;
   * without, the end at once. Nothing when the run is over or already stopping.
   */
  stop(): MergeEvent[] {
    if (this.ended || this.stopping) return [];
    return this.settle([]);
  }

  /**
   * The shell stopped waiting for the workers (MergeOptions.drain: some did not answer the
   * stop in time): the end, with the reports so far. Nothing when the run is over.
   */
  abandon(): MergeEvent[] {
    if (this.ended) return [];
    return this.finish([]);
  }

  /**
   * Pushes proven necessary: every depth below it is settled without a solution passed
   * on (it is the optimum once a solution has come out). 0 before anything is settled.
   */
  get lowerBound(): number {
    return this.next;
  }

  /** Solutions passed on so far. */
  get solutions(): number {
    return this.emitted;
  }

  /** A worker found a solution (of pushes.length pushes). */
  solution(worker: number, pushes: Push[]): MergeEvent[] {
    this.at(worker);
    // stopping: the answer is settled, and a solution more is beyond the quota
    if (this.ended || this.stopping) return [];
    const list = this.pending.get(pushes.length) ?? [];
    list.push(pushes);
    this.pending.set(pushes.length, list);
    return [{ kind: "found", pushes }, ...this.advance()];
  }

  /** A worker ended a depth (complete, or cut short: stoppedBy "limit" or "interrupt"). */
  depth(worker: number, stats: DepthStats): MergeEvent[] {
    const w = this.at(worker);
    if (this.ended) return [];
    this.stats.set(stats.depth, [...(this.stats.get(stats.depth) ?? []), stats]);
    if (this.stopping) return [];
    if (stats.complete) w.completed = Math.max(w.completed, stats.depth);
    else if (stats.stoppedBy === "limit") w.limitAt = stats.depth;
    return this.advance();
  }

  /** A worker's search returned (exhausted: it searched every depth up to the horizon). */
  done(worker: number, exhausted: boolean): MergeEvent[] {
    const w = this.at(worker);
    if (this.ended) return [];
    w.finished = true;
    if (this.stopping) return this.workers.every((x) => x.finished) ? this.finish([]) : [];
    if (exhausted) w.completed = this.horizon;
    return this.advance();
  }

  private at(worker: number): WorkerState {
    const w = this.workers[worker];
    if (w === undefined) throw new RangeError(`no worker ${worker}`);
    return w;
  }

  /**
   * The answer is settled (quota out, or the shell's stop): without drain, or with every
   * worker done, the end; else a `stop` event and wait for the workers.
   */
  private settle(out: MergeEvent[]): MergeEvent[] {
    if (!this.drain || this.workers.every((w) => w.finished)) return this.finish(out);
    this.stopping = true;
    out.push({ kind: "stop" });
    return out;
  }

  /** The answer is settled and every worker is done (or given up: abandon): the end. */
  private finish(out: MergeEvent[]): MergeEvent[] {
    return this.end(out, false, false, this.drain);
  }

  /**
   * Ends the run: the depth in progress as far as it went (all of it when not exhausted),
   * then `end`. `drained`: every worker has reported how far it got there (MergeOptions.drain);
   * its solutions are then those passed on (a worker that found one more after the quota
   * was out is not counted), and a depth where no worker generated a state (answered by the
   * known solution alone) is not listed.
   */
  private end(out: MergeEvent[], exhausted: boolean, interrupted: boolean, drained = false): MergeEvent[] {
    const d = this.next;
    if (!exhausted && this.stats.has(d) && this.depths.at(-1)?.depth !== d) {
      const merged = this.merged(d);
      const partial = drained ? { ...merged, solutions: this.passed.get(d) ?? 0 } : { ...merged, complete: false };
      if (partial.nodes > 0 || (!interrupted && !drained)) {
        this.depths.push(partial);
        out.push({ kind: "depth", stats: partial });
      }
    }
    this.ended = true;
    out.push({ kind: "end", exhausted, interrupted });
    return out;
  }

  private merged(depth: number): DepthStats {
    const all = this.stats.get(depth) ?? [];
    return {
      depth,
      nodes: all.reduce((a, s) => a + s.nodes, 0),
      milliseconds: Math.max(0, ...all.map((s) => s.milliseconds)),
      solutions: all.reduce((a, s) => a + s.solutions, 0),
      complete: all.length === this.workers.length && all.every((s) => s.complete),
      rules: sumRuleStats(all.map((s) => s.rules)),
    };
  }

  /** Passes on what can be passed on; ends the run when it can. */
  private advance(): MergeEvent[] {
    const out: MergeEvent[] = [];
    const end = (exhausted: boolean, interrupted: boolean): MergeEvent[] => this.end(out, exhausted, interrupted);
    /** Passes on the solutions of depth d; true when the quota is out. */
    const release = (d: number): boolean => {
      const list = this.pending.get(d) ?? [];
      while (list.length > 0) {
        const pushes = list.shift() as Push[];
        this.emitted++;
        this.passed.set(d, (this.passed.get(d) ?? 0) + 1);
        out.push({ kind: "solution", pushes });
        if (this.quota > 0 && this.emitted >= this.quota) return true;
      }
      this.pending.delete(d);
      return false;
    };
    while (this.next <= this.horizon) {
      const d = this.next;
      if (!this.stats.has(d) && !this.pending.has(d)) {
        // depths nobody reported and every worker has settled (a search that ended early,
        // as on a hopeless instance): skipped at once, not one by one up to a huge horizon
        const settled = Math.min(...this.workers.map((w) => w.completed));
        if (settled >= d) {
          const reported = [...this.stats.keys(), ...this.pending.keys()].filter((k) => k > d);
          this.next = Math.min(settled + 1, ...reported);
          continue;
        }
      }
      // every depth below d is settled: d's solutions so far are among the shortest
      if (release(d)) return this.settle(out);
      if (!this.workers.every((w) => w.completed >= d || w.limitAt === d)) break;
      if (this.stats.has(d)) {
        // (no worker searched depths past 0 when init is on the goal)
        const s = this.merged(d);
        this.depths.push(s);
        out.push({ kind: "depth", stats: s });
      }
      if (this.workers.some((w) => w.limitAt === d)) return this.settle(out);
      this.next++;
    }
    if (this.next > this.horizon) return end(true, false);
    if (this.workers.every((w) => w.finished)) {
      // interrupted: pass on what was found, shortest first, proven or not
      for (const d of [...this.pending.keys()].sort((a, b) => a - b)) {
        if (release(d)) return end(false, true);
      }
      return end(false, true);
    }
    return out;
  }
}
