/**
 * The IPC 2023 planner on the optimal track's 20 problems and on generated tasks.
 *
 *   npm run build && node dist/scripts/bench-ipc.js [--runs K] [--time-limit S] [--sizes 8,10,..|none] [--rotations R] [--compare] [--out FILE]
 *
 * - problems: for each ../shared/ipc2023-labyrinth/opt/pNN.pddl, `bin/labsolve plan
 *   DOMAIN PROBLEM` as a child process (start-up included), median wall seconds of K runs,
 *   its exit code (30: proven optimal) and cost; `labcheck plan` on the plan written; the
 *   states expanded by the same search in-process (solveIpc).
 * - scaling: generated tasks (src/push/ipc2023/generate.ts, `labgen --rules ipc2023`) of N =
 *   --sizes scrambled by R random pushes, three seeds each, in-process with a time limit.
 * - --compare: each in-process search also without Lemma L (the bound of Lemmas B and W,
 *   option noLineBound), in the same run: its states expanded and seconds beside.
 * - --ab OPTION (a boolean option of solveIpc, e.g. noRunOrder; several: a comma-separated list, all on in B): per iteration (cost bound),
 *   the states expanded and CPU seconds with the option off (A, as shipped) and on (B),
 *   A and B in turn, on the 20 problems (their sums) and the generated tasks; the table
 *   only, the others are skipped. With --ab-runs K (default 1), A and B run K times in turn
 *   per task and the CPU seconds are medians (the states are the same every run).
 * - --anytime: the generated tasks only, by the anytime planner (solveIpcAnytime, as
 *   `labsolve plan --threads 1` runs it) with the time limit: the quick plan's cost and when it
 *   came, the best plan's cost at the end (a cheaper plan's or the exact search's), the cost
 *   proven necessary, and whether that plan is proven optimal. With
 *   --cli: `bin/labsolve plan --threads K` as a child process instead (start-up included; K from
 *   --threads), its exit code, plan cost (by labcheck plan), bound and states (--stats), wall seconds.
 * - --threads K: labsolve plan's --threads in the problems table and --anytime --cli (default 1).
 * - --shared K: the generated tasks only, the exact search on one thread (solveIpc) against K
 *   threads sharing it (units.ts, worker threads), to the same bounds: one thread first, within
 *   the time limit; then both, in turn (--ab-runs times), with maxCost just below the cost it
 *   proved, so that both make the same complete iterations. States, CPU seconds of the process
 *   and wall seconds (medians), and each thread's states.
 * The tables go to stdout and, with --out, are appended to FILE.
 */
import { spawnSync } from "node:child_process";
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { generateIpcTask as generated, ipcProblemText } from "../src/push/ipc2023/generate.js";
import { readIpcProblem } from "../src/push/ipc2023/problem.js";
import { solveIpcAnytime } from "../src/push/ipc2023/search/anytime.js";
import { type IpcSearchOptions, solveIpc } from "../src/push/ipc2023/search/index.js";
import { sharedSearchMemory } from "../src/push/ipc2023/search/units.js";
import type { IpcResult, IpcTask } from "../src/push/ipc2023/task.js";

const root = join(new URL(".", import.meta.url).pathname, "..", "..");
const argv = process.argv.slice(2);
const opt = (name: string, fallback: string): string => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : fallback;
};
const runs = Number(opt("--runs", "3"));
const timeLimit = Number(opt("--time-limit", "60"));
const sizesText = opt("--sizes", "8,10,12,14,16");
// "none": the shared problems only
const sizes = sizesText === "none" ? [] : sizesText.split(",").map(Number);
if (sizes.some((n) => !Number.isInteger(n) || n < 2)) throw new Error(`--sizes: a list of board sizes like 8,10,16, or none (got ${sizesText})`);
const rotations = opt("--rotations", "").split(",").filter(Boolean).map(Number);
const out = opt("--out", "");
const compare = argv.includes("--compare");
const ab = opt("--ab", "");
const abRuns = Number(opt("--ab-runs", "1"));
const anytime = argv.includes("--anytime");
const cli = argv.includes("--cli");
const threads = opt("--threads", "1");
const shared = Number(opt("--shared", "0"));
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
if (ab || anytime || shared > 0) {
  if (shared > 0) await sharedTable(shared);
  else if (ab) abTable(ab);
  else if (cli) anytimeCli();
  else anytimeTable();
  if (out) appendFileSync(out, `${lines.join("\n")}\n`);
  process.exit(0);
}
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
      const res = spawnSync(join(root, "bin/labsolve"), ["plan", domain, problem, "-o", plan, "--time-limit", String(timeLimit), "--threads", threads], { encoding: "utf8" });
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

