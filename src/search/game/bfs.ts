/**
 * The board game's exact search: breadth-first by cost over states (tiles, spare, last
 * push under no_reverse, goal tile, pawn), with every stored state in a hash set, so each
 * state is expanded once. Every action costs 1 under each cost (pushes: a push and its
 * free walk; moves: a push or a walk of any length; steps: a push or one step), so the
 * first goal state generated is cheapest: breadth-first search is A* with the bound 0,
 * which is admissible. The pawn part of a state is the reachable set after the free
 * walk (cost pushes, no walk before the first push) or the pawn's one field (moves,
 * steps, walking allowed before the first push).
 *
 * Rules: docs/board-game.md (../shared/spec/board-game.md). The checker
 * (src/game/check.ts) has its own simulation; nothing here is shared with it.
 */
import type { GameAction } from "../../game/actions.js";
import type { GameInstance } from "../../game/instance.js";
import { StateStore, StoreFull } from "./store.js";
import { BACK, STEP_DIRS, buildTables, type GameTables } from "./tables.js";

/** Options of one search. */
export interface GameSearchOptions {
  /** the bound on the cost (default the instance's max_steps; none: until the states run out) */
  maxCost?: number;
  /** MiB for the states (at least 1) */
  memoryMegabytes: number;
  /** called every few thousand expansions: a reason to stop ("time limit", "SIGINT"), or undefined */
  shouldStop?: () => string | undefined;
  /** after each cost level */
  onDepth?: (d: GameDepth) => void;
}

/** One cost level of the breadth-first search. */
export interface GameDepth {
  /** the cost of the states expanded */
  depth: number;
  /** states expanded at this cost */
  states: number;
  /** states stored so far */
  stored: number;
  milliseconds: number;
}

/** The search's result. */
export interface GameSearchResult {
  /** a cheapest solution (proven), undefined when none was found */
  actions: GameAction[] | undefined;
  /** no solution within the bound (or at all): every state up to it was expanded */
  exhausted: boolean;
  interrupted: boolean;
  /** "time limit", "memory limit", a signal's name */
  interruptedBy: string | undefined;
  /** the cost proven necessary: the solution's cost, or the first cost not searched to the end */
  lowerBound: number;
  states: number;
  depths: GameDepth[];
  seconds: number;
}

