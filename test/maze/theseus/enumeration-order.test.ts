/**
 * `-n N` on the transit graph and on a Minotaur level: answers fewest first, and the exit
 * code says whether the enumeration ended (30) or was cut at N (10). The graph's paths are
 * checked against an independent enumeration written here (breadth-first, a state set per
 * path, the CSV read by hand); the Minotaur's counts against test/helpers/minotaur-ref.ts.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { prng } from "../../../src/core/random.js";
import { readTransitGraph } from "../../../src/maze/theseus/graph.js";
import { pathsFewestFirst } from "../../../src/maze/theseus/search/paths.js";
import { refRead, refSolve } from "../../helpers/minotaur-ref.js";
import { runBin } from "../../helpers/bin.js";

const ROOT = join(new URL("../..", import.meta.url).pathname, "..");
const CSV = join(ROOT, "instances", "labyrinth-of-theseus-edges.csv");

/** Every acyclic path's [weight, edges] and its states as written (`0a 2a ...`), read from the CSV here. */
function refPaths(text: string): { weight: number; edges: number; states: string }[] {
  const rows = text.trim().split("\n").slice(1).map((l) => l.split(","));
  const edges: { s: string; t: string; w: number }[] = [];
  let max = 0;
  for (const [n1, n2, w, d1, d2] of rows) {
    max = Math.max(max, +n1, +n2);
    const [sa, tb] = "ur".includes(d1) ? [`${+n1}a`, `${+n1}b`] : [`${+n1}b`, `${+n1}a`];
    const [ta, sb] = "dl".includes(d2) ? [`${+n2}a`, `${+n2}b`] : [`${+n2}b`, `${+n2}a`];
    edges.push({ s: sa, t: ta, w: +w }, { s: sb, t: tb, w: +w });
  }
  const goal = `${max}a`;
  const from = new Map<string, { s: string; t: string; w: number }[]>();
  for (const e of edges) from.set(e.s, [...(from.get(e.s) ?? []), e]);
  const done: { weight: number; edges: number; states: string }[] = [];
  // depth-first, one set of the states on the path
  const seen = new Set(["0a"]);
  const states = ["0a"];
  const walk = (at: string, weight: number): void => {
    if (at === goal) {
      done.push({ weight, edges: states.length - 1, states: states.join(" ") });
      return;
    }
    for (const e of from.get(at) ?? []) {
      if (seen.has(e.t)) continue;
      seen.add(e.t);
      states.push(e.t);
      walk(e.t, weight + e.w);
      states.pop();
      seen.delete(e.t);
    }
  };
  walk("0a", 0);
  return done;
}

/** A random transit graph of `n` transits (the last one appears), in the CSV layout. */
function randomCsv(rnd: () => number, n: number, lines: number): string {
  const out = ["node1,node2,weight,direction1,direction2"];
  for (let i = 0; i < lines; i++) {
    const a = Math.floor(rnd() * n);
    let b = Math.floor(rnd() * n);
    if (b === a) b = (a + 1) % n;
    out.push(`${a},${b},${1 + Math.floor(rnd() * 4)},${"udlr"[Math.floor(rnd() * 4)]},${"udlr"[Math.floor(rnd() * 4)]}`);
  }
  out.push(`0,${n - 1},7,u,d`);
  return `${out.join("\n")}\n`;
}

/** Is [weight, edges] of each path in order, fewest first? */
function inOrder(xs: { weight: number; edges: number }[]): boolean {
  return xs.every((x, i) => i === 0 || xs[i - 1].weight < x.weight || (xs[i - 1].weight === x.weight && xs[i - 1].edges <= x.edges));
}

