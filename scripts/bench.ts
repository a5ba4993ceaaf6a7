/**
 * Speed of labsolve against clingo, measured in the same run on the same machine.
 *
 *   npm run bench -- [--dir DIR] [--runs K] [--time-limit S] [--clingo-limit S] [--sizes 10,20,..|none]
 *                    [--nodes 0151,0192,0204] [--nodes-seconds S] [--out FILE] [-- labsolve options]
 *
 * For each instance, two tables:
 * - shortest: labsolve proves the fewest pushes (median wall seconds, peak memory from
 *   its --stats); clingo (native, when `clingo` is on PATH) runs our encoding
 *   test/asp/push-labyrinth.lp horizon by horizon, max_steps = 0, 1, 2, ... until the
 *   first satisfiable one: the same iterative deepening, done by clingo;
 * - any: `labsolve --any` against clingo's first model of the encoding with the
 *   instance's own max_steps (the competition's task).
 * - scaling: the same two measures on generated instances (src/push/competition/generate.ts, labgen's
 *   generator) of N = --sizes (default 10 to 40), a maze and a random board each, with
 *   max_steps = N like the competition's files.
 * - nodes per depth: the exact search on one thread (scripts/depth-nodes.ts) on --nodes;
 * - start-up: labsolve against a bare \`node -e 0\` on the bundled instances whose
 *   optimum is 3 pushes or fewer.
 * K runs each; a run that times out is not repeated. The tables go to stdout and into
 * --out FILE when given (never BENCHMARKS.md by default: that file holds the other
 * tables too; paste these into it), with the command, the machine and the date.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { competitionFileName, generate, toFacts, type Style } from "../src/push/competition/generate.js";

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
const out = opt("--out", "");
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
  /** pushes of the answer printed when the time limit interrupted the run (exit 11) */
  best: number | undefined;
  /** pushes proven necessary: the deepest depth searched to the end without a solution, plus 1 */
  lowerBound: number;
}

function labsolve(path: string, mode: string[]): Ours {
  const started = performance.now();
  const r = spawnSync(join(root, "bin/labsolve"), ["--stats", "--time-limit", String(timeLimit), ...mode, ...extra, path], { encoding: "utf8" });
  const seconds = (performance.now() - started) / 1000;
  const memory = /peak memory (\d+) MB/.exec(r.stderr)?.[1];
  const solved = r.status === 10 || r.status === 30;
  const printed = (r.stdout.match(/push\(/g) ?? []).length;
  let lowerBound = 0;
  for (const m of r.stderr.matchAll(/% depth (\d+): .* 0 solution\(s\)$/gm)) lowerBound = Math.max(lowerBound, Number(m[1]) + 1);
  return {
    seconds,
    pushes: solved ? printed : undefined,
    exit: r.status,
    memoryMb: memory ? Number(memory) : undefined,
    best: r.status === 11 ? printed : undefined,
    lowerBound,
  };
}

/** Per instance, the pushes of the shortest mode's answer (proven or at the time limit). */
const bestOf = new Map<string, number>();

/** How many pushes an --any answer has above the shortest mode's best. */
function above(path: string, pushes: number | undefined): string {
  const best = bestOf.get(path);
  return pushes === undefined || best === undefined ? "" : `+${pushes - best}`;
}

/** A run cut off by the time limit: the pushes of its answer and the proven lower bound. */
function bounds(o: Pick<Ours, "best" | "lowerBound">): string {
  return `${o.best ?? "none"}, >= ${o.lowerBound}`;
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

const sizes = opt("--sizes", "10,16,20,24,28,32,36,40").split(",").filter((x) => x !== "none").map(Number);
const nodeInstances = opt("--nodes", "0151,0192,0204").split(",");
const nodeSeconds = Number(opt("--nodes-seconds", "90"));
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
      ? "| instance | N | fewest pushes | labsolve s | at the time limit: best found, proven >= | clingo s (horizon by horizon) | clingo / labsolve | labsolve peak MB |"
      : "| instance | N | max_steps | labsolve --any pushes | labsolve --any s | above the shortest run's best | clingo pushes | clingo s (first model) | clingo / labsolve | labsolve peak MB |";
  const rule = mode === "shortest" ? "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |" : "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |";
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
    if (mode === "shortest") {
      const best = oursSolved ? ours[0].pushes : ours[0].best;
      if (best !== undefined) bestOf.set(path, best);
    }
    const row =
      mode === "shortest"
        ? `| ${basename(f)} | ${n} | ${oursSolved ? (ours[0].pushes ?? "none") : "?"} | ${oursCell} | ${oursSolved ? "" : bounds(ours[0])} | ${clingoCell} | ${ratio} | ${memory || "?"} |`
        : `| ${basename(f)} | ${n} | ${maxSteps} | ${oursSolved ? (ours[0].pushes ?? "none") : "?"} | ${oursCell} | ${above(path, ours[0].pushes)} | ${clingoDone ? (theirs[0].pushes ?? "none") : ""} | ${clingoCell} | ${ratio} | ${memory || "?"} |`;
    rows.push(row);
    console.log(row);
  }
  return [header, rule, ...rows];
}

const shortestRows = table("shortest", files);
const anyRows = table("any", files);
const scaling = generated();
const scalingShortest = table("shortest", scaling);
const scalingAny = table("any", scaling);
if (scaling.length > 0) rmSync(dirname(scaling[0]), { recursive: true, force: true });

