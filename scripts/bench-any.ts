/**
 * `labsolve --any` as whole processes (start-up included) on the competition's shared
 * boards and on generated ones, against the target of an answer within 1 s a board.
 *
 *   npm run bench:any -- [--runs K] [--gen-runs K] [--seeds A-B] [--sizes 19,20,21,22] [--no-gen] [--no-check] [--ten] [--labsolve PATH] [--out FILE] [--help]
 *
 * Boards: every .asp in ../shared/instances/aspcomp2013 and ../shared/instances/extra
 * (beside the project), and `labgen N N --style maze --seed S` for each size N of --sizes
 * and seed S of --seeds (default 19 to 22 and 1 to 50: 200 boards; max_steps N, as the
 * competition's boards of that size), written to a temporary folder. Each board runs
 * `bin/labsolve --any FILE` K times (--runs, default 3; --gen-runs for the generated
 * ones, default the same), in turn board by board; each answer is checked by
 * `bin/labcheck` (unless --no-check) and its pushes against max_steps. Per board: the
 * median wall seconds and the median CPU seconds (user + system of labsolve, both its
 * threads: bash's `time`), the pushes (lowest and highest of the runs), the exit codes;
 * then the boards whose median wall is over 1 s, and the generated boards with no answer
 * (exit 20: proven none within max_steps), with their time.
 * --ten: also `bin/labsolve --time-limit 10 FILE` (the exact search with its upper bound,
 * not --any) once on each shared board of aspcomp2013, the pushes printed at the limit
 * against the proven optimum (BENCHMARKS.md, "Proven optima of the 15 shared instances").
 * --labsolve PATH: time another build's labsolve (an A/B against this one).
 * The machine's load average is printed before and after: on a loaded machine the wall
 * seconds stretch, the CPU seconds much less. Deterministic to re-run: the same seeds,
 * the same command line. Tables on stdout and in --out (Markdown for BENCHMARKS.md).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { basename, join } from "node:path";
import { readInstance } from "../src/push/competition/instance.js";

const ROOT = new URL("../..", import.meta.url).pathname;
const SHARED = join(ROOT, "..", "shared", "instances");
const DEFAULT_LABSOLVE = join(ROOT, "bin", "labsolve");
const LABCHECK = join(ROOT, "bin", "labcheck");
const LABGEN = join(ROOT, "bin", "labgen");
/** Proven fewest pushes of the 15 shared boards (BENCHMARKS.md). */
const PROVEN: Record<string, number> = {
  "0025": 4, "0045": 5, "0060": 4, "0075": 5, "0082": 5, "0083": 9, "0130": 6, "0151": 7,
  "0192": 7, "0204": 9, "0207": 9, "0209": 8, "0210": 9, "0215": 8, "0241": 8,
};

const USAGE = `Usage: npm run bench:any -- [options]   (or: node dist/scripts/bench-any.js [options])

Times \`labsolve --any FILE\` as whole processes (start-up included) on the shared boards
(../shared/instances/aspcomp2013 and extra) and on \`labgen N N --style maze --seed S\`,
each answer checked by labcheck; prints Markdown tables (stdout and --out).

Options:
  --runs K          runs of each shared board (default 3)
  --gen-runs K      runs of each generated board (default: --runs)
  --seeds A-B       seeds of the generated boards (default 1-50)
  --sizes N,N,...   sizes of the generated boards (default 19,20,21,22)
  --no-gen          no generated boards
  --no-check        do not check the answers with labcheck
  --ten             also \`labsolve --time-limit 10\` on the shared boards, against the proven optima
  --labsolve PATH   time another build's labsolve (an A/B against this one)
  --out FILE        where the tables go too (default: $TMPDIR/BENCH-any.md)
  -h, --help        this text
`;
const argv = process.argv.slice(2);
if (argv.includes("-h") || argv.includes("--help")) {
  process.stdout.write(USAGE);
  process.exit(0);
}
/** Options that take a value, and flags. */
const VALUED = new Set(["--runs", "--gen-runs", "--seeds", "--sizes", "--labsolve", "--out"]);
const FLAGS = new Set(["--no-gen", "--no-check", "--ten"]);
for (let i = 0; i < argv.length; i++) {
  if (VALUED.has(argv[i])) {
    if (i + 1 >= argv.length) {
      process.stderr.write(`bench-any: error: ${argv[i]} wants a value\n${USAGE}`);
      process.exit(65);
    }
    i++;
  } else if (!FLAGS.has(argv[i])) {
    process.stderr.write(`bench-any: error: unknown argument ${argv[i]}\n${USAGE}`);
    process.exit(65);
  }
}
const opt = (name: string, fallback: string): string => {
  const i = argv.indexOf(name);
  return i >= 0 && i + 1 < argv.length ? argv[i + 1] : fallback;
};
const fail = (message: string): never => {
  process.stderr.write(`bench-any: error: ${message}\n`);
  process.exit(65);
};
const count = (name: string, fallback: string): number => {
  const v = Number(opt(name, fallback));
  return Number.isInteger(v) && v > 0 ? v : fail(`${name} wants a positive integer`);
};
const runs = count("--runs", "3");
const genRuns = count("--gen-runs", String(runs));
const seedRange = /^(\d+)-(\d+)$/.exec(opt("--seeds", "1-50")) ?? fail("--seeds wants A-B");
const seeds = Array.from({ length: Number(seedRange[2]) - Number(seedRange[1]) + 1 }, (_, i) => Number(seedRange[1]) + i);
const sizes = opt("--sizes", "19,20,21,22").split(",").map(Number);
if (sizes.some((n) => !Number.isInteger(n) || n < 2)) fail("--sizes wants sizes like 19,20");
const check = !argv.includes("--no-check");
const out = opt("--out", join(tmpdir(), "BENCH-any.md"));
/** The labsolve timed (another build's bin/labsolve for an A/B); labcheck and labgen stay this build's. */
const LABSOLVE = opt("--labsolve", DEFAULT_LABSOLVE);

