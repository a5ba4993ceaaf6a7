/**
 * Theseus' transit graph (src/maze/theseus): the published figures on the puzzle's graph
 * (../shared/mazes, skipped without it), and, on random small transit graphs, every count
 * and statistic against an independent enumeration written here (the published method:
 * paths grown breadth-first, a state set per path; cycles from each state in turn, that
 * state then deleted), and the reader's errors at LINE:COL.
 */
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { InputError } from "../../../src/core/errors.js";
import { prng } from "../../../src/core/random.js";
import { readTransitGraph } from "../../../src/maze/theseus/graph.js";
import { acyclicPaths, distinctCycles } from "../../../src/maze/theseus/search/paths.js";
import { shortestPath } from "../../../src/maze/theseus/search/shortest.js";
import { runBin } from "../../helpers/bin.js";

const CSV = new URL("../../../../shared/mazes/labyrinth-of-theseus-edges.csv", import.meta.url).pathname;

interface E { s: string; t: string; w: number; line: number }

/** The CSV read here, independently: states `Na`/`Nb`, two edges a line. */
function edgesOf(text: string): { edges: E[]; goal: string } {
  const rows = text.trim().split("\n").slice(1).map((l) => l.split(","));
  const edges: E[] = [];
  let max = 0;
  rows.forEach(([n1, n2, w, d1, d2], line) => {
    max = Math.max(max, +n1, +n2);
    const [sa, tb] = "ur".includes(d1) ? [`${n1}a`, `${n1}b`] : [`${n1}b`, `${n1}a`];
    const [ta, sb] = "dl".includes(d2) ? [`${n2}a`, `${n2}b`] : [`${n2}b`, `${n2}a`];
    edges.push({ s: sa, t: ta, w: +w, line }, { s: sb, t: tb, w: +w, line });
  });
  return { edges, goal: `${max}a` };
}

/** All paths from `from` to `to` with no state twice, grown breadth-first; each path its edges. */
function allPaths(edges: E[], from: string, to: string): E[][] {
  const done: E[][] = [];
  let layer: { at: string; seen: Set<string>; path: E[] }[] = [{ at: from, seen: new Set([from]), path: [] }];
  while (layer.length) {
    const next: typeof layer = [];
    for (const p of layer) {
      if (p.at === to) { done.push(p.path); continue; }
      for (const e of edges) if (e.s === p.at && !p.seen.has(e.t)) next.push({ at: e.t, seen: new Set([...p.seen, e.t]), path: [...p.path, e] });
    }
    layer = next;
  }
  return done;
}

/** Distinct cycles: from each state in turn, paths to each predecessor closed by that edge; then the state is deleted. */
function allCycles(edges: E[]): E[][] {
  let rest = edges.slice();
  const states = [...new Set(edges.flatMap((e) => [e.s, e.t]))];
  const cycles: E[][] = [];
  for (const v of states) {
    for (const back of rest.filter((e) => e.t === v)) for (const p of allPaths(rest, v, back.s)) cycles.push([...p, back]);
    rest = rest.filter((e) => e.s !== v && e.t !== v);
  }
  return cycles;
}

function summary(paths: E[][]): [number, number, number, number, number] {
  const w = paths.map((p) => p.reduce((a, e) => a + e.w, 0));
  return [paths.length, paths.reduce((a, p) => a + p.length, 0), w.reduce((a, x) => a + x, 0), Math.min(...w), Math.max(...w)];
}

/** A random transit graph of `n` transits in the CSV layout. */
function randomCsv(rnd: () => number, n: number, lines: number): string {
  const dirs = "udlr";
  const out = ["node1,node2,weight,direction1,direction2"];
  for (let i = 0; i < lines; i++) {
    const a = Math.floor(rnd() * n);
    let b = Math.floor(rnd() * n);
    if (b === a) b = (a + 1) % n;
    out.push(`${a},${b},${(1 + Math.floor(rnd() * 8)) / 2},${dirs[Math.floor(rnd() * 4)]},${dirs[Math.floor(rnd() * 4)]}`);
  }
  out.push(`0,${n - 1},9.5,u,d`); // the highest transit appears
  return out.join("\n");
}

describe.skipIf(!existsSync(CSV))("the puzzle's transit graph (../shared/mazes): every published figure", () => {
  const g = readTransitGraph(readFileSync(CSV, "utf8"), "edges.csv");
  const a = acyclicPaths(g, false);
  const c = distinctCycles(g);
  const avg = (x: number, n: number) => (x / n).toFixed(3);
  it("76 states, 166 directed edges", () => {
    expect([g.states, g.from.length]).toEqual([76, 166]);
  });
  it("8256 acyclic paths, average 35.047 edges and 70.516 weight, shortest 30.0 with 14 edges, longest 104.0 with 51", () => {
    const s = a.paths.states;
    expect([s.count, avg(s.edgesSum, s.count), avg(s.weightSum, s.count)]).toEqual([8256, "35.047", "70.516"]);
    expect([s.shortestWeight, s.shortest!.length - 1, s.longestWeight, s.longest!.length - 1]).toEqual([30, 14, 104, 51]);
    const d = shortestPath(g)!;
    expect([d.reduce((x, e) => x + g.weight[e], 0), d.length]).toEqual([30, 14]);
  });
  it("3538 distinct cycles, average 24.910 edges and 54.987 weight, shortest 3 edges 4.0, longest 39 edges 85.0", () => {
    expect([c.count, avg(c.edgesSum, c.count), avg(c.weightSum, c.count)]).toEqual([3538, "24.910", "54.987"]);
    expect([c.shortest!.length - 1, c.shortestWeight, c.longest!.length - 1, c.longestWeight]).toEqual([3, 4, 39, 85]);
  });
  it("the stricter definitions count fewer paths: no transit twice is a subset of no passage twice, itself of no state twice", () => {
    expect(a.paths.transits.count).toBeLessThan(a.paths.passages.count);
    expect(a.paths.passages.count).toBeLessThan(a.paths.states.count);
    // a depth-first count written here: paths that pass no transit twice
    const { edges, goal } = edgesOf(readFileSync(CSV, "utf8"));
    const seen = new Set(["0"]);
    let count = 0;
    const go = (at: string): void => {
      if (at === goal) { count++; return; }
      for (const e of edges) {
        const t = e.t.slice(0, -1);
        if (e.s !== at || seen.has(t)) continue;
        seen.add(t);
        go(e.t);
        seen.delete(t);
      }
    };
    go("0a");
    expect(a.paths.transits.count).toBe(count);
  });
});

