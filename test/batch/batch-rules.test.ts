/**
 * labsolve batch runs every rule set the registry knows: a folder of a competition
 * instance, a game instance, a text maze, a file of three mazes (labgen maze --count 3),
 * a Minotaur level and a transit-graph CSV gives one row per instance, each routed as
 * labsolve routes the file alone (`rules`), with labsolve's answer (`fewest`, `exitCode`),
 * every row valid against schema/batch-row.schema.json, and every answer accepted by
 * labcheck on its own. `verified` is the checker's: a row whose witness the rule set's
 * checker rejects is a verification error.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { outcomeRow } from "../../src/core/batch-row.js";
import type { Outcome } from "../../src/core/outcome.js";
import type { BatchRow } from "../../src/core/plugin.js";
import { runner as mazeRunner } from "../../src/maze/text/batch.js";
import { runner as theseusRunner } from "../../src/maze/theseus/batch.js";
import { runBin } from "../helpers/bin.js";

const ROOT = new URL("../..", import.meta.url).pathname;
const IPC = join(ROOT, "..", "shared", "ipc2023-labyrinth", "opt");
const BUILT = existsSync(join(ROOT, "dist/src/cli/labsolve.js"));

const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
ajv.addSchema(JSON.parse(readFileSync(join(ROOT, "schema/outcome.schema.json"), "utf8")) as object);
const validateRow = ajv.compile(JSON.parse(readFileSync(join(ROOT, "schema/batch-row.schema.json"), "utf8")) as object);

/** Asserts a row is valid against the schema, naming the errors. */
function expectValid(row: unknown): void {
  const ok = validateRow(row);
  expect(ok ? [] : validateRow.errors, JSON.stringify(row)).toEqual([]);
}

const rowsOf = (file: string): BatchRow[] =>
  readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as BatchRow)
    .filter((r) => typeof r.instance === "string");

/** A folder with one instance of each rule set batch runs, and a file of three mazes. */
function mixedFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), "labbatch-rules-"));
  copyFileSync(join(ROOT, "instances/example-4x4.lp"), join(dir, "competition.lp"));
  copyFileSync(join(ROOT, "docs/game-example.lp"), join(dir, "game.lp"));
  copyFileSync(join(ROOT, "instances/maze-8x12.txt"), join(dir, "maze.txt"));
  copyFileSync(join(ROOT, "instances/minotaur/02-4x4.txt"), join(dir, "level.txt"));
  copyFileSync(join(ROOT, "instances/labyrinth-of-theseus-edges.csv"), join(dir, "graph.csv"));
  const three = runBin("labgen", ["maze", "6", "7", "--count", "3", "--seed", "5", "--algorithm", "backtracker"]);
  expect(three.code, three.err).toBe(0);
  writeFileSync(join(dir, "three-mazes.txt"), three.out);
  return dir;
}

