/**
 * One JSON shape for every rule set (docs/contract.md): labsolve --format json of each rule
 * set and mode validates against schema/outcome.schema.json (ajv, JSON Schema 2020-12), and
 * its status, exit code and `optimal` agree with the process's exit code, as clingo's do.
 * labsolve plan writes no json: its outcome is validated as the planner part returns it.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";

const ROOT = new URL("../..", import.meta.url).pathname;
const schema = JSON.parse(readFileSync(join(ROOT, "schema/outcome.schema.json"), "utf8")) as object;
const validate = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true }).compile(schema);

const CORRIDOR0 = "field(1,1). field(1,2). field(2,1). field(2,2). init_on(1,1). goal_on(1,2). connect(1,1,e). connect(1,2,w). max_steps(0).";
const CLOSED_MAZE = "+-+-+\n|S|E|\n+-+-+\n";
const CAGED_LEVEL = "+-+-+-+\n|T M   \n+-+-+-+\n";

/** What each run should say: the exit code, the status, the rule set. */
const RUNS: { name: string; args: string[]; input?: string; rules: string; exit: number; status: string }[] = [
  { name: "competition, the fewest pushes", args: ["instances/example-4x4.lp"], rules: "competition", exit: 30, status: "OPTIMUM FOUND" },
  { name: "competition, -n 0", args: ["-n", "0", "instances/example-4x4.lp"], rules: "competition", exit: 30, status: "SATISFIABLE" },
  { name: "competition, -n 1 of 2 cut", args: ["-n", "3", "--max-steps", "2", "instances/example-4x4.lp"], rules: "competition", exit: 30, status: "SATISFIABLE" },
  { name: "competition, --any", args: ["--any", "instances/example-4x4.lp"], rules: "competition", exit: 30, status: "OPTIMUM FOUND" },
  { name: "competition, none", args: ["-"], input: CORRIDOR0, rules: "competition", exit: 20, status: "UNSATISFIABLE" },
  { name: "game", args: ["docs/game-example.lp"], rules: "game", exit: 30, status: "OPTIMUM FOUND" },
  ...["bfs", "dijkstra", "astar"].map((a) => ({ name: `maze, ${a}`, args: ["--algorithm", a, "instances/maze-8x12.txt"], rules: "maze", exit: 30, status: "OPTIMUM FOUND" })),
  ...["dfs", "wall-follower", "tremaux", "dead-end-filling"].map((a) => ({ name: `maze, ${a}`, args: ["--algorithm", a, "instances/maze-8x12.txt"], rules: "maze", exit: 10, status: "SATISFIABLE" })),
  { name: "maze, no path", args: ["-"], input: CLOSED_MAZE, rules: "maze", exit: 20, status: "UNSATISFIABLE" },
  { name: "turn rule", args: ["--rule", "turn", "instances/maze-turn-5x6.txt"], rules: "maze", exit: 30, status: "OPTIMUM FOUND" },
  { name: "turn rule, -n 0", args: ["--rule", "turn", "-n", "0", "instances/maze-turn-5x6.txt"], rules: "maze", exit: 30, status: "SATISFIABLE" },
  { name: "turn rule, -n 2 cut", args: ["--rule", "turn", "-n", "2", "instances/maze-turn-5x6.txt"], rules: "maze", exit: 10, status: "SATISFIABLE" },
  { name: "theseus", args: ["instances/labyrinth-of-theseus-edges.csv"], rules: "theseus", exit: 30, status: "OPTIMUM FOUND" },
  { name: "theseus, -n 3 cut", args: ["-n", "3", "instances/labyrinth-of-theseus-edges.csv"], rules: "theseus", exit: 10, status: "SATISFIABLE" },
  { name: "minotaur", args: ["instances/minotaur/01-4x4.txt"], rules: "minotaur", exit: 30, status: "OPTIMUM FOUND" },
  { name: "minotaur, -n 0", args: ["-n", "0", "instances/minotaur/02-4x4.txt"], rules: "minotaur", exit: 30, status: "SATISFIABLE" },
  { name: "minotaur, no escape", args: ["-"], input: CAGED_LEVEL, rules: "minotaur", exit: 20, status: "UNSATISFIABLE" },
];

describe("labsolve --format json validates against schema/outcome.schema.json", () => {
  it.each(RUNS)("$name: exit $exit, $status", ({ args, input, rules, exit, status }) => {
    const r = spawnSync(join(ROOT, "bin/labsolve"), ["--format", "json", ...args], { cwd: ROOT, input: input ?? "", encoding: "utf8", maxBuffer: 64 << 20 });
    expect(r.status, r.stderr).toBe(exit);
    const doc = JSON.parse(r.stdout) as Record<string, unknown> & { models: { cost: number }[]; answers: number };
    expect(validate(doc), JSON.stringify(validate.errors)).toBe(true);
    expect({ rules: doc.rules, status: doc.status, exitCode: doc.exitCode }).toEqual({ rules, status, exitCode: exit });
    // every answer kept for json, fewest first
    expect(doc.models).toHaveLength(doc.answers);
    const costs = doc.models.map((m) => m.cost);
    expect(costs).toEqual([...costs].sort((a, b) => a - b));
    // pretty-printed with two spaces, as every rule set's
    expect(r.stdout.startsWith('{\n  "rules": ')).toBe(true);
  }, 60_000);

  it("the schema refuses what the contract forbids: SATISFIABLE beside optimal true, a missing witness", () => {
    const good = JSON.parse(spawnSync(join(ROOT, "bin/labsolve"), ["-f", "json", "instances/example-4x4.lp"], { cwd: ROOT, encoding: "utf8" }).stdout) as Record<string, unknown> & { models: object[] };
    expect(validate(good)).toBe(true);
    expect(validate({ ...good, status: "SATISFIABLE" })).toBe(false);
    expect(validate({ ...good, models: [{ cost: 2 }] })).toBe(false);
    expect(validate({ ...good, statistics: { seconds: 0.1 } })).toBe(false);
  });
});

