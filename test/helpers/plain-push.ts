/**
 * A plain simulation of the competition's pushes and walking, written for the tests
 * alone (it shares no code with the search), and random search states built with it:
 * the reference the look-ahead rules' tests check every cut against.
 */
import { prng } from "../../src/core/random.js";
import { instanceFromData } from "../../src/push/competition/instance.js";
import { K_R } from "../../src/push/competition/search/board/layout.js";
import { LookAhead } from "../../src/push/competition/search/board/lookahead.js";
import { PlyStack } from "../../src/push/competition/search/exact/ply-stack.js";

/**
 * A plain simulation for the test alone (0-based fields r * N + c, rows from the south;
 * opening bits n 1, s 2, e 4, w 8; move m: direction e, w, n, s of floor(m / N) on line
 * m % N, as the search numbers them).
 */
export class Plain {
  private readonly stack: Int32Array;
  constructor(readonly n: number) {
    this.stack = new Int32Array(n * n);
  }

  /** Where the tile on field f goes when move m is applied (wraparound). */
  moved(f: number, m: number): number {
    const n = this.n;
    const dir = Math.floor(m / n);
    const line = m % n;
    const r = Math.floor(f / n);
    const c = f % n;
    if (dir < 2) return r === line ? r * n + ((c + (dir === 0 ? 1 : n - 1)) % n) : f;
    return c === line ? ((r + (dir === 2 ? 1 : n - 1)) % n) * n + c : f;
  }

  /** The array of fields `tiles` (tiles, or a 0/1 set) after move m: each entry moved as `moved` says. */
  push(tiles: Uint8Array, m: number): Uint8Array {
    const next = new Uint8Array(tiles.length);
    for (let f = 0; f < tiles.length; f++) next[this.moved(f, m)] = tiles[f];
    return next;
  }

  /**
   * Whether push m grows the 0/1 set `set`: `after` (the set after m and walking, as
   * `after` gives it) has a field the set moved by m (`push`) has not.
   */
  grows(set: Uint8Array, after: Uint8Array, m: number): boolean {
    const moved = this.push(set, m);
    for (let f = 0; f < set.length; f++) if (after[f] === 1 && moved[f] === 0) return true;
    return false;
  }

  /** The fields of `set` (a 0/1 array) closed under walking, in place. */
  walk(tiles: Uint8Array, set: Uint8Array): void {
    const n = this.n;
    let top = 0;
    for (let f = 0; f < set.length; f++) if (set[f] === 1) this.stack[top++] = f;
    while (top > 0) {
      const f = this.stack[--top];
      const r = Math.floor(f / n);
      const c = f % n;
      const t = tiles[f];
      const step = (g: number, out: number, back: number): void => {
        if ((t & out) !== 0 && (tiles[g] & back) !== 0 && set[g] === 0) {
          set[g] = 1;
          this.stack[top++] = g;
        }
      };
      if (r + 1 < n) step(f + n, 1, 2);
      if (r > 0) step(f - n, 2, 1);
      if (c + 1 < n) step(f + 1, 4, 8);
      if (c > 0) step(f - 1, 8, 4);
    }
  }

  /** R and the goal after move m, walked. */
  after(tiles: Uint8Array, set: Uint8Array, goal: number, m: number): { tiles: Uint8Array; set: Uint8Array; goal: number } {
    const next = this.push(tiles, m);
    const moved = new Uint8Array(set.length);
    for (let f = 0; f < set.length; f++) if (set[f] === 1) moved[this.moved(f, m)] = 1;
    this.walk(next, moved);
    return { tiles: next, set: moved, goal: this.moved(goal, m) };
  }

  /** True when some sequence of at most `left` pushes from the state makes the goal reachable. */
  reaches(tiles: Uint8Array, set: Uint8Array, goal: number, left: number): boolean {
    if (set[goal] === 1) return true;
    if (left === 0) return false;
    for (let m = 0; m < 4 * this.n; m++) {
      const s = this.after(tiles, set, goal, m);
      if (this.reaches(s.tiles, s.set, s.goal, left - 1)) return true;
    }
    return false;
  }
}

/** A random sparse board with corridors, and a start R closed under walking whose goal is apart (or undefined). */
export function randomState(seed: number, sizes: number[]): { n: number; tiles: Uint8Array; set: Uint8Array; goal: number; plies: PlyStack; cs: number } | undefined {
  const rand = prng(90000 + seed);
  const n = sizes[Math.floor(rand() * sizes.length)];
  const plain = new Plain(n);
  // sparse tiles: small sets, often without growers
  const q = 0.2 + 0.5 * rand();
  const tiles = new Uint8Array(n * n).map(() => (rand() < q ? 1 : 0) | (rand() < q ? 2 : 0) | (rand() < q ? 4 : 0) | (rand() < q ? 8 : 0));
  // a few corridors (rows open east-west, columns north-south): sets that grow far in one push
  for (let k = Math.floor(rand() * 3); k > 0; k--) {
    const line = Math.floor(rand() * n);
    const row = rand() < 0.5;
    for (let i = 0; i < n; i++) tiles[row ? line * n + i : i * n + line] |= row ? 12 : 3;
  }
  const init = Math.floor(rand() * n * n);
  const set = new Uint8Array(n * n);
  set[init] = 1;
  plain.walk(tiles, set);
  const goal = Math.floor(rand() * n * n);
  if (set[goal] === 1) return undefined;
  const field = (f: number) => ({ row: Math.floor(f / n) + 1, col: (f % n) + 1 });
  const instance = instanceFromData({ size: n, maxSteps: 5, tiles, init: field(init), goal: field(goal) }, `seed ${seed}`);
  // ply 1's state: the start with R closed under walking (as after a push that moved nothing of it)
  const plies = new PlyStack(instance, 5, 0, false, undefined, undefined);
  const stride = plies.stride;
  plies.state.copyWithin(stride, 0, stride);
  plies.board.walk(plies.state, stride);
  const cs = plies.cState(1);
  plies.board.goalComponent(plies.state, stride, cs);
  new LookAhead(plies.bits).growth(plies.state, stride, cs + K_R * n, plies.grow, 8);
  return { n, tiles, set, goal, plies, cs };
}
