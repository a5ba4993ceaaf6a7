/**
 * Shortening a known solution by local changes, each re-checked by a plain simulation of
 * the rules (../shared/spec/push-labyrinth.md): drop one push, drop two, replace two
 * pushes by one, replace one push by another. Any push sequence that makes the goal
 * reachable is cut at the first step where it does, which is then a solution (the goal
 * in R(t) and in none of R(0..t-1)). Used for the anytime upper bound
 * (src/push/competition/search/run/run.ts): the beam's solutions are rarely the shortest.
 *
 * The simulation is the search's own board (src/push/competition/search/board/searchboard.ts), checked against
 * clingo by the differential tests; it shares nothing with the checker (src/push/competition/check.ts),
 * which stays the independent referee.
 */
import { type Push } from "../../board.js";
import { DIRECTIONS } from "../../../../core/grid.js";
import type { Instance } from "../../instance.js";
import { MOVE_DIRS } from "../board/layout.js";
import { makeBoard, type SearchBoard } from "../board/searchboard.js";
import { runToEnd, type Yielding } from "./yielding.js";

/** Options of shorten(). */
export interface ShortenOptions {
  /** polled after every candidate; true stops with the best so far */
  shouldStop?: () => boolean;
  /**
   * called with each shorter solution as soon as it is found (each one shorter than the
   * one before), so that a caller that must answer before the shortening ends has it
   */
  onShorter?: (solution: Push[]) => void;
}

/** A state of the search's layout (src/push/competition/search/board/layout.ts): tiles, reachable set, goal. */
type SimState = Int32Array;

/**
 * The rules as the search's own board plays them (src/push/competition/search/board/searchboard.ts: pushes with
 * wraparound, walking), over Push objects and one new state per push.
 */
class Simulator {
  private readonly board: SearchBoard;

  constructor(private readonly instance: Instance) {
    this.board = makeBoard(instance.size);
  }

  /** Step 0: R is the init field alone (no walking before the first push). */
  initial(): SimState {
    const s = new Int32Array(this.board.stride);
    this.board.load(this.instance, s, 0);
    return s;
  }

  /** The state after `push` (a new state; `s` is not changed), walked. */
  apply(s: SimState, push: Push): SimState {
    const next = s.slice();
    this.board.applyPush(next, 0, MOVE_DIRS.indexOf(push.dir) * this.instance.size + push.line - 1);
    this.board.walk(next, 0);
    return next;
  }

  /** True when the goal's field is in R. */
  reached(s: SimState): boolean {
    return this.board.goalReachable(s, 0);
  }
}

/**
 * The solution a push sequence gives: its prefix up to the first push after which the
 * goal is reachable, or undefined when the goal is never reachable (or reachable before
 * any push: then only the empty sequence is a solution).
 * @param pushes lines 1-based, in 1..N
 */
export function solutionPrefix(instance: Instance, pushes: readonly Push[]): Push[] | undefined {
  const sim = new Simulator(instance);
  let s = sim.initial();
  if (sim.reached(s)) return undefined;
  for (let i = 0; i < pushes.length; i++) {
    s = sim.apply(s, pushes[i]);
    if (sim.reached(s)) return pushes.slice(0, i + 1);
  }
  return undefined;
}

/**
 * A solution of at most as many pushes as `solution`, found by local changes (see the
 * module comment), repeated until none shortens it or shouldStop says stop.
 * @param solution a solution of the instance (a sequence that is not one is returned as is)
 * @returns the shortest solution found; `solution` itself when nothing shorter was
 */
export function shorten(instance: Instance, solution: readonly Push[], options: ShortenOptions = {}): Push[] {
  return runToEnd(shortenSteps(instance, solution, options));
}

/** shorten as steps (src/push/competition/search/anytime/yielding.ts): it pauses after every candidate. */
export function* shortenSteps(instance: Instance, solution: readonly Push[], options: ShortenOptions = {}): Yielding<Push[]> {
  const n = instance.size;
  const sim = new Simulator(instance);
  const all: Push[] = [];
  for (let line = 1; line <= n; line++) for (const dir of DIRECTIONS) all.push({ line, dir });
  let best = [...solution];
  if (best.length <= 1 || solutionPrefix(instance, best)?.length !== best.length) return best;
  const stop = options.shouldStop ?? (() => false);

  /** The states before each push of `seq` (prefix[i]: after i pushes). */
  const prefixes = (seq: readonly Push[]): SimState[] => {
    const out = [sim.initial()];
    for (const p of seq) out.push(sim.apply(out[out.length - 1], p));
    return out;
  };
  /** Runs `tail` from state s; the number of its pushes until the goal, or -1. */
  const finish = (s: SimState, tail: readonly Push[], limit: number): number => {
    for (let i = 0; i < tail.length && i < limit; i++) {
      s = sim.apply(s, tail[i]);
      if (sim.reached(s)) return i + 1;
    }
    return -1;
  };

  for (let improved = true; improved && best.length > 1; ) {
    improved = false;
    const t = best.length;
    const pre = prefixes(best);
    /** Tries prefix(i) + middle + best[j..]: shorter than best? */
    const attempt = (i: number, middle: readonly Push[], j: number): boolean => {
      let s = pre[i];
      for (let m = 0; m < middle.length; m++) {
        s = sim.apply(s, middle[m]);
        if (sim.reached(s)) {
          best = [...best.slice(0, i), ...middle.slice(0, m + 1)];
          return true;
        }
      }
      const budget = t - 1 - i - middle.length;
      if (budget <= 0) return false;
      const k = finish(s, best.slice(j), budget);
      if (k < 0) return false;
      best = [...best.slice(0, i), ...middle, ...best.slice(j, j + k)];
      return true;
    };
    // the goal is never reachable before step t (best is a solution): candidates change
    // the sequence from push i on, keeping the prefix before it
    search: {
      // drop push i
      for (let i = 0; i < t; i++) {
        if (attempt(i, [], i + 1)) break search;
        yield;
        if (stop()) break search;
      }
      // drop pushes i and j
      for (let i = 0; i < t; i++) {
        for (let j = i + 1; j < t; j++) {
          if (attempt(i, best.slice(i + 1, j), j + 1)) break search;
          yield;
          if (stop()) break search;
        }
      }
      // replace pushes i and i+1 by one
      for (let i = 0; i + 1 < t; i++) {
        for (const p of all) {
          if (attempt(i, [p], i + 2)) break search;
          yield;
          if (stop()) break search;
        }
      }
      // replace pushes i and j > i + 1 by one, at i's place or at j's
      for (let i = 0; i < t; i++) {
        for (let j = i + 2; j < t; j++) {
          const between = best.slice(i + 1, j);
          for (const p of all) {
            if (attempt(i, [p, ...between], j + 1)) break search;
            if (attempt(i, [...between, p], j + 1)) break search;
            yield;
            if (stop()) break search;
          }
        }
      }
      continue;
    }
    improved = best.length < t;
    if (improved) options.onShorter?.(best);
  }
  return best;
}
