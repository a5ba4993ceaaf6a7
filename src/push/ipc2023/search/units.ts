/**
 * The exact search shared by several threads (labsolve plan --threads 2): each thread runs
 * the whole deepening (bounds rising as in index.ts), and within an iteration the units (the
 * children of the nodes at cost UNIT_DEPTH, numbered in the order every thread meets them)
 * go to the thread that claims them first from a counter per bound in shared memory; the
 * threads share one transposition table (table.ts). There is no barrier between iterations:
 * a thread that has no unit left in its iteration starts the next bound while the others
 * finish theirs.
 *
 * An iteration of bound b is settled when every thread that started it has finished it
 * without a plan; it then proves that every plan costs at least its least exceeding cost (the
 * least over the threads). The shared lower bound is the largest such proof; the shared best
 * cost is the cheapest plan any thread has found (the exact threads and the plan thread). A
 * plan is optimal once the lower bound reaches its cost: a plan found at bound b is not
 * proven optimal by that alone, as iterations below b may still be running on other threads.
 * Why sharing keeps the search exact: docs/design/ipc-planner.md, "Two threads share the exact
 * search".
 *
 * The units are the competition search's unit of work in the planner's moves: a unit is a
 * prefix of moves (the path to a node at cost UNIT_DEPTH, then one more move), as a first
 * push or a pair is a push prefix in src/push/competition/search/proof/prefixes.ts
 * (DepthPrefixes, whose `owns` PrefixClaims.owns mirrors: asked in increasing order, it
 * claims from a counter). It is its own code: the planner's moves are steps and pushes
 * with costs, not the competition's 4N pushes, and its units are numbered in the order
 * every thread meets them rather than by move index.
 *
 * A guide (a plan known, posted by the plan thread: offerGuide) orders every node's pushes,
 * its pushes first (Planner.setGuide). The guide of an iteration is chosen once, by the first
 * thread that starts it (guideFor), so that every thread numbers the units alike.
 */
import type { IpcMove, IpcTask } from "../task.js";
import { costBound } from "./bound.js";
import type { IpcSearchOptions } from "./options.js";
import { guidePushes, Interrupted, NO_ACTION, Planner, type PlannerShare } from "./planner.js";
import { PlanTable } from "./table.js";

/** The cost of the nodes whose children are the units: 1, each unit a node at cost 2 (about 60 x 60 a bound on 16x16). */
export const UNIT_DEPTH = 1;
/** bounds below this (the Planner's path length) */
const MAX_BOUND = 1024;
/** no plan / no bound: the largest Int32 */
export const NONE = 0x7fffffff;

/** cells of the shared Int32Array: the lower bound, the best plan's cost, the highest bound started, the states expanded, the exact threads ended */
const LOWER = 0;
const BEST = 1;
const LATEST = 2;
const EXPANDED = 3;
const ENDED = 4;
/** then per bound b, at PER + 4b: the units claimed, the threads that started it, that finished it, the least exceeding cost */
const PER = 8;
const CLAIMS = 0;
const STARTED = 1;
const FINISHED = 2;
const EXCEED = 3;
/** then per bound b, at GUIDE_OF + b: 0 undecided, 1 no guide, v + 2 guide v */
const GUIDE_OF = PER + 4 * MAX_BOUND;
/** the guides posted (at most MAX_GUIDES), then guide v's length and pushes at GUIDES + 1 + v * GUIDE_CELLS */
const GUIDES = GUIDE_OF + MAX_BOUND;
const MAX_GUIDES = 16;
const GUIDE_CELLS = MAX_BOUND + 1;
const CELLS = GUIDES + 1 + MAX_GUIDES * GUIDE_CELLS;

/** The shared memory of one shared search: its counters and its transposition table. */
export interface SharedSearchMemory {
  cells: SharedArrayBuffer;
  table: SharedArrayBuffer;
}

/**
 * The memory for a shared search of one task.
 * @param tableLog2 log2 of the transposition table's slots (16 bytes a slot; default 22: 64 MiB)
 */
export function sharedSearchMemory(tableLog2 = 22): SharedSearchMemory {
  const cells = new SharedArrayBuffer(4 * CELLS);
  const c = new Int32Array(cells);
  c[LOWER] = 0;
  c[BEST] = NONE;
  c[LATEST] = -1;
  for (let b = 0; b < MAX_BOUND; b++) c[PER + 4 * b + EXCEED] = NONE;
  return { cells, table: PlanTable.sharedBuffer(tableLog2) };
}

