/**
 * The relevance lemma (see the prune branch's report; the basis proposed for deferring
 * far pushes), checked on every fewest-push solution of random instances: in a solution
 * of d pushes when none is shorter, every push X at step i >= 2 whose line holds no field
 * of R(i-1) and not the goal has some step j in i..d at which R(j) holds or is beside a
 * field of D(j): D(i) are the fields of X's line whose tile X changed (openings differ
 * from the tile there before), D(j) those fields moved on by the later pushes. (Else the
 * solution without X keeps every R(j), j >= i, and is a shorter one.)
 *
 * Simulated here field by field, sharing no code with the search.
 */
import { describe, expect, it } from "vitest";
import type { Push } from "../../../../../src/push/competition/board.js";
import { generate, toFacts } from "../../../../../src/push/competition/generate.js";
import { readInstance } from "../../../../../src/push/competition/instance.js";
import { searchInstance } from "../../../../../src/push/competition/search/exact/engine.js";

/** Field index after push p moved the field f (rows from the south, 0-based). */
function moved(n: number, f: number, p: Push): number {
  const r = Math.floor(f / n);
  const c = f % n;
  const line = p.line - 1;
  if ((p.dir === "e" || p.dir === "w") && r === line) return r * n + ((c + (p.dir === "e" ? 1 : n - 1)) % n);
  if ((p.dir === "n" || p.dir === "s") && c === line) return ((r + (p.dir === "n" ? 1 : n - 1)) % n) * n + c;
  return f;
}

function permute<T>(n: number, a: T[], p: Push): T[] {
  const b = a.slice();
  for (let f = 0; f < n * n; f++) b[moved(n, f, p)] = a[f];
  return b;
}

function walk(n: number, tiles: number[], r: boolean[]): boolean[] {
  const out = r.slice();
  const stack: number[] = [];
  for (let f = 0; f < n * n; f++) if (out[f]) stack.push(f);
  while (stack.length > 0) {
    const f = stack.pop()!;
    const row = Math.floor(f / n);
    const col = f % n;
    const links: [number, boolean][] = [
      [f + n, row + 1 < n && (tiles[f] & 1) !== 0 && (tiles[f + n] & 2) !== 0],
      [f - n, row > 0 && (tiles[f] & 2) !== 0 && (tiles[f - n] & 1) !== 0],
      [f + 1, col + 1 < n && (tiles[f] & 4) !== 0 && (tiles[f + 1] & 8) !== 0],
      [f - 1, col > 0 && (tiles[f] & 8) !== 0 && (tiles[f - 1] & 4) !== 0],
    ];
    for (const [g, ok] of links) {
      if (ok && !out[g]) {
        out[g] = true;
        stack.push(g);
      }
    }
  }
  return out;
}

function onLine(n: number, f: number, p: Push): boolean {
  return p.dir === "e" || p.dir === "w" ? Math.floor(f / n) === p.line - 1 : f % n === p.line - 1;
}

function beside(n: number, a: boolean[], d: boolean[]): boolean {
  for (let f = 0; f < n * n; f++) {
    if (!a[f]) continue;
    const row = Math.floor(f / n);
    const col = f % n;
    if (d[f] || (row + 1 < n && d[f + n]) || (row > 0 && d[f - n]) || (col + 1 < n && d[f + 1]) || (col > 0 && d[f - 1])) return true;
  }
  return false;
}

const MUT = process.env.RELEVANCE_MUTANT ?? "";
let obligations = 0;

/** The steps i (1-based) whose push breaks the lemma in the solution. */
function violations(n: number, tiles0: number[], init: number, goal0: number, pushes: Push[]): number[] {
  const boards: number[][] = [tiles0];
  const reach: boolean[][] = [tiles0.map((_, f) => f === init)];
  const goals: number[] = [goal0];
  for (const p of pushes) {
    const b = permute(n, boards[boards.length - 1], p);
    boards.push(b);
    reach.push(walk(n, b, permute(n, reach[reach.length - 1], p)));
    goals.push(moved(n, goals[goals.length - 1], p));
  }
  const bad: number[] = [];
  for (let i = MUT === "first" ? 1 : 2; i <= pushes.length; i++) {
    const x = pushes[i - 1];
    let free = true;
    for (let f = 0; f < n * n; f++) if (onLine(n, f, x) && (reach[i - 1][f] || goals[i - 1] === f)) free = false;
    if (!free) continue;
    obligations++;
    let d = boards[i].map((t, f) => onLine(n, f, x) && t !== boards[i - 1][f]);
    let used = false;
    for (let j = i; j <= pushes.length && !used; j++) {
      if (j > i && MUT !== "still") d = permute(n, d, pushes[j - 1]);
      if (MUT === "now" && j > i) break;
      used = beside(n, reach[j], d);
    }
    if (!used) bad.push(i);
  }
  return bad;
}

describe.each([
  [4, 5],
  [5, 5],
  [6, 5],
  [7, 4],
])("random boards of size %i, max_steps %i", (size, maxSteps) => {
  it("every push of every fewest-push solution is used by R later", () => {
    let checked = 0;
    let pushesChecked = 0;
    for (let seed = 0; seed < 150; seed++) {
      const style = seed % 2 === 0 ? "maze" : "random";
      const { instance } = readInstance(toFacts(generate(size, maxSteps, 3000 + seed, style)), `seed ${seed}`);
      const first = searchInstance(instance, { models: 1, tableMegabytes: 1 });
      if (first.fewest === undefined || first.fewest < 2) continue;
      const all = searchInstance(instance, { models: 0, maxSteps: first.fewest, commutation: false, tableMegabytes: 1 });
      const n = instance.size;
      const tiles0 = Array.from(instance.board.tiles);
      const init = instance.board.index(instance.init);
      const goal = instance.board.index(instance.goal);
      for (const s of all.solutions) {
        expect(s.length).toBe(first.fewest);
        expect(violations(n, tiles0, init, goal, s), `seed ${3000 + seed}: ${JSON.stringify(s)}`).toEqual([]);
        checked++;
        pushesChecked += s.length;
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(obligations).toBeGreaterThan(100);
    obligations = 0;
  }, 300_000);
});