if (sizes.length > 0) {
  say("");
  say(`Generated tasks (src/push/ipc2023/generate.ts), in-process, time limit ${timeLimit} s: cost (proven or best bound), seconds, states expanded`);
  say("");
  say(`| N | scrambling pushes | seed | cost | proven | seconds | states expanded |${compare ? " without Lemma L: cost | seconds | states expanded |" : ""}`);
  say(`| --- | --- | --- | --- | --- | --- | --- |${compare ? " --- | --- | --- |" : ""}`);
}
for (const n of sizes) {
  for (const rot of rotations.length > 0 ? rotations : [n, 2 * n]) {
    for (const seed of [1, 2, 3]) {
      const task = generated(n, seed, rot);
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

/** One search: per iteration (cost bound) the states it expanded and the CPU seconds since the start, and its result. */
function iterations(task: IpcTask, options: IpcSearchOptions): { its: Map<number, [number, number]>; result: IpcResult } {
  const its = new Map<number, [number, number]>();
  const t0 = process.cpuUsage();
  const cpu = (): number => {
    const u = process.cpuUsage(t0);
    return (u.user + u.system) / 1e6;
  };
  let before = 0;
  const result = solveIpc(task, {
    ...options,
    timeLimitMs: timeLimit * 1000,
    onIteration: (bound, expanded) => {
      its.set(bound, [expanded - before, cpu()]);
      before = expanded;
    },
  });
  // the last iteration: the one that found the plan, or the one the limit cut (not finished)
  if (!its.has(result.lowerBound)) its.set(result.lowerBound, [result.expanded - before, cpu()]);
  return { its, result };
}

/** --ab: per iteration, A (as shipped) against B (option `off` set), in turn, the same run. */
function abTable(off: string): void {
  const tasks: { name: string; task: IpcTask }[] = [];
  if (existsSync(opt_dir)) {
    for (let k = 1; k <= 20; k++) {
      const file = join(opt_dir, `p${String(k).padStart(2, "0")}.pddl`);
      tasks.push({ name: `p${String(k).padStart(2, "0")}`, task: readIpcProblem(readFileSync(file, "utf8"), file) });
    }
  }
  for (const n of sizes) for (const rot of rotations.length > 0 ? rotations : [n, 2 * n]) for (const seed of [1, 2, 3]) tasks.push({ name: `N ${n}, ${rot} pushes, seed ${seed}`, task: generated(n, seed, rot) });
  say("");
  say(`Per iteration (cost bound), in-process, time limit ${timeLimit} s: the states expanded in the iteration and the CPU seconds since the start, A (as shipped) and B (${off}), A and B in turn. A bound's row with "(cut)" did not finish.`);
  say("");
  say(`| task | bound | A states | A cpu s | B states | B cpu s | B/A states |`);
  say("| --- | --- | --- | --- | --- | --- | --- |");
  const fmt = (x: number): string => x.toLocaleString("en-US");
  const sum = { a: 0, b: 0, ac: 0, bc: 0 };
  /** K runs in turn; the first run's states, each bound's CPU seconds the median over the runs that reached it */
  const medianRuns = (runsOf: ReturnType<typeof iterations>[]): ReturnType<typeof iterations> => {
    const its = new Map<number, [number, number]>();
    for (const [bound, [states]] of runsOf[0].its) its.set(bound, [states, median(runsOf.flatMap((r) => (r.its.has(bound) ? [r.its.get(bound)![1]] : [])))]);
    return { its, result: runsOf[0].result };
  };
  for (const { name, task } of tasks) {
    const aRuns: ReturnType<typeof iterations>[] = [];
    const bRuns: ReturnType<typeof iterations>[] = [];
    for (let k = 0; k < abRuns; k++) {
      aRuns.push(iterations(task, {}));
      bRuns.push(iterations(task, Object.fromEntries(off.split(",").map((k) => [k, true])) as IpcSearchOptions));
    }
    const a = medianRuns(aRuns);
    const b = medianRuns(bRuns);
    if (name.startsWith("p")) {
      sum.a += a.result.expanded;
      sum.b += b.result.expanded;
      sum.ac += [...a.its.values()].at(-1)![1];
      sum.bc += [...b.its.values()].at(-1)![1];
      continue;
    }
    for (const bound of [...new Set([...a.its.keys(), ...b.its.keys()])].sort((x, y) => x - y)) {
      const cell = (r: ReturnType<typeof iterations>): [string, string, number] => {
        const it = r.its.get(bound);
        if (!it) return ["", "", NaN];
        const cut = !r.result.cost && !r.result.proven && bound === r.result.lowerBound ? " (cut)" : r.result.cost === bound ? " (plan)" : "";
        return [`${fmt(it[0])}${cut}`, it[1].toFixed(2), it[0]];
      };
      const [as, ac, an] = cell(a);
      const [bs, bc, bn] = cell(b);
      if (an <= 1 && bn <= 1) continue;
      say(`| ${name} | ${bound} | ${as} | ${ac} | ${bs} | ${bc} | ${Number.isNaN(an / bn) ? "" : (bn / an).toFixed(2)} |`);
    }
  }
  if (existsSync(opt_dir)) say(`| the 20 problems, sum | | ${fmt(sum.a)} | ${sum.ac.toFixed(2)} | ${fmt(sum.b)} | ${sum.bc.toFixed(2)} | ${(sum.b / sum.a).toFixed(2)} |`);
}

/** --anytime: the generated tasks by the anytime planner. */
function anytimeTable(): void {
  say("");
  say(`The anytime planner (solveIpcAnytime, in-process), time limit ${timeLimit} s: the quick plan, then the exact search below its cost`);
  say("");
  say("| N | scrambling pushes | seed | quick plan cost | after s | best plan | cost proven necessary | proven optimal | states expanded | s |");
  say("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
  for (const n of sizes) {
    for (const rot of rotations.length > 0 ? rotations : [n, 2 * n]) {
      for (const seed of [1, 2, 3]) {
        const task = generated(n, seed, rot);
        const t0 = process.hrtime.bigint();
        const since = (): number => Number(process.hrtime.bigint() - t0) / 1e9;
        let quick = "";
        // the first plan (the quick one) and when it came; the answer's plan may be a cheaper one (cheaperPlan's or the exact search's)
        const r = solveIpcAnytime(task, { timeLimitMs: timeLimit * 1000, onPlan: (_moves, cost) => (quick ||= `${cost} | ${since().toFixed(2)}`) });
        if (quick === "") quick = "none |";
        say(`| ${n} | ${rot} | ${seed} | ${quick} | ${r.cost ?? "none"} | ${r.lowerBound} | ${r.proven ? "yes" : "no"} | ${r.expanded.toLocaleString("en-US")} | ${since().toFixed(2)} |`);
      }
    }
  }
}

/** --anytime --cli: the generated tasks by `labsolve plan --threads K` as a child process. */
function anytimeCli(): void {
  const tmp = mkdtempSync(join(tmpdir(), "bench-ipc-"));
  const domain = join(root, "docs/ipc2023/domain.pddl");
  say("");
  say(`labsolve plan --threads ${threads} --time-limit ${timeLimit} --stats, a child process each (start-up included): exit code, the plan's cost by labcheck plan, the cost proven necessary, states expanded, wall seconds`);
  say("");
  say("| N | scrambling pushes | seed | exit | plan cost | cost proven necessary | states expanded | s |");
  say("| --- | --- | --- | --- | --- | --- | --- | --- |");
  for (const n of sizes) {
    for (const rot of rotations.length > 0 ? rotations : [n, 2 * n]) {
      for (const seed of [1, 2, 3]) {
        const problem = join(tmp, `g${n}-${rot}-${seed}.pddl`);
        const plan = join(tmp, `g${n}-${rot}-${seed}.plan`);
        writeFileSync(problem, ipcProblemText(generated(n, seed, rot)));
        rmSync(plan, { force: true });
        const t0 = process.hrtime.bigint();
        const res = spawnSync(join(root, "bin/labsolve"), ["plan", domain, problem, "-o", plan, "--time-limit", String(timeLimit), "--threads", threads, "--stats"], { encoding: "utf8" });
        const s = Number(process.hrtime.bigint() - t0) / 1e9;
        const verdict = existsSync(plan) ? (spawnSync(join(root, "bin/labcheck"), ["plan", domain, problem, plan], { encoding: "utf8" }).stdout.trim().split("\n").at(-1) ?? "") : "no plan";
        const stats = /% (\d+) states expanded, [\d.]+ s, cost >= (\d+)/.exec(res.stderr);
        say(`| ${n} | ${rot} | ${seed} | ${res.status} | ${verdict} | ${stats?.[2] ?? "?"} | ${Number(stats?.[1] ?? NaN).toLocaleString("en-US")} | ${s.toFixed(2)} |`);
      }
    }
  }
  rmSync(tmp, { recursive: true, force: true });
}

/** --shared K: the exact search on one thread against K threads sharing it, to the same bounds. */
async function sharedTable(k: number): Promise<void> {
  const module = new URL("../src/push/ipc2023/search/units.js", import.meta.url).href;
  // one thread of the shared search: the build's searchShared in a worker thread
  const thread = `
const { parentPort, workerData } = require("node:worker_threads");
import(workerData.module).then(({ searchShared }) => {
  parentPort.postMessage(searchShared(workerData.task, workerData.memory, { maxCost: workerData.maxCost }).expanded);
});`;
  const measure = async <T>(run: () => T | Promise<T>): Promise<{ value: T; cpu: number; wall: number }> => {
    const c0 = process.cpuUsage();
    const t0 = process.hrtime.bigint();
    const value = await run();
    const c = process.cpuUsage(c0);
    return { value, cpu: (c.user + c.system) / 1e6, wall: Number(process.hrtime.bigint() - t0) / 1e9 };
  };
  say("");
  say(`The exact search on 1 and on ${k} threads (units.ts), to the same bounds (every iteration one thread finished within ${timeLimit} s, maxCost just below the cost it proved), in turn, medians of ${abRuns}: states, process CPU s, wall s`);
  say("");
  say(`| N | scrambling pushes | seed | to bound | 1 thread: states | CPU s | wall s | ${k} threads: states (each thread) | CPU s | wall s | states ${k} / 1 |`);
  say("| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
  for (const n of sizes) {
    for (const rot of rotations.length > 0 ? rotations : [n, 2 * n]) {
      for (const seed of [1, 2, 3]) {
        const task = generated(n, seed, rot);
        const first = solveIpc(task, { timeLimitMs: timeLimit * 1000 });
        const maxCost = (first.proven && first.cost !== undefined ? first.cost : first.lowerBound) - 1;
        const ones: Awaited<ReturnType<typeof measure<IpcResult>>>[] = [];
        const many: Awaited<ReturnType<typeof measure<number[]>>>[] = [];
        for (let r = 0; r < abRuns; r++) {
          ones.push(await measure(() => solveIpc(task, { maxCost })));
          const memory = sharedSearchMemory();
          const part = (): Promise<number> =>
            new Promise((resolve, reject) => {
              const w = new Worker(thread, { eval: true, workerData: { module, task, memory, maxCost } });
              w.once("message", resolve);
              w.once("error", reject);
            });
          many.push(await measure(() => Promise.all(Array.from({ length: k }, part))));
        }
        const states = many[0].value.reduce((a, b) => a + b, 0);
        const mid = (xs: number[]): string => median(xs).toFixed(2);
        const fmt = (x: number): string => x.toLocaleString("en-US");
        say(
          `| ${n} | ${rot} | ${seed} | ${maxCost} | ${fmt(ones[0].value.expanded)} | ${mid(ones.map((o) => o.cpu))} | ${mid(ones.map((o) => o.wall))} | ${fmt(states)} (${many[0].value.map(fmt).join(" + ")}) | ${mid(many.map((m) => m.cpu))} | ${mid(many.map((m) => m.wall))} | ${(states / ones[0].value.expanded).toFixed(3)} |`,
        );
      }
    }
  }
}
