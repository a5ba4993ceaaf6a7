/**
 * labbench run with real solvers: clingo (Debian's gringo package) with the project's own
 * encoding of the push labyrinth (test/asp/push-labyrinth.lp, written from the spec),
 * labsolve --any, and small solvers written here, one per way a solver goes wrong: a wrong
 * witness (FAIL), a sleeper past the time limit (and one that ignores SIGTERM), one that
 * allocates past the memory limit, one that forks a child that keeps running, one that
 * prints 100 MB, one that crashes, one that prints garbage. Every one is one row of the
 * right kind, and the bench goes on. The rows are compared with what the test reads itself:
 * the kept outputs, the process table.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { bin } from "../helpers/bin.js";
import { BENCH_INSTANCES, rowsOf, solverScript, type BenchRow } from "../helpers/labbench.js";
import { tmpDir } from "../helpers/tmp.js";

const ROOT = join(new URL("..", import.meta.url).pathname, "..");
const LABSOLVE = join(ROOT, "bin", "labsolve");
const LABBENCH = join(ROOT, "bin", "labbench");
const ENCODING = join(ROOT, "test", "asp", "push-labyrinth.lp");
const CLINGO = ["/usr/bin/clingo", "/usr/local/bin/clingo"].find((p) => existsSync(p));
if (!CLINGO) process.stderr.write("labbench-run.test.ts: no clingo at /usr/bin/clingo (Debian's gringo package): the clingo rows skip\n");
const INSTANCES = BENCH_INSTANCES;




/** The pushes of the first answer in an output, counted here (push/3 atoms). */
function pushesIn(output: string): number {
  return (output.match(/\bpush\(/g) ?? []).length;
}

/** True while the process runs (a zombie or no process: false). */
function alive(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/stat`, "latin1").split(") ")[1][0] !== "Z";
  } catch {
    return false;
  }
}

describe("labbench run: real solvers", () => {
  it("clingo, labsolve --any and labsolve on standard input: every verified answer's cost is its pushes", async () => {
    const dir = tmpDir("labbench-");
    const solvers = [`--solver`, `labsolve=${LABSOLVE} --any {instance}`, "--solver", `stdin=${LABSOLVE}`];
    if (CLINGO) solvers.push("--solver", `clingo=${CLINGO} ${ENCODING} {instance}`);
    const r = await bin("labbench", ["run", ...solvers, ...INSTANCES, "--out", dir, "--time-limit", "60"]);
    expect(r.err).not.toMatch(/at .*\.js:\d+/);
    expect(r.code).toBe(0);
    const rows = rowsOf(dir);
    expect(rows).toHaveLength(INSTANCES.length * (CLINGO ? 3 : 2));
    for (const row of rows) {
      expect(row.verdict, `${row.solver} ${row.instance}`).toBe("OK");
      expect(row.limit).toBeNull();
      const output = readFileSync(join(dir, row.output), "utf8");
      // the output as labcheck's competition protocol judges it, run here
      const check = spawnSync(join(ROOT, "bin", "labcheck"), [String(row.exitCode), row.instance], { input: output, encoding: "utf8" });
      expect(check.stdout.trim()).toBe("OK");
      const answer = CLINGO && row.solver === "clingo" ? output.split(/^Answer: \d+$/m).at(-1)! : output;
      expect(row.cost).toBe(pushesIn(answer));
      expect(row.optimal).toBe(row.exitCode === 30);
      expect(row.wallSeconds).toBeGreaterThan(0);
      // sampled from the start: a run past the first samples has its memory
      if (row.wallSeconds > 0.05) expect(row.peakMemoryMB).toBeGreaterThan(0);
    }
    expect(new Set(rows.map((r) => r.instance))).toEqual(new Set(INSTANCES));
  });

  it.skipIf(!CLINGO)("zip entries are named ARCHIVE:ENTRY and handed to the solver as files", async () => {
    const dir = tmpDir("labbench-");
    const zip = join(dir, "set.zip");
    writeFileSync(zip, zipSync(Object.fromEntries(INSTANCES.map((f) => [`set/${f.split("/").at(-1)}`, readFileSync(f)]))));
    const r = await bin("labbench", ["run", "--solver", `clingo=${CLINGO} ${ENCODING} {instance}`, zip, "--out", join(dir, "bench")]);
    expect(r.code).toBe(0);
    const rows = rowsOf(join(dir, "bench"));
    expect(rows.map((x) => x.instance).sort()).toEqual(INSTANCES.map((f) => `${zip}:set/${f.split("/").at(-1)}`).sort());
    for (const row of rows) {
      expect(row.verdict).toBe("OK");
      expect(row.cost).toBe(pushesIn(readFileSync(join(dir, "bench", row.output), "utf8").split(/^Answer: \d+$/m).at(-1)!));
    }
  });

  it("every failure kind is one row of its kind, and the bench runs on", async () => {
    const dir = tmpDir("labbench-");
    const s = tmpDir("solvers-");
    const solvers = [
      solverScript(s, "wrong", `process.stdout.write("ANSWER\\npush(9,e,1).\\n"); process.exitCode = 10;`),
      solverScript(s, "sleeper", `setTimeout(() => {}, 1e9);`),
      solverScript(s, "stubborn", `process.on("SIGTERM", () => {}); setTimeout(() => {}, 1e9);`),
      solverScript(s, "hog", `const kept = []; setInterval(() => kept.push(Buffer.alloc(32 * 2 ** 20, 1)), 20);`),
      solverScript(
        s,
        "forker",
        `import { spawn } from "node:child_process"; import { writeFileSync } from "node:fs";
         const c = spawn("sleep", ["300"], { stdio: "ignore" }); c.unref();
         writeFileSync(process.argv[2] + "/child.pid", String(c.pid)); process.exitCode = 1;`,
        "{dir}",
      ),
      solverScript(
        s,
        "escaper",
        `import { spawn } from "node:child_process"; import { writeFileSync } from "node:fs";
         const c = spawn("sleep", ["300"], { stdio: "ignore", detached: true }); c.unref();
         writeFileSync(process.argv[2] + "/child.pid", String(c.pid)); setTimeout(() => {}, 1e9);`,
        "{dir}",
      ),
      solverScript(s, "flood", `const line = Buffer.alloc(2 ** 20, 65); let n = 0; const go = () => { while (n < 100) { n++; if (!process.stdout.write(line)) return process.stdout.once("drain", go); } }; go();`),
      solverScript(s, "crash", `process.kill(process.pid, "SIGSEGV");`),
      solverScript(s, "exit3", `process.exit(3);`),
      solverScript(s, "garbage", `process.stdout.write("hello world !!! ((\\n");`),
    ];
    const r = await bin("labbench", ["run", ...solvers.flatMap((x) => ["--solver", x]), INSTANCES[0], "--out", dir, "--time-limit", "5", "--memory-limit", "150", "--grace", "1", "--output-limit", "1"]);
    expect(r.err).not.toMatch(/at .*\.js:\d+/);
    expect(r.code).toBe(0);
    const rows = new Map(rowsOf(dir).map((x) => [x.solver, x]));
    expect([...rows.keys()].sort()).toEqual(["crash", "escaper", "exit3", "flood", "forker", "garbage", "hog", "sleeper", "stubborn", "wrong"]);
    const row = (name: string): BenchRow => rows.get(name)!;

    expect(row("wrong")).toMatchObject({ verdict: "FAIL", exitCode: 10, limit: null, cost: null });

    for (const name of ["sleeper", "stubborn"]) {
      expect(row(name)).toMatchObject({ limit: "time", exitCode: null, verdict: "ERROR" });
      // ended within the limit plus the grace (and the time to notice)
      expect(row(name).wallSeconds).toBeGreaterThanOrEqual(5);
      expect(row(name).wallSeconds).toBeLessThan(5 + 1 + 1);
    }
    expect(row("sleeper").signal).toBe("SIGTERM");
    expect(row("stubborn").signal).toBe("SIGKILL");

    expect(row("hog")).toMatchObject({ limit: "memory", exitCode: null, verdict: "ERROR" });
    expect(row("hog").peakMemoryMB).toBeGreaterThan(150);
    expect(row("hog").wallSeconds).toBeLessThan(5);

    const childPid = Number(readFileSync(join(dir, row("forker").output.replace(/\.out$/, ".dir"), "child.pid"), "utf8"));
    expect(childPid).toBeGreaterThan(0);
    expect(alive(childPid)).toBe(false);
    expect(row("forker")).toMatchObject({ exitCode: 1, limit: null });
    // a child in a session of its own, its parent still running: found by the walk down the tree, ended at the time limit
    const escapedPid = Number(readFileSync(join(dir, row("escaper").output.replace(/\.out$/, ".dir"), "child.pid"), "utf8"));
    expect(escapedPid).toBeGreaterThan(0);
    expect(alive(escapedPid)).toBe(false);
    expect(row("escaper")).toMatchObject({ limit: "time" });

    expect(row("flood")).toMatchObject({ outputCut: true, outputBytes: 2 ** 20, verdict: "ERROR", limit: null, exitCode: 0 });
    expect(statSync(join(dir, row("flood").output)).size).toBe(2 ** 20);

    expect(row("crash")).toMatchObject({ exitCode: null, signal: "SIGSEGV", limit: null, verdict: "ERROR" });
    expect(row("exit3")).toMatchObject({ exitCode: 3, verdict: "ERROR" });
    expect(row("garbage")).toMatchObject({ exitCode: 0, verdict: "ERROR", limit: null });
  });

  it("--jobs 2 runs two rows at once", async () => {
    const dir = tmpDir("labbench-");
    const s = tmpDir("solvers-");
    const meeting = tmpDir("meeting-");
    // each run waits until two runs are there: with one run at a time it would meet the time limit
    const meet = solverScript(
      s,
      "meet",
      `import { readdirSync, writeFileSync } from "node:fs"; writeFileSync(process.argv[2] + "/" + process.pid, "");
       const look = setInterval(() => { if (readdirSync(process.argv[2]).length >= 2) { clearInterval(look); process.stdout.write("UNKNOWN\\n"); process.exitCode = 1; } }, 10);`,
      meeting,
    );
    const r = await bin("labbench", ["run", "--solver", meet, ...INSTANCES, "--out", dir, "--jobs", "2", "--time-limit", "30"]);
    expect(r.code).toBe(0);
    const rows = rowsOf(dir);
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row).toMatchObject({ limit: null, exitCode: 1, verdict: "DONTKNOW" });
  });

  it("CPU time counts the solver's children", async () => {
    const dir = tmpDir("labbench-");
    const s = tmpDir("solvers-");
    // a parent that waits on a child burning about half a second of CPU
    const solver = solverScript(s, "parent", `import { spawnSync } from "node:child_process"; spawnSync(process.execPath, ["-e", "const t = process.cpuUsage(); while (process.cpuUsage(t).user < 5e5);"]);`);
    const r = await bin("labbench", ["run", "--solver", solver, INSTANCES[0], "--out", dir]);
    expect(r.code).toBe(0);
    const [row] = rowsOf(dir);
    expect(row.cpuSeconds).toBeGreaterThanOrEqual(0.5);
  });

  it("a YAML config names the solvers; --resume keeps the whole rows and runs the rest", async () => {
    const dir = tmpDir("labbench-");
    const s = tmpDir("solvers-");
    writeFileSync(join(s, "a.mjs"), `process.stdout.write("ANSWER\\n"); process.exitCode = 10;`);
    const config = join(s, "bench.yaml");
    writeFileSync(config, `solvers:\n  none: [${JSON.stringify(process.execPath)}, ${JSON.stringify(join(s, "a.mjs"))}, "{instance}"]\n  labsolve: ${LABSOLVE} --any {instance}\nout: ${dir}\ntimeLimit: 60\n`);
    const first = await bin("labbench", ["run", "--config", config, ...INSTANCES]);
    expect(first.code).toBe(0);
    const rows = readFileSync(join(dir, "runs.jsonl"), "utf8").split("\n").filter((l) => l !== "");
    expect(rows).toHaveLength(4);
    // the empty answer is no solution of these instances: FAIL
    expect(rows.map((l) => JSON.parse(l) as BenchRow).filter((x) => x.solver === "none").map((x) => x.verdict)).toEqual(["FAIL", "FAIL"]);
    // one row lost, one cut short (a crash of labbench itself)
    writeFileSync(join(dir, "runs.jsonl"), `${rows.slice(0, 3).join("\n")}\n{"solver":"none","inst`);
    const again = await bin("labbench", ["run", "--config", config, ...INSTANCES, "--resume"]);
    expect(again.code).toBe(0);
    expect(again.err).toMatch(/resumed: 3 row/);
    const after = readFileSync(join(dir, "runs.jsonl"), "utf8").split("\n").filter((l) => l !== "");
    expect(after).toHaveLength(4);
    expect(after.slice(0, 3)).toEqual(rows.slice(0, 3));
    expect(JSON.parse(after[3])).toMatchObject({ solver: (JSON.parse(rows[3]) as BenchRow).solver, instance: (JSON.parse(rows[3]) as BenchRow).instance });
    // rows are never overwritten, nor resumed under other limits
    const over = await bin("labbench", ["run", "--config", config, ...INSTANCES]);
    expect(over.code).toBe(65);
    expect(over.err).toMatch(/runs\.jsonl has rows already: give --resume/);
    const other = await bin("labbench", ["run", "--config", config, ...INSTANCES, "--resume", "--time-limit", "30"]);
    expect(other.code).toBe(65);
    expect(other.err).toMatch(/--resume: the rows of .* were made otherwise \(timeLimit 60 there, 30 here\)/);
    expect(readFileSync(join(dir, "runs.jsonl"), "utf8").split("\n").filter((l) => l !== "")).toEqual(after);
  });

  it("Ctrl-C ends the running solver's tree and leaves a valid runs.jsonl", async () => {
    const dir = tmpDir("labbench-");
    const s = tmpDir("solvers-");
    const quick = solverScript(s, "quick", `process.stdout.write("UNKNOWN\\n"); process.exitCode = 1;`);
    const slow = solverScript(s, "slow", `import { writeFileSync } from "node:fs"; writeFileSync(process.argv[2] + "/pid", String(process.pid)); setTimeout(() => {}, 1e9);`, "{dir}");
    const child = spawn(LABBENCH, ["run", "--solver", quick, "--solver", slow, ...INSTANCES, "--out", dir], { stdio: ["ignore", "ignore", "pipe"] });
    let err = "";
    child.stderr.setEncoding("utf8").on("data", (d: string) => (err += d));
    const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
    // wait until the slow solver says it runs (its pid file), then Ctrl-C
    const pidFile = () => {
      const folder = join(dir, "outputs", "slow");
      if (!existsSync(folder)) return undefined;
      const sub = spawnSync("find", [folder, "-name", "pid"], { encoding: "utf8" }).stdout.trim();
      return sub !== "" && statSync(sub).size > 0 ? sub : undefined;
    };
    await new Promise<void>((resolve) => {
      const look = setInterval(() => {
        if (pidFile()) {
          clearInterval(look);
          resolve();
        }
      }, 20);
    });
    const slowPid = Number(readFileSync(pidFile()!, "utf8"));
    child.kill("SIGINT");
    expect(await exited).toBe(130);
    expect(err).toMatch(/stopped: 1 row/);
    expect(alive(slowPid)).toBe(false);
    const rows = rowsOf(dir);
    expect(rows.map((x) => x.solver)).toEqual(["quick"]);
    expect(readFileSync(join(dir, "runs.jsonl"), "utf8").endsWith("\n")).toBe(true);
  });

  it("usage errors exit 65 with one line", async () => {
    const r = await bin("labbench", ["run", "--solver", "nocommand", INSTANCES[0], "--out", join(tmpdir(), "x")]);
    expect(r.code).toBe(65);
    expect(r.err).toMatch(/^labbench run: error: --solver nocommand: expected NAME=COMMAND/);
    const c = await bin("labbench", ["run", "--config", join(ROOT, "package.json.nope"), INSTANCES[0]]);
    expect(c.code).toBe(65);
    expect(c.err).toMatch(/package\.json\.nope: error: cannot read the config file/);
  });
});