describe("random transit graphs against the enumeration written here", () => {
  it("paths (count, edges, weight, shortest, longest) under each definition, and distinct cycles", () => {
    const rnd = prng(9);
    let withPaths = 0;
    for (let i = 0; i < 60; i++) {
      const text = randomCsv(rnd, 4 + (i % 4), 6 + (i % 7));
      const g = readTransitGraph(text, "r.csv");
      const { edges, goal } = edgesOf(text);
      const paths = allPaths(edges, "0a", goal);
      const a = acyclicPaths(g, false);
      const ours = (s: typeof a.paths.states) => [s.count, s.edgesSum, s.weightSum, s.count ? s.shortestWeight : Infinity, s.count ? s.longestWeight : -Infinity];
      expect(ours(a.paths.states), text).toEqual(summary(paths));
      const noLine = paths.filter((p) => new Set(p.map((e) => e.line)).size === p.length);
      expect(ours(a.paths.passages), text).toEqual(summary(noLine));
      const noTransit = paths.filter((p) => new Set(["0", ...p.map((e) => e.t.slice(0, -1))]).size === p.length + 1);
      expect(ours(a.paths.transits), text).toEqual(summary(noTransit));
      const cycles = allCycles(edges);
      const c = distinctCycles(g);
      expect([c.count, c.edgesSum, c.weightSum], text).toEqual(summary(cycles).slice(0, 3));
      if (paths.length) {
        withPaths++;
        const d = shortestPath(g)!;
        expect(d.reduce((x, e) => x + g.weight[e], 0)).toBe(summary(paths)[3]);
      }
    }
    expect(withPaths).toBeGreaterThan(15);
  });
});

describe("the transit graph's reader", () => {
  const at = (text: string): string => {
    try {
      readTransitGraph(text, "g.csv");
    } catch (e) {
      if (e instanceof InputError) return `${e.position?.line}:${e.position?.column} ${e.problem}`;
      throw e;
    }
    return "no error";
  };
  it("errors at LINE:COL", () => {
    expect(at("node1,node2\n0,1,2.0,u,d")).toMatch(/^1:1 expected the header/);
    expect(at("node1,node2,weight,direction1,direction2\n0,1,2.0,u,d\n0,x,2.0,u,d")).toMatch(/^3:3 expected node2/);
    expect(at("node1,node2,weight,direction1,direction2\n0,1,2.0,u,q")).toMatch(/^2:11 expected direction2/);
    expect(at("node1,node2,weight,direction1,direction2\n0,1,-2,u,d")).toMatch(/^2:5 expected weight/);
    expect(at("node1,node2,weight,direction1,direction2\n0,1,2.0,u")).toMatch(/^2:\d+ expected 5 fields/);
  });
});

describe("labshow --format svg on the transit graph (the project's copy, instances/)", () => {
  const file = new URL("../../../instances/labyrinth-of-theseus-edges.csv", import.meta.url).pathname;
  it("a circle per transit, a line per passage, the shortest path (30.0, 14 edges) as a chain of the CSV's edges from 0a to the exit", () => {
    const r = runBin("labshow", ["--format", "svg", file]);
    expect(r.code, r.err).toBe(0);
    const svg = r.out;
    expect(svg.startsWith("<svg")).toBe(true);
    expect(svg.match(/<g\b/g)!.length).toBe(svg.match(/<\/g>/g)!.length);
    const { edges, goal } = edgesOf(readFileSync(file, "utf8"));
    const transits = Number(goal.slice(0, -1)) + 1;
    expect(svg.match(/<circle /g)!.length).toBe(transits);
    const steps = [...svg.matchAll(/<title>step (\d+): (\d+[ab]) to (\d+[ab]), ([\d.]+)<\/title>/g)].map((m) => ({ i: +m[1], s: m[2], t: m[3], w: +m[4] }));
    expect(steps.map((x) => x.i)).toEqual([...Array(14).keys()].map((i) => i + 1));
    expect(steps[0].s).toBe("0a");
    expect(steps.at(-1)!.t).toBe(goal);
    for (let i = 1; i < steps.length; i++) expect(steps[i].s).toBe(steps[i - 1].t);
    const lines = new Set<number>();
    for (const x of steps) {
      const e = edges.find((y) => y.s === x.s && y.t === x.t && y.w === x.w);
      expect(e, `${x.s} -> ${x.t}`).toBeDefined();
      lines.add(e!.line);
    }
    expect(steps.reduce((a, x) => a + x.w, 0)).toBe(30);
    // every CSV line is drawn once: as a grey passage or as a step of the path
    expect(svg.match(/class="passage"/g)!.length + lines.size).toBe(edges.length / 2);
  });
});
