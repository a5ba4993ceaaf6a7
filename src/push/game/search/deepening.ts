/**
 * The board game's exact search: iterative deepening on the cost with a transposition
 * table. Every action costs 1 under each cost (pushes: a push and its free walk; moves: a
 * push or a walk of any length; steps: a push or one step), so the depth-first search to
 * cost b, for b = 1, 2, ..., finds a cheapest solution first: this is IDA* with the bound
 * 0, which is admissible. A state is the tiles, the spare, the last push (under
 * no_reverse), the goal tile and the pawn: its reachable set after the free walk (cost
 * pushes, no walk before the first push) or its one field (moves, steps, walking allowed
 * before the first push). Under cost steps the bound is sharper: the distance of the pawn
 * to the goal tile or exit field with rows and columns wrapping around (tables.ts torus)
 * is admissible, because a step moves the pawn one field, and a push moves the pawn or
 * the goal tile one field along its line or from the line's downstream end to its
 * upstream end (one field on the wrapped line), or both together (distance unchanged).
 * The table keeps, for a state, the largest remaining cost r
 * proven not to reach the goal; the search from that state with r or less is skipped
 * (valid in every later iteration too: no solution within r stays so).
 *
 * Rules: docs/board-game.md (../shared/spec/board-game.md). The checker
 * (src/push/game/check.ts) has its own simulation; nothing here is shared with it.
 */
import type { GameAction } from "../actions.js";
import type { GameInstance } from "../instance.js";
import { GameTable } from "./table.js";
import { BACK, STEP_DIRS, buildTables, type GameTables } from "./tables.js";

/** Options of one search. */
export interface GameSearchOptions {
  /** the bound on the cost (default the instance's max_steps; none: deepen until a solution or an interruption) */
  maxCost?: number;
  /** MiB for the transposition table (at least 1) */
  memoryMegabytes: number;
  /** called every few thousand nodes: a reason to stop ("time limit"), or undefined */
  shouldStop?: () => string | undefined;
  /**
   * called with the stop poll (every 4,096 nodes): the nodes generated so far in the whole
   * search and the cost bound of the iteration running (a progress line's figures)
   */
  onNodes?: (nodes: number, bound: number) => void;
  /** after each iteration */
  onDepth?: (d: GameDepth) => void;
}

/** One iteration of the deepening. */
export interface GameDepth {
  /** the cost bound of the iteration */
  depth: number;
  /** states generated */
  nodes: number;
  /** transposition table entries after it */
  stored: number;
  milliseconds: number;
}

/** The search's result. */
export interface GameSearchResult {
  /** a cheapest solution (proven), undefined when none was found */
  actions: GameAction[] | undefined;
  /** no solution within the bound */
  exhausted: boolean;
  interrupted: boolean;
  /** "time limit", or what else stopped it */
  interruptedBy: string | undefined;
  /** the cost proven necessary: the solution's cost, the bound + 1, or the iteration interrupted */
  lowerBound: number;
  nodes: number;
  depths: GameDepth[];
  seconds: number;
}

const KIND_PUSH = 0;
const KIND_WALK = 1;
const KIND_STEP = 2;

/** The deepest cost the search goes to. */
const LIMIT = 254;

class Stop {
  constructor(readonly why: string) {}
}

/**
 * Finds a cheapest solution of a game instance.
 * @param inst the validated instance (its cost, rules, max_steps)
 * @returns the proven optimum, or exhausted (none within the bound), or interrupted
 */
