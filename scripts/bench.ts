/**
 * Speed of labsolve against clingo, measured in the same run on the same machine.
 *
 *   npm run bench -- [--dir DIR] [--runs K] [--time-limit S] [--clingo-limit S] [--sizes 10,20,..] [--out FILE] [-- labsolve options]
 *
 * For each instance, two tables:
 * - shortest: labsolve proves the fewest pushes (median wall seconds, peak memory from
 *   its --stats); clingo (native, when `clingo` is on PATH) runs our encoding
 *   test/asp/push-labyrinth.lp horizon by horizon, max_steps = 0, 1, 2, ... until the
 *   first satisfiable one: the same iterative deepening, done by clingo;
 * - any: `labsolve --any` against clingo's first model of the encoding with the
 *   instance's own max_steps (the competition's task).
 * - scaling: the same two measures on generated instances (src/generate.ts, labgen's
 *   generator) of N = --sizes (default 10 to 40), a maze and a random board each, with
 *   max_steps = N like the competition's files.
 * K runs each; a run that times out is not repeated. The tables go to stdout and into
 * --out (default BENCHMARKS.md) with the command, the machine and the date.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { competitionFileName, generate, toFacts, type Style } from "../src/generate.js";

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

function labsolve(path: string, mode: string[]): Ours {
  const started = performance.now();
  const r = spawnSync(join(root, "bin/labsolve"), ["--stats", "--time-limit", String(timeLimit), ...mode, ...extra, path], { encoding: "utf8" });
  const seconds = (performance.now() - started) / 1000;
  const memory = /peak memory (\d+) MB/.exec(r.stderr)?.[1];
  const solved = r.status === 10 || r.status === 30;
  return { seconds, pushes: solved ? (r.stdout.match(/push\(/g) ?? []).length : undefined, exit: r.status, memoryMb: memory ? Number(memory) : undefined };
}

/** Exit 20: proven to have no solution within max_steps (an answer, like a solution). */
function decided(exit: number | null): boolean {
  return exit === 10 || exit === 20 || exit === 30;
}