describe.skipIf(!BUILT)("labsolve batch: every rule set, rows in the outcome's shape", { timeout: 120_000 }, () => {
  it("one row per instance, routed and answered as labsolve alone, valid against the schema, each answer valid for labcheck", () => {
    const dir = mixedFolder();
    const out = join(mkdtempSync(join(tmpdir(), "labbatch-out-")), "rows.jsonl");
    const r = runBin("labsolve", ["batch", dir, "--include", "*.lp", "--include", "*.txt", "--include", "*.csv", "--out", out, "-j", "2"]);
    expect(r.code, r.err).toBe(0);
    const rows = rowsOf(out);
    const names = rows.map((x) => x.instance.slice(dir.length + 1)).sort();
    expect(names).toEqual(["competition.lp", "game.lp", "graph.csv", "level.txt", "maze.txt", "three-mazes.txt#1", "three-mazes.txt#2", "three-mazes.txt#3"]);
    for (const row of rows) {
      expectValid(row);
      expect(row.verified, row.instance).toBe(true);
      // the file alone (a maze of the three: its own text, as labgen writes one)
      const [file, k] = row.instance.split("#");
      let alone = file;
      if (k !== undefined) {
        alone = join(dir, `maze-${k}.alone`);
        writeFileSync(alone, readFileSync(file, "utf8").split(/\n\s*\n/)[Number(k) - 1] + "\n");
      }
      const single = runBin("labsolve", [alone, "--format", "json"]);
      const outcome = JSON.parse(single.out) as Outcome;
      expect(row.rules, row.instance).toBe(outcome.rules);
      expect(row.fewest, row.instance).toBe(outcome.fewest);
      expect(row.exitCode, row.instance).toBe(single.code);
      expect(row.status, row.instance).toBe(outcome.status);
      expect(row.cost, row.instance).toBe(outcome.cost);
      // the row's answer, read by labcheck on its own
      const check = runBin("labcheck", [alone, "--json"], `${(row.witness ?? []).map((w) => (row.witnessKind === "atoms" ? `${w}.` : w)).join(" ")}\n`);
      expect(check.code, `${row.instance}: ${check.out}${check.err}`).toBe(0);
      expect(JSON.parse(check.out).cost, row.instance).toBe(row.upperBound);
    }
    expect(new Set(rows.map((x) => x.rules))).toEqual(new Set(["competition", "game", "maze", "minotaur", "theseus"]));
    // the summary's table names each rule set and its cost kind
    const md = runBin("labsolve", ["batch", dir, "--include", "*.lp", "--include", "*.txt", "--include", "*.csv"]);
    expect(md.out).toMatch(/\| [^|]*graph\.csv \| theseus \| OPTIMUM FOUND \| 30 \| weight \| 30 \| 30 \|/);
    const json = runBin("labsolve", ["batch", dir, "--include", "*.csv", "--format", "json"]);
    for (const row of JSON.parse(json.out).instances) expectValid(row);
  });

  it.skipIf(!existsSync(join(IPC, "p02.pddl")))("IPC 2023: a problem with domain.pddl beside it (the IPC's layout) is a row; the domain is skipped with a note; a zip's problem is refused (skips without ../shared)", () => {
    const dir = mkdtempSync(join(tmpdir(), "labbatch-ipc-"));
    mkdirSync(join(dir, "opt"));
    mkdirSync(join(dir, "alone"));
    for (const f of ["domain.pddl", "p01.pddl", "p02.pddl"]) copyFileSync(join(IPC, f), join(dir, "opt", f));
    copyFileSync(join(IPC, "p01.pddl"), join(dir, "alone", "p01.pddl"));
    writeFileSync(join(dir, "set.zip"), zipSync({ "opt/domain.pddl": readFileSync(join(IPC, "domain.pddl")), "opt/p01.pddl": readFileSync(join(IPC, "p01.pddl")) }));
    const out = join(dir, "rows.jsonl");
    const r = runBin("labsolve", ["batch", join(dir, "opt"), join(dir, "alone"), join(dir, "set.zip"), "--include", "*.pddl", "--out", out, "--time-limit", "60"]);
    expect(r.code).toBe(65);
    expect(r.err).toContain(`note: ${join(dir, "opt", "domain.pddl")}: skipped: a PDDL domain, not a problem`);
    const rows = rowsOf(out);
    for (const row of rows) expectValid(row);
    expect(rows.map((x) => x.instance).sort()).toEqual([join(dir, "alone", "p01.pddl"), join(dir, "opt", "p01.pddl"), join(dir, "opt", "p02.pddl"), `${join(dir, "set.zip")}:opt/p01.pddl`].sort());
    for (const p of ["p01.pddl", "p02.pddl"]) {
      const row = rows.find((x) => x.instance === join(dir, "opt", p))!;
      const single = runBin("labsolve", ["plan", join(dir, "opt", "domain.pddl"), join(dir, "opt", p)]);
      expect(row).toMatchObject({ rules: "ipc2023", cost: "plan cost", witnessKind: "actions", verified: true, exitCode: single.code });
      expect(row.fewest).toBe(Number(/; cost = (\d+)/.exec(single.out)![1]));
      const plan = join(dir, `${p}.plan`);
      writeFileSync(plan, `${row.witness!.join("\n")}\n`);
      const check = runBin("labcheck", ["plan", join(dir, "opt", "domain.pddl"), join(dir, "opt", p), plan]);
      expect(check.code, check.out + check.err).toBe(0);
      expect(check.out).toContain(`plan cost ${row.upperBound}`);
    }
    expect(rows.find((x) => x.instance === join(dir, "alone", "p01.pddl"))).toMatchObject({ rules: "ipc2023", errorKind: "input", exitCode: 65 });
    expect(rows.find((x) => x.instance === join(dir, "alone", "p01.pddl"))!.error).toContain(`expected the domain beside the problem: ${join(dir, "alone", "domain.pddl")}`);
    expect(rows.find((x) => x.instance.endsWith(".zip:opt/p01.pddl"))!.error).toContain("unzip it");
  });

  it("the default include stays *.lp and *.asp: the mazes, levels and graphs are not read without --include", () => {
    const dir = mixedFolder();
    const r = runBin("labsolve", ["batch", dir, "--format", "json"]);
    expect(r.code, r.err).toBe(0);
    expect(JSON.parse(r.out).instances.map((x: BatchRow) => x.rules).sort()).toEqual(["competition", "game"]);
  });

  it("an option a rule set does not take is an error row, as labsolve refuses it (65); the push rows still run", () => {
    const dir = mixedFolder();
    const r = runBin("labsolve", ["batch", join(dir, "maze.txt"), join(dir, "competition.lp"), "--any", "--format", "json"]);
    expect(r.code).toBe(65);
    const rows = JSON.parse(r.out).instances as BatchRow[];
    for (const row of rows) expectValid(row);
    const maze = rows.find((x) => x.instance.endsWith("maze.txt"))!;
    expect(maze).toMatchObject({ rules: "maze", errorKind: "input", exitCode: 65, status: "UNKNOWN" });
    expect(maze.error).toContain("--any does not apply to maze instances");
    expect(runBin("labsolve", [join(dir, "maze.txt"), "--any"]).code).toBe(65);
    const alone = runBin("labsolve", [join(dir, "competition.lp"), "--any", "--format", "json"]);
    expect(rows.find((x) => x.instance.endsWith("competition.lp"))).toMatchObject({ rules: "competition", status: JSON.parse(alone.out).status, exitCode: alone.code, verified: true });
  });

  it("a file of mazes whose second maze is broken: the first is answered, the second refused at the file's LINE:COL", () => {
    const dir = mkdtempSync(join(tmpdir(), "labbatch-rules-"));
    const good = runBin("labgen", ["maze", "2", "3", "--count", "2", "--seed", "1", "--algorithm", "backtracker"]).out;
    const lines = good.split("\n");
    // maze 2 starts on line 7: its first row of cells (line 8) starts with a letter, not a wall
    lines[7] = `x${lines[7].slice(1)}`;
    writeFileSync(join(dir, "two.txt"), lines.join("\n"));
    const single = runBin("labsolve", [join(dir, "two.txt")]);
    expect(single.code).toBe(65);
    const r = runBin("labsolve", ["batch", join(dir, "two.txt"), "--format", "json"]);
    expect(r.code).toBe(65);
    const rows = JSON.parse(r.out).instances as BatchRow[];
    expect(rows.map((x) => [x.instance.slice(dir.length + 1), x.status, x.verified])).toEqual([
      ["two.txt#1", "OPTIMUM FOUND", true],
      ["two.txt#2", "UNKNOWN", null],
    ]);
    expect(rows[1].error).toMatch(new RegExp(`^${join(dir, "two.txt")}:8:1: error: `));
    for (const row of rows) expectValid(row);
  });
});

