/**
 * The maze generators (src/maze/text/generate): every algorithm gives a perfect maze by
 * labcheck's own O(cells) check for 1000 seeds, the check itself is tested on mazes it must
 * reject, and Wilson and Aldous-Broder draw uniformly among the 192 spanning trees of the
 * 3x3 grid (chi-square on 19,200 mazes), which the recursive backtracker fails.
 */
import { describe, expect, it } from "vitest";
import { prng } from "../../../src/core/random.js";
import { generateMaze } from "../../../src/maze/text/generate.js";
import { SPANNING } from "../../../src/maze/text/generate/algorithms.js";
import { checkPerfect } from "../../../src/maze/text/perfect.js";

/** Spanning trees of the 3x3 grid, enumerated here: every subset of its 12 edges with 8 edges and no cycle. */
function spanningTrees3x3(): Set<string> {
  const edges: [number, number][] = [];
  for (let r = 0; r < 3; r++)
    for (let c = 0; c < 3; c++) {
      if (c < 2) edges.push([r * 3 + c, r * 3 + c + 1]);
      if (r < 2) edges.push([r * 3 + c, r * 3 + c + 3]);
    }
  const trees = new Set<string>();
  for (let mask = 0; mask < 1 << 12; mask++) {
    let bits = 0;
    for (let e = 0; e < 12; e++) if (mask & (1 << e)) bits++;
    if (bits !== 8) continue;
    const up = [...Array(9).keys()];
    const find = (x: number): number => (up[x] === x ? x : (up[x] = find(up[x])));
    let ok = true;
    for (let e = 0; e < 12 && ok; e++) {
      if (!(mask & (1 << e))) continue;
      const a = find(edges[e][0]);
      const b = find(edges[e][1]);
      if (a === b) ok = false;
      else up[a] = b;
    }
    if (ok) trees.add(keyOfEdges(edges.filter((_, e) => mask & (1 << e))));
  }
  return trees;
}

function keyOfEdges(edges: [number, number][]): string {
  return edges.map(([a, b]) => `${a}-${b}`).sort().join(" ");
}

/** The edges of a generated 3x3 maze, from its opening bits (south and east). */
function keyOfMaze(open: Uint8Array): string {
  const edges: [number, number][] = [];
  for (let i = 0; i < 9; i++) {
    if (open[i] & 4 && i % 3 < 2) edges.push([i, i + 1]);
    if (open[i] & 2 && i < 6) edges.push([i, i + 3]);
  }
  return keyOfEdges(edges);
}

/** Chi-square statistic of `counts` over the trees, against the uniform expectation. */
function chiSquare(trees: Set<string>, counts: Map<string, number>, total: number): number {
  const expected = total / trees.size;
  let x2 = 0;
  for (const t of trees) x2 += ((counts.get(t) ?? 0) - expected) ** 2 / expected;
  return x2;
}

/** The chi-square quantile for k degrees of freedom at z standard deviations (Wilson-Hilferty). */
function chiQuantile(k: number, z: number): number {
  return k * (1 - 2 / (9 * k) + z * Math.sqrt(2 / (9 * k))) ** 3;
}

describe("every generator gives a perfect maze (labcheck's own check) for 1000 seeds", () => {
  for (const alg of SPANNING) {
    it(alg.name, () => {
      for (let seed = 0; seed < 1000; seed++) {
        const rnd = prng(seed);
        const rows = 1 + (seed % 13);
        const cols = 2 + ((seed * 7) % 11);
        const m = generateMaze(rows, cols, alg.name, rnd);
        const p = checkPerfect(m);
        expect(p.perfect, `${alg.name} seed ${seed} ${rows}x${cols}`).toBe(true);
        expect(p.passages).toBe(rows * cols - 1);
      }
    });
  }
});

