/**
 * Each maze generator's bias, over many mazes (src/maze/text/generate):
 *
 *   npm run build && node dist/scripts/maze-stats.js [--mazes K] [--size N]
 *
 * Per algorithm, over K mazes of N x N (default 1000 of 20 x 20): dead ends, straight
 * corridor cells and junctions (share of cells), the path from the top-left to the
 * bottom-right cell and the longest shortest path (moves; src/maze/text/stats.ts); and the
 * chi-square statistic of 19,200 mazes of 3 x 3 over the grid's 192 spanning trees
 * (191 degrees of freedom: about 191 when uniform, 0.1% critical value 256).
 */
import { prng } from "../src/core/random.js";
import { generateMaze } from "../src/maze/text/generate.js";
import { SPANNING } from "../src/maze/text/generate/algorithms.js";
import { mazeStats } from "../src/maze/text/stats.js";

const argv = process.argv.slice(2);
const opt = (name: string, fallback: string): string => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : fallback;
};
const K = Number(opt("--mazes", "1000"));
const N = Number(opt("--size", "20"));

/** The 3x3 maze's key: its south and east passages as 12 bits. */
function key3(open: Uint8Array): number {
  let k = 0;
  let bit = 0;
  for (let i = 0; i < 9; i++) {
    if (i % 3 < 2) k |= (open[i] & 4 ? 1 : 0) << bit++;
    if (i < 6) k |= (open[i] & 2 ? 1 : 0) << bit++;
  }
  return k;
}

process.stdout.write(`Over ${K} mazes of ${N} x ${N} per algorithm (shares of cells; moves), and 19,200 mazes of 3 x 3:\n\n`);
process.stdout.write(`| algorithm | uniform (claimed) | dead ends | corridors (straight) | junctions (3+) | top-left to bottom-right | longest shortest path | 3x3 trees drawn | chi-square (191 df) |\n`);
process.stdout.write(`| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n`);
for (const a of SPANNING) {
  const rnd = prng(1);
  let dead = 0;
  let straight = 0;
  let junction = 0;
  let solution = 0;
  let longest = 0;
  for (let k = 0; k < K; k++) {
    const m = generateMaze(N, N, a.name, rnd);
    const st = mazeStats(m);
    dead += st.deadEnds;
    solution += st.solution;
    longest += st.longest;
    for (const o of m.open) {
      const deg = (o & 1) + ((o >> 1) & 1) + ((o >> 2) & 1) + ((o >> 3) & 1);
      if (o === 3 || o === 12) straight++;
      if (deg >= 3) junction++;
    }
  }
  const cells = K * N * N;
  const counts = new Map<number, number>();
  const r3 = prng(2);
  const T = 19200;
  for (let k = 0; k < T; k++) {
    const key = key3(generateMaze(3, 3, a.name, r3).open);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const e = T / 192;
  let x2 = 0;
  for (const c of counts.values()) x2 += (c - e) ** 2 / e;
  x2 += (192 - counts.size) * e; // trees never drawn
  const pct = (x: number) => `${((100 * x) / cells).toFixed(1)}%`;
  process.stdout.write(
    `| ${a.name} | ${a.uniform ? "yes" : "no"} | ${pct(dead)} | ${pct(straight)} | ${pct(junction)} | ${(solution / K).toFixed(1)} | ${(longest / K).toFixed(1)} | ${counts.size} | ${x2.toFixed(0)} |\n`,
  );
}