describe("-n N on the transit graph: fewest first", () => {
  it("on 40 random graphs, the first N paths' weights and edges are the N least of the independent enumeration, and exhausted says whether any is left", () => {
    const rnd = prng(5202);
    let cut = 0;
    for (let i = 0; i < 40; i++) {
      const text = randomCsv(rnd, 3 + Math.floor(rnd() * 4), 4 + Math.floor(rnd() * 6));
      const ref = refPaths(text).sort((a, b) => a.weight - b.weight || a.edges - b.edges);
      const g = readTransitGraph(text, `random-${i}.csv`);
      for (const limit of [0, 1, 3, 10]) {
        const r = pathsFewestFirst(g, limit);
        const want = limit === 0 ? ref : ref.slice(0, limit);
        expect(r.count, text).toBe(ref.length);
        expect(r.paths.map((p) => [p.weight, p.states.length - 1]), text).toEqual(want.map((p) => [p.weight, p.edges]));
        expect(r.exhausted).toBe(want.length === ref.length);
        if (!r.exhausted) cut++;
        // every path returned is one of the independent enumeration's
        const all = new Set(ref.map((p) => p.states));
        for (const p of r.paths) expect(all.has(p.states.map((s) => `${s >> 1}${s & 1 ? "b" : "a"}`).join(" "))).toBe(true);
      }
    }
    expect(cut).toBeGreaterThan(10);
  });

  it("labsolve -n 5 on the puzzle's graph: Path 1 is the shortest (14 edges, weight 30), in order, exit 10 (cut at 5); -n 0 exits 30 with every path in order", () => {
    const text = readFileSync(CSV, "utf8");
    const ref = refPaths(text);
    const weightOf = new Map(ref.map((p) => [p.states, p]));
    const least = [...ref].sort((a, b) => a.weight - b.weight || a.edges - b.edges);
    const five = runBin("labsolve", ["-n", "5", CSV]);
    expect(five.code, five.err).toBe(10);
    const listed = witnessLines(five.out).map((l) => weightOf.get(l)!);
    expect(listed.length).toBe(5);
    expect(listed[0]).toMatchObject({ edges: least[0].edges, weight: least[0].weight });
    expect(listed.map((p) => p.weight)).toEqual(least.slice(0, 5).map((p) => p.weight));
    expect(inOrder(listed)).toBe(true);
    const all = runBin("labsolve", ["-n", "0", CSV]);
    expect(all.code, all.err).toBe(30);
    const every = witnessLines(all.out).map((l) => weightOf.get(l)!);
    expect(every.length).toBe(ref.length);
    expect(inOrder(every)).toBe(true);
    // asked for more than there are: every path, the enumeration ended
    const more = runBin("labsolve", ["-n", String(ref.length + 1), CSV]);
    expect(more.code, more.err).toBe(30);
  });
});

/** The witness lines of labsolve's default layout: the line after each `ANSWER`. */
function witnessLines(out: string): string[] {
  const lines = out.split("\n");
  return lines.flatMap((l, i) => (l === "ANSWER" && i + 1 < lines.length ? [lines[i + 1]] : []));
}

describe("-n N on a Minotaur level: the enumeration of the optimal solutions", () => {
  const level = join(ROOT, "instances", "minotaur", "02-4x4.txt");

  it("-n 2 on a level with exactly 2 optimal solutions lists both and exits 30 (the enumeration ended), as does -n 5", () => {
    const count = refSolve(refRead(readFileSync(level, "utf8"))).count;
    expect(count).toBe(2);
    const two = runBin("labsolve", [level, "-n", "2"]);
    expect(two.code, two.err).toBe(30);
    expect(witnessLines(two.out).length).toBe(2);
    const five = runBin("labsolve", [level, "-n", "5"]);
    expect(five.code, five.err).toBe(30);
  });

  it("-n 3 on a level with 6 optimal solutions exits 10 (cut at 3); -n 6 lists the 6 and exits 30", () => {
    const room = readFileSync(join(ROOT, "instances", "minotaur", "18-7x7.txt"), "utf8");
    const ref = refSolve(refRead(room));
    expect(ref.count).toBe(6);
    const r = runBin("labsolve", ["-", "-n", "3"], room);
    expect(r.code, r.err).toBe(10);
    const all = runBin("labsolve", ["-", "-n", String(ref.count)], room);
    expect(all.code, all.err).toBe(30);
  });
});