describe("the perfection check", () => {
  it("rejects braided mazes (a loop, located) and walled-off cells (the first unreachable one); accepts branching trees", () => {
    const rnd = prng(1);
    let branching = 0;
    for (let i = 0; i < 300; i++) {
      const m = generateMaze(4 + (i % 5), 4 + (i % 7), SPANNING[i % SPANNING.length].name, rnd);
      // a branching tree: some cell with three or more passages
      if (m.open.some((o) => [1, 2, 4, 8].filter((b) => o & b).length >= 3)) branching++;
      expect(checkPerfect(m).perfect).toBe(true);
      const braided = generateMaze(4 + (i % 5), 4 + (i % 7), SPANNING[i % SPANNING.length].name, rnd, 1);
      const b = checkPerfect(braided);
      expect(b.perfect).toBe(false);
      expect(b.loop).toBeDefined();
      // wall off one cell of a perfect maze: disconnected, passages < cells - 1
      const cell = Math.floor(rnd() * m.rows * m.cols);
      const walled = { ...m, open: Uint8Array.from(m.open) };
      const cols = m.cols;
      for (const [bit, back, off] of [[1, 2, -cols], [2, 1, cols], [4, 8, 1], [8, 4, -1]] as const) {
        if (walled.open[cell] & bit) {
          walled.open[cell] &= ~bit;
          walled.open[cell + off] &= ~back;
        }
      }
      const w = checkPerfect(walled);
      expect(w.perfect).toBe(false);
      expect(w.unreachable).toBeGreaterThanOrEqual(0);
    }
    expect(branching).toBeGreaterThan(250);
  });
});

describe("uniformity over the 192 spanning trees of the 3x3 grid (19,200 mazes, chi-square, 191 degrees of freedom)", () => {
  const trees = spanningTrees3x3();
  const N = 19200;
  // p = 0.001 upper tail (z = 3.09)
  const critical = chiQuantile(trees.size - 1, 3.09);

  function counts(algorithm: string, seed: number): Map<string, number> {
    const rnd = prng(seed);
    const c = new Map<string, number>();
    for (let i = 0; i < N; i++) {
      const key = keyOfMaze(generateMaze(3, 3, algorithm, rnd).open);
      c.set(key, (c.get(key) ?? 0) + 1);
    }
    return c;
  }

  it("the 3x3 grid has 192 spanning trees (Kirchhoff)", () => {
    expect(trees.size).toBe(192);
  });

  for (const alg of ["wilson", "aldous-broder"]) {
    it(`${alg} passes: every tree drawn, chi-square below the 0.1% critical value`, () => {
      const c = counts(alg, 2024);
      for (const k of c.keys()) expect(trees.has(k)).toBe(true);
      expect(c.size).toBe(192);
      const x2 = chiSquare(trees, c, N);
      expect(x2).toBeLessThan(critical);
    });
  }

  it("the recursive backtracker fails the same test", () => {
    const c = counts("backtracker", 2024);
    expect(chiSquare(trees, c, N)).toBeGreaterThan(critical * 3);
  });
});

describe("the maze statistics (src/maze/text/stats.ts)", () => {
  it("dead ends, S to E and the longest shortest path against all-pairs breadth-first search written here, on perfect mazes", async () => {
    const { mazeStats } = await import("../../../src/maze/text/stats.js");
    const rnd = prng(12);
    for (let i = 0; i < 120; i++) {
      const m = generateMaze(2 + (i % 6), 2 + ((i * 5) % 7), SPANNING[i % SPANNING.length].name, rnd);
      const n = m.rows * m.cols;
      const nb = (c: number): number[] => {
        const out: number[] = [];
        if (m.open[c] & 1 && c >= m.cols) out.push(c - m.cols);
        if (m.open[c] & 2 && c + m.cols < n) out.push(c + m.cols);
        if (m.open[c] & 4 && c % m.cols < m.cols - 1) out.push(c + 1);
        if (m.open[c] & 8 && c % m.cols > 0) out.push(c - 1);
        return out;
      };
      const bfsFrom = (s: number): number[] => {
        const d = new Array<number>(n).fill(-1);
        d[s] = 0;
        const q = [s];
        while (q.length) { const c = q.shift()!; for (const x of nb(c)) if (d[x] < 0) { d[x] = d[c] + 1; q.push(x); } }
        return d;
      };
      let longest = 0;
      for (let s = 0; s < n; s++) longest = Math.max(longest, ...bfsFrom(s));
      const st = mazeStats(m);
      expect(st.longest).toBe(longest);
      expect(st.deadEnds).toBe([...Array(n).keys()].filter((c) => nb(c).length === 1).length);
      expect(st.solution).toBe(bfsFrom(m.start)[m.exit]);
    }
  });
});
