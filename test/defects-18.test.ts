/**
 * Issue 18 (what a new user hit): the wrong answers, exits and messages, one describe per
 * item. Each test runs the built commands (bin/) in a child process.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = new URL("..", import.meta.url).pathname;
const EXAMPLE = join(ROOT, "instances/example-4x4.lp");

/** Runs bin/CMD with args (and standard input). */
function sh(cmd: string, args: string[], input = "") {
  const r = spawnSync(join(ROOT, "bin", cmd), args, { input, encoding: "utf8", cwd: ROOT, timeout: 60_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** A file with `text` in a new temporary folder. */
function tmp(name: string, text: string): string {
  const file = join(mkdtempSync(join(tmpdir(), "labyrinth-18-")), name);
  writeFileSync(file, text);
  return file;
}


/** The rows of a batch results file: its lines after the first, which records the batch's version and options. */
function resultRows(file: string): Record<string, unknown>[] {
  const lines = readFileSync(file, "utf8").trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>);
  expect(lines[0]).toHaveProperty("batch");
  return lines.slice(1);
}

describe("item 4: exit codes are clingo's in every format (OPTIMUM FOUND exits 30)", () => {
  it("clingo format: OPTIMUM FOUND and exit 30", () => {
    const r = sh("labsolve", ["--format", "clingo", EXAMPLE]);
    expect(r.out).toContain("OPTIMUM FOUND");
    expect(r.code).toBe(30);
  });

  it.each(["competition", "json"])("%s format: a proven shortest solution exits 30", (format) => {
    const r = sh("labsolve", ["--format", format, EXAMPLE]);
    expect(r.code).toBe(30);
    if (format === "json") expect(JSON.parse(r.out)).toMatchObject({ optimal: true, exitCode: 30 });
  });

  it("-n 2 (an enumeration cut short, no optimum) exits 10; -n 0 exits 30", () => {
    const two = sh("labsolve", ["-n", "2", "--format", "json", EXAMPLE]);
    expect(two.code).toBe(10);
    expect(JSON.parse(two.out).exitCode).toBe(10);
    expect(sh("labsolve", ["-n", "0", EXAMPLE]).code).toBe(30);
  });
});

describe("item 3: a time limit past Node's longest timer (2147484 s and more) is no limit, not an instant stop", () => {
  it.each(["99999999", "2147484", "9".repeat(60)])("--time-limit %s: the run ends by itself (proven, exit 30), not interrupted", (limit) => {
    const r = sh("labsolve", ["--time-limit", limit, join(ROOT, "instances/random-9x9-a.asp")]);
    expect(r.out).not.toContain("interrupted");
    expect(r.err).not.toContain("TimeoutOverflowWarning");
    expect(r.code).toBe(30);
  });

  it("batch --time-limit 99999999: the rows are solved, not unknown", () => {
    const out = join(mkdtempSync(join(tmpdir(), "labyrinth-18-")), "rows.csv");
    const r = sh("labsolve", ["batch", "--time-limit", "99999999", "--out", out, join(ROOT, "instances/random-9x9-a.asp")]);
    expect(r.code).toBe(0);
    expect(resultRows(out)).toEqual([expect.objectContaining({ status: "OPTIMUM FOUND", optimal: true, interrupted: false })]);
  });
});

describe("item 5: labcheck reads every format labsolve writes, json included", () => {
  it.each([
    ["competition", []],
    ["clingo", []],
    ["json", []],
    ["json", ["-n", "0"]],
    ["clingo", ["-n", "0"]],
  ])("labsolve --format %s %j: the competition checker says OK, human mode valid", (format, extra) => {
    const solved = sh("labsolve", ["--format", format, ...extra, EXAMPLE]);
    expect(solved.code).toBe(30);
    const file = tmp(`out.${format}`, solved.out);
    expect(sh("labcheck", [String(solved.code), EXAMPLE], solved.out)).toMatchObject({ code: 0, out: "OK\n" });
    const human = sh("labcheck", [EXAMPLE, file]);
    expect(human.code).toBe(0);
    expect(human.out).toMatch(/^(answer 1: )?valid: 2 pushes/);
  });

  it("a json document whose atom breaks a rule: FAIL, and the human verdict points into the document", () => {
    const doc = sh("labsolve", ["--format", "json", EXAMPLE]).out.replace("push(2,n,2)", "push(2,x,2)");
    expect(sh("labcheck", ["30", EXAMPLE], doc).out).toBe("FAIL\n");
    const line = doc.split("\n").findIndex((l) => l.includes("push(2,x,2)")) + 1;
    const human = sh("labcheck", [EXAMPLE, tmp("bad.json", doc)]);
    expect(human.code).toBe(1);
    expect(human.out).toContain(`(line ${line}, column`);
  });

  it("an INCONSISTENT json document reads as INCONSISTENT: DONTKNOW with exit code 20 (not verified), FAIL with 10", () => {
    const corridor = tmp("c.lp", "field(1,1). field(1,2). field(2,1). field(2,2). init_on(1,1). goal_on(2,2). max_steps(0).\n");
    const solved = sh("labsolve", ["--format", "json", corridor]);
    expect(solved.code).toBe(20);
    expect(sh("labcheck", ["20", corridor], solved.out).out).toBe("DONTKNOW\n");
    expect(sh("labcheck", ["10", corridor], solved.out).out).toBe("FAIL\n");
  });

  it("a broken json document is an error (exit 65), at its line and column where JSON.parse names one", () => {
    const r = sh("labcheck", [EXAMPLE, tmp("b.json", '{\n  "status": "SATISFIABLE",\n  "models": [\n')]);
    expect(r.code).toBe(65);
    expect(r.err).toMatch(/b\.json(:\d+:\d+)?: error: not a JSON document/);
  });
});

describe("item 6: labcheck --json answers in JSON whatever the verdict", () => {
  it.each([
    ["INCONSISTENT", "INCONSISTENT\n"],
    ["UNKNOWN", "UNKNOWN\n"],
  ])("%s output: a JSON document (valid null, exit 2)", (says, text) => {
    const r = sh("labcheck", ["--json", EXAMPLE, tmp("o.txt", text)]);
    expect(r.code).toBe(2);
    expect(JSON.parse(r.out)).toMatchObject({ rules: "competition", valid: null, says });
  });

  it("valid and invalid witnesses: JSON too", () => {
    expect(JSON.parse(sh("labcheck", ["--json", EXAMPLE, tmp("w.lp", "push(1,w,1). push(2,n,2).")]).out)).toMatchObject({ valid: true });
    expect(JSON.parse(sh("labcheck", ["--json", EXAMPLE, tmp("w.lp", "push(1,w,1).")]).out)).toMatchObject({ valid: false });
  });
});

describe("item 8: batch gives a file that does not parse an error row (exit 65), as labsolve does", () => {
  it("random bytes: an error row at FILE:1:1, the other instance still solved, exit 65", () => {
    // bytes of a fixed pseudo-random sequence, some of them ':' '-' '#' (never skipped as an encoding)
    const bytes = Buffer.alloc(3000);
    for (let i = 0, x = 12345; i < bytes.length; i++) bytes[i] = (x = (Math.imul(x, 1103515245) + 12345) >>> 0) >>> 24;
    const dir = mkdtempSync(join(tmpdir(), "labyrinth-18-"));
    const garbage = join(dir, "garbage.lp");
    writeFileSync(garbage, bytes);
    expect(sh("labsolve", [garbage]).code).toBe(65);
    const out = join(dir, "rows.jsonl");
    const r = sh("labsolve", ["batch", "--out", out, garbage, EXAMPLE]);
    expect(r.code).toBe(65);
    const rows = resultRows(out);
    expect(rows[0]).toMatchObject({ exitCode: 65, errorKind: "input" });
    expect(rows[0].error).toMatch(/garbage\.lp:1:\d+: error: /);
    expect(rows[1]).toMatchObject({ status: "OPTIMUM FOUND", verified: true });
  });

  it("a text file of other facts (no field/2) is an error row too; an encoding is still skipped with a note", () => {
    const dir = mkdtempSync(join(tmpdir(), "labyrinth-18-"));
    writeFileSync(join(dir, "other.lp"), "colour(red). colour(blue).\n");
    writeFileSync(join(dir, "encoding.asp"), "reach(X,Y) :- field(X,Y), init_on(X,Y).\n");
    writeFileSync(join(dir, "0001.lp"), readFileSync(EXAMPLE, "utf8"));
    const r = sh("labsolve", ["batch", "--out", join(dir, "rows.jsonl"), dir]);
    expect(r.code).toBe(65);
    expect(r.err).toContain("encoding.asp: skipped");
    expect(r.err).not.toContain("other.lp: skipped");
  });
});

describe("item 9: batch --resume reports the whole results file", () => {
  it("after a run of time-limited rows: the table lists them and the batch exits 1; new rows join the table", () => {
    const dir = mkdtempSync(join(tmpdir(), "labyrinth-18-"));
    const out = join(dir, "rows.jsonl");
    const hard = join(ROOT, "instances/random-9x9-a.asp");
    const first = sh("labsolve", ["batch", "--time-limit", "0.001", "--out", out, hard]);
    expect(first.code).toBe(1);
    expect(resultRows(out)).toEqual([expect.objectContaining({ status: "UNKNOWN", interrupted: true })]);
    // resumed with the options the file records (other options are refused: test/batch-results)
    const again = sh("labsolve", ["batch", "--resume", "--time-limit", "0.001", "--out", out, "--format", "json", hard]);
    expect(again.err).toContain("nothing left to run");
    expect(again.code).toBe(1);
    expect(JSON.parse(again.out).instances).toHaveLength(1);
    const more = sh("labsolve", ["batch", "--resume", "--time-limit", "0.001", "--out", out, "--format", "json", hard, EXAMPLE]);
    expect(more.code).toBe(1);
    const doc = JSON.parse(more.out) as { instances: { instance: string; status: string }[] };
    // the new row joins the table (its status depends on what 1 ms allows: solved, or unknown on a slow machine)
    expect(doc.instances).toHaveLength(2);
    expect(doc.instances.find((r) => r.instance === hard)?.status).toBe("UNKNOWN");
    expect(doc.instances.find((r) => r.instance === EXAMPLE)).toBeDefined();
  });
});

describe("item 7: a PDDL problem of another domain is an error at its (:domain NAME)", () => {
  const domain = join(ROOT, "docs/ipc2023/domain.pddl");
  const example = readFileSync(join(ROOT, "docs/ipc2023/example.pddl"), "utf8");
  const other = example.replace(/\(:domain\s+labyrinth\)/i, "(:domain   sokoban)");
  const line = other.split("\n").findIndex((l) => l.includes("sokoban")) + 1;
  const column = other.split("\n")[line - 1].indexOf("sokoban") + 1;

  it("the example names the domain labyrinth (the test's premise)", () => {
    expect(other).not.toBe(example);
  });

  it("labsolve plan: FILE:LINE:COL: error at the name, exit 65", () => {
    const problem = tmp("other.pddl", other);
    const r = sh("labsolve", ["plan", domain, problem]);
    expect(r.code).toBe(65);
    expect(r.err).toContain(`${problem}:${line}:${column}: error: the problem is of domain sokoban`);
  });

  it("labcheck plan: the same error, not valid", () => {
    const dir = mkdtempSync(join(tmpdir(), "labyrinth-18-"));
    const planFile = join(dir, "example.plan");
    expect(sh("labsolve", ["plan", domain, join(ROOT, "docs/ipc2023/example.pddl"), "-o", planFile]).code).toBe(30);
    const problem = tmp("other.pddl", other);
    const r = sh("labcheck", ["plan", domain, problem, planFile]);
    expect(r.code).toBe(65);
    expect(r.err).toContain(`${problem}:${line}:${column}: error:`);
    // the name compares case-insensitively, as PDDL's names do
    expect(sh("labcheck", ["plan", domain, tmp("upper.pddl", example.replace(/\(:domain\s+labyrinth\)/i, "(:domain LABYRINTH)")), planFile]).code).toBe(0);
  });
});

describe("item 12: the error for a second fact names where the first is", () => {
  it("a repeated cost/1 before a different one: the first is the one named", () => {
    const lines = readFileSync(join(ROOT, "docs/game-example.lp"), "utf8").trimEnd().split("\n");
    const first = lines.findIndex((l) => /^cost\(/.test(l)) + 1;
    expect(first).toBeGreaterThan(0);
    const file = tmp("twice.lp", [...lines, lines[first - 1], "cost(steps)."].join("\n") + "\n");
    const r = sh("labsolve", [file]);
    expect(r.code).toBe(65);
    expect(r.err).toContain(`${file}:${lines.length + 2}:1: error: second cost/1 fact cost(steps)`);
    expect(r.err).toContain(`is at line ${first}, column 1)`);
  });

  it("the same for init_on/2 of a competition instance", () => {
    const file = tmp("init.lp", `${readFileSync(EXAMPLE, "utf8")}init_on(3,2).\ninit_on(1,1).\n`);
    const first = readFileSync(EXAMPLE, "utf8").split("\n").findIndex((l) => l.includes("init_on(3,2)")) + 1;
    expect(sh("labsolve", [file]).err).toContain(`(the first, init_on(3,2), is at line ${first}, column 1)`);
  });
});

describe("item 13: usage errors name the program, as other errors do", () => {
  it.each([
    ["labsolve", ["--bogus"], "labsolve: error: unknown option '--bogus'"],
    ["labsolve", ["--threads", "0", EXAMPLE], "labsolve: error: option '--threads <n>'"],
    ["labsolve", ["batch", "--bogus"], "labsolve batch: error: unknown option '--bogus'"],
    ["labsolve", ["plan"], "labsolve plan: error: missing required argument"],
    ["labcheck", ["--bogus"], "labcheck: error: unknown option '--bogus'"],
    ["labgen", ["--bogus"], "labgen: error:"],
    ["labshow", ["--bogus"], "labshow: error: unknown option '--bogus'"],
  ])("%s %j", (cmd, args, start) => {
    const r = sh(cmd, args);
    expect(r.code).toBe(65);
    expect(r.err.startsWith(start)).toBe(true);
  });
});

describe("item 14: labcheck's board header keeps column numbers apart at 100 columns and more", () => {
  it("on a 100x100 board each column's number stands above its tile", () => {
    const gen = spawnSync(join(ROOT, "bin/labgen"), ["100", "5", "--seed", "3"], { encoding: "utf8", maxBuffer: 64 << 20 });
    const file = tmp("b100.lp", gen.stdout);
    const out = sh("labcheck", [file, tmp("none.lp", "")]).out.split("\n");
    const rowLine = out.findIndex((l) => l.startsWith("100 "));
    expect(rowLine).toBeGreaterThan(2);
    const header = out.slice(rowLine - 3, rowLine);
    for (let c = 1; c <= 100; c++) {
      const at = 4 + 3 * (c - 1) + 1;
      const number = header.map((l) => l[at] ?? " ").join("").trim();
      expect(number, `column ${c}`).toBe(String(c));
    }
    // the row's tile is at the same place
    expect(out[rowLine][4 + 1]).not.toBe(" ");
  });
});

describe("item 11: integers are read one way everywhere, and echoed as written", () => {
  const HUGE = "99999999999999999999";

  it.each([
    ["--max-steps", ["--max-steps", HUGE]],
    ["-n", ["-n", HUGE]],
    ["--memory", ["--memory", HUGE]],
  ])("labsolve %s %s is a usage error (exit 65), as max_steps(%s) in a file is an error", (_, args) => {
    const r = sh("labsolve", [...args, EXAMPLE]);
    expect(r.code).toBe(65);
    expect(r.err).toContain(`${HUGE} is too large (integers up to 9007199254740991)`);
    const inFile = sh("labsolve", [tmp("m.lp", readFileSync(EXAMPLE, "utf8").replace(/max_steps\(\d+\)/, `max_steps(${HUGE})`))]);
    expect(inFile.code).toBe(65);
    expect(inFile.err).toContain(`${HUGE} is too large`);
  });

  it("2^53 - 1 itself is accepted on the command line, as in a file", () => {
    expect(sh("labsolve", ["--max-steps", "9007199254740991", EXAMPLE]).code).toBe(30);
  });

  it("labcheck echoes a witness's integer as written, and refuses it past 2^53 - 1 as the files do", () => {
    const r = sh("labcheck", [EXAMPLE, tmp("w.lp", `push(${HUGE},n,1).\n`)]);
    expect(r.code).toBe(1);
    expect(r.out).toContain(`push(${HUGE},n,1)`);
    expect(r.out).not.toContain("100000000000000000000");
    expect(r.out).toContain("too large");
    expect(sh("labcheck", ["10", EXAMPLE], `ANSWER\npush(${HUGE},n,1).\n`).out).toBe("FAIL\n");
  });
});

describe("item 10: labshow without a witness has a time limit and says whether it drew the shortest", () => {
  it("a 20x20 instance whose proof takes about a minute: --time-limit 2 draws the best solution found, not proven shortest", () => {
    const gen = spawnSync(join(ROOT, "bin/labgen"), ["20", "20", "--seed", "1020", "--style", "random"], { encoding: "utf8" });
    const file = tmp("r20.lp", gen.stdout);
    const started = performance.now();
    const r = sh("labshow", ["--time-limit", "2", file]);
    expect((performance.now() - started) / 1000).toBeLessThan(20);
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/labshow: the best solution found within the time limit \(\d+ pushes; not proven shortest: shortest >= \d+\)/);
    expect(r.out).toMatch(/valid: \d+ pushes/);
  });

  it("a small instance: the shortest solution, proven, and labshow says so", () => {
    const r = sh("labshow", ["--time-limit", "30", EXAMPLE]);
    expect(r.code).toBe(0);
    expect(r.err).toContain("labshow: the shortest solution (2 pushes, proven)");
  });
});

describe("item 18: --help and the commands say what they do", () => {
  it("labsolve --help gives --threads one default, the machine's cores", () => {
    const help = sh("labsolve", ["--help"]).out.replace(/\s+/g, " ");
    expect(help).toContain("(default: the machine's cores)");
    expect(help).not.toMatch(/\(default: the machine's cores\) \(default: \d+\)/);
  });

  it("labsolve batch --help: --out must not exist unless --resume; --max-entry-mb caps plain files too", () => {
    const help = sh("labsolve", ["batch", "--help"]).out.replace(/\s+/g, " ");
    expect(help).toContain("FILE must not exist unless --resume");
    expect(help).not.toContain("append one JSON line");
    expect(help).toContain("largest instance file or uncompressed zip entry");
  });

  it("labgen --help says --seed is required", () => {
    expect(sh("labgen", ["--help"]).out.replace(/\s+/g, " ")).toContain("random seed (integer; required)");
  });

  it.each([
    ["max_steps with --rules ipc2023", ["5", "7", "--rules", "ipc2023", "--seed", "1"], "max_steps 7: --rules ipc2023 takes N only"],
    ["--style with --rules ipc2023", ["5", "--rules", "ipc2023", "--seed", "1", "--style", "random"], "--style does not apply to ipc2023 instances (it applies to competition)"],
    ["--rotations with competition rules", ["5", "5", "--seed", "1", "--rotations", "3"], "--rotations does not apply to competition instances (it applies to ipc2023)"],
    ["--domain with competition rules", ["5", "5", "--seed", "1", "--domain"], "--domain does not apply to competition instances (it applies to ipc2023)"],
    ["a 1025x1025 board", ["1025", "5", "--seed", "1"], "N 1025: facts name fields up to 1024"],
  ])("labgen refuses %s (exit 65) instead of ignoring it", (_, args, message) => {
    const r = sh("labgen", args);
    expect(r.code).toBe(65);
    expect(r.out).toBe("");
    expect(r.err).toContain(`labgen: error: ${message}`);
  });

  it("labgen 5 --rules ipc2023 still writes a problem; 130x130 facts come with a note that labsolve stops at 128", () => {
    expect(sh("labgen", ["5", "--rules", "ipc2023", "--seed", "1"]).out).toContain("(define (problem");
    const big = sh("labgen", ["130", "5", "--seed", "1"]);
    expect(big.code).toBe(0);
    expect(big.err).toContain("labsolve solves boards up to 128x128");
  });

  it.each(["text", "html"])("labshow --step with --format %s is a usage error, not ignored", (format) => {
    const r = sh("labshow", ["--format", format, "--step", "1", EXAMPLE, tmp("w.lp", "push(1,w,1). push(2,n,2).")]);
    expect(r.code).toBe(65);
    expect(r.err).toContain("--step is for --format svg");
  });
});

describe("item 18: --stats names the rule set, for competition instances too", () => {
  it("labsolve --stats on a competition instance: '% rules: competition' first on stderr", () => {
    const r = sh("labsolve", ["--stats", EXAMPLE]);
    expect(r.err.split("\n")[0]).toMatch(/^% rules: competition /);
  });
});

describe("item 16: the IPC plan pictures use one coordinate system, the PDDL names beside", () => {
  const domain = join(ROOT, "docs/ipc2023/domain.pddl");
  const problem = join(ROOT, "docs/ipc2023/example.pddl");
  const plan = (): string => {
    const file = join(mkdtempSync(join(tmpdir(), "labyrinth-18-")), "example.plan");
    expect(sh("labsolve", ["plan", domain, problem, "-o", file]).code).toBe(30);
    return file;
  };

  it("text: a push's heading names the line the arrow names (rows from the south), the PDDL action in brackets", () => {
    const steps = sh("labshow", ["plan", domain, problem, plan()]).out.split("\n\n");
    let pushes = 0;
    for (const step of steps) {
      const head = /^step \d+: push (row|column) (\d+) (north|south|east|west)\s+\[\(start-move-card-\w+ [^\]]+\)\]$/m.exec(step);
      const arrow = /(row|column) (\d+) pushed ([nsew])$/m.exec(step);
      if (!head) {
        expect(arrow, step).toBeNull();
        continue;
      }
      pushes++;
      expect(arrow, step).not.toBeNull();
      expect([arrow![1], arrow![2], arrow![3]]).toEqual([head[1], head[2], head[3][0]]);
    }
    expect(pushes).toBeGreaterThan(0);
    expect(steps.join("\n")).not.toMatch(/push (row|column) pos\d/);
  });

  it("svg: every caption fits its step's width; the PDDL action is a second, smaller label", () => {
    const svg = sh("labshow", ["plan", "--format", "svg", domain, problem, plan()]).out;
    const width = Number(/width="(\d+)"/.exec(svg)![1]) / (svg.match(/<g class="step"/g) ?? []).length;
    const captions = [...svg.matchAll(/<text class="(caption|detail)"[^>]*font-size="(\d+)"[^>]*><title>[^<]*<\/title>([^<]*)</g)];
    expect(captions.length).toBeGreaterThan(10);
    for (const [, kind, size, text] of captions) {
      // at most 0.6 em a character: no caption runs into the next step's picture
      expect(text.length * 0.6 * Number(size), `${kind}: ${text}`).toBeLessThanOrEqual(width - 30);
    }
    expect(captions.some(([, kind, , text]) => kind === "detail" && text.startsWith("(move-"))).toBe(true);
  });
});
