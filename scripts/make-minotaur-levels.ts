/**
 * The project's own Minotaur levels: writes instances/minotaur/NN-RxC.txt with the
 * generator (labgen minotaur's climb) when missing, and expected/minotaur/NN-RxC.json for
 * every level: the fewest moves (with and without waiting) and the number of optimal
 * solutions, computed by the tests' independent search (test/helpers/minotaur-ref.ts),
 * never by labsolve. Existing files are left alone unless --force is given (expected only).
 *
 *   npm run build && node dist/scripts/make-minotaur-levels.js
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { climb } from "../src/maze/minotaur/generate.js";
import { writeLevel } from "../src/maze/minotaur/level.js";
import { refRead, refSolve } from "../test/helpers/minotaur-ref.js";

const root = join(new URL(".", import.meta.url).pathname, "..", "..");
const levels = join(root, "instances", "minotaur");
const expected = join(root, "expected", "minotaur");
const force = process.argv.includes("--force");
mkdirSync(levels, { recursive: true });
mkdirSync(expected, { recursive: true });

/** rows, columns and changes per restart of each level (seed = its number) */
const SIZES: [number, number, number][] = [
  [4, 4, 3000], [4, 4, 6000], [4, 4, 20000], [4, 5, 20000], [5, 4, 20000],
  [5, 5, 3000], [5, 5, 8000], [5, 5, 20000], [5, 6, 20000],
  [6, 6, 2000], [6, 6, 5000], [6, 6, 10000], [6, 6, 20000], [6, 6, 30000], [6, 7, 20000],
  [7, 7, 5000], [7, 7, 20000], [7, 7, 30000], [7, 8, 20000],
  [8, 8, 5000], [8, 8, 20000], [8, 8, 30000],
  [9, 8, 10000], [9, 8, 20000], [9, 8, 30000],
  [9, 9, 20000], [10, 9, 20000],
  [10, 10, 5000], [10, 10, 20000], [10, 10, 30000],
];

SIZES.forEach(([rows, cols, iterations], i) => {
  const name = `${String(i + 1).padStart(2, "0")}-${rows}x${cols}.txt`;
  const path = join(levels, name);
  if (existsSync(path)) return;
  const { level } = climb(rows, cols, i + 1, iterations, 2);
  writeFileSync(path, writeLevel(level), { flag: "wx" });
  process.stderr.write(`${path}\n`);
});

for (const name of readdirSync(levels).filter((f) => f.endsWith(".txt")).sort()) {
  const target = join(expected, name.replace(/\.txt$/, ".json"));
  if (existsSync(target) && !force) continue;
  const ref = refRead(readFileSync(join(levels, name), "utf8"));
  const withWait = refSolve(ref, true);
  const noWait = refSolve(ref, false);
  const doc = { level: `instances/minotaur/${name}`, rows: ref.R, cols: ref.C, fewest: withWait.fewest, optimalSolutions: withWait.count, fewestWithoutWait: noWait.fewest, by: "test/helpers/minotaur-ref.ts (independent breadth-first search)" };
  writeFileSync(target, `${JSON.stringify(doc, null, 2)}\n`);
  process.stdout.write(`${name} fewest ${withWait.fewest} (${withWait.count} optimal), without waiting ${noWait.fewest}\n`);
}
