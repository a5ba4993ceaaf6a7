/** The commands end to end: bin/labsolve, bin/labcheck, bin/labgen (built by `npm test`'s pretest). */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { generate, toFacts } from "../../src/push/competition/generate.js";
import { vastUnsolvableFacts } from "../helpers/slow.js";
import { binPath, runBin } from "../helpers/bin.js";
import { start } from "../helpers/child.js";
import { tmpFile } from "../helpers/tmp.js";

const ROOT = new URL("../..", import.meta.url).pathname;
const EXAMPLE = join(ROOT, "instances/example-4x4.lp");
const SOLUTIONS = ["push(1,w,1). push(3,s,2).", "push(1,w,1). push(2,n,2)."]; // the spec's worked example
const CORRIDOR0 = "field(1,1). field(1,2). field(2,1). field(2,2). init_on(1,1). goal_on(1,2). connect(1,1,e). connect(1,2,w). max_steps(0).";

/** A generated NxN maze whose goal tile has no opening: never solvable, with a vast state space. */

describe("labsolve", () => {
  it("solves the worked example from standard input: ANSWER and one of its two solutions, exit 30 (proven shortest: clingo's OPTIMUM FOUND)", () => {
    const r = runBin("labsolve", [], readFileSync(EXAMPLE, "utf8"));
    expect(r.code).toBe(30);
    const lines = r.out.trimEnd().split("\n");
    expect(lines[0]).toBe("ANSWER");
    expect(SOLUTIONS).toContain(lines[1]);
    expect(lines).toHaveLength(2);
  });

  it("-n 0 prints both solutions and exits 30", () => {
    const r = runBin("labsolve", ["-n", "0", EXAMPLE]);
    expect(r.code).toBe(30);
    const answers = r.out.split("ANSWER\n").filter(Boolean).map((s) => s.trim()).sort();
    expect(answers).toEqual([...SOLUTIONS].sort());
  });

  it("--any prints one solution within max_steps (exit 10, or 30 when it is proven shortest), INCONSISTENT when there is none, and refuses -n", () => {
    const r = runBin("labsolve", ["--any", EXAMPLE]);
    expect([10, 30]).toContain(r.code);
    expect(runBin("labcheck", ["10", EXAMPLE], r.out)).toMatchObject({ code: 0, out: "OK\n" });
    expect(runBin("labsolve", ["--any"], CORRIDOR0)).toMatchObject({ code: 20, out: "INCONSISTENT\n" });
    expect(runBin("labsolve", ["--any", "-n", "0", EXAMPLE]).code).toBe(65);
    const doc = JSON.parse(runBin("labsolve", ["--any", "--format", "json", EXAMPLE]).out);
    // the exact search up to 3 pushes runs first: it proves the example's optimum
    expect(doc).toMatchObject({ status: "OPTIMUM FOUND", exitCode: 30, fewest: 2, lowerBound: 2, upperBound: 2, optimal: true });
    expect(doc.models).toHaveLength(1);
  });

  it("prints INCONSISTENT and exits 20 when no solution exists within max_steps", () => {
    const r = runBin("labsolve", ["-"], CORRIDOR0);
    expect(r.code).toBe(20);
    expect(r.out).toBe("INCONSISTENT\n");
  });

  it("--max-steps overrides the instance's bound", () => {
    expect(runBin("labsolve", ["--max-steps", "1", EXAMPLE]).code).toBe(20);
    expect(runBin("labsolve", ["--max-steps", "1"], CORRIDOR0).code).toBe(30);
  });

  it("--format clingo prints clingo's layout", () => {
    const r = runBin("labsolve", ["-n", "0", "--format", "clingo", EXAMPLE]);
    expect(r.code).toBe(30);
    expect(r.out).toMatch(/^labsolve version .*\nReading from .*\nSolving\.\.\.\nAnswer: 1\npush\(1,w,1\) push\(\d,[sn],2\)\nAnswer: 2\n.*\nSATISFIABLE\n\nModels {7}: 2\nCalls {8}: 1\nTime {9}: [\d.]+s\n$/);
    const unsat = runBin("labsolve", ["--format", "clingo"], CORRIDOR0);
    expect(unsat.out).toMatch(/\nUNSATISFIABLE\n\nModels {7}: 0\n/);
    // models 1 reads as clingo optimising the number of pushes
    expect(runBin("labsolve", ["--format", "clingo", EXAMPLE]).out).toMatch(
      /\nAnswer: 1\npush\(1,w,1\) push\(\d,[sn],2\)\nOptimization: 2\nOPTIMUM FOUND\n\nModels {7}: 1\n {2}Optimum {4}: yes\nOptimization : 2\n/,
    );
  });

  it("--format json reports rules, status, the models' cost, witness and steps, and statistics", () => {
    const r = runBin("labsolve", ["-n", "0", "--format", "json", EXAMPLE]);
    const doc = JSON.parse(r.out);
    expect(doc).toMatchObject({ rules: "competition", status: "SATISFIABLE", exitCode: 30, exhausted: true, fewest: 2, cost: "pushes", answers: 2 });
    expect(doc.models).toHaveLength(2);
    expect(doc.models[0].cost).toBe(2);
    expect(doc.models[0].witness[0]).toBe("push(1,w,1)");
    expect(doc.models[0].steps[0]).toEqual({ step: 1, line: 1, dir: "w" });
    expect(doc.statistics.depths.map((d: { depth: number }) => d.depth)).toEqual([0, 1, 2]);
    expect(r.out.split("\n")[1]).toBe('  "rules": "competition",');
  });

  it("--format json in clingo's words: OPTIMUM FOUND beside exit 30 and optimal; --any counts the states --stats counts", () => {
    const one = runBin("labsolve", ["--format", "json", EXAMPLE]);
    expect(one.code).toBe(30);
    expect(JSON.parse(one.out)).toMatchObject({ status: "OPTIMUM FOUND", exitCode: 30, optimal: true });
    const file = join(mkdtempSync(join(tmpdir(), "labsolve-")), "maze-12.lp");
    writeFileSync(file, toFacts(generate(12, 12, 3, "maze")));
    const any = runBin("labsolve", ["--any", "--stats", "--threads", "1", "--format", "json", file]);
    const total = /% total: (\d+) nodes/.exec(any.err);
    expect(total, any.err).not.toBeNull();
    const doc = JSON.parse(any.out);
    expect(doc.statistics.states).toBe(Number(total![1]));
    expect(doc.statistics.states).toBeGreaterThan(0);
  });

  it("--stats prints nodes and time per depth to stderr", () => {
    const r = runBin("labsolve", ["--stats", EXAMPLE]);
    expect(r.err).toMatch(/% depth 0: 0 nodes, [\d.]+ s, 0 solution\(s\)\n% depth 1: 16 nodes/);
    expect(r.err).toMatch(/% total: \d+ nodes, depth reached 2/);
  });

  it("--time-limit interrupts: exit 1 without an answer, promptly", () => {
    const started = Date.now();
    const r = runBin("labsolve", ["--time-limit", "0.5"], vastUnsolvableFacts(20, 30));
    expect(r.code).toBe(1);
    expect(r.out).toBe("% interrupted: time limit\n");
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("--time-limit before the fewest pushes are proven: the beam's solution, not proven shortest, exit 11", () => {
    // 28x28: the beam answers well within a second on a quiet machine; proving its optimum
    // takes far longer than the limit. The limit counts from the process's start: 8 s leaves
    // room for start-up and the beam on a loaded machine (2 s on a 20x20 board did not, twice)
    const file = join(mkdtempSync(join(tmpdir(), "labsolve-")), "maze-28.lp");
    writeFileSync(file, toFacts(generate(28, 30, 7, "maze")));
    const r = runBin("labsolve", ["--time-limit", "8", file]);
    expect(r.code).toBe(11);
    const m = /^ANSWER\n(push\(.*)\n% pushes (\d+), shortest >= (\d+)\n% interrupted: time limit\n$/.exec(r.out);
    expect(m, r.out).not.toBeNull();
    const [, witness, pushes, lower] = m as RegExpExecArray;
    expect(witness.split(" ")).toHaveLength(Number(pushes));
    expect(Number(lower)).toBeLessThan(Number(pushes)); // not proven: the bounds have not met
    expect(runBin("labcheck", ["10", file], r.out)).toMatchObject({ code: 0, out: "OK\n" });
    // the same run in json: the bounds, not optimal
    const doc = JSON.parse(runBin("labsolve", ["--time-limit", "8", "--format", "json", file]).out);
    expect(doc).toMatchObject({ status: "SATISFIABLE", exitCode: 11, interrupted: true, optimal: false, fewest: null });
    expect(doc.upperBound).toBe(doc.models[0].cost);
    expect(doc.lowerBound).toBeLessThan(doc.upperBound);
  });

  it("--format clingo prints each better solution as found with its Optimization, and the proven lower bounds, before the proof ends", async () => {
    // the board of the test above, whose proof takes far longer than this test
    const file = join(mkdtempSync(join(tmpdir(), "labsolve-")), "maze-28.lp");
    writeFileSync(file, toFacts(generate(28, 30, 7, "maze")));
    // interrupted once it has printed an answer and a lower bound (the proof takes seconds more)
    const child = start(binPath("labsolve"), ["--format", "clingo", file], ROOT);
    await child.saw(/Optimization: \d+\n/);
    await child.saw(/% shortest >= \d+\n/);
    child.kill("SIGINT");
    const end = await child.done;
    const r = { code: end.code, out: end.out };
    expect(r.code).toBe(11);
    const answers = [...r.out.matchAll(/Answer: (\d+)\n(.*)\nOptimization: (\d+)\n/g)];
    expect(answers.length).toBeGreaterThan(0);
    // numbered 1, 2, ...; each with fewer pushes than the one before; Optimization is its number of atoms
    answers.forEach((a, i) => {
      expect(Number(a[1])).toBe(i + 1);
      expect(a[2].split(" ")).toHaveLength(Number(a[3]));
      if (i > 0) expect(Number(a[3])).toBeLessThan(Number(answers[i - 1][3]));
    });
    const lowers = [...r.out.matchAll(/^% shortest >= (\d+)$/gm)].map((x) => Number(x[1]));
    expect(lowers.length).toBeGreaterThan(0);
    expect(lowers).toEqual([...lowers].sort((a, b) => a - b));
    const last = Number(answers[answers.length - 1][3]);
    expect(Math.max(...lowers)).toBeLessThan(last);
    expect(r.out).toMatch(new RegExp(`\\nSATISFIABLE\\n\\nINTERRUPTED  : 1\\nModels {7}: ${answers.length}\\+\\n {2}Optimum {4}: unknown\\nOptimization : ${last}\\n`));
    // labcheck reads our own clingo layout whole, header included
    expect(runBin("labcheck", ["11", file], r.out)).toMatchObject({ code: 0, out: "OK\n" });
  });

  it("SIGINT interrupts: exit 1, and the clingo layout says UNKNOWN", async () => {
    const child = spawn(join(ROOT, "bin/labsolve"), ["--format", "clingo"], { cwd: ROOT });
    child.stdin.end(vastUnsolvableFacts(20, 30));
    let out = "";
    // the header is written just before the search starts listening for signals (in the
    // same tick): the signal is sent once it is read, not after a delay (a fixed delay from
    // the spawn once ran out before start-up had ended, on a loaded machine)
    const started = new Promise<void>((r) => child.stdout.on("data", (d) => ((out += d), out.includes("Solving...\n") && r())));
    await started;
    child.kill("SIGINT");
    const code = await new Promise((r) => child.on("close", r));
    expect(code).toBe(1);
    expect(out).toMatch(/\nUNKNOWN\n\nINTERRUPTED  : 1\nModels {7}: 0\+\n/);
  });

  it.each([
    ["a syntax error", "field(1,1) field(1,2).", /^<stdin>:1:12: error: expected "\.", found "f"\n$/],
    ["an ill-formed instance", "field(1,1). init_on(1,1). max_steps(1).", /^<stdin>:1:40: error: no goal_on\(X,Y\) fact: an instance has exactly one\n$/],
    ["a board too large", vastUnsolvableFacts(129, 1), /^<stdin>:\d+:\d+: error: the board is 129x129; labsolve handles boards up to 128x128\n$/],
  ])("exits 65 on %s, with FILE:LINE:COL and no stack trace", (_, input, message) => {
    const r = runBin("labsolve", [], input);
    expect(r.code).toBe(65);
    expect(r.err).toMatch(message);
    expect(r.out).toBe("");
  });

  it("reads the options in every spelling: -n0, --models=0, -fjson, --format=json (the quick reader and commander agree)", () => {
    const spaced = runBin("labsolve", ["-n", "0", "--format", "json", EXAMPLE]);
    for (const args of [["-n0", "-fjson"], ["--models=0", "--format=json"], ["--format", "json", EXAMPLE, "-n", "0"]]) {
      const r = runBin("labsolve", args.includes(EXAMPLE) ? args : [...args, EXAMPLE]);
      expect(r.code, args.join(" ")).toBe(30);
      expect(JSON.parse(r.out).models, args.join(" ")).toEqual(JSON.parse(spaced.out).models);
    }
    // help and version go to commander
    expect(runBin("labsolve", ["--help"]).out).toMatch(/^Usage: labsolve \[options\] \[command\] \[file\]/);
    expect(runBin("labsolve", ["--version"]).out).toMatch(/^\d+\.\d+\.\d+\n$/);
    expect(runBin("labsolve", ["--time-limit", "0", EXAMPLE]).code).toBe(65);
    expect(runBin("labsolve", ["--threads", "-1", EXAMPLE]).code).toBe(65);
  });

  it("exits 65 on a missing file and on a bad option", () => {
    expect(runBin("labsolve", ["no-such-file.lp"])).toMatchObject({ code: 65, err: "no-such-file.lp: error: cannot read: no such file\n" });
    expect(runBin("labsolve", ["-n", "many", EXAMPLE]).code).toBe(65);
    expect(runBin("labsolve", ["--format", "xml", EXAMPLE]).code).toBe(65);
  });
});

describe("labcheck", () => {
  it("competition protocol: OK, FAIL, DONTKNOW with exit 0, 1, 2", () => {
    expect(runBin("labcheck", ["10", EXAMPLE], `ANSWER\n${SOLUTIONS[0]}\n`)).toMatchObject({ code: 0, out: "OK\n" });
    expect(runBin("labcheck", ["10", EXAMPLE], "ANSWER\npush(1,w,1). push(3,n,2).\n")).toMatchObject({ code: 1, out: "FAIL\n" });
    expect(runBin("labcheck", ["20", EXAMPLE], "INCONSISTENT\n")).toMatchObject({ code: 2, out: "DONTKNOW\n" });
    expect(runBin("labcheck", ["10", EXAMPLE], "ANSWER\npush(1,w,1). push(3,s\n")).toMatchObject({ code: 1, out: "FAIL\n" });
  });

  it("checks labsolve's own output, piped", () => {
    const solved = runBin("labsolve", [EXAMPLE]);
    expect(runBin("labcheck", [String(solved.code), EXAMPLE], solved.out)).toMatchObject({ code: 0, out: "OK\n" });
  });

  it("human mode names the broken rule and the step, and draws the board", () => {
    const r = runBin("labcheck", [EXAMPLE], "push(1,e,1). push(1,e,2).");
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/^invalid: step 2: the goal is not reachable after the last push \(push\(1,e,2\)\)\nrule: goal-not-reached\n\nboard after step 2, push\(1,e,2\):\n/);
    expect(r.out).toContain(" G"); // the goal is drawn
    const ok = runBin("labcheck", [EXAMPLE], `Answer: 1\npush(3,s,2) push(1,w,1)\nSATISFIABLE\n`);
    expect(ok).toMatchObject({ code: 0, out: "valid: 2 pushes; the goal is reachable after step 2 and not before (max_steps 2)\n" });
  });

  it("human mode has nothing to check in an INCONSISTENT output (exit 2), and checks an empty witness", () => {
    expect(runBin("labcheck", [EXAMPLE], "INCONSISTENT\n")).toMatchObject({ code: 2, out: "nothing to check: the output says INCONSISTENT; unsatisfiability is not verified\n" });
    expect(runBin("labcheck", [EXAMPLE], "ANSWER\n\n").out).toMatch(/^invalid: step 0: no pushes, and the goal is not the init field\n/);
  });

  it("--json gives the verdict for machines", () => {
    const r = runBin("labcheck", ["--json", EXAMPLE], "push(1,w,1). push(2,w,1).");
    const doc = JSON.parse(r.out);
    expect(doc.valid).toBe(false);
    expect(doc).toMatchObject({ rules: "competition", rule: "two-pushes", violation: { step: 1 } });
  });

  it("reads an instance and a witness concatenated: `-` for human mode, no argument for the 2009 convention", () => {
    const text = `${readFileSync(EXAMPLE, "utf8")}\n${SOLUTIONS[1]}\n`;
    expect(runBin("labcheck", ["-"], text).code).toBe(0);
    expect(runBin("labcheck", [], text)).toMatchObject({ code: 0, out: "CORRECT\n" });
    expect(runBin("labcheck", [], text.replace("push(2,n,2)", "push(2,s,2)"))).toMatchObject({ code: 1, out: "INCORRECT\n" });
  });

  it("exits 65 on a bad instance", () => {
    const r = runBin("labcheck", ["10", "-"], "");
    expect(r.code).toBe(65);
  });
});

describe("labgen", () => {
  it("is deterministic in the seed and writes the competition's file name without overwriting", () => {
    const a = runBin("labgen", ["6", "3", "--seed", "5"]);
    expect(a.code).toBe(0);
    expect(runBin("labgen", ["6", "3", "--seed", "5"]).out).toBe(a.out);
    expect(runBin("labgen", ["6", "3", "--seed", "6"]).out).not.toBe(a.out);
    const dir = mkdtempSync(join(tmpdir(), "labgen-"));
    expect(runBin("labgen", ["12", "3", "--seed", "42", "-o", dir]).code).toBe(0);
    expect(readdirSync(dir)).toEqual(["0042-labyrinth-13-0.asp"]);
    expect(runBin("labgen", ["12", "3", "--seed", "42", "-o", dir]).code).toBe(65);
    // what it writes is a valid instance
    expect(runBin("labsolve", ["--max-steps", "1", join(dir, "0042-labyrinth-13-0.asp")]).code).not.toBe(65);
  });
});

describe("exit codes are clingo's in every format (OPTIMUM FOUND exits 30)", () => {
  it("clingo format: OPTIMUM FOUND and exit 30", () => {
    const r = runBin("labsolve", ["--format", "clingo", EXAMPLE]);
    expect(r.out).toContain("OPTIMUM FOUND");
    expect(r.code).toBe(30);
  });

  it.each(["competition", "json"])("%s format: a proven shortest solution exits 30", (format) => {
    const r = runBin("labsolve", ["--format", format, EXAMPLE]);
    expect(r.code).toBe(30);
    if (format === "json") expect(JSON.parse(r.out)).toMatchObject({ optimal: true, exitCode: 30 });
  });

  it("-n 2 (an enumeration cut short, no optimum) exits 10; -n 0 exits 30", () => {
    const two = runBin("labsolve", ["-n", "2", "--format", "json", EXAMPLE]);
    expect(two.code).toBe(10);
    expect(JSON.parse(two.out).exitCode).toBe(10);
    expect(runBin("labsolve", ["-n", "0", EXAMPLE]).code).toBe(30);
  });
});

describe("a time limit past Node's longest timer (2147484 s and more) is no limit, not an instant stop", () => {
  it.each(["99999999", "2147484", "9".repeat(60)])("--time-limit %s: the run ends by itself (proven, exit 30), not interrupted", (limit) => {
    const r = runBin("labsolve", ["--time-limit", limit, join(ROOT, "instances/random-9x9-a.asp")]);
    expect(r.out).not.toContain("interrupted");
    expect(r.err).not.toContain("TimeoutOverflowWarning");
    expect(r.code).toBe(30);
  });
});

describe("the error for a second fact names where the first is", () => {
  it("a repeated cost/1 before a different one: the first is the one named", () => {
    const lines = readFileSync(join(ROOT, "docs/game-example.lp"), "utf8").trimEnd().split("\n");
    const first = lines.findIndex((l) => /^cost\(/.test(l)) + 1;
    expect(first).toBeGreaterThan(0);
    const file = tmpFile("twice.lp", [...lines, lines[first - 1], "cost(steps)."].join("\n") + "\n");
    const r = runBin("labsolve", [file]);
    expect(r.code).toBe(65);
    expect(r.err).toContain(`${file}:${lines.length + 2}:1: error: second cost/1 fact cost(steps)`);
    expect(r.err).toContain(`is at line ${first}, column 1)`);
  });

  it("the same for init_on/2 of a competition instance", () => {
    const file = tmpFile("init.lp", `${readFileSync(EXAMPLE, "utf8")}init_on(3,2).\ninit_on(1,1).\n`);
    const first = readFileSync(EXAMPLE, "utf8").split("\n").findIndex((l) => l.includes("init_on(3,2)")) + 1;
    expect(runBin("labsolve", [file]).err).toContain(`(the first, init_on(3,2), is at line ${first}, column 1)`);
  });
});

describe("usage errors name the program, as other errors do", () => {
  it.each([
    ["labsolve", ["--bogus"], "labsolve: error: unknown option '--bogus'"],
    ["labsolve", ["--threads", "0", EXAMPLE], "labsolve: error: option '--threads <n>'"],
    ["labsolve", ["batch", "--bogus"], "labsolve batch: error: unknown option '--bogus'"],
    ["labsolve", ["plan"], "labsolve plan: error: missing required argument"],
    ["labcheck", ["--bogus"], "labcheck: error: unknown option '--bogus'"],
    ["labgen", ["--bogus"], "labgen: error:"],
    ["labshow", ["--bogus"], "labshow: error: unknown option '--bogus'"],
  ])("%s %j", (cmd, args, start) => {
    const r = runBin(cmd, args);
    expect(r.code).toBe(65);
    expect(r.err.startsWith(start)).toBe(true);
  });
});

describe("--help and the commands say what they do", () => {
  it("labsolve --help gives --threads one default, the machine's cores", () => {
    const help = runBin("labsolve", ["--help"]).out.replace(/\s+/g, " ");
    expect(help).toContain("(default: the machine's cores)");
    expect(help).not.toMatch(/\(default: the machine's cores\) \(default: \d+\)/);
  });

  it("labsolve batch --help: --out must not exist unless --resume; --max-entry-mb caps plain files too", () => {
    const help = runBin("labsolve", ["batch", "--help"]).out.replace(/\s+/g, " ");
    expect(help).toContain("FILE must not exist unless --resume");
    expect(help).not.toContain("append one JSON line");
    expect(help).toContain("largest instance file or uncompressed zip entry");
  });

  it("labgen --help says --seed is required", () => {
    expect(runBin("labgen", ["--help"]).out.replace(/\s+/g, " ")).toContain("random seed (integer; required)");
  });

  it.each([
    ["max_steps with --rules ipc2023", ["5", "7", "--rules", "ipc2023", "--seed", "1"], "max_steps 7: --rules ipc2023 takes N only"],
    ["--style with --rules ipc2023", ["5", "--rules", "ipc2023", "--seed", "1", "--style", "random"], "--style does not apply to ipc2023 instances (it applies to competition)"],
    ["--rotations with competition rules", ["5", "5", "--seed", "1", "--rotations", "3"], "--rotations does not apply to competition instances (it applies to ipc2023)"],
    ["--domain with competition rules", ["5", "5", "--seed", "1", "--domain"], "--domain does not apply to competition instances (it applies to ipc2023)"],
    ["a 1025x1025 board", ["1025", "5", "--seed", "1"], "N 1025: facts name fields up to 1024"],
  ])("labgen refuses %s (exit 65) instead of ignoring it", (_, args, message) => {
    const r = runBin("labgen", args);
    expect(r.code).toBe(65);
    expect(r.out).toBe("");
    expect(r.err).toContain(`labgen: error: ${message}`);
  });

  it("labgen 5 --rules ipc2023 still writes a problem; 130x130 facts come with a note that labsolve stops at 128", () => {
    expect(runBin("labgen", ["5", "--rules", "ipc2023", "--seed", "1"]).out).toContain("(define (problem");
    const big = runBin("labgen", ["130", "5", "--seed", "1"]);
    expect(big.code).toBe(0);
    expect(big.err).toContain("labsolve solves boards up to 128x128");
  });

  it.each(["text", "html"])("labshow --step with --format %s is a usage error, not ignored", (format) => {
    const r = runBin("labshow", ["--format", format, "--step", "1", EXAMPLE, tmpFile("w.lp", "push(1,w,1). push(2,n,2).")]);
    expect(r.code).toBe(65);
    expect(r.err).toContain("--step is for --format svg");
  });
});

describe("--stats names the rule set, for competition instances too", () => {
  it("labsolve --stats on a competition instance: '% rules: competition' first on stderr", () => {
    const r = runBin("labsolve", ["--stats", EXAMPLE]);
    expect(r.err.split("\n")[0]).toMatch(/^% rules: competition /);
  });
});