/** One process: wall and CPU seconds (bash's time), exit code, stdout. */
interface Timed {
  wall: number;
  cpu: number;
  code: number;
  stdout: string;
}
function timed(cmd: string, args: string[]): Timed {
  const r = spawnSync("bash", ["-c", 'TIMEFORMAT="@@ %R %U %S"; time "$@" 2>/dev/null', "bash", cmd, ...args], { encoding: "utf8", maxBuffer: 1 << 26 });
  const m = /@@ ([\d.]+) ([\d.]+) ([\d.]+)/.exec(r.stderr);
  if (!m) fail(`no timing from: ${cmd} ${args.join(" ")}: ${r.stderr}`);
  return { wall: Number(m![1]), cpu: Number(m![2]) + Number(m![3]), code: r.status ?? -1, stdout: r.stdout };
}
const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const pushesOf = (stdout: string): number => (stdout.match(/push\(/g) ?? []).length;
/** The board's size N and its max_steps. */
const sizeOf = (file: string): { n: number; maxSteps: number } => {
  const { instance } = readInstance(readFileSync(file, "utf8"), file);
  return { n: instance.size, maxSteps: instance.maxSteps };
};

interface Board {
  name: string;
  file: string;
  set: "shared" | "generated";
}
interface Row {
  board: Board;
  n: number;
  maxSteps: number;
  wall: number;
  cpu: number;
  pushes: string;
  codes: string;
  bad: string[];
}

function measure(board: Board, k: number): Row {
  const { n, maxSteps } = sizeOf(board.file);
  const times: Timed[] = [];
  const bad: string[] = [];
  for (let i = 0; i < k; i++) {
    const t = timed(LABSOLVE, ["--any", board.file]);
    times.push(t);
    if (![10, 20, 30].includes(t.code)) bad.push(`exit ${t.code}`);
    if (t.code !== 20 && pushesOf(t.stdout) > maxSteps) bad.push(`${pushesOf(t.stdout)} pushes > max_steps ${maxSteps}`);
    if (check && t.code !== 20) {
      const c = spawnSync(LABCHECK, [String(t.code), board.file], { input: t.stdout, encoding: "utf8" });
      if (c.stdout !== "OK\n") bad.push(`labcheck: ${c.stdout.trim()}`);
    }
  }
  const ps = times.filter((t) => t.code !== 20).map((t) => pushesOf(t.stdout));
  const lo = Math.min(...ps);
  const hi = Math.max(...ps);
  return {
    board,
    n,
    maxSteps,
    wall: median(times.map((t) => t.wall)),
    cpu: median(times.map((t) => t.cpu)),
    pushes: ps.length === 0 ? "none" : lo === hi ? String(lo) : `${lo}-${hi}`,
    codes: [...new Set(times.map((t) => t.code))].join(","),
    bad,
  };
}

const lines: string[] = [];
const say = (s: string): void => {
  lines.push(s);
  process.stdout.write(s + "\n");
};
const load = (): string => loadavg().map((x) => x.toFixed(2)).join(" ");

say(`- command: \`npm run bench:any -- ${argv.join(" ")}\``);
say(`- date: ${new Date().toISOString()}, ${cpus().length} cores (${cpus()[0]?.model.trim()}), Node ${process.version}`);
say(`- labsolve: ${LABSOLVE}`);
say(`- load average at the start (1, 5, 15 min): ${load()}`);

const boards: Board[] = [];
for (const dir of ["aspcomp2013", "extra"]) {
  const d = join(SHARED, dir);
  if (!existsSync(d)) continue;
  for (const f of readdirSync(d).filter((x) => x.endsWith(".asp")).sort()) boards.push({ name: f, file: join(d, f), set: "shared" });
}
const genDir = mkdtempSync(join(tmpdir(), "bench-any-"));
if (!argv.includes("--no-gen")) {
  for (const n of sizes) {
    for (const s of seeds) {
      const g = spawnSync(LABGEN, [String(n), String(n), "--style", "maze", "--seed", String(s)], { encoding: "utf8" });
      if (g.status !== 0) fail(`labgen ${n} ${n} --style maze --seed ${s}: ${g.stderr}`);
      const file = join(genDir, `labgen-${n}-${s}.asp`);
      writeFileSync(file, g.stdout);
      boards.push({ name: `labgen ${n} ${n} --style maze --seed ${s}`, file, set: "generated" });
    }
  }
}

const rows: Row[] = [];
for (const b of boards) {
  const row = measure(b, b.set === "shared" ? runs : genRuns);
  rows.push(row);
  process.stderr.write(`${b.name}: ${row.wall.toFixed(2)} s wall, ${row.cpu.toFixed(2)} s CPU, ${row.pushes} pushes, exit ${row.codes}${row.bad.length ? " " + row.bad.join("; ") : ""}\n`);
}

const table = (set: Board["set"], k: number): void => {
  const rs = rows.filter((r) => r.board.set === set);
  if (rs.length === 0) return;
  say("");
  say(`${set === "shared" ? "Shared boards" : "Generated boards"}: \`bin/labsolve --any FILE\`, ${k} run${k > 1 ? "s" : ""} each, medians`);
  say("");
  say("| board | N | max_steps | pushes | exit | wall s | CPU s | over 1 s |");
  say("| --- | ---: | ---: | ---: | --- | ---: | ---: | --- |");
  for (const r of rs) {
    say(`| ${r.board.name} | ${r.n} | ${r.maxSteps} | ${r.pushes} | ${r.codes} | ${r.wall.toFixed(2)} | ${r.cpu.toFixed(2)} | ${r.wall > 1 ? "**yes**" : ""}${r.bad.length ? " " + r.bad.join("; ") : ""} |`);
  }
  const answered = rs.filter((r) => r.pushes !== "none");
  const walls = answered.map((r) => r.wall);
  const cpus = answered.map((r) => r.cpu);
  say("");
  say(`${set}: ${answered.length} boards with an answer, ${answered.filter((r) => r.wall > 1).length} over 1 s wall (median of the board's runs), ${answered.filter((r) => r.cpu > 1).length} over 1 s CPU; wall ${Math.min(...walls).toFixed(2)} to ${Math.max(...walls).toFixed(2)} s (median ${median(walls).toFixed(2)}), CPU ${Math.min(...cpus).toFixed(2)} to ${Math.max(...cpus).toFixed(2)} s (median ${median(cpus).toFixed(2)}); wrong: ${rs.filter((r) => r.bad.length).length}`);
  const none = rs.filter((r) => r.pushes === "none");
  say(`${set}: ${none.length} boards with no answer within max_steps${none.length ? ": " + none.map((r) => `${r.board.name} (exit ${r.codes}, ${r.wall.toFixed(2)} s wall, ${r.cpu.toFixed(2)} s CPU)`).join(", ") : ""}`);
};
table("shared", runs);
table("generated", genRuns);

if (argv.includes("--ten")) {
  say("");
  say("Best answer within 10 s: `bin/labsolve --time-limit 10 FILE` (not --any), one run each, against the proven optimum");
  say("");
  say("| board | pushes at the limit | proven optimum | above | exit | wall s | CPU s |");
  say("| --- | ---: | ---: | ---: | --- | ---: | ---: |");
  for (const b of boards.filter((x) => x.set === "shared" && PROVEN[x.name.slice(0, 4)] !== undefined)) {
    const t = timed(LABSOLVE, ["--time-limit", "10", b.file]);
    const p = pushesOf(t.stdout);
    const opt = PROVEN[b.name.slice(0, 4)];
    say(`| ${b.name} | ${p} | ${opt} | +${p - opt} | ${t.code} | ${t.wall.toFixed(2)} | ${t.cpu.toFixed(2)} |`);
  }
}
say("");
say(`- load average at the end (1, 5, 15 min): ${load()}`);
writeFileSync(out, lines.join("\n") + "\n");
rmSync(genDir, { recursive: true, force: true });
process.stderr.write(`bench-any: wrote ${out} (${basename(out)})\n`);