describe("batch rows: verified is the rule set's checker's", () => {
  const maze = readFileSync(join(ROOT, "instances/maze-8x12.txt"), "utf8");
  /** The outcome a solver would return, with a witness of our choosing (no solver runs). */
  const outcomeWith = (witness: string[], cost: number): Outcome => ({
    rules: "maze",
    status: "OPTIMUM FOUND",
    exitCode: 30,
    cost: "moves",
    witnessKind: "moves",
    fewest: cost,
    optimal: true,
    lowerBound: cost,
    upperBound: cost,
    exhausted: false,
    interrupted: false,
    answers: 1,
    models: [{ cost, witness }],
    notes: [],
    statistics: { seconds: 0, states: 0 },
  });

  it("a witness the maze's checker rejects makes a verification error row, valid against the schema", async () => {
    const row = await outcomeRow("m.txt", outcomeWith(["south", "south", "east"], 3), (w) => mazeRunner.verify(maze, "m.txt", w, {}));
    expect(row).toMatchObject({ verified: false, errorKind: "verification" });
    expect(row.error).toMatch(/^ANSWER REJECTED BY THE CHECKER: step 3: /);
    expectValid(row);
  });

  it("a witness whose cost the checker counts otherwise is rejected; the same walk with its true cost is verified", async () => {
    const real = (await mazeRunner.run(maze, "m.txt", {}))!;
    expect(real.verified).toBe(true);
    const walk = real.witness!;
    const lying = await outcomeRow("m.txt", outcomeWith(walk, walk.length - 1), (w) => mazeRunner.verify(maze, "m.txt", w, {}));
    expect(lying).toMatchObject({ verified: false, errorKind: "verification" });
    expect(lying.error).toContain(`the solver says ${walk.length - 1} moves, the checker counts ${walk.length}`);
    const honest = await outcomeRow("m.txt", outcomeWith(walk, walk.length), (w) => mazeRunner.verify(maze, "m.txt", w, {}));
    expect(honest.verified).toBe(true);
    expectValid(honest);
  });

  it("the transit graph's checker judges the graph's rows: a path not ending at the exit is rejected", async () => {
    const csv = readFileSync(join(ROOT, "instances/labyrinth-of-theseus-edges.csv"), "utf8");
    const verdict = await theseusRunner.verify(csv, "g.csv", ["0a", "2a", "4b"], {});
    expect(verdict.valid).toBe(false);
    const row = (await theseusRunner.run(csv, "g.csv", {}))!;
    expect(row).toMatchObject({ rules: "theseus", verified: true, cost: "weight" });
    expectValid({ ...row, seconds: 0 });
  });
});