/** A thread's view of the counters of a shared search (any thread, and the main thread). */
export class SearchShare {
  private readonly c: Int32Array;

  constructor(memory: SharedSearchMemory) {
    this.c = new Int32Array(memory.cells);
  }

  /** Every plan costs at least this (NONE: no plan exists). */
  lowerBound(): number {
    return Atomics.load(this.c, LOWER);
  }

  /** The cheapest plan's cost found by any thread (NONE: none yet). */
  bestCost(): number {
    return Atomics.load(this.c, BEST);
  }

  /** A thread found a plan of this cost. */
  offerPlan(cost: number): void {
    this.lowerTo(BEST, cost);
  }

  /** The highest bound a thread has started (-1: none). */
  latest(): number {
    return Atomics.load(this.c, LATEST);
  }

  /** States expanded by all the threads, as they have reported them (addExpanded). */
  expanded(): number {
    return Atomics.load(this.c, EXPANDED);
  }

  /** Adds a thread's states; returns the new sum. */
  addExpanded(states: number): number {
    return Atomics.add(this.c, EXPANDED, states) + states;
  }

  /** How many exact threads have ended. */
  ended(): number {
    return Atomics.load(this.c, ENDED);
  }

  /** An exact thread has ended. */
  end(): void {
    Atomics.add(this.c, ENDED, 1);
  }

  /** A thread starts the iteration of bound b (before it claims any unit of it). */
  start(bound: number): void {
    Atomics.add(this.c, PER + 4 * bound + STARTED, 1);
    for (let now = Atomics.load(this.c, LATEST); now < bound; now = Atomics.load(this.c, LATEST)) {
      if (Atomics.compareExchange(this.c, LATEST, now, bound) === now) break;
    }
  }

  /** Claims the next unit of bound b: its number (units are claimed in increasing order). */
  claim(bound: number): number {
    return Atomics.add(this.c, PER + 4 * bound + CLAIMS, 1);
  }

  /**
   * A thread finished its part of the iteration of bound b without a plan, `exceed` the least
   * cost above b it met (Infinity: none). When it was the last of the threads that started
   * it, the iteration is settled: the lower bound rises to the least exceeding cost of all.
   * @returns whether this call settled the iteration
   */
  finish(bound: number, exceed: number): boolean {
    const at = PER + 4 * bound;
    this.lowerTo(at + EXCEED, exceed === Infinity ? NONE : exceed);
    const finished = Atomics.add(this.c, at + FINISHED, 1) + 1;
    if (finished < Atomics.load(this.c, at + STARTED)) return false;
    this.proveAtLeast(Atomics.load(this.c, at + EXCEED));
    return true;
  }

  /** Every plan is proven to cost at least `cost` (NONE: no plan exists): the lower bound rises to it. */
  proveAtLeast(cost: number): void {
    for (let now = Atomics.load(this.c, LOWER); now < cost; now = Atomics.load(this.c, LOWER)) {
      if (Atomics.compareExchange(this.c, LOWER, now, cost) === now) break;
    }
  }

  /**
   * Posts a plan as a guide for the iterations not yet started (its pushes, Planner.setGuide).
   * One thread only may post guides (the plan thread); after MAX_GUIDES, later ones are dropped.
   */
  offerGuide(moves: readonly IpcMove[]): void {
    const v = Atomics.load(this.c, GUIDES);
    if (v >= MAX_GUIDES) return;
    const pushes = guidePushes(moves);
    const at = GUIDES + 1 + v * GUIDE_CELLS;
    const length = Math.min(pushes.length, GUIDE_CELLS - 1);
    for (let i = 0; i < length; i++) Atomics.store(this.c, at + 1 + i, pushes[i]);
    Atomics.store(this.c, at, length);
    // published: a thread that reads the count v + 1 reads the whole guide
    Atomics.store(this.c, GUIDES, v + 1);
  }

  /**
   * The guide of the iteration of bound b (its pushes, line * 4 + d; undefined: none): the
   * newest guide posted when the first thread asked, the same for every thread of the iteration.
   */
  guideFor(bound: number): number[] | undefined {
    Atomics.compareExchange(this.c, GUIDE_OF + bound, 0, Atomics.load(this.c, GUIDES) + 1);
    const chosen = Atomics.load(this.c, GUIDE_OF + bound);
    if (chosen < 2) return undefined;
    const at = GUIDES + 1 + (chosen - 2) * GUIDE_CELLS;
    return Array.from({ length: Atomics.load(this.c, at) }, (_, i) => Atomics.load(this.c, at + 1 + i));
  }

