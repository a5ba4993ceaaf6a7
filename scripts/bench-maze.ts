/**
 * Speed of the text maze's generators and solvers (src/maze/text), medians, against the
 * issue's yardstick (a plain typed-array JavaScript implementation measured on this machine)
 * and, in the same run, the npm package generate-maze (Eller's algorithm, an object per cell).
 *
 *   npm run bench:maze -- [--runs K] [--size N] [--big] [--out FILE]
 *
 * --size N: the grid (default 1000 x 1000); --big: also 10000 x 10000 (10^8 cells) for the
 * backtracker, Wilson and BFS, each in a child process whose peak memory (max RSS) is read.
 * Tables on stdout and in --out (a Markdown section for BENCHMARKS.md).
 */
import { spawnSync } from "node:child_process";
import { closeSync, openSync, rmSync, writeFileSync, writeSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { streamTextMaze } from "../src/core/maze-text.js";
import { prng } from "../src/core/random.js";
import { generateMaze } from "../src/maze/text/generate.js";
import { SPANNING } from "../src/maze/text/generate/algorithms.js";
import { ALGORITHMS } from "../src/maze/text/search/algorithms.js";
import { searchProblem } from "../src/maze/text/search/problem.js";
import { refAldousBroder, refBacktracker, refBfs, refKruskal, refWilson } from "./maze-reference.js";

const argv = process.argv.slice(2);
const opt = (name: string, fallback: string): string => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : fallback;
};

/** The reference generators by name. */
const REF_GEN: Record<string, (rows: number, cols: number, rnd: () => number) => Uint8Array> = {
  backtracker: refBacktracker, wilson: refWilson, kruskal: refKruskal, "aldous-broder": refAldousBroder,
};

/** A child run: `--one KIND NAME N` (KIND gen, ref-gen, solve, ref-solve) prints `ms rssMB`. */
if (argv[0] === "--one") {
  const [, kind, name, size] = argv;
  const n = Number(size);
  const t0 = performance.now();
  if (kind === "gen") generateMaze(n, n, name, prng(1));
  else if (kind === "ref-gen") REF_GEN[name](n, n, prng(1));
  else {
    const m = generateMaze(n, n, "backtracker", prng(1));
    const p = kind === "solve" ? searchProblem(m) : undefined;
    const t1 = performance.now();
    if (p) ALGORITHMS.find((a) => a.name === name)!.run(p);
    else refBfs(n, n, m.open);
    process.stdout.write(`${(performance.now() - t1).toFixed(0)} ${(process.resourceUsage().maxRSS / 1024).toFixed(0)}\n`);
    process.exit(0);
  }
  process.stdout.write(`${(performance.now() - t0).toFixed(0)} ${(process.resourceUsage().maxRSS / 1024).toFixed(0)}\n`);
  process.exit(0);
}

const runs = Number(opt("--runs", "3"));
const size = Number(opt("--size", "1000"));
const big = argv.includes("--big");
const out = opt("--out", join(tmpdir(), "BENCH-maze.md"));
/** The random walks (their time follows each seed's walk): at least 9 runs. */
const WALKS = ["wilson", "aldous-broder"];
const walkRuns = Math.max(runs, 9);

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const time = (f: () => void): number => {
  const t = performance.now();
  f();
  return performance.now() - t;
};

/** The issue's yardstick at 1000 x 1000 and 10^8 cells (ms). */
const YARD: Record<string, number> = { backtracker: 78, wilson: 167, kruskal: 147, "aldous-broder": 982 };
const YARD_BIG: Record<string, number> = { backtracker: 6900, wilson: 56000, bfs: 4600 };

const lines: string[] = [];
const say = (s = ""): void => {
  lines.push(s);
  process.stdout.write(`${s}\n`);
};

say(`## Text mazes (src/maze/text): generators and solvers`);
say();
say(`- command: \`npm run bench:maze -- --runs ${runs} --size ${size}${big ? " --big" : ""}\``);
say(`- date: ${new Date().toISOString()}`);
say(`- machine: ${cpus().length} x ${cpus()[0]?.model.trim()}, Node ${process.version}; medians of ${runs} runs in one process (after one warm-up run)`);
say(`- load average (1, 5, 15 min) at the start: ${loadavg().map((x) => x.toFixed(2)).join(", ")}`);
say(`- yardstick: the issue's plain typed-array JavaScript implementation measured on this machine; target: at most half of it`);
say();
say(`### Generators at ${size} x ${size}`);
say();
say(`| algorithm | ms (median) | yardstick ms | ours / yardstick | dead ends | longest shortest path |`);
say(`| --- | ---: | ---: | ---: | ---: | ---: |`);
for (const a of SPANNING) {
  generateMaze(100, 100, a.name, prng(0)); // warm-up
  const ms: number[] = [];
  let last;
  for (let k = 0; k < runs; k++) {
    const rnd = prng(k + 1);
    ms.push(time(() => (last = generateMaze(size, size, a.name, rnd))));
  }
  const m = last!;
  let dead = 0;
  for (const o of m.open) if ((o & 1) + ((o >> 1) & 1) + ((o >> 2) & 1) + ((o >> 3) & 1) === 1) dead++;
  const yard = YARD[a.name];
  const med = median(ms);
  say(`| ${a.name} | ${med.toFixed(0)} | ${yard ?? ""} | ${yard ? `${(med / yard).toFixed(2)}` : ""} | ${((100 * dead) / m.open.length).toFixed(1)}% | ${diameter(m)} |`);
}