describe("labsolve plan's outcome validates too", () => {
  it("the example problem: a proven plan, OPTIMUM FOUND, exit 30, its actions the witness", async () => {
    const read = (f: string) => ({ text: readFileSync(join(ROOT, f), "utf8"), name: f });
    // the built registry: the planner's worker threads are dist's modules
    const { planRuleSet } = (await import(join(ROOT, "dist/src/registry.js"))) as typeof import("../../src/registry.js");
    const solver = await planRuleSet().solver();
    const r = await solver.solve({ domain: read("docs/ipc2023/domain.pddl"), problem: read("docs/ipc2023/example.pddl") }, { threads: 1 }, { write: () => undefined });
    const doc = JSON.parse(JSON.stringify(r.outcome)) as Record<string, unknown> & { models: { cost: number; witness: string[] }[] };
    expect(validate(doc), JSON.stringify(validate.errors)).toBe(true);
    expect({ rules: doc.rules, status: doc.status, exitCode: r.exitCode, cost: doc.cost }).toEqual({ rules: "ipc2023", status: "OPTIMUM FOUND", exitCode: 30, cost: "plan cost" });
    expect(r.plan).toBe(`${doc.models[0].witness.join("\n")}\n; cost = ${doc.models[0].cost} (general cost)\n`);
  }, 60_000);
});

describe("the same layouts for every rule set: competition and clingo agree with the json outcome", () => {
  const solve = (format: string, args: string[], input?: string) => spawnSync(join(ROOT, "bin/labsolve"), ["--format", format, ...args], { cwd: ROOT, input: input ?? "", encoding: "utf8", maxBuffer: 64 << 20 });
  it.each(RUNS.filter((r) => !r.name.includes("--any")))("$name", ({ args, input, exit }) => {
    const doc = JSON.parse(solve("json", args, input).stdout) as { status: string; witnessKind: string; answers: number; models: { witness: string[] }[] };
    const lines = (text: string) => text.split("\n");
    // competition: ANSWER and the witness line per answer (atoms as facts with dots), INCONSISTENT when none exists
    const plain = solve("competition", args, input);
    expect(plain.status).toBe(exit);
    const out = lines(plain.stdout);
    const witnesses = out.filter((_, i) => i > 0 && out[i - 1] === "ANSWER");
    const written = doc.models.map((m) => (doc.witnessKind === "atoms" ? m.witness.map((a) => `${a}.`).join(" ") : m.witness.join(" ")));
    expect(witnesses.sort()).toEqual([...written].sort());
    expect(out.includes("INCONSISTENT")).toBe(doc.status === "UNSATISFIABLE");
    expect(out.filter((l) => l !== "" && l !== "ANSWER" && l !== "INCONSISTENT" && !witnesses.includes(l)).every((l) => l.startsWith("% "))).toBe(true);
    // clingo: the header, Answer: k with the witness without dots, the status line in clingo's words, Models
    const clingo = solve("clingo", args, input);
    expect(clingo.status).toBe(exit);
    const c = lines(clingo.stdout);
    expect(c.slice(0, 3).map((l) => l.split(" ")[0])).toEqual(["labsolve", "Reading", "Solving..."]);
    const answers = c.filter((_, i) => i > 0 && /^Answer: \d+$/.test(c[i - 1]));
    for (const m of doc.models) expect(answers).toContain(m.witness.join(" "));
    expect(c).toContain(doc.status);
    expect(c.some((l) => /^Models {7}: \d+\+?$/.test(l))).toBe(true);
  }, 60_000);
});

describe("labsolve X | labcheck X - in the competition and json layouts (the static labyrinths)", () => {
  const pipe = (args: string[], file: string, format: string) => {
    const solved = spawnSync(join(ROOT, "bin/labsolve"), ["--format", format, ...args, file], { cwd: ROOT, encoding: "utf8" });
    return spawnSync(join(ROOT, "bin/labcheck"), [file, "-"], { cwd: ROOT, input: solved.stdout, encoding: "utf8" });
  };
  it.each([
    { args: [], file: "instances/maze-8x12.txt" },
    { args: ["--algorithm", "dfs"], file: "instances/maze-8x12.txt" },
    { args: ["--rule", "turn"], file: "instances/maze-turn-5x6.txt" },
    { args: [], file: "instances/labyrinth-of-theseus-edges.csv" },
    { args: [], file: "instances/minotaur/07-5x5.txt" },
  ])("$file $args: valid (exit 0)", ({ args, file }) => {
    for (const format of ["competition", "json"]) {
      const r = pipe(args, file, format);
      expect(r.status, `${format}: ${r.stdout}${r.stderr}`).toBe(0);
      expect(r.stdout).toMatch(/^(valid|VALID): /);
    }
  }, 60_000);
});
