/** The commands end to end: bin/labsolve, bin/labcheck, bin/labgen (built by `npm test`'s pretest). */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { generate, toFacts } from "../src/push/competition/generate.js";
import { vastUnsolvableFacts } from "./helpers/slow.js";

const ROOT = new URL("..", import.meta.url).pathname;
const EXAMPLE = join(ROOT, "instances/example-4x4.lp");
const SOLUTIONS = ["push(1,w,1). push(3,s,2).", "push(1,w,1). push(2,n,2)."]; // the spec's worked example
const CORRIDOR0 = "field(1,1). field(1,2). field(2,1). field(2,2). init_on(1,1). goal_on(1,2). connect(1,1,e). connect(1,2,w). max_steps(0).";

function sh(cmd: string, args: string[], input = "") {
  const r = spawnSync(join(ROOT, "bin", cmd), args, { input, encoding: "utf8", cwd: ROOT });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** A generated NxN maze whose goal tile has no opening: never solvable, with a vast state space. */

describe("labsolve", () => {
  it("solves the worked example from standard input: ANSWER and one of its two solutions, exit 30 (proven shortest: clingo's OPTIMUM FOUND)", () => {
    const r = sh("labsolve", [], readFileSync(EXAMPLE, "utf8"));
    expect(r.code).toBe(30);
    const lines = r.out.trimEnd().split("\n");
    expect(lines[0]).toBe("ANSWER");
    expect(SOLUTIONS).toContain(lines[1]);
    expect(lines).toHaveLength(2);
  });

  it("-n 0 prints both solutions and exits 30", () => {
    const r = sh("labsolve", ["-n", "0", EXAMPLE]);
    expect(r.code).toBe(30);
    const answers = r.out.split("ANSWER\n").filter(Boolean).map((s) => s.trim()).sort();
    expect(answers).toEqual([...SOLUTIONS].sort());
  });

  it("--any prints one solution within max_steps (exit 10, or 30 when it is proven shortest), INCONSISTENT when there is none, and refuses -n", () => {
    const r = sh("labsolve", ["--any", EXAMPLE]);
    expect([10, 30]).toContain(r.code);
    expect(sh("labcheck", ["10", EXAMPLE], r.out)).toMatchObject({ code: 0, out: "OK\n" });
    expect(sh("labsolve", ["--any"], CORRIDOR0)).toMatchObject({ code: 20, out: "INCONSISTENT\n" });
    expect(sh("labsolve", ["--any", "-n", "0", EXAMPLE]).code).toBe(65);
    const doc = JSON.parse(sh("labsolve", ["--any", "--format", "json", EXAMPLE]).out);
    // the exact search up to 3 pushes runs first: it proves the example's optimum
    expect(doc).toMatchObject({ status: "OPTIMUM FOUND", exitCode: 30, fewest: 2, lowerBound: 2, upperBound: 2, optimal: true });
    expect(doc.models).toHaveLength(1);
  });

  it("prints INCONSISTENT and exits 20 when no solution exists within max_steps", () => {
    const r = sh("labsolve", ["-"], CORRIDOR0);
    expect(r.code).toBe(20);
    expect(r.out).toBe("INCONSISTENT\n");
  });

  it("--max-steps overrides the instance's bound", () => {
    expect(sh("labsolve", ["--max-steps", "1", EXAMPLE]).code).toBe(20);
    expect(sh("labsolve", ["--max-steps", "1"], CORRIDOR0).code).toBe(30);
  });

  it("--format clingo prints clingo's layout", () => {
    const r = sh("labsolve", ["-n", "0", "--format", "clingo", EXAMPLE]);
    expect(r.code).toBe(30);
    expect(r.out).toMatch(/^labsolve version .*\nReading from .*\nSolving\.\.\.\nAnswer: 1\npush\(1,w,1\) push\(\d,[sn],2\)\nAnswer: 2\n.*\nSATISFIABLE\n\nModels {7}: 2\nCalls {8}: 1\nTime {9}: [\d.]+s\n$/);
    const unsat = sh("labsolve", ["--format", "clingo"], CORRIDOR0);
    expect(unsat.out).toMatch(/\nUNSATISFIABLE\n\nModels {7}: 0\n/);
    // models 1 reads as clingo optimising the number of pushes
    expect(sh("labsolve", ["--format", "clingo", EXAMPLE]).out).toMatch(
      /\nAnswer: 1\npush\(1,w,1\) push\(\d,[sn],2\)\nOptimization: 2\nOPTIMUM FOUND\n\nModels {7}: 1\n {2}Optimum {4}: yes\nOptimization : 2\n/,
    );
  });

  it("--format json reports rules, status, the models' cost, witness and steps, and statistics", () => {
    const r = sh("labsolve", ["-n", "0", "--format", "json", EXAMPLE]);
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
    const one = sh("labsolve", ["--format", "json", EXAMPLE]);
    expect(one.code).toBe(30);
    expect(JSON.parse(one.out)).toMatchObject({ status: "OPTIMUM FOUND", exitCode: 30, optimal: true });
    const file = join(mkdtempSync(join(tmpdir(), "labsolve-")), "maze-12.lp");
    writeFileSync(file, toFacts(generate(12, 12, 3, "maze")));
    const any = sh("labsolve", ["--any", "--stats", "--threads", "1", "--format", "json", file]);
    const total = /% total: (\d+) nodes/.exec(any.err);
    expect(total, any.err).not.toBeNull();
    const doc = JSON.parse(any.out);
    expect(doc.statistics.states).toBe(Number(total![1]));
    expect(doc.statistics.states).toBeGreaterThan(0);
  });

  it("--stats prints nodes and time per depth to stderr", () => {
    const r = sh("labsolve", ["--stats", EXAMPLE]);
    expect(r.err).toMatch(/% depth 0: 0 nodes, [\d.]+ s, 0 solution\(s\)\n% depth 1: 16 nodes/);
    expect(r.err).toMatch(/% total: \d+ nodes, depth reached 2/);
  });

  it("--time-limit interrupts: exit 1 without an answer, promptly", () => {
    const started = Date.now();
    const r = sh("labsolve", ["--time-limit", "0.5"], vastUnsolvableFacts(20, 30));
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
    const r = sh("labsolve", ["--time-limit", "8", file]);
    expect(r.code).toBe(11);
    const m = /^ANSWER\n(push\(.*)\n% pushes (\d+), shortest >= (\d+)\n% interrupted: time limit\n$/.exec(r.out);
    expect(m, r.out).not.toBeNull();
    const [, witness, pushes, lower] = m as RegExpExecArray;
    expect(witness.split(" ")).toHaveLength(Number(pushes));
    expect(Number(lower)).toBeLessThan(Number(pushes)); // not proven: the bounds have not met
    expect(sh("labcheck", ["10", file], r.out)).toMatchObject({ code: 0, out: "OK\n" });
    // the same run in json: the bounds, not optimal
    const doc = JSON.parse(sh("labsolve", ["--time-limit", "8", "--format", "json", file]).out);
    expect(doc).toMatchObject({ status: "SATISFIABLE", exitCode: 11, interrupted: true, optimal: false, fewest: null });
    expect(doc.upperBound).toBe(doc.models[0].cost);
    expect(doc.lowerBound).toBeLessThan(doc.upperBound);
  });

  it("--format clingo prints each better solution as found with its Optimization, and the proven lower bounds, before the proof ends", () => {
    // the board and the limit of the test above (a 20x20 board at 2 s had no answer yet on a loaded machine)
    const file = join(mkdtempSync(join(tmpdir(), "labsolve-")), "maze-28.lp");
    writeFileSync(file, toFacts(generate(28, 30, 7, "maze")));
    const r = sh("labsolve", ["--time-limit", "8", "--format", "clingo", file]);
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
    expect(sh("labcheck", ["11", file], r.out)).toMatchObject({ code: 0, out: "OK\n" });
  });

  it("SIGINT interrupts: exit 1, and the clingo layout says UNKNOWN", async () => {
    const child = spawn(join(ROOT, "bin/labsolve"), ["--format", "clingo"], { cwd: ROOT });
    child.stdin.end(vastUnsolvableFacts(20, 30));
    let out = "";
    // the header is written just before the search starts listening for signals (in the
    // same tick): a fixed delay from the spawn once ran out before start-up had ended
    // (exit by the signal, code null), on a loaded machine
    const started = new Promise<void>((r) => child.stdout.on("data", (d) => ((out += d), out.includes("Solving...\n") && r())));
    await started;
    await new Promise((r) => setTimeout(r, 300));
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
    const r = sh("labsolve", [], input);
    expect(r.code).toBe(65);
    expect(r.err).toMatch(message);
    expect(r.out).toBe("");
  });

  it("reads the options in every spelling: -n0, --models=0, -fjson, --format=json (the quick reader and commander agree)", () => {
    const spaced = sh("labsolve", ["-n", "0", "--format", "json", EXAMPLE]);
    for (const args of [["-n0", "-fjson"], ["--models=0", "--format=json"], ["--format", "json", EXAMPLE, "-n", "0"]]) {
      const r = sh("labsolve", args.includes(EXAMPLE) ? args : [...args, EXAMPLE]);
      expect(r.code, args.join(" ")).toBe(30);
      expect(JSON.parse(r.out).models, args.join(" ")).toEqual(JSON.parse(spaced.out).models);
    }
    // help and version go to commander
    expect(sh("labsolve", ["--help"]).out).toMatch(/^Usage: labsolve \[options\] \[command\] \[file\]/);
    expect(sh("labsolve", ["--version"]).out).toMatch(/^\d+\.\d+\.\d+\n$/);
    expect(sh("labsolve", ["--time-limit", "0", EXAMPLE]).code).toBe(65);
    expect(sh("labsolve", ["--threads", "-1", EXAMPLE]).code).toBe(65);
  });

  it("exits 65 on a missing file and on a bad option", () => {
    expect(sh("labsolve", ["no-such-file.lp"])).toMatchObject({ code: 65, err: "no-such-file.lp: error: cannot read: no such file\n" });
    expect(sh("labsolve", ["-n", "many", EXAMPLE]).code).toBe(65);
    expect(sh("labsolve", ["--format", "xml", EXAMPLE]).code).toBe(65);
  });
});

describe("labcheck", () => {
  it("competition protocol: OK, FAIL, DONTKNOW with exit 0, 1, 2", () => {
    expect(sh("labcheck", ["10", EXAMPLE], `ANSWER\n${SOLUTIONS[0]}\n`)).toMatchObject({ code: 0, out: "OK\n" });
    expect(sh("labcheck", ["10", EXAMPLE], "ANSWER\npush(1,w,1). push(3,n,2).\n")).toMatchObject({ code: 1, out: "FAIL\n" });
    expect(sh("labcheck", ["20", EXAMPLE], "INCONSISTENT\n")).toMatchObject({ code: 2, out: "DONTKNOW\n" });
    expect(sh("labcheck", ["10", EXAMPLE], "ANSWER\npush(1,w,1). push(3,s\n")).toMatchObject({ code: 1, out: "FAIL\n" });
  });

  it("checks labsolve's own output, piped", () => {
    const solved = sh("labsolve", [EXAMPLE]);
    expect(sh("labcheck", [String(solved.code), EXAMPLE], solved.out)).toMatchObject({ code: 0, out: "OK\n" });
  });

  it("human mode names the broken rule and the step, and draws the board", () => {
    const r = sh("labcheck", [EXAMPLE], "push(1,e,1). push(1,e,2).");
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/^invalid: step 2: the goal is not reachable after the last push \(push\(1,e,2\)\)\nrule: goal-not-reached\n\nboard after step 2, push\(1,e,2\):\n/);
    expect(r.out).toContain(" G"); // the goal is drawn
    const ok = sh("labcheck", [EXAMPLE], `Answer: 1\npush(3,s,2) push(1,w,1)\nSATISFIABLE\n`);
    expect(ok).toMatchObject({ code: 0, out: "valid: 2 pushes; the goal is reachable after step 2 and not before (max_steps 2)\n" });
  });

  it("human mode has nothing to check in an INCONSISTENT output (exit 2), and checks an empty witness", () => {
    expect(sh("labcheck", [EXAMPLE], "INCONSISTENT\n")).toMatchObject({ code: 2, out: "nothing to check: the output says INCONSISTENT; unsatisfiability is not verified\n" });
    expect(sh("labcheck", [EXAMPLE], "ANSWER\n\n").out).toMatch(/^invalid: step 0: no pushes, and the goal is not the init field\n/);
  });

  it("--json gives the verdict for machines", () => {
    const r = sh("labcheck", ["--json", EXAMPLE], "push(1,w,1). push(2,w,1).");
    const doc = JSON.parse(r.out);
    expect(doc.valid).toBe(false);
    expect(doc).toMatchObject({ rules: "competition", rule: "two-pushes", violation: { step: 1 } });
  });

  it("reads an instance and a witness concatenated: `-` for human mode, no argument for the 2009 convention", () => {
    const text = `${readFileSync(EXAMPLE, "utf8")}\n${SOLUTIONS[1]}\n`;
    expect(sh("labcheck", ["-"], text).code).toBe(0);
    expect(sh("labcheck", [], text)).toMatchObject({ code: 0, out: "CORRECT\n" });
    expect(sh("labcheck", [], text.replace("push(2,n,2)", "push(2,s,2)"))).toMatchObject({ code: 1, out: "INCORRECT\n" });
  });

  it("exits 65 on a bad instance", () => {
    const r = sh("labcheck", ["10", "-"], "");
    expect(r.code).toBe(65);
  });
});

describe("labgen", () => {
  it("is deterministic in the seed and writes the competition's file name without overwriting", () => {
    const a = sh("labgen", ["6", "3", "--seed", "5"]);
    expect(a.code).toBe(0);
    expect(sh("labgen", ["6", "3", "--seed", "5"]).out).toBe(a.out);
    expect(sh("labgen", ["6", "3", "--seed", "6"]).out).not.toBe(a.out);
    const dir = mkdtempSync(join(tmpdir(), "labgen-"));
    expect(sh("labgen", ["12", "3", "--seed", "42", "-o", dir]).code).toBe(0);
    expect(readdirSync(dir)).toEqual(["0042-labyrinth-13-0.asp"]);
    expect(sh("labgen", ["12", "3", "--seed", "42", "-o", dir]).code).toBe(65);
    // what it writes is a valid instance
    expect(sh("labsolve", ["--max-steps", "1", join(dir, "0042-labyrinth-13-0.asp")]).code).not.toBe(65);
  });
});
