/**
 * Shortening a known solution by local changes, each re-checked by a plain simulation of
 * the rules (../shared/spec/push-labyrinth.md): drop one push, drop two, replace two
 * pushes by one, replace one push by another. Any push sequence that makes the goal
 * reachable is cut at the first step where it does, which is then a solution (the goal
 * in R(t) and in none of R(0..t-1)). Used for the anytime upper bound
 * (src/search/run.ts): the beam's solutions are rarely the shortest.
 *
 * The simulation is this module's own (typed arrays, a breadth-first walk): it shares
 * nothing with the checker (src/check.ts), which stays the independent referee.
 */
import { OPEN, type Direction, type Push } from "../board.js";
import type { Instance } from "../instance.js";

/** Options of shorten(). */
export interface ShortenOptions {
  /** polled between candidates; true stops with the best so far */
  shouldStop?: () => boolean;
}

const DIRS: readonly Direction[] = ["n", "s", "e", "w"];

/** A simulation state: tiles, reachable fields, the goal's field (0-based (row-1)*N + (col-1)). */
interface SimState {
  tiles: Uint8Array;
  reach: Uint8Array;
  goal: number;
}

/** The rules, plainly: pushes with wraparound and walking. */
class Simulator {
  readonly n: number;
  private readonly queue: Int32Array;

  constructor(n: number) {
    this.n = n;
    this.queue = new Int32Array(n * n);
  }

  /** The state after `push` (a new state; `s` is not changed), walked. */
  apply(s: SimState, push: Push): SimState {
    const n = this.n;
    const tiles = Uint8Array.from(s.tiles);
    const reach = Uint8Array.from(s.reach);
    let goal = s.goal;
    const z = push.line - 1;
    // index of the k-th field of the line, in the direction of the push
    const at = push.dir === "e" || push.dir === "w" ? (k: number) => z * n + k : (k: number) => k * n + z;
    const shift = push.dir === "e" || push.dir === "n" ? 1 : n - 1;
    for (let k = 0; k < n; k++) {
      const from = at(k);
      const to = at((k + shift) % n);
      tiles[to] = s.tiles[from];
      reach[to] = s.reach[from];
      if (s.goal === from) goal = to;
    }
    const next = { tiles, reach, goal };
    this.walk(next);
    return next;
  }

  /** Adds to `s.reach` every field reachable by walking from it. */
  private walk(s: SimState): void {
    const n = this.n;
    const { tiles, reach } = s;
    const q = this.queue;
    let top = 0;
    for (let i = 0; i < n * n; i++) if (reach[i]) q[top++] = i;
    while (top > 0) {
      const i = q[--top];
      const row = Math.floor(i / n);
      const col = i % n;
      const t = tiles[i];
      if (t & OPEN.n && row + 1 < n && !reach[i + n] && tiles[i + n] & OPEN.s) (reach[i + n] = 1), (q[top++] = i + n);
      if (t & OPEN.s && row > 0 && !reach[i - n] && tiles[i - n] & OPEN.n) (reach[i - n] = 1), (q[top++] = i - n);
      if (t & OPEN.e && col + 1 < n && !reach[i + 1] && tiles[i + 1] & OPEN.w) (reach[i + 1] = 1), (q[top++] = i + 1);
      if (t & OPEN.w && col > 0 && !reach[i - 1] && tiles[i - 1] & OPEN.e) (reach[i - 1] = 1), (q[top++] = i - 1);
    }
  }
}

function initial(instance: Instance): SimState {
  const { board, init, goal } = instance;
  const reach = new Uint8Array(instance.size * instance.size);
  reach[board.index(init)] = 1; // no walking before the first push
  return { tiles: Uint8Array.from(board.tiles), reach, goal: board.index(goal) };
}

/**
 * The solution a push sequence gives: its prefix up to the first push after which the
 * goal is reachable, or undefined when the goal is never reachable (or reachable before
 * any push: then only the empty sequence is a solution).
 * @param pushes lines 1-based, in 1..N
 */
export function solutionPrefix(instance: Instance, pushes: readonly Push[]): Push[] | undefined {
  const sim = new Simulator(instance.size);
  let s = initial(instance);
  if (s.reach[s.goal]) return undefined;
  for (let i = 0; i < pushes.length; i++) {
    s = sim.apply(s, pushes[i]);
    if (s.reach[s.goal]) return pushes.slice(0, i + 1);
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
  const n = instance.size;
  const sim = new Simulator(n);
  const all: Push[] = [];
  for (let line = 1; line <= n; line++) for (const dir of DIRS) all.push({ line, dir });
  let best = [...solution];
  if (best.length <= 1 || solutionPrefix(instance, best)?.length !== best.length) return best;
  const stop = options.shouldStop ?? (() => false);

  /** The states before each push of `seq` (prefix[i]: after i pushes). */
  const prefixes = (seq: readonly Push[]): SimState[] => {
    const out = [initial(instance)];
    for (const p of seq) out.push(sim.apply(out[out.length - 1], p));
    return out;
  };
  /** Runs `tail` from state s; the number of its pushes until the goal, or -1. */
  const finish = (s: SimState, tail: readonly Push[], limit: number): number => {
    for (let i = 0; i < tail.length && i < limit; i++) {
      s = sim.apply(s, tail[i]);
      if (s.reach[s.goal]) return i + 1;
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
        if (s.reach[s.goal]) {
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
      for (let i = 0; i < t; i++) if (attempt(i, [], i + 1)) break search;
      if (stop()) break search;
      // drop pushes i and j
      for (let i = 0; i < t; i++) {
        for (let j = i + 1; j < t; j++) if (attempt(i, best.slice(i + 1, j), j + 1)) break search;
        if (stop()) break search;
      }
      // replace pushes i and i+1 by one
      for (let i = 0; i + 1 < t; i++) {
        for (const p of all) if (attempt(i, [p], i + 2)) break search;
        if (stop()) break search;
      }
      // replace pushes i and j > i + 1 by one, at i's place or at j's
      for (let i = 0; i < t; i++) {
        for (let j = i + 2; j < t; j++) {
          const between = best.slice(i + 1, j);
          for (const p of all) {
            if (attempt(i, [p, ...between], j + 1)) break search;
            if (attempt(i, [...between, p], j + 1)) break search;
          }
          if (stop()) break search;
        }
      }
      continue;
    }
    improved = best.length < t;
  }
  return best;
}