const KIND_PUSH = 0;
const KIND_WALK = 1;
const KIND_STEP = 2;

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
  const bound = options.maxCost ?? inst.maxSteps ?? Number.POSITIVE_INFINITY;
  const maxStates = Math.max(1024, Math.floor((Math.max(1, options.memoryMegabytes) * 2 ** 20) / StateStore.bytesPerState(W)));
  const store = new StateStore(W, maxStates);
  const cur = new Uint8Array(W);
  const next = new Uint8Array(W);
  const stack = new Int32Array(N);
  const stamp = new Int32Array(N);
  let stampNow = 0;

  // the start
  for (let f = 0; f < N; f++) cur[f] = inst.tiles[f];
  cur[t.spareAt] = inst.spare;
  cur[t.goalAt] = inst.goal.kind === "tile" ? (inst.goal.field.row - 1) * inst.cols + (inst.goal.field.col - 1) : 0;
  const init = (inst.init.row - 1) * inst.cols + (inst.init.col - 1);
  if (t.reachSet) cur[t.pawnAt + (init >> 3)] |= 1 << (init & 7);
  else cur[t.pawnAt] = init;
  store.add(cur, -1, 0);

  const depths: GameDepth[] = [];
  const result = (r: Partial<GameSearchResult> & { lowerBound: number }): GameSearchResult => ({
    actions: undefined,
    exhausted: false,
    interrupted: false,
    interruptedBy: undefined,
    states: store.count,
    depths,
    seconds: (performance.now() - started) / 1000,
    ...r,
  });
  if (isGoal(t, cur)) return result({ actions: [], lowerBound: 0 });

  let levelStart = 0;
  let depth = 0;
  let found = -1;
  let foundAction = 0;
  const offer = (parent: number, action: number): boolean => {
    const i = store.add(next, parent, action);
    if (i >= 0 && isGoal(t, next)) {
      found = parent;
      foundAction = action;
      return true;
    }
    return false;
  };

  try {
    while (depth < bound) {
      const levelEnd = store.count;
      if (levelStart === levelEnd) return result({ exhausted: true, lowerBound: depth });
      const levelStarted = performance.now();
      for (let i = levelStart; i < levelEnd; i++) {
        if (((i - levelStart) & 1023) === 1023 && options.shouldStop) {
          const why = options.shouldStop();
          if (why) return result({ interrupted: true, interruptedBy: why, lowerBound: depth + 1 });
        }
        store.read(i, cur);
        if (expand(i)) {
          depths.push({ depth, states: i - levelStart + 1, stored: store.count, milliseconds: performance.now() - levelStarted });
          options.onDepth?.(depths[depths.length - 1]);
          return result({ actions: path(store, found, foundAction, t, inst.cols), lowerBound: depth + 1 });
        }
      }
      depths.push({ depth, states: levelEnd - levelStart, stored: store.count, milliseconds: performance.now() - levelStarted });
      options.onDepth?.(depths[depths.length - 1]);
      levelStart = levelEnd;
      depth++;
    }
    return result({ exhausted: true, lowerBound: depth + 1 });
  } catch (e) {
    if (e instanceof StoreFull) return result({ interrupted: true, interruptedBy: `memory limit (${options.memoryMegabytes} MiB of states; raise --memory)`, lowerBound: depth + 1 });
    throw e;
  }

  /** Offers every child of `cur` (state i); true when one reaches the goal. */
  function expand(i: number): boolean {
    const spare = cur[t.spareAt];
    const last = cur[t.lastAt] - 1;
    const quarters = t.rotate ? 4 : 1;
    for (let p = 0; p < t.lines.length; p++) {
      if (t.noReverse && last >= 0 && t.reverse[last] === p) continue;
      for (let q = 0; q < quarters; q++) {
        const entering = t.turned[q * 16 + spare];
        // a turn that gives the same tile as a smaller one gives the same state
        let seen = false;
        for (let r = 0; r < q; r++) if (t.turned[r * 16 + spare] === entering) seen = true;
        if (seen) continue;
        applyPush(p, entering);
        if (offer(i, ((p * 4 + q) << 2) | KIND_PUSH)) return true;
      }
    }
    if (t.reachSet) return false;
    const pawn = cur[t.pawnAt];
    if (inst.rules.cost === "steps") {
      for (let d = 0; d < 4; d++) {
        const nb = t.neighbour[pawn * 4 + d];
        if (nb < 0 || !(cur[pawn] & (1 << d)) || !(cur[nb] & (1 << BACK[d]))) continue;
        next.set(cur);
        next[t.pawnAt] = nb;
        if (offer(i, (d << 2) | KIND_STEP)) return true;
      }
      return false;
    }
    // moves: a walk to every other field the pawn can reach
    const n = reachFrom(pawn);
    for (let k = 1; k < n; k++) {
      next.set(cur);
      next[t.pawnAt] = stack[k];
      if (offer(i, (stack[k] << 2) | KIND_WALK)) return true;
    }
    return false;
  }

  /** `next` := `cur` after push p with the (turned) spare `entering`. */
  function applyPush(p: number, entering: number): void {
    next.set(cur);
    const base = p * t.maxLine;
    const len = t.lineLength[p];
    for (let k = len - 1; k > 0; k--) next[t.lineFields[base + k]] = cur[t.lineFields[base + k - 1]];
    next[t.lineFields[base]] = entering;
    next[t.spareAt] = cur[t.lineFields[base + len - 1]];
    if (t.noReverse) next[t.lastAt] = p + 1;
    const ride = p * N;
    if (t.exitField < 0) next[t.goalAt] = t.ride[ride + cur[t.goalAt]];
    if (!t.reachSet) {
      next[t.pawnAt] = t.ride[ride + cur[t.pawnAt]];
      return;
    }
    // the reachable set rides, then grows by walking on the new board
    const bytes = W - t.pawnAt;
    for (let b = 0; b < bytes; b++) next[t.pawnAt + b] = 0;
    let top = 0;
    for (let f = 0; f < N; f++) {
      if (!(cur[t.pawnAt + (f >> 3)] & (1 << (f & 7)))) continue;
      const g = t.ride[ride + f];
      if (next[t.pawnAt + (g >> 3)] & (1 << (g & 7))) continue;
      next[t.pawnAt + (g >> 3)] |= 1 << (g & 7);
      stack[top++] = g;
    }
    while (top > 0) {
      const f = stack[--top];
      for (let d = 0; d < 4; d++) {
        const nb = t.neighbour[f * 4 + d];
        if (nb < 0 || !(next[f] & (1 << d)) || !(next[nb] & (1 << BACK[d]))) continue;
        if (next[t.pawnAt + (nb >> 3)] & (1 << (nb & 7))) continue;
        next[t.pawnAt + (nb >> 3)] |= 1 << (nb & 7);
        stack[top++] = nb;
      }
    }
  }

  /** The fields reachable from `from` on `cur`'s tiles into stack[0..n), `from` first; returns n. */
  function reachFrom(from: number): number {
    stampNow++;
    stack[0] = from;
    stamp[from] = stampNow;
    let n = 1;
    for (let k = 0; k < n; k++) {
      const f = stack[k];
      for (let d = 0; d < 4; d++) {
        const nb = t.neighbour[f * 4 + d];
        if (nb < 0 || stamp[nb] === stampNow || !(cur[f] & (1 << d)) || !(cur[nb] & (1 << BACK[d]))) continue;
        stamp[nb] = stampNow;
        stack[n++] = nb;
      }
    }
    return n;
  }
}

/** The goal test: the pawn on the goal tile, or on the exit's field while its tile opens towards the exit's side. */
function isGoal(t: GameTables, s: Uint8Array): boolean {
  const f = t.exitField >= 0 ? t.exitField : s[t.goalAt];
  if (t.exitField >= 0 && !(s[f] & t.exitBit)) return false;
  return t.reachSet ? (s[t.pawnAt + (f >> 3)] & (1 << (f & 7))) !== 0 : s[t.pawnAt] === f;
}

/** The actions from the start to state `last` and then `action`. */
function path(store: StateStore, last: number, action: number, t: GameTables, cols: number): GameAction[] {
  const codes = [action];
  for (let i = last; store.parent(i) >= 0; i = store.parent(i)) codes.push(store.action(i));
  return codes.reverse().map((code): GameAction => {
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
