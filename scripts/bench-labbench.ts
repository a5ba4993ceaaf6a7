/**
 * labbench's overhead per row against running the solver alone: an empty solver (`true`)
 * run N times by labbench (one instance, --runs N, --jobs 1: the process group, the /proc
 * samples, the output files, the checker's verdict, the row appended) against `true`
 * spawned N times from Node and waited for (the solver alone). Rounds alternate the two
 * (A B A B ...); the median of the rounds' per-row figures is quoted, with their range.
 * Also the whole command (`bin/labbench run`, start-up included) once at the end.
 *
 *   npm run bench:labbench -- [--rows N] [--rounds R]     (defaults 200 rows, 5 rounds)
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { collectInstances } from "../src/batch/sources.js";
import { runBench } from "../src/bench/run.js";

const ROOT = join(new URL(".", import.meta.url).pathname, "..", "..");
const INSTANCE = join(ROOT, "instances", "example-4x4.lp");
const TRUE = ["/usr/bin/true", "/bin/true"].find((p) => existsSync(p)) ?? "true";

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const rows = option("--rows", 200);
const rounds = option("--rounds", 5);

async function alone(n: number): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < n; i++) {
    await new Promise<void>((resolve, reject) => {
      const c = spawn(TRUE, [], { stdio: "ignore" });
      c.on("error", reject);
      c.on("close", () => resolve());
    });
  }
  return (performance.now() - started) / n;
}

async function bench(n: number): Promise<number> {
  const out = mkdtempSync(join(tmpdir(), "bench-labbench-"));
  const items = collectInstances([INSTANCE]);
  const started = performance.now();
  const summary = await runBench({ solvers: [{ name: "true", argv: [TRUE, "{instance}"] }], items, out, runs: n, jobs: 1 }).done;
  const perRow = (performance.now() - started) / n;
  if (summary.written !== n) throw new Error(`${summary.written} rows, expected ${n}`);
  rmSync(out, { recursive: true, force: true });
  return perRow;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[(xs.length - 1) >> 1];

await alone(20);
await bench(20);
const a: number[] = [];
const b: number[] = [];
for (let r = 0; r < rounds; r++) {
  a.push(await alone(rows));
  b.push(await bench(rows));
}
const overhead = a.map((x, i) => b[i] - x);
const out = mkdtempSync(join(tmpdir(), "bench-labbench-"));
const started = performance.now();
spawnSync(join(ROOT, "bin", "labbench"), ["run", "--solver", `true=${TRUE} {instance}`, INSTANCE, "--runs", String(rows), "--out", out], { stdio: "ignore" });
const whole = (performance.now() - started) / rows;
const written = readFileSync(join(out, "runs.jsonl"), "utf8").split("\n").filter((l) => l !== "").length;
rmSync(out, { recursive: true, force: true });
const f = (x: number): string => x.toFixed(2);
process.stdout.write(
  `labbench overhead per row, ${rows} rows of \`true\` (${TRUE}) a round, ${rounds} rounds, --jobs 1, Node ${process.version}\n` +
    `- the solver alone (spawned from Node, waited for): ${f(median(a))} ms a run (rounds ${a.map(f).join(", ")})\n` +
    `- labbench, in process (runBench): ${f(median(b))} ms a row (rounds ${b.map(f).join(", ")})\n` +
    `- overhead: ${f(median(overhead))} ms a row (rounds ${overhead.map(f).join(", ")})\n` +
    `- the whole command (bin/labbench run --runs ${rows}, start-up included): ${f(whole)} ms a row (${written} rows)\n`,
);