export function searchGame(inst: GameInstance, options: GameSearchOptions): GameSearchResult {
  const started = performance.now();
  const t = buildTables(inst);
  const N = t.fields;
  const W = t.width;
  const given = options.maxCost ?? inst.maxSteps;
  /** without a bound the deepening stops at LIMIT (interrupted: the table counts r in a byte) */
  const bound = Math.min(given ?? LIMIT, LIMIT);
  const table = new GameTable(W, Math.max(1, options.memoryMegabytes));
  const stack = new Int32Array(N);
  const stamp = new Int32Array(N);
  let stampNow = 0;
  let nodes = 0;
  const steps = inst.rules.cost === "steps";
  /** the states of the current path: level g at g*W */
  let path = new Uint8Array(2 * W);
  /** the action that led to level g+1 */
  let codes = new Int32Array(2);
  /** the walk targets of level g (cost moves) at g*N */
  let targets = new Uint8Array(2 * N);

  // the start, level 0
  for (let f = 0; f < N; f++) path[f] = inst.tiles[f];
  path[t.spareAt] = inst.spare;
  path[t.goalAt] = inst.goal.kind === "tile" ? (inst.goal.field.row - 1) * inst.cols + (inst.goal.field.col - 1) : 0;
  const init = (inst.init.row - 1) * inst.cols + (inst.init.col - 1);
  if (t.reachSet) path[t.pawnAt + (init >> 3)] |= 1 << (init & 7);
  else path[t.pawnAt] = init;

  const depths: GameDepth[] = [];
  const result = (r: Partial<GameSearchResult> & { lowerBound: number }): GameSearchResult => ({
    actions: undefined,
    exhausted: false,
    interrupted: false,
    interruptedBy: undefined,
    nodes,
    depths,
    seconds: (performance.now() - started) / 1000,
    ...r,
  });
  if (isGoal(t, path, 0)) return result({ actions: [], lowerBound: 0 });

  let b = 1;
  try {
    for (; b <= bound; b++) {
      const start = performance.now();
      const before = nodes;
      const level0 = path.subarray(0, W);
      path = new Uint8Array((b + 1) * W);
      path.set(level0);
      codes = new Int32Array(b + 1);
      targets = new Uint8Array((b + 1) * N);
      const found = dfs(0, b);
      depths.push({ depth: b, nodes: nodes - before, stored: table.count, milliseconds: performance.now() - start });
      options.onDepth?.(depths[depths.length - 1]);
      if (found > 0) return result({ actions: decode(codes, found, t, inst.cols), lowerBound: found });
    }
    if (given === undefined || given > LIMIT) return result({ interrupted: true, interruptedBy: `the search's cost limit (${LIMIT}) without max_steps`, lowerBound: b });
    return result({ exhausted: true, lowerBound: b });
  } catch (e) {
    if (e instanceof Stop) return result({ interrupted: true, interruptedBy: e.why, lowerBound: b });
    throw e;
  }

  /**
   * Searches below the state at level g (not a goal) within cost b.
   * @returns the solution's cost (its actions in codes[0..cost)), or 0
   */
  function dfs(g: number, b: number): number {
    const r = b - g;
    const at = g * W;
    if (table.get(path, at) >= r) return 0;
    const next = at + W;
    const spare = path[at + t.spareAt];
    const last = path[at + t.lastAt] - 1;
    const quarters = t.rotate ? 4 : 1;
    for (let p = 0; p < t.lines.length; p++) {
      if (t.noReverse && last >= 0 && t.reverse[last] === p) continue;
      for (let q = 0; q < quarters; q++) {
        const entering = t.turned[q * 16 + spare];
        // a turn that gives the same tile as a smaller one gives the same state
        let seen = false;
        for (let k = 0; k < q; k++) if (t.turned[k * 16 + spare] === entering) seen = true;
        if (seen) continue;
        applyPush(at, next, p, entering);
        codes[g] = ((p * 4 + q) << 2) | KIND_PUSH;
        const c = visit(g, b);
        if (c > 0) return c;
      }
    }
    if (!t.reachSet) {
      const pawn = path[at + t.pawnAt];
      if (inst.rules.cost === "steps") {
        for (let d = 0; d < 4; d++) {
          const nb = t.neighbour[pawn * 4 + d];
          if (nb < 0 || !(path[at + pawn] & (1 << d)) || !(path[at + nb] & (1 << BACK[d]))) continue;
          path.copyWithin(next, at, next);
          path[next + t.pawnAt] = nb;
          codes[g] = (d << 2) | KIND_STEP;
          const c = visit(g, b);
          if (c > 0) return c;
        }
      } else {
        // moves: a walk to every other field the pawn can reach (kept per level: the
        // levels below reuse the stack)
        const n = reachFrom(at, pawn);
        for (let k = 1; k < n; k++) targets[g * N + k] = stack[k];
        for (let k = 1; k < n; k++) {
          const target = targets[g * N + k];
          path.copyWithin(next, at, next);
          path[next + t.pawnAt] = target;
          codes[g] = (target << 2) | KIND_WALK;
          const c = visit(g, b);
          if (c > 0) return c;
        }
      }
    }
    table.put(path, at, r);
    return 0;
  }

  /** The child at level g+1: a goal (its cost), or searched on within b. */
  function visit(g: number, b: number): number {
    if ((++nodes & 4095) === 0) poll(b);
    const at = (g + 1) * W;
    if (isGoal(t, path, at)) return g + 1;
    if (g + 1 >= b) return 0;
    if (steps) {
      const target = t.exitField >= 0 ? t.exitField : path[at + t.goalAt];
      if (g + 1 + t.torus[path[at + t.pawnAt] * N + target] > b) return 0;
    }
    return dfs(g + 1, b);
  }

  /** Every 4,096 nodes: the progress figures out, and a stop asked for thrown (Stop). */
  function poll(b: number): void {
    options.onNodes?.(nodes, b);
    const why = options.shouldStop?.();
    if (why) throw new Stop(why);
  }

  /** The state at `to` := the state at `from` after push p with the (turned) spare `entering`. */
  function applyPush(from: number, to: number, p: number, entering: number): void {
    path.copyWithin(to, from, from + W);
    const base = p * t.maxLine;
    const len = t.lineLength[p];
    for (let k = len - 1; k > 0; k--) path[to + t.lineFields[base + k]] = path[from + t.lineFields[base + k - 1]];
    path[to + t.lineFields[base]] = entering;
    path[to + t.spareAt] = path[from + t.lineFields[base + len - 1]];
    if (t.noReverse) path[to + t.lastAt] = p + 1;
    const ride = p * N;
    if (t.exitField < 0) path[to + t.goalAt] = t.ride[ride + path[from + t.goalAt]];
    if (!t.reachSet) {
      path[to + t.pawnAt] = t.ride[ride + path[from + t.pawnAt]];
      return;
    }
    // the reachable set rides, then grows by walking on the new board
    const reach = to + t.pawnAt;
    for (let k = t.pawnAt; k < W; k++) path[to + k] = 0;
    let top = 0;
    for (let f = 0; f < N; f++) {
      if (!(path[from + t.pawnAt + (f >> 3)] & (1 << (f & 7)))) continue;
      const g = t.ride[ride + f];
      if (path[reach + (g >> 3)] & (1 << (g & 7))) continue;
      path[reach + (g >> 3)] |= 1 << (g & 7);
      stack[top++] = g;
    }
    while (top > 0) {
      const f = stack[--top];
      for (let d = 0; d < 4; d++) {
        const nb = t.neighbour[f * 4 + d];
        if (nb < 0 || !(path[to + f] & (1 << d)) || !(path[to + nb] & (1 << BACK[d]))) continue;
        if (path[reach + (nb >> 3)] & (1 << (nb & 7))) continue;
        path[reach + (nb >> 3)] |= 1 << (nb & 7);
        stack[top++] = nb;
      }
    }
  }

  /** The fields reachable from `from` on the tiles of the state at `at`, into stack[0..n), `from` first; returns n. */
  function reachFrom(at: number, from: number): number {
    stampNow++;
    stack[0] = from;
    stamp[from] = stampNow;
    let n = 1;
    for (let k = 0; k < n; k++) {
      const f = stack[k];
      for (let d = 0; d < 4; d++) {
        const nb = t.neighbour[f * 4 + d];
        if (nb < 0 || stamp[nb] === stampNow || !(path[at + f] & (1 << d)) || !(path[at + nb] & (1 << BACK[d]))) continue;
        stamp[nb] = stampNow;
        stack[n++] = nb;
      }
    }
    return n;
  }
}

/** The goal test: the pawn on the goal tile, or on the exit's field while its tile opens towards the exit's side. */
function isGoal(t: GameTables, s: Uint8Array, at: number): boolean {
  const f = t.exitField >= 0 ? t.exitField : s[at + t.goalAt];
  if (t.exitField >= 0 && !(s[at + f] & t.exitBit)) return false;
  return t.reachSet ? (s[at + t.pawnAt + (f >> 3)] & (1 << (f & 7))) !== 0 : s[at + t.pawnAt] === f;
}

/** The actions of codes[0..cost). */
function decode(codes: Int32Array, cost: number, t: GameTables, cols: number): GameAction[] {
  return Array.from(codes.subarray(0, cost), (code): GameAction => {
    const v = code >> 2;
    switch (code & 3) {
      case KIND_PUSH: {
        const l = t.lines[v >> 2];
        return { kind: "push", line: l.line, dir: l.dir, turns: v & 3 };
      }
      case KIND_WALK:
        return { kind: "walk", to: { row: Math.floor(v / cols) + 1, col: (v % cols) + 1 } };
      default:
        return { kind: "step", dir: STEP_DIRS[v] };
    }
  });
}
