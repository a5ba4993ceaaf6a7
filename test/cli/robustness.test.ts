/**
 * The command-line tools under hostile conditions (issue 13): closed pipes, huge numbers,
 * huge files, millions of answers, signals. Each test runs the built commands (bin/) in a
 * child process, with a time limit and, where memory is the point, a small heap.
 */
import { spawn, spawnSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { competitionAnswer } from "../../src/push/competition/format.js";
import { generate, toFacts } from "../../src/push/competition/generate.js";
import { readInstance } from "../../src/push/competition/instance.js";
import { solve } from "../../src/push/competition/search/exact/engine.js";
import { vastUnsolvableFacts } from "../helpers/slow.js";
import { runBin } from "../helpers/bin.js";
import { tmpFile } from "../helpers/tmp.js";

const ROOT = new URL("../..", import.meta.url).pathname;
const EXAMPLE = join(ROOT, "instances/example-4x4.lp");
const I0032 = join(ROOT, "instances/random-8x8-a.asp");

/** Runs a shell command line in the project folder (bin/ on the PATH of the line itself). */
function bash(line: string, env: Record<string, string> = {}) {
  const r = spawnSync("bash", ["-c", line], { encoding: "utf8", cwd: ROOT, env: { ...process.env, ...env }, timeout: 60_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

function tmp(name: string, text: string): string {
  const file = join(mkdtempSync(join(tmpdir(), "labyrinth-")), name);
  writeFileSync(file, text);
  return file;
}

describe("a closed pipe ends the program quietly", { timeout: 60_000 }, () => {
  it.each([
    ["labsolve -n 0", `bin/labsolve -n 0 ${I0032}`],
    ["labgen", "bin/labgen 100 6 --seed 1"],
  ])("%s | head -1: no stack trace, exit 141 (as a filter killed by SIGPIPE)", (_, command) => {
    const r = bash(`set -o pipefail; ${command} 2>"$ERR" | head -1; echo "status $?"; cat "$ERR"`, { ERR: tmp("err", "") });
    expect(r.out.split("\n")[1]).toBe("status 141");
    expect(r.out.split("\n").slice(2).join("\n")).toBe("");
  });
});

/** Runs bin/labsolve (or another command) with arguments and standard input. */

const withSteps = (facts: string, steps: string): string => facts.replace(/max_steps\(\d+\)\./, `max_steps(${steps}).`);

describe("huge numbers", { timeout: 60_000 }, () => {
  // 9x9, 4 pushes: the workers' iterative deepening runs (the beam alone does not prove it)
  const i0060 = readFileSync(join(ROOT, "instances/random-9x9-a.asp"), "utf8");
  // 14x14 random, seed 1: the deepening with transposition tables in the workers
  const random14 = toFacts(generate(14, 9, 1, "random"));

  it.each([
    ["max_steps(1000000000000) in the file", [] as string[], withSteps(i0060, "1000000000000")],
    ["--max-steps 1000000000000", ["--max-steps", "1000000000000"], i0060],
    ["--any on max_steps(1000000000000)", ["--any"], withSteps(random14, "1000000000000")],
    ["max_steps(1000000000000), 14x14", [], withSteps(random14, "1000000000000")],
  ])("a huge horizon is valid: %s is solved, and labcheck accepts the answer", (_, args, facts) => {
    const r = runBin("labsolve", args, facts);
    expect(r.err).toBe("");
    // proven shortest: 30 (issue 18, 4); --any proves it only when the quick search does
    expect(args.includes("--any") ? [10, 30] : [30]).toContain(r.code);
    expect(runBin("labcheck", ["10", tmp("i.lp", withSteps(facts, "1000000000000"))], r.out)).toMatchObject({ code: 0, out: "OK\n" });
  });

  it("a hopeless instance (closed goal tile) with max_steps(1000000000000): INCONSISTENT at once, exit 20", () => {
    const facts = withSteps(readFileSync(join(ROOT, "instances/random-6x6-a.asp"), "utf8"), "1000000000000");
    for (const threads of ["1", "2"]) {
      const started = Date.now();
      const r = runBin("labsolve", ["--threads", threads], facts);
      expect(r).toMatchObject({ code: 20, out: "INCONSISTENT\n", err: "" });
      expect(Date.now() - started).toBeLessThan(20_000);
    }
  });

  it("an unsolvable instance with max_steps(1000000000000) deepens until the time limit, in bounded memory", () => {
    const r = runBin("labsolve", ["--time-limit", "1", "--threads", "2", "--stats"], vastUnsolvableFacts(6, 1_000_000_000_000));
    expect(r.code).toBe(1);
    expect(r.out).toBe("% interrupted: time limit\n");
    const peak = Number(/peak memory (\d+) MB/.exec(r.err)?.[1]);
    expect(peak).toBeLessThan(1000);
  });

  it("--memory beyond the machine's memory is a usage error naming it (exit 65)", () => {
    const r = runBin("labsolve", ["--memory", "100000000"], random14);
    expect(r.code).toBe(65);
    expect(r.err).toMatch(/^labsolve: error: --memory 100000000: more than this machine's memory \(\d+ MiB\); give at most \d+\n$/);
    expect(runBin("labsolve", ["batch", "--memory", "100000000", EXAMPLE]).code).toBe(65);
  });

  it("--threads 0 and --jobs 0 are usage errors (exit 65)", () => {
    expect(runBin("labsolve", ["--threads", "0", EXAMPLE])).toMatchObject({ code: 65, out: "" });
    expect(runBin("labsolve", ["batch", "--jobs", "0", EXAMPLE])).toMatchObject({ code: 65, out: "" });
  });

  it.each([
    ["a coordinate past the largest board", "field(1,1).\nfield(1,5000000000).\n", /^<stdin>:2:1: error: field\(1,5000000000\): boards are at most 1024x1024/],
    ["an integer past 2^53", "field(1,1).\nmax_steps(100000000000000000000).\n", /^<stdin>:2:11: error: max_steps\/1: the number of pushes 100000000000000000000 is too large/],
  ])("%s: FILE:LINE:COL naming the allowed maximum, exit 65", (_, facts, message) => {
    const r = runBin("labsolve", [], facts);
    expect(r.code).toBe(65);
    expect(r.err).toMatch(message);
  });

  it("a 200x200 board: the error points at the field/2 fact that makes it that large", () => {
    const lines = [];
    for (let r = 1; r <= 200; r++) for (let c = 1; c <= 200; c++) lines.push(`field(${r},${c}).`);
    const r = runBin("labsolve", [], `${lines.join("\n")}\ninit_on(1,1). goal_on(1,2). max_steps(3).\n`);
    expect(r.code).toBe(65);
    // field(1,200) is on line 200
    expect(r.err).toBe("<stdin>:200:1: error: the board is 200x200; labsolve handles boards up to 128x128\n");
  });
});

describe("-n 0 streams its answers in bounded memory and a signal acts at once", { timeout: 60_000 }, () => {
  it("the flow control loses and repeats nothing: 1 and 3 threads print the answers of the in-process search (5270, more than the 1024 in flight)", () => {
    const facts = toFacts(generate(8, 4, 8, "random"));
    const { instance } = readInstance(facts, "r8-4");
    const expected = solve(instance, { models: 0 }).solutions.map((s) => competitionAnswer(s)).sort();
    expect(expected.length).toBe(5270);
    for (const threads of ["1", "3"]) {
      const r = runBin("labsolve", ["-n", "0", "--threads", threads], facts);
      expect(r.code).toBe(30);
      const answers = r.out.split(/(?=ANSWER\n)/).sort();
      expect(answers).toEqual(expected);
    }
  });

  // 8x8 random, seed 8: millions of answers within 6 pushes (the r8.asp)
  const r8 = tmp("r8.asp", toFacts(generate(8, 6, 8, "random")));

  it.each(["SIGINT", "SIGTERM"] as const)("a heap of 64 MB, %s once 100,000 lines are out: exit 11 within a few seconds, the answers printed and the layout's end", async (signal) => {
    const outFile = join(mkdtempSync(join(tmpdir(), "labyrinth-")), "out.txt");
    const out = openSync(outFile, "w");
    const child = spawn(join(ROOT, "bin/labsolve"), ["-n", "0", r8], { cwd: ROOT, stdio: ["ignore", out, "pipe"], env: { ...process.env, NODE_OPTIONS: "--max-old-space-size=64" } });
    let err = "";
    child.stderr?.on("data", (d: Buffer) => (err += d));
    const closed = new Promise<number | null>((resolve) => child.on("close", resolve));
    // the condition, not the clock: the answers streamed out so far (about 1.2 M lines in 5 s on a quiet machine)
    let exited = false;
    void closed.then(() => (exited = true));
    while (!exited && Number(bash(`wc -l < ${outFile}`).out) < 100_000) await new Promise((r) => setTimeout(r, 100));
    expect(exited).toBe(false);
    const sent = Date.now();
    child.kill(signal);
    const code = await closed;
    const took = Date.now() - sent;
    closeSync(out);
    expect(err).toBe("");
    expect(code).toBe(11);
    // at once: well under the seconds a loaded 2-core machine may add (about 0.1 s on a quiet one)
    expect(took).toBeLessThan(3000);
    expect(Number(bash(`wc -l < ${outFile}`).out)).toBeGreaterThan(100_000);
    expect(bash(`tail -1 ${outFile}`).out).toBe(`% interrupted: ${signal}\n`);
  }, 60_000);
});

describe("files are capped before they are read", { timeout: 60_000 }, () => {
  it("a 5 GB file (sparse): FILE: error naming the cap, exit 65, at once", () => {
    const dir = mkdtempSync(join(tmpdir(), "labyrinth-"));
    const big = join(dir, "big.lp");
    try {
      writeFileSync(big, "");
      truncateSync(big, 5 * 2 ** 30);
      const started = Date.now();
      const r = runBin("labsolve", [big]);
      expect(r.code).toBe(65);
      expect(r.err).toBe(`${big}: error: the file is ${5 * 2 ** 30} bytes, over the cap of 16 MiB (16777216 bytes): not read; no cap reads it: that is more than one string holds (536870888 characters)\n`);
      expect(Date.now() - started).toBeLessThan(20_000);
    } finally {
      rmSync(dir, { recursive: true });
    }
  });

  it("standard input over the cap: read up to the cap only, exit 65", () => {
    const r = bash("head -c 20000000 /dev/zero | bin/labsolve");
    expect(r.code).toBe(65);
    expect(r.err).toBe("<stdin>: error: the input is over the cap of 16 MiB (16777216 bytes): not read; LABYRINTH_MAX_INPUT_MB=MiB sets the cap (text mazes are read up to 500 MiB)\n");
  });

  it("in a batch folder, the huge file is an error row and the valid instance beside it is solved", () => {
    const dir = mkdtempSync(join(tmpdir(), "labyrinth-"));
    try {
      const big = join(dir, "big.lp");
      writeFileSync(big, "");
      truncateSync(big, 5 * 2 ** 30);
      writeFileSync(join(dir, "example.lp"), readFileSync(EXAMPLE));
      const r = runBin("labsolve", ["batch", dir, "--format", "json"]);
      expect(r.code).toBe(65);
      const rows = JSON.parse(r.out).instances as { instance: string; status: string; exitCode: number; error?: string }[];
      expect(rows.map((x) => [x.instance, x.exitCode, x.status])).toEqual([
        [big, 65, "UNKNOWN"],
        [join(dir, "example.lp"), 30, "OPTIMUM FOUND"],
      ]);
      expect(rows[0].error).toMatch(/over the cap of 16 MiB/);
    } finally {
      rmSync(dir, { recursive: true });
    }
  });
});

describe("--help reads well in 80 columns", { timeout: 60_000 }, () => {
  it.each(["labsolve", "labsolve batch", "labsolve plan", "labcheck", "labgen", "labgen maze", "labshow"])("%s --help: no line over 80 columns, no sentence broken by a hard line break", (line) => {
    const [cmd, ...rest] = line.split(" ");
    const r = runBin(cmd, [...rest, "--help"]);
    expect(r.code).toBe(0);
    const lines = r.out.split("\n");
    for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(80);
    // a line of a paragraph (not indented) ends early only at the end of a sentence or
    // before a heading: otherwise the next line's first word would have fitted on it
    for (let i = 0; i + 1 < lines.length; i++) {
      const [a, b] = [lines[i], lines[i + 1]];
      if (a === "" || b === "" || /^\s/.test(a) || /^\s/.test(b) || /[.:]$/.test(a)) continue;
      expect(a.length + 1 + b.split(" ")[0].length, `${a}\n${b}`).toBeGreaterThan(80);
    }
  });

  it("labcheck --help gives human mode's exit 2 when there is nothing to check, as it does", () => {
    expect(runBin("labcheck", ["--help"]).out).toMatch(/INCONSISTENT or UNKNOWN\s+output \(exit 2\)/);
    expect(runBin("labcheck", [EXAMPLE], "INCONSISTENT\n")).toMatchObject({ code: 2 });
  });
});

describe("the rules page is the project's own", { timeout: 60_000 }, () => {
  const rules = join(ROOT, "docs/rules.md");

  it("README links docs/rules.md, not the rules in ../shared, which a clone lacks", () => {
    const readme = readFileSync(join(ROOT, "README.md"), "utf8");
    expect(readme).toContain("[docs/rules.md](docs/rules.md)");
    expect(readme).not.toMatch(/The rules are `\.\.\/shared/);
    expect(readme).toMatch(/no walking before the first push/i);
    expect(readme).toContain("encoding_single.asp");
    expect(readme).toContain("--project");
  });

  it("its worked examples are the instances of instances/, and labsolve -n 0 gives exactly the solutions it lists", () => {
    const text = readFileSync(rules, "utf8");
    const blocks = [...text.matchAll(/```\n([\s\S]*?)```\n/g)].map((m) => m[1]);
    const facts = blocks.filter((b) => b.startsWith("field("));
    expect(facts).toEqual([readFileSync(EXAMPLE, "utf8"), readFileSync(join(ROOT, "instances/example-no-walk-before-push.lp"), "utf8")]);
    const listed = blocks.find((b) => b.startsWith("push("))!.trim().split("\n").sort();
    const r = runBin("labsolve", ["-n", "0", EXAMPLE]);
    expect(r.code).toBe(30);
    expect(r.out.split("ANSWER\n").filter(Boolean).map((s) => s.trim()).sort()).toEqual(listed);
    // the second example's counts as the page gives them: 2, none, 22
    for (const [steps, count] of [["1", 2], ["0", 0], ["2", 22]] as const) {
      const out = runBin("labsolve", ["-n", "0"], withSteps(facts[1], steps)).out;
      expect(out.split("\n").filter((l) => l === "ANSWER")).toHaveLength(count);
    }
    expect(text).toMatch(/`push\(2,e,1\)\.` and `push\(2,w,1\)\.`/);
    expect(text).toMatch(/`max_steps\(2\)` it has 22/);
  });
});

describe("integers are read one way everywhere, and echoed as written", () => {
  const HUGE = "99999999999999999999";

  it.each([
    ["--max-steps", ["--max-steps", HUGE]],
    ["-n", ["-n", HUGE]],
    ["--memory", ["--memory", HUGE]],
  ])("labsolve %s %s is a usage error (exit 65), as max_steps(%s) in a file is an error", (_, args) => {
    const r = runBin("labsolve", [...args, EXAMPLE]);
    expect(r.code).toBe(65);
    expect(r.err).toContain(`${HUGE} is too large (integers up to 9007199254740991)`);
    const inFile = runBin("labsolve", [tmpFile("m.lp", readFileSync(EXAMPLE, "utf8").replace(/max_steps\(\d+\)/, `max_steps(${HUGE})`))]);
    expect(inFile.code).toBe(65);
    expect(inFile.err).toContain(`${HUGE} is too large`);
  });

  it("2^53 - 1 itself is accepted on the command line, as in a file", () => {
    expect(runBin("labsolve", ["--max-steps", "9007199254740991", EXAMPLE]).code).toBe(30);
  });

  it("labcheck echoes a witness's integer as written, and refuses it past 2^53 - 1 as the files do", () => {
    const r = runBin("labcheck", [EXAMPLE, tmpFile("w.lp", `push(${HUGE},n,1).\n`)]);
    expect(r.code).toBe(1);
    expect(r.out).toContain(`push(${HUGE},n,1)`);
    expect(r.out).not.toContain("100000000000000000000");
    expect(r.out).toContain("too large");
    expect(runBin("labcheck", ["10", EXAMPLE], `ANSWER\npush(${HUGE},n,1).\n`).out).toBe("FAIL\n");
  });
});
