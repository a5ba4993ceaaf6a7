/**
 * The IPC 2023 planner on the optimal track's 20 problems and on generated tasks.
 *
 *   npm run build && node dist/scripts/bench-ipc.js [--runs K] [--time-limit S] [--sizes 8,10,..] [--rotations R] [--compare] [--out FILE]
 *
 * - problems: for each ../shared/ipc2023-labyrinth/opt/pNN.pddl, `bin/labsolve plan
 *   DOMAIN PROBLEM` as a child process (start-up included), median wall seconds of K runs,
 *   its exit code (30: proven optimal) and cost; `labcheck plan` on the plan written; the
 *   states expanded by the same search in-process (solveIpc).
 * - scaling: generated tasks (src/push/ipc2023/generate.ts, `labgen --rules ipc2023`) of N =
 *   --sizes scrambled by R random pushes, three seeds each, in-process with a time limit.
 * - --compare: each in-process search also without Lemma L (the bound of Lemmas B and W,
 *   option noLineBound), in the same run: its states expanded and seconds beside.
 * The tables go to stdout and, with --out, are appended to FILE.
 */
import { spawnSync } from "node:child_process";
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { generateIpcTask } from "../src/push/ipc2023/generate.js";
import { readIpcProblem } from "../src/push/ipc2023/problem.js";
import { solveIpc } from "../src/push/ipc2023/search/index.js";

const root = join(new URL(".", import.meta.url).pathname, "..", "..");
const argv = process.argv.slice(2);
const opt = (name: string, fallback: string): string => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : fallback;
};
const runs = Number(opt("--runs", "3"));
const timeLimit = Number(opt("--time-limit", "60"));
const sizes = opt("--sizes", "8,10,12,14,16").split(",").map(Number);
const rotations = opt("--rotations", "").split(",").filter(Boolean).map(Number);
const out = opt("--out", "");
const compare = argv.includes("--compare");
const opt_dir = join(root, "..", "shared", "ipc2023-labyrinth", "opt");
const BOUNDS = [5, 8, 9, 12, 13, 9, 12, 13, 12, 13, 14, 13, 14, 18, 17, 14, 21, 16, 15, 20];

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const lines: string[] = [];
const say = (s: string): void => {
  lines.push(s);
  process.stdout.write(`${s}\n`);
};

say(`Machine: ${cpus()[0]?.model ?? "?"}, ${cpus().length} cores; ${new Date().toISOString().slice(0, 16)} UTC`);
say(`Command: node dist/scripts/bench-ipc.js ${argv.join(" ")}`.trimEnd());
if (existsSync(opt_dir)) {
  const tmp = mkdtempSync(join(tmpdir(), "bench-ipc-"));
  say("");
  say(`| problem | N | optimal cost | published bound | labsolve plan s (median) | exit | labcheck plan | states expanded |${compare ? " without Lemma L |" : ""}`);
  say(`| --- | --- | --- | --- | --- | --- | --- | --- |${compare ? " --- |" : ""}`);
  let proven = 0;
  for (let k = 1; k <= 20; k++) {
    const name = `p${String(k).padStart(2, "0")}`;
    const problem = join(opt_dir, `${name}.pddl`);
    const domain = join(opt_dir, "domain.pddl");
    const plan = join(tmp, `${name}.plan`);
    const times: number[] = [];
    let exit = -1;
    for (let r = 0; r < runs; r++) {
      rmSync(plan, { force: true });
      const t0 = process.hrtime.bigint();
      const res = spawnSync(join(root, "bin/labsolve"), ["plan", domain, problem, "-o", plan, "--time-limit", String(timeLimit)], { encoding: "utf8" });
      times.push(Number(process.hrtime.bigint() - t0) / 1e9);
      exit = res.status ?? -1;
    }
    const check = spawnSync(join(root, "bin/labcheck"), ["plan", domain, problem, plan], { encoding: "utf8" });
    const verdict = check.stdout.trim().split("\n").at(-1) ?? "";
    const task = readIpcProblem(readFileSync(problem, "utf8"), problem);
    const r = solveIpc(task, { timeLimitMs: timeLimit * 1000 });
    if (exit === 30) proven++;
    const without = compare ? ` ${solveIpc(task, { timeLimitMs: timeLimit * 1000, noLineBound: true }).expanded.toLocaleString("en-US")} |` : "";
    say(`| ${name} | ${task.size} | ${r.proven ? r.cost : `<= ${r.cost ?? "?"}`} | ${BOUNDS[k - 1]} | ${median(times).toFixed(2)} | ${exit} | ${verdict} | ${r.expanded.toLocaleString("en-US")} |${without}`);
  }
  say("");
  say(`Proven optimal: ${proven} of 20 (IPC 2023's best optimal planner, Ragnarok: 8 of 20 in 30 minutes).`);
  rmSync(tmp, { recursive: true, force: true });
} else {
  say("(../shared/ipc2023-labyrinth is absent: the problems table is skipped)");
}

say("");
say(`Generated tasks (src/push/ipc2023/generate.ts), in-process, time limit ${timeLimit} s: cost (proven or best bound), seconds, states expanded`);
say("");
say(`| N | scrambling pushes | seed | cost | proven | seconds | states expanded |${compare ? " without Lemma L: cost | seconds | states expanded |" : ""}`);
say(`| --- | --- | --- | --- | --- | --- | --- |${compare ? " --- | --- | --- |" : ""}`);
for (const n of sizes) {
  for (const rot of rotations.length > 0 ? rotations : [n, 2 * n]) {
    for (const seed of [1, 2, 3]) {
      const task = generateIpcTask(n, seed, rot);
      const t0 = process.hrtime.bigint();
      const r = solveIpc(task, { timeLimitMs: timeLimit * 1000 });
      const s = Number(process.hrtime.bigint() - t0) / 1e9;
      const cost = r.cost ?? `>= ${r.lowerBound}`;
      let without = "";
      if (compare) {
        const t1 = process.hrtime.bigint();
        const w = solveIpc(task, { timeLimitMs: timeLimit * 1000, noLineBound: true });
        const ws = Number(process.hrtime.bigint() - t1) / 1e9;
        without = ` ${w.proven ? w.cost : `>= ${w.lowerBound}`} | ${ws.toFixed(2)} | ${w.expanded.toLocaleString("en-US")} |`;
      }
      say(`| ${n} | ${rot} | ${seed} | ${cost} | ${r.proven ? "yes" : `no (>= ${r.lowerBound})`} | ${s.toFixed(2)} | ${r.expanded.toLocaleString("en-US")} |${without}`);
    }
  }
}
if (out) appendFileSync(out, `${lines.join("\n")}\n`);