/** The longest shortest path of a perfect maze (two breadth-first sweeps), in moves. */
function diameter(m: { rows: number; cols: number; open: Uint8Array }): number {
  const far = (from: number): [number, number] => {
    const p = searchProblem({ ...m, start: from, startMark: "S", exit: -1, minotaur: -1 });
    const n = m.rows * m.cols;
    const dist = new Int32Array(n).fill(-1);
    const q = new Int32Array(n);
    let h = 0;
    let t = 0;
    q[t++] = from;
    dist[from] = 0;
    const off = [-m.cols, 1, m.cols, -1];
    let last = from;
    while (h < t) {
      const c = q[h++];
      last = c;
      for (let d = 0; d < 4; d++) if (p.masks[c] & (1 << d) && dist[c + off[d]] < 0) { dist[c + off[d]] = dist[c] + 1; q[t++] = c + off[d]; }
    }
    return [last, dist[last]];
  };
  return far(far(0)[0])[1];
}

say();
say(`### Same run: ours against a plain typed-array reference (scripts/maze-reference.ts), interleaved, after one warm-up run of each`);
say();
say(`The machine is shared: absolute times move with its load, the ratio in one run does not. Target: ours / reference <= 0.5.`);
say(`Wilson's and Aldous-Broder's times follow the length of the walk each seed draws (Wilson at 1000 x 1000: 5 to 22 million steps), and ours and the reference draw different walks from one seed: they take at least ${walkRuns} seeds.`);
say();
say(`| at ${size} x ${size} | ours ms | reference ms | ours / reference |`);
say(`| --- | ---: | ---: | ---: |`);
{
  const refs: [string, (rnd: () => number) => void, (rnd: () => number) => void][] = [
    ["backtracker", (r) => generateMaze(size, size, "backtracker", r), (r) => refBacktracker(size, size, r)],
    ["wilson", (r) => generateMaze(size, size, "wilson", r), (r) => refWilson(size, size, r)],
    ["kruskal", (r) => generateMaze(size, size, "kruskal", r), (r) => refKruskal(size, size, r)],
    ["aldous-broder", (r) => generateMaze(size, size, "aldous-broder", r), (r) => refAldousBroder(size, size, r)],
  ];
  for (const [name, ours, ref] of refs) {
    const a: number[] = [];
    const b: number[] = [];
    const k0 = WALKS.includes(name) ? walkRuns : runs;
    ours(prng(99)); // warm-up, both
    ref(prng(99));
    for (let k = 0; k < k0; k++) {
      a.push(time(() => ours(prng(k + 100))));
      b.push(time(() => ref(prng(k + 100))));
    }
    say(`| generate ${name}${k0 !== runs ? ` (${k0} runs)` : ""} | ${median(a).toFixed(0)} | ${median(b).toFixed(0)} | ${(median(a) / median(b)).toFixed(2)} |`);
  }
  const m = generateMaze(size, size, "backtracker", prng(5));
  const bfs = ALGORITHMS.find((x) => x.name === "bfs")!;
  const a: number[] = [];
  const b: number[] = [];
  bfs.run(searchProblem(m)); // warm-up, both
  refBfs(size, size, m.open);
  for (let k = 0; k < runs; k++) {
    let ours = 0;
    a.push(time(() => (ours = bfs.run(searchProblem(m)).moves.length)));
    let theirs = 0;
    b.push(time(() => (theirs = refBfs(size, size, m.open))));
    if (ours !== theirs) throw new Error(`bfs: ${ours} moves, the reference ${theirs}`);
  }
  say(`| bfs solve (backtracker maze) | ${median(a).toFixed(0)} | ${median(b).toFixed(0)} | ${(median(a) / median(b)).toFixed(2)} |`);
}

