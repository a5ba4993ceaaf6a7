/**
 * Theseus and the Minotaur: the solver's search time on 20x20 levels (400 cells, (RC)^2 =
 * 160,000 states) and the generator's throughput at 8x8.
 *
 *   npm run build && node dist/scripts/bench-minotaur.js [--runs K] [--seconds S] [--out FILE]
 *
 * - search: 20x20 levels made here (seeded): an open one with few walls, a random one,
 *   the one of 200 random candidates on which the search visits the most states, that one
 *   with walls flipped to visit more, and a generated one (long optimum);
 *   median milliseconds of K runs of the in-process search (solveLevel: tables, the BFS,
 *   the path; no start-up, no reading), and, as the reference in the same run, the tests'
 *   independent plain search (string keys, test/helpers/minotaur-ref.ts) with its ratio.
 * - generator: `climb` at 8x8 (2000 changes, one restart, as labgen minotaur
 *   --iterations 2000 with one start) on seeds 1, 2, ... for S seconds: levels per minute,
 *   and of those, levels per minute with an optimum of at least 40.
 */
import { appendFileSync } from "node:fs";
import { cpus } from "node:os";
import { prng } from "../src/core/random.js";
import { climb } from "../src/maze/minotaur/generate.js";
import { readLevel, writeLevel, type Level } from "../src/maze/minotaur/level.js";
import { solveLevel } from "../src/maze/minotaur/search/bfs.js";
import { randomLevelText, refRead, refSolve } from "../test/helpers/minotaur-ref.js";

const argv = process.argv.slice(2);
const opt = (name: string, fallback: string): string => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : fallback;
};
const runs = Number(opt("--runs", "21"));
const seconds = Number(opt("--seconds", "60"));
const out = opt("--out", "");
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const lines: string[] = [];
const say = (s: string): void => {
  lines.push(s);
  process.stdout.write(`${s}\n`);
};

const rand = prng(2026);
const candidates: { name: string; text: string }[] = [
  { name: "open (wall density 0.1)", text: randomLevelText(rand, 20, 20, 0.1) },
  { name: "random (wall density 0.3)", text: randomLevelText(rand, 20, 20, 0.3) },
];
let most = { text: "", visited: -1 };
for (let i = 0; i < 200; i++) {
  const text = randomLevelText(rand, 20, 20, 0.15 + 0.3 * rand());
  const v = solveLevel(readLevel(text, "c"), { wait: true }).visited;
  if (v > most.visited) most = { text, visited: v };
}
candidates.push({ name: "most states of 200 random", text: most.text });
// walls flipped while the states visited do not fall (300 flips from the previous one)
{
  const level = readLevel(most.text, "climbed");
  let v = most.visited;
  for (let k = 0; k < 300; k++) {
    const a = Math.floor(rand() * 400);
    const horizontal = rand() < 0.5;
    if ((horizontal && a % 20 === 19) || (!horizontal && a >= 380)) continue;
    const b = horizontal ? a + 1 : a + 20;
    const [x, y] = horizontal ? [4, 8] : [2, 1];
    level.open[a] ^= x;
    level.open[b] ^= y;
    const nv = solveLevel(level, { wait: true }).visited;
    if (nv >= v) v = nv;
    else {
      level.open[a] ^= x;
      level.open[b] ^= y;
    }
  }
  candidates.push({ name: "most states, walls climbed", text: writeLevel(level) });
}
candidates.push({ name: "labgen minotaur 20 20 --seed 1 --iterations 1000 (one start)", text: writeLevel(climb(20, 20, 1, 1000, 1).level) });

say(`### Search, 20x20 levels (160,000 states), median of ${runs} runs (${cpus()[0]?.model ?? "cpu"})`);
say("");
say("| level | fewest | states visited | search ms | reference ms | ratio |");
say("| --- | --- | --- | --- | --- | --- |");
for (const c of candidates) {
  const level: Level = readLevel(c.text, c.name);
  let r = solveLevel(level, { wait: true });
  const ms: number[] = [];
  for (let k = 0; k < runs; k++) {
    const t0 = performance.now();
    r = solveLevel(level, { wait: true });
    ms.push(performance.now() - t0);
  }
  const ref = refRead(c.text);
  const refMs: number[] = [];
  let rf = refSolve(ref);
  for (let k = 0; k < Math.max(3, Math.floor(runs / 4)); k++) {
    const t0 = performance.now();
    rf = refSolve(ref);
    refMs.push(performance.now() - t0);
  }
  if (rf.fewest !== r.fewest) throw new Error(`${c.name}: the reference says ${rf.fewest}, the solver ${r.fewest}`);
  say(`| ${c.name} | ${r.fewest < 0 ? "none" : r.fewest} | ${r.visited} | ${median(ms).toFixed(2)} | ${median(refMs).toFixed(1)} | ${(median(refMs) / median(ms)).toFixed(1)}x |`);
}

say("");
say(`### Generator throughput, 8x8 (2000 changes, one start), ${seconds} s`);
say("");
const t0 = performance.now();
let made = 0;
let long = 0;
let best = 0;
const optima: number[] = [];
for (let seed = 1; performance.now() - t0 < seconds * 1000; seed++) {
  const { fewest } = climb(8, 8, seed, 2000, 1);
  made++;
  optima.push(fewest);
  if (fewest >= 40) long++;
  best = Math.max(best, fewest);
}
const minutes = (performance.now() - t0) / 60000;
say("| levels | with optimum >= 40 | levels per minute | with optimum >= 40 per minute | median optimum | longest |");
say("| --- | --- | --- | --- | --- | --- |");
say(`| ${made} | ${long} | ${(made / minutes).toFixed(0)} | ${(long / minutes).toFixed(0)} | ${median(optima)} | ${best} |`);
if (out) appendFileSync(out, `${lines.join("\n")}\n`);