/** clingo's first model at the instance's own max_steps (or UNSATISFIABLE, pushes undefined): seconds, or undefined on time-out. */
function clingoAny(path: string): { seconds: number | undefined; pushes: number | undefined } {
  const started = performance.now();
  const r = spawnSync("clingo", [encoding, path, `--time-limit=${clingoLimit}`], { encoding: "utf8" });
  const seconds = (performance.now() - started) / 1000;
  if (r.status === 20 && seconds <= clingoLimit) return { seconds, pushes: undefined };
  if (r.status !== 10 && r.status !== 30) return { seconds: undefined, pushes: undefined };
  const answer = r.stdout.split("\n").find((l) => l.startsWith("push(")) ?? "";
  return { seconds, pushes: (answer.match(/push\(/g) ?? []).length };
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

const sizes = opt("--sizes", "10,16,20,24,28,32,36,40").split(",").map(Number);
const files = readdirSync(dir).filter((f) => /\.(lp|asp)$/.test(f)).sort().map((f) => join(dir, f));

/** Generated instances for the scaling table: per size a maze and a random board. */
function generated(): string[] {
  const at = mkdtempSync(join(tmpdir(), "labyrinth-bench-"));
  const out: string[] = [];
  for (const n of sizes) {
    for (const style of ["maze", "random"] as Style[]) {
      const data = generate(n, n, 1000 + n, style);
      const path = join(at, `${style}-${competitionFileName(1000 + n, data)}`);
      writeFileSync(path, toFacts(data));
      out.push(path);
    }
  }
  return out;
}

/** Runs `run` up to `runs` times, stopping after a time-out (undefined seconds). */
function repeat<T extends { seconds: number | undefined }>(run: () => T): T[] {
  const out: T[] = [];
  for (let k = 0; k < runs; k++) {
    const r = run();
    out.push(r);
    if (r.seconds === undefined) break;
  }
  return out;
}

function table(mode: "shortest" | "any", files: string[]): string[] {
  const rows: string[] = [];
  const header =
    mode === "shortest"
      ? "| instance | N | fewest pushes | labsolve s | clingo s (horizon by horizon) | clingo / labsolve | labsolve peak MB |"
      : "| instance | N | max_steps | labsolve --any pushes | labsolve --any s | clingo pushes | clingo s (first model) | clingo / labsolve | labsolve peak MB |";
  const rule = mode === "shortest" ? "| --- | ---: | ---: | ---: | ---: | ---: | ---: |" : "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |";
  console.log(`\n${mode}\n${header}\n${rule}`);
  for (const path of files) {
    const f = basename(path);
    const text = readFileSync(path, "utf8");
    const n = Math.round(Math.sqrt((text.match(/field\(/g) ?? []).length));
    const maxSteps = Number(/max_steps\(\s*(\d+)\s*\)/.exec(text)?.[1] ?? 0);
    const ours = repeat(() => {
      const o = labsolve(path, mode === "any" ? ["--any"] : []);
      return { ...o, seconds: decided(o.exit) ? o.seconds : undefined };
    });
    const oursSolved = ours.every((o) => o.seconds !== undefined);
    const oursSeconds = oursSolved ? median(ours.map((o) => o.seconds as number)) : undefined;
    const theirs = hasClingo ? repeat(() => (mode === "any" ? clingoAny(path) : clingo(path))) : [];
    const clingoDone = theirs.length > 0 && theirs.every((t) => t.seconds !== undefined);
    const clingoSeconds = clingoDone ? median(theirs.map((t) => t.seconds as number)) : undefined;
    if (clingoDone && oursSolved && (mode === "shortest" ? theirs[0].pushes !== ours[0].pushes : (theirs[0].pushes === undefined) !== (ours[0].pushes === undefined))) {
      console.error(`${f}: labsolve says ${ours[0].pushes} pushes, clingo ${theirs[0].pushes}: a bug`);
      process.exitCode = 1;
    }
    const oursCell = oursSeconds !== undefined ? oursSeconds.toFixed(2) : `> ${timeLimit} (time-out)`;
    const clingoCell = !hasClingo ? "not installed" : clingoSeconds !== undefined ? clingoSeconds.toFixed(2) : `> ${clingoLimit} (time-out)`;
    const ratio =
      oursSeconds !== undefined && clingoSeconds !== undefined
        ? `${(clingoSeconds / oursSeconds).toFixed(1)}x`
        : oursSeconds !== undefined && hasClingo
          ? `> ${(clingoLimit / oursSeconds).toFixed(1)}x`
          : "";
    const memory = Math.max(...ours.map((o) => o.memoryMb ?? 0));
    const row =
      mode === "shortest"
        ? `| ${basename(f)} | ${n} | ${oursSolved ? (ours[0].pushes ?? "none") : "?"} | ${oursCell} | ${clingoCell} | ${ratio} | ${memory || "?"} |`
        : `| ${basename(f)} | ${n} | ${maxSteps} | ${oursSolved ? (ours[0].pushes ?? "none") : "?"} | ${oursCell} | ${clingoDone ? (theirs[0].pushes ?? "none") : ""} | ${clingoCell} | ${ratio} | ${memory || "?"} |`;
    rows.push(row);
    console.log(row);
  }
  return [header, rule, ...rows];
}

const anyRows = table("any", files);
const shortestRows = table("shortest", files);
const scaling = generated();
const scalingAny = table("any", scaling);
const scalingShortest = table("shortest", scaling);
if (scaling.length > 0) rmSync(dirname(scaling[0]), { recursive: true, force: true });

const clingoVersion = hasClingo ? spawnSync("clingo", ["--version"], { encoding: "utf8" }).stdout.split("\n")[0] : "clingo not installed";
const command = `npm run bench -- ${process.argv.slice(2).join(" ")}`.trim();
const doc = `# Benchmarks

labsolve against clingo running our encoding of the rules (test/asp/push-labyrinth.lp),
in the same run on the same machine. Seconds are wall-clock (process start to exit)
medians over ${runs} runs; a run that times out is not repeated. A ratio "> Rx" means
clingo timed out, so labsolve is at least that much faster.

- command: \`${command}\`
- date: ${new Date().toISOString()}
- machine: ${cpus().length} x ${cpus()[0]?.model ?? "unknown CPU"}, Node ${process.version}, ${clingoVersion}
- labsolve time limit ${timeLimit} s, clingo limit ${clingoLimit} s per instance
- threads: labsolve's default is min(2, cores) = ${Math.min(2, cpus().length)} search threads (\`--any\`: one) unless the
  command passes \`-- --threads N\`; clingo runs with its default, one thread

## Any solution within max_steps (the competition's task)

\`labsolve --any\` (beam search, exact search as fallback) against clingo's first model
with the instance's own max_steps. Every labsolve answer was checked by labcheck in the
test suite (test/shared.test.ts).

${anyRows.join("\n")}

## Fewest pushes, proven

labsolve's iterative deepening against clingo with max_steps = 0, 1, 2, ... until the
first satisfiable horizon (the same iterative deepening, done by clingo).

${shortestRows.join("\n")}

## Scaling: generated instances, N = ${sizes.join(", ")}

Made by the benchmark with labgen's generator (src/generate.ts, seed 1000 + N, the
name says the style and seed), max_steps = N. Boards above 32x32 use WideBoard (several
words a row, without the line filters and look-ahead of the last two pushes); below,
BitBoard. "none" in a pushes column: proven to have no solution within max_steps
(INCONSISTENT, exit 20), an answer like a solution.

### Any solution

${scalingAny.join("\n")}

### Fewest pushes, proven

${scalingShortest.join("\n")}
`;
writeFileSync(out, doc);
console.log(`\nwrote ${out}`);