say();
say(`### Solvers at ${size} x ${size} (S top-left, E bottom-right)`);
say();
say(`Each solve includes building the search's neighbour masks; the yardstick's BFS is 24-47 ms.`);
say();
say(`| maze | bfs ms | dfs ms | dijkstra ms | astar ms | tremaux ms | dead-end-filling ms | fewest moves |`);
say(`| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |`);
for (const [label, alg, braid] of [["backtracker", "backtracker", 0], ["wilson", "wilson", 0], ["kruskal, braided 0.5", "kruskal", 0.5]] as const) {
  const m = generateMaze(size, size, alg, prng(9), braid);
  const cells: string[] = [];
  let fewest = 0;
  for (const name of ["bfs", "dfs", "dijkstra", "astar", "tremaux", "dead-end-filling"]) {
    const a = ALGORITHMS.find((x) => x.name === name)!;
    a.run(searchProblem(m)); // warm-up
    const ms: number[] = [];
    for (let k = 0; k < runs; k++) ms.push(time(() => {
      const r = a.run(searchProblem(m));
      if (name === "bfs") fewest = r.moves.length;
    }));
    cells.push(median(ms).toFixed(0));
  }
  say(`| ${label} | ${cells.join(" | ")} | ${fewest} |`);
}

say();
say(`### Writing a ${size} x ${size} maze to a file (streamed)`);
say();
{
  const m = generateMaze(size, size, "backtracker", prng(3));
  const file = join(tmpdir(), `bench-maze-${process.pid}.txt`);
  const ms: number[] = [];
  for (let k = 0; k < runs; k++) {
    ms.push(time(() => {
      const fd = openSync(file, "w");
      streamTextMaze(m, (chunk) => writeSync(fd, chunk));
      closeSync(fd);
    }));
  }
  rmSync(file, { force: true });
  say(`${median(ms).toFixed(0)} ms for ${((2 * size + 2) * (2 * size + 1) / 1e6).toFixed(1)} MB.`);
}

say();
say(`### Against the npm package generate-maze (Eller's algorithm, an object per cell), same run`);
say();
say(`| size | generate-maze ms | our eller ms | ratio |`);
say(`| --- | ---: | ---: | ---: |`);
{
  const pkg = "generate-maze"; // a variable: its package.json "exports" hide its types from the compiler
  const gm = ((await import(pkg)) as { default: (w: number, h: number, closed: boolean, seed: number) => unknown }).default;
  gm(50, 50, true, 1);
  for (const n of [100, 300, size]) {
    const k = n >= 1000 ? 1 : runs;
    const theirs: number[] = [];
    const ours: number[] = [];
    for (let i = 0; i < k; i++) {
      theirs.push(time(() => gm(n, n, true, i + 1)));
      const rnd = prng(i + 1);
      ours.push(time(() => generateMaze(n, n, "eller", rnd)));
    }
    say(`| ${n} x ${n}${k === 1 ? " (1 run)" : ""} | ${median(theirs).toFixed(0)} | ${median(ours).toFixed(1)} | ${(median(theirs) / median(ours)).toFixed(0)}x |`);
  }
}

if (big) {
  say();
  say(`### 10^8 cells (10000 x 10000), one run each in a child process, ours then the reference`);
  say();
  say(`| what | ours ms | peak memory (max RSS) MB | reference ms (same run) | ours / reference | issue's yardstick ms | ours / yardstick |`);
  say(`| --- | ---: | ---: | ---: | ---: | ---: | ---: |`);
  const self = new URL(import.meta.url).pathname;
  const child = (kind: string, name: string): [number, number] => {
    const r = spawnSync(process.execPath, ["--max-old-space-size=4096", self, "--one", kind, name, "10000"], { encoding: "utf8" });
    const [ms, rss] = r.stdout.trim().split(" ").map(Number);
    return [ms, rss];
  };
  for (const [kind, name] of [["gen", "backtracker"], ["gen", "wilson"], ["solve", "bfs"]] as const) {
    const [ms, rss] = child(kind, name);
    const [refMs] = child(kind === "gen" ? "ref-gen" : "ref-solve", name);
    const yard = YARD_BIG[name];
    say(`| ${kind === "gen" ? `generate ${name}` : `${name} solve (on a backtracker maze)`} | ${ms} | ${rss} | ${refMs} | ${(ms / refMs).toFixed(2)} | ${yard} | ${(ms / yard).toFixed(2)} |`);
  }
}

say();
say(`- load average (1, 5, 15 min) at the end: ${loadavg().map((x) => x.toFixed(2)).join(", ")}`);
say();
say(`Published figures, for scale (other machines, other languages): the Python package maze-dataset's benchmark at 64 x 64: DFS 0.18 s, Wilson 5.9 s per maze; a Python BFS at 1000 x 1000: 1.7 s; a Rust image-based solver at 10k x 10k: 5.8 s.`);
writeFileSync(out, `${lines.join("\n")}\n`);