/**
 * Nodes per depth of the exact search, one thread, no beam bound
 * (scripts/depth-nodes.ts), on the instances whose growth the issue tracks: the depths
 * finished within --nodes-seconds each, and the ratio of the deepest two.
 */
function nodeTable(): string[] {
  const header = "| instance | nodes per depth (complete depths) | deepest / the one before | seconds |";
  const rows = [header, "| --- | --- | ---: | ---: |"];
  for (const name of nodeInstances) {
    const path = files.find((f) => basename(f).startsWith(name));
    if (path === undefined) continue;
    const r = spawnSync("node", [join(root, "dist/scripts/depth-nodes.js"), "--depth", "9", "--seconds", String(nodeSeconds), path], { encoding: "utf8" });
    const cells = [...r.stdout.matchAll(/ (\d+):(\d+)(\+?)/g)].filter((m) => m[3] === "" && Number(m[1]) > 0).map((m) => [Number(m[1]), Number(m[2])]);
    const seconds = /([\d.]+)s$/m.exec(r.stdout)?.[1] ?? "?";
    const last = cells.length >= 2 ? cells[cells.length - 1][1] / Math.max(1, cells[cells.length - 2][1]) : NaN;
    const row = `| ${basename(path)} | ${cells.map(([d, k]) => `${d}: ${k}`).join(", ")} | ${Number.isFinite(last) ? `${last.toFixed(1)}x` : ""} | ${seconds} |`;
    console.log(row);
    rows.push(row);
  }
  return rows;
}

/**
 * Start-up on instances whose optimum is 3 pushes or fewer (expected/*.json, computed
 * by clingo): labsolve against a bare `node -e 0`, medians of 5 runs taken in turn.
 */
function startupTable(): string[] {
  const rows = ["| instance | fewest pushes | node -e 0 ms | labsolve ms | labsolve - node ms |", "| --- | ---: | ---: | ---: | ---: |"];
  const wall = (cmd: string, args: string[]): number => {
    const t = performance.now();
    spawnSync(cmd, args, { encoding: "utf8" });
    return performance.now() - t;
  };
  // expected/ also holds folders of other rule sets (expected/minotaur/): the competition's .json files only
  for (const f of readdirSync(join(root, "expected")).filter((name) => name.endsWith(".json")).sort()) {
    const expected = JSON.parse(readFileSync(join(root, "expected", f), "utf8")) as { instance: string; fewest?: number | null };
    if (expected.fewest === undefined || expected.fewest === null || expected.fewest > 3) continue;
    const bare: number[] = [];
    const ours: number[] = [];
    for (let k = 0; k < 5; k++) {
      bare.push(wall("node", ["-e", "0"]));
      ours.push(wall(join(root, "bin/labsolve"), [join(root, expected.instance)]));
    }
    const row = `| ${basename(expected.instance)} | ${expected.fewest} | ${median(bare).toFixed(0)} | ${median(ours).toFixed(0)} | ${(median(ours) - median(bare)).toFixed(0)} |`;
    console.log(row);
    rows.push(row);
  }
  return rows;
}

const nodeRows = nodeTable();
const startupRows = startupTable();

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
- threads: labsolve's default (one per core, ${cpus().length} here) unless the command passes
  \`-- --threads N\`; clingo runs with its default, one thread

## Any solution within max_steps (the competition's task)

\`labsolve --any\` (beam search, exact search as fallback) against clingo's first model
with the instance's own max_steps. Every labsolve answer was checked by labcheck in the
test suite (test/push/competition/shared.test.ts).

${anyRows.join("\n")}

## Fewest pushes, proven

labsolve's iterative deepening against clingo with max_steps = 0, 1, 2, ... until the
first satisfiable horizon (the same iterative deepening, done by clingo). Where labsolve
runs out of time, the next column has the pushes of the solution it printed (exit 11)
and the pushes proven necessary (the deepest depth it searched to the end, plus 1).

${shortestRows.join("\n")}

## Nodes per depth

The exact search on one thread without the beam's bound (\`node dist/scripts/depth-nodes.js
--depth 9 --seconds ${nodeSeconds} FILE\`): states generated at each depth it finished within
${nodeSeconds} s, and the growth from the one before the deepest to the deepest.

${nodeRows.join("\n")}

## Start-up on small instances

Instances whose optimum is 3 pushes or fewer (expected/, computed by clingo), wall
milliseconds, medians of 5 runs taken in turn with a bare \`node -e 0\`.

${startupRows.join("\n")}

## Scaling: generated instances, N = ${sizes.join(", ")}

Made by the benchmark with labgen's generator (src/push/competition/generate.ts, seed 1000 + N, the
name says the style and seed), max_steps = N. Boards above 32x32 use WideBoard (several
words a row, without the line filters and look-ahead of the last two pushes); below,
BitBoard. "none" in a pushes column: proven to have no solution within max_steps
(INCONSISTENT, exit 20), an answer like a solution.

### Any solution

${scalingAny.join("\n")}

### Fewest pushes, proven

${scalingShortest.join("\n")}
`;
if (out !== "") {
  writeFileSync(out, doc);
  console.log(`\nwrote ${out}`);
}