  private lowerTo(cell: number, value: number): void {
    for (let now = Atomics.load(this.c, cell); now > value; now = Atomics.load(this.c, cell)) {
      if (Atomics.compareExchange(this.c, cell, now, value) === now) break;
    }
  }
}

/**
 * A thread's claims of an iteration's units (move prefixes), from the counter of its
 * bound: it owns a unit when it claimed its number first.
 */
class PrefixClaims implements PlannerShare {
  private bound = 0;
  private claimed = -1;

  constructor(
    private readonly share: SearchShare,
    readonly depth: number,
  ) {}

  /** Starts the iteration of a bound: claims restart at unit 0. */
  start(bound: number): void {
    this.bound = bound;
    this.claimed = -1;
  }

  owns(unit: number): boolean {
    // asking for unit u means every unit before u was asked for: a claim below u cannot come back
    while (this.claimed < unit) this.claimed = this.share.claim(this.bound);
    return this.claimed === unit;
  }

  superseded(bound: number): boolean {
    return this.share.lowerBound() > bound;
  }
}

/** Options of searchShared: solveIpc's (its limits and switches; bestCost is the shared one), and the thread's part. */
export interface SharedSearchOptions extends IpcSearchOptions {
  /** start at the highest bound another thread has started (a thread joining a running search) */
  join?: boolean;
  /** called with each plan this thread finds (before its cost is shared) */
  onPlan?: (moves: IpcMove[], cost: number) => void;
  /** called when this thread settles an iteration: its bound and the states all threads have reported */
  onSettled?: (bound: number, expanded: number) => void;
  /** the cost of the nodes whose children are the units (default UNIT_DEPTH) */
  unitDepth?: number;
}

/**
 * One thread's part of the shared exact search: the deepening until the next bound reaches
 * the shared best cost (every iteration below it finished by this thread), no plan exists,
 * maxCost, the time limit or shouldStop. Plans go to onPlan and their costs to the share; the
 * answer (the lower bound, the best cost) is read from the share (SearchShare) when every
 * thread has ended.
 * @param task the task (0-based PDDL coordinates, src/push/ipc2023/task.ts)
 * @param memory sharedSearchMemory's, the same for every thread of the search
 * @returns the states this thread expanded
 */
export function searchShared(task: IpcTask, memory: SharedSearchMemory, options: SharedSearchOptions = {}): { expanded: number } {
  const share = new SearchShare(memory);
  const claims = new PrefixClaims(share, options.unitDepth ?? UNIT_DEPTH);
  const planner = new Planner(task, { ...options, bestCost: () => share.bestCost() }, memory.table, claims);
  const robot = task.robot.y * task.size + task.robot.x;
  const start = costBound(planner.tiles, task.size, robot);
  // the start's bound (admissible) and minCost are proofs of their own
  share.proveAtLeast(start === Infinity ? NONE : Math.max(start, options.minCost ?? 0));
  const stopped = (): boolean => performance.now() > planner.deadline || planner.shouldStop();
  const maxCost = Math.min(options.maxCost ?? Infinity, MAX_BOUND - 1);
  let bound = Math.max(start, options.minCost ?? 0, share.lowerBound(), options.join ? share.latest() : 0);
  let reported = 0;
  try {
    while (bound <= maxCost && bound < share.bestCost() && !stopped()) {
      share.start(bound);
      // the same guide in every thread of the iteration (decided before any unit is claimed)
      planner.setGuide(share.guideFor(bound));
      claims.start(bound);
      planner.bound = bound;
      planner.minExceed = Infinity;
      planner.unit = 0;
      planner.table.startIteration(bound);
      try {
        if (planner.search(0, robot, -1, 0, NO_ACTION)) {
          options.onPlan?.(planner.moves(), planner.solutionLength);
          share.offerPlan(planner.solutionLength);
        } else {
          const settled = share.finish(bound, planner.minExceed);
          const all = share.addExpanded(planner.expanded - reported);
          reported = planner.expanded;
          if (settled) options.onSettled?.(bound, all);
        }
      } catch (e) {
        // stopped, or the iteration is no longer needed (a plan at or below it, or a lower bound above it)
        if (!(e instanceof Interrupted)) throw e;
      }
      bound = Math.max(bound + 1, share.lowerBound());
    }
  } finally {
    share.addExpanded(planner.expanded - reported);
  }
  return { expanded: planner.expanded };
}
