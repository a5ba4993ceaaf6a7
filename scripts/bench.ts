/**
 * Speed of labsolve against clingo, measured in the same run on the same machine.
 *
 *   npm run bench -- [--dir DIR] [--runs K] [--time-limit S] [--clingo-limit S] [--out FILE] [-- labsolve options]
 *
 * For each instance: labsolve proves the fewest pushes (K runs, median wall seconds,
 * peak memory from its --stats); clingo (native, when `clingo` is on PATH) runs our
 * encoding test/asp/push-labyrinth.lp horizon by horizon, max_steps = 0, 1, 2, ... until
 * the first satisfiable one: the same iterative deepening, done by clingo (K runs
 * unless the first one reaches --clingo-limit, which counts as a time-out). The table
 * goes to stdout and, with --out (default BENCHMARKS.md), into that file with the
 * command, the machine and the date.
 */
import { spawnSync } from "node:child_process";
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { basename, join } from "node:path";

const root = join(new URL(".", import.meta.url).pathname, "..", "..");
const argv = process.argv.slice(2);
const split = argv.indexOf("--");
const own = split >= 0 ? argv.slice(0, split) : argv;
const extra = split >= 0 ? argv.slice(split + 1) : [];
const opt = (name: string, fallback: string): string => {
  const i = own.indexOf(name);
  return i >= 0 ? own[i + 1] : fallback;
};
const dir = opt("--dir", join(root, "..", "shared", "instances", "aspcomp2013"));
const runs = Number(opt("--runs", "3"));
const timeLimit = Number(opt("--time-limit", "60"));
const clingoLimit = Number(opt("--clingo-limit", "60"));
const out = opt("--out", join(root, "BENCHMARKS.md"));
const encoding = join(root, "test/asp/push-labyrinth.lp");
const hasClingo = spawnSync("clingo", ["--version"], { encoding: "utf8" }).status === 0;

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

interface Ours {
  seconds: number;
  pushes: number | undefined;
  exit: number | null;
  memoryMb: number | undefined;
}

function labsolve(path: string): Ours {
  const started = performance.now();
  const r = spawnSync(join(root, "bin/labsolve"), ["--stats", "--time-limit", String(timeLimit), ...extra, path], { encoding: "utf8" });
  const seconds = (performance.now() - started) / 1000;
  const memory = /peak memory (\d+) MB/.exec(r.stderr)?.[1];
  const solved = r.status === 10 || r.status === 30;
  return { seconds, pushes: solved ? (r.stdout.match(/push\(/g) ?? []).length : undefined, exit: r.status, memoryMb: memory ? Number(memory) : undefined };
}

/** clingo horizon by horizon; seconds until the first satisfiable horizon, or undefined on time-out. */
function clingo(path: string): { seconds: number | undefined; pushes: number | undefined } {
  const facts = readFileSync(path, "utf8").replace(/max_steps\(\s*\d+\s*\)\s*\./g, "");
  const max = Number(/max_steps\(\s*(\d+)\s*\)/.exec(readFileSync(path, "utf8"))?.[1] ?? 0);
  const started = performance.now();
  for (let h = 0; h <= max; h++) {
    const left = clingoLimit - (performance.now() - started) / 1000;
    if (left <= 0) return { seconds: undefined, pushes: undefined };
    const r = spawnSync("clingo", [encoding, "-", `--time-limit=${Math.max(1, Math.ceil(left))}`, "-q"], { input: `${facts}\nmax_steps(${h}).\n`, encoding: "utf8" });
    if (r.status === 10 || r.status === 30) {
      const s = (performance.now() - started) / 1000;
      return s <= clingoLimit ? { seconds: s, pushes: h } : { seconds: undefined, pushes: undefined };
    }
    if (r.status !== 20) return { seconds: undefined, pushes: undefined };
  }
  return { seconds: (performance.now() - started) / 1000, pushes: undefined };
}

const files = readdirSync(dir).filter((f) => /\.(lp|asp)$/.test(f)).sort();
const rows: string[] = [];
const header = "| instance | N | fewest pushes | labsolve s (median) | clingo s (median) | clingo / labsolve | labsolve peak MB |";
const rule = "| --- | ---: | ---: | ---: | ---: | ---: | ---: |";
console.log(header);
console.log(rule);
for (const f of files) {
  const path = join(dir, f);
  const n = Math.round(Math.sqrt((readFileSync(path, "utf8").match(/field\(/g) ?? []).length));
  const ours = Array.from({ length: runs }, () => labsolve(path));
  const oursSeconds = median(ours.map((o) => o.seconds));
  const oursSolved = ours.every((o) => o.pushes !== undefined);
  const theirs: (number | undefined)[] = [];
  let theirPushes: number | undefined;
  if (hasClingo) {
    for (let k = 0; k < runs; k++) {
      const c = clingo(path);
      theirs.push(c.seconds);
      theirPushes ??= c.pushes;
      if (c.seconds === undefined) break;
    }
  }
  const clingoDone = theirs.length > 0 && theirs.every((s) => s !== undefined);
  const clingoSeconds = clingoDone ? median(theirs as number[]) : undefined;
  if (clingoDone && oursSolved && theirPushes !== ours[0].pushes) {
    console.error(`${f}: labsolve says ${ours[0].pushes} pushes, clingo ${theirPushes}: a bug`);
    process.exitCode = 1;
  }
  const oursCell = oursSolved ? oursSeconds.toFixed(2) : `> ${timeLimit} (time-out)`;
  const clingoCell = !hasClingo ? "not installed" : clingoDone ? (clingoSeconds as number).toFixed(2) : `> ${clingoLimit} (time-out)`;
  const ratio = oursSolved && clingoDone ? `${((clingoSeconds as number) / oursSeconds).toFixed(1)}x` : oursSolved && hasClingo ? `> ${(clingoLimit / oursSeconds).toFixed(1)}x` : "";
  const memory = Math.max(...ours.map((o) => o.memoryMb ?? 0));
  const row = `| ${basename(f)} | ${n} | ${oursSolved ? ours[0].pushes : "?"} | ${oursCell} | ${clingoCell} | ${ratio} | ${memory || "?"} |`;
  rows.push(row);
  console.log(row);
}

const clingoVersion = hasClingo ? spawnSync("clingo", ["--version"], { encoding: "utf8" }).stdout.split("\n")[0] : "clingo not installed";
const command = `npm run bench -- ${process.argv.slice(2).join(" ")}`.trim();
const doc = `# Benchmarks

Fewest pushes, proven: labsolve's iterative deepening against clingo running our
encoding (test/asp/push-labyrinth.lp) with max_steps = 0, 1, 2, ... until the first
satisfiable horizon, both in the same run on the same machine. Seconds are wall-clock
medians over ${runs} runs (clingo: one run when the first one times out). A ratio
"> Rx" means clingo timed out, so labsolve is at least that much faster.

- command: \`${command}\`
- date: ${new Date().toISOString()}
- machine: ${cpus().length} x ${cpus()[0]?.model ?? "unknown CPU"}, Node ${process.version}, ${clingoVersion}
- labsolve time limit ${timeLimit} s, clingo limit ${clingoLimit} s per instance

${header}
${rule}
${rows.join("\n")}
`;
writeFileSync(out, doc);
console.log(`\nwrote ${out}`);
