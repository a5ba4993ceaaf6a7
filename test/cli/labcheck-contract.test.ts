/**
 * labcheck's half of the one-toolkit contract, for every rule set: one Verdict (first
 * line `valid: ...` or `invalid: step K: ...`, --json validated against
 * schema/verdict.schema.json with ajv), the witness read the same way (INSTANCE WITNESS,
 * INSTANCE -, INSTANCE < WITNESS, - < BOTH, EXITCODE INSTANCE < OUTPUT) in every layout
 * labsolve writes (competition ANSWER lines, clingo, json, plain), checks of the instance
 * alone only on request (--instance), options that do not apply refused, naming the rule set.
 * Witnesses are built here by an independent walk written in the test, not by labsolve.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
import { bin, runBin } from "../helpers/bin.js";
import { tmpFile } from "../helpers/tmp.js";

const ROOT = new URL("../..", import.meta.url).pathname;
const EXAMPLE_FILE = join(ROOT, "instances/example-4x4.lp");
const FACTS = join(ROOT, "instances/example-4x4.lp");
const MAZE = join(ROOT, "instances/maze-8x12.txt");
const TURN = join(ROOT, "instances/maze-turn-5x6.txt");
const LEVEL = join(ROOT, "instances/minotaur/01-4x4.txt");
const CSV = join(ROOT, "instances/labyrinth-of-theseus-edges.csv");
const GAME = join(ROOT, "../shared/spec/board-game-puzzle6.lp");
const DIR = mkdtempSync(join(tmpdir(), "labcheck-contract-"));

const sh = bin;

const WORDS = ["north", "east", "south", "west"];
const DR = [-1, 0, 1, 0];
const DC = [0, 1, 0, -1];

/**
 * A plain reading of a text maze (cells at odd lines and columns) and a BFS over (cell,
 * last move) written here: the fewest moves from S to E, with the turn rule when asked.
 */
function shortestWalk(file: string, turn: boolean): string[] {
  const lines = readFileSync(file, "utf8").split("\n").filter((l) => l.length > 0);
  const rows = (lines.length - 1) / 2;
  const cols = (lines[0].length - 1) / 2;
  const at = (r: number, c: number) => lines[2 * r + 1]?.[2 * c + 1] ?? " ";
  let start = [0, 0];
  let goal = [0, 0];
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) {
    if (at(r, c) === "S") start = [r, c];
    if (at(r, c) === "E") goal = [r, c];
  }
  const open = (r: number, c: number, d: number) => (lines[2 * r + 1 + DR[d]]?.[2 * c + 1 + DC[d]] ?? "+") === " ";
  const key = (r: number, c: number, d: number) => `${r},${c},${d}`;
  const prev = new Map<string, string | null>([[key(start[0], start[1], -1), null]]);
  const moveInto = new Map<string, number>();
  const queue: [number, number, number][] = [[start[0], start[1], -1]];
  for (let q = 0; q < queue.length; q++) {
    const [r, c, last] = queue[q];
    if (r === goal[0] && c === goal[1]) {
      const moves: string[] = [];
      for (let k: string | null = key(r, c, last); k !== null; k = prev.get(k)!) {
        const d = moveInto.get(k);
        if (d !== undefined) moves.unshift(WORDS[d]);
      }
      return moves;
    }
    for (let d = 0; d < 4; d++) {
      if (turn && last >= 0 && d % 2 === last % 2) continue;
      const nr = r + DR[d];
      const nc = c + DC[d];
      if (!open(r, c, d) || nr < 0 || nc < 0 || nr >= rows || nc >= cols) continue;
      const k = key(nr, nc, turn ? d : -1);
      if (prev.has(k)) continue;
      prev.set(k, key(r, c, last));
      moveInto.set(k, d);
      queue.push([nr, nc, turn ? d : -1]);
    }
  }
  throw new Error("no walk");
}

const MAZE_WALK = shortestWalk(MAZE, false);
const TURN_WALK = shortestWalk(TURN, true);
/** The Minotaur level's 20-move escape (its labsolve answer, checked below against the rules' independent replay in test/maze/minotaur/minotaur.test.ts). */
const LEVEL_MOVES = "west north west south west north north north south south south east north east south east north north north east".split(" ");
/** The transit graph's shortest path, the puzzle author's (../shared/spec/text-maze.md: weight 30.0, 14 edges). */
const PATH = "0a 2a 4b 9a 15a 10a 6a 8a 11b 16b 18b 20b 27a 33a 37a".split(" ");
const PUSHES = ["push(1,w,1)", "push(2,n,2)"];

interface Case {
  name: string;
  instance: string;
  flags: string[];
  witness: string[];
  /** the witness broken at a known step */
  broken: { witness: string[]; step: number };
  cost: number;
}

const CASES: Case[] = [
  { name: "competition", instance: FACTS, flags: [], witness: PUSHES, broken: { witness: ["push(1,w,1)", "push(2,s,2)"], step: 2 }, cost: 2 },
  { name: "maze", instance: MAZE, flags: [], witness: MAZE_WALK, broken: { witness: [...MAZE_WALK.slice(0, 3), MAZE_WALK[3] === "north" ? "south" : "north", ...MAZE_WALK.slice(4)], step: 4 }, cost: MAZE_WALK.length },
  { name: "maze", instance: TURN, flags: ["--rule", "turn"], witness: TURN_WALK, broken: { witness: [TURN_WALK[0], TURN_WALK[0], ...TURN_WALK.slice(2)], step: 2 }, cost: TURN_WALK.length },
  { name: "minotaur", instance: LEVEL, flags: [], witness: LEVEL_MOVES, broken: { witness: ["east", ...LEVEL_MOVES.slice(1)], step: 1 }, cost: 20 },
  { name: "theseus", instance: CSV, flags: [], witness: PATH, broken: { witness: [PATH[0], PATH[1], PATH[3], ...PATH.slice(4)], step: 2 }, cost: 30 },
];

/** The witness in each layout labsolve writes (the contract's), and plain. */
function layouts(c: Case, witness: string[]): Record<string, string> {
  const line = c.name === "competition" ? witness.map((a) => `${a}.`).join(" ") : witness.join(" ");
  return {
    competition: `% a comment\nANSWER\n${line}\n`,
    clingo: `labsolve version 0.1.0\nReading from x\nSolving...\nAnswer: 1\n${witness.join(" ")}\nOptimization: ${c.cost}\nOPTIMUM FOUND\n\nModels       : 1\n`,
    json: `${JSON.stringify({ rules: c.name, status: "OPTIMUM FOUND", exitCode: 30, models: [{ cost: c.cost, witness }] }, null, 2)}\n`,
    plain: `${line}\n`,
  };
}

const ajv = new Ajv({ allErrors: true });
const validate = ajv.compile(JSON.parse(readFileSync(join(ROOT, "schema/verdict.schema.json"), "utf8")) as object);

describe.each(CASES)("labcheck on $name $flags", (c) => {
  it("valid in every layout and every way of giving the witness; invalid at the broken step; --json validates", async () => {
    for (const [layout, text] of Object.entries(layouts(c, c.witness))) {
      const file = join(DIR, `${c.name}-${layout}.out`);
      writeFileSync(file, text);
      for (const [how, args, input] of [
        ["INSTANCE WITNESS", [c.instance, file], ""],
        ["INSTANCE -", [c.instance, "-"], text],
        ["INSTANCE < WITNESS", [c.instance], text],
      ] as const) {
        const r = await sh("labcheck", [...c.flags, ...args], input);
        expect({ layout, how, code: r.code, err: r.err }).toEqual({ layout, how, code: 0, err: "" });
        expect(r.out.split("\n")[0]).toMatch(/^valid: /);
      }
      const json = await sh("labcheck", [...c.flags, "--json", c.instance, file]);
      const doc = JSON.parse(json.out) as { rules: string; valid: boolean; cost: number };
      expect(validate(doc), JSON.stringify(validate.errors)).toBe(true);
      expect(doc).toMatchObject({ rules: c.name, valid: true, cost: c.cost });
      expect(json.out).toBe(`${JSON.stringify(doc, null, 2)}\n`);
      // the competition protocol
      expect(await sh("labcheck", [...c.flags, "30", c.instance], text)).toMatchObject({ code: 0, out: "OK\n" });
    }
    for (const [layout, text] of Object.entries(layouts(c, c.broken.witness))) {
      const r = await sh("labcheck", [...c.flags, c.instance, "-"], text);
      expect({ layout, code: r.code }).toEqual({ layout, code: 1 });
      expect(r.out.split("\n")[0]).toMatch(new RegExp(`^invalid: step ${c.broken.step}: `));
      const json = JSON.parse(((await sh("labcheck", [...c.flags, "--json", c.instance, "-"], text))).out) as { valid: boolean; violation: { step: number } };
      expect(validate(json), JSON.stringify(validate.errors)).toBe(true);
      expect(json).toMatchObject({ valid: false, violation: { step: c.broken.step } });
      expect(await sh("labcheck", [...c.flags, "10", c.instance], text)).toMatchObject({ code: 1, out: "FAIL\n" });
    }
  });

  it("an instance and a witness concatenated on standard input (labcheck -)", async () => {
    const file = readFileSync(c.instance, "utf8");
    const instance = file.endsWith("\n") ? file : `${file}\n`;
    const ok = await sh("labcheck", [...c.flags, "-"], `${instance}${layouts(c, c.witness).competition}`);
    expect(ok.code, ok.err).toBe(0);
    expect(ok.out).toMatch(/^valid: /);
    const bad = await sh("labcheck", [...c.flags, "-"], `${instance}${layouts(c, c.broken.witness).plain}`);
    expect(bad.out).toMatch(new RegExp(`^invalid: step ${c.broken.step}: `));
  });

  it("nothing to check in an INCONSISTENT or UNKNOWN output: exit 2, DONTKNOW", async () => {
    expect(await sh("labcheck", [...c.flags, c.instance], "INCONSISTENT\n")).toMatchObject({ code: 2, out: "nothing to check: the output says INCONSISTENT; unsatisfiability is not verified\n" });
    const json = await sh("labcheck", [...c.flags, "--json", c.instance], `${JSON.stringify({ rules: c.name, status: "UNKNOWN", models: [] })}\n`);
    expect(json.code).toBe(2);
    expect(validate(JSON.parse(json.out))).toBe(true);
    expect(await sh("labcheck", [...c.flags, "20", c.instance], "INCONSISTENT\n")).toMatchObject({ code: 2, out: "DONTKNOW\n" });
  });
});

describe("labcheck: a witness is never ignored", async () => {
  it("a maze with a wrong move list is invalid (it ran the perfection check and exited 0)", async () => {
    const r = await sh("labcheck", [MAZE], "[north, north]");
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/^invalid: step 1: north from \(1, 1\): a wall/);
  });

  it("the perfection check and the graph's figures are asked for with --instance", async () => {
    const maze = await sh("labcheck", ["--instance", MAZE]);
    expect(maze).toMatchObject({ code: 0 });
    expect(maze.out).toMatch(/^perfect: 96 cells/);
    expect((await sh("labcheck", ["--instance", CSV])).out).toBe("transit graph: 38 transits, 76 states, 166 directed edges\n");
    const json = JSON.parse(((await sh("labcheck", ["--instance", "--json", MAZE]))).out) as { perfect: boolean };
    expect(json.perfect).toBe(true);
    expect((await sh("labcheck", ["--instance", FACTS])).err).toMatch(/^labcheck: error: --instance: competition instances have no check without a witness/);
  });

  it("several answers (-n 2): each judged, the document names the first bad one", async () => {
    const text = `ANSWER\n${MAZE_WALK.join(" ")}\nANSWER\nnorth\n`;
    const r = await sh("labcheck", [MAZE], text);
    expect(r.code, r.err).toBe(1);
    expect(r.out).toMatch(/^answer 1: valid: /);
    expect(r.out).toMatch(/\nanswer 2: invalid: step 1: /);
    const doc = JSON.parse(((await sh("labcheck", ["--json", MAZE], text))).out) as { answer: number; answers: unknown[] };
    expect(validate(doc)).toBe(true);
    expect(doc).toMatchObject({ answer: 2, valid: false });
    expect(doc.answers).toHaveLength(2);
  });
});

describe("labcheck's options come from the registry", async () => {
  it("a flag that does not apply to the rule set is a usage error naming it, exit 65", async () => {
    expect(await sh("labcheck", ["--rule", "turn", FACTS], PUSHES.join(". "))).toMatchObject({ code: 65, err: "labcheck: error: --rule does not apply to competition instances (it applies to maze)\n" });
    expect(await sh("labcheck", ["--rule", "turn", LEVEL], LEVEL_MOVES.join(" "))).toMatchObject({ code: 65, err: "labcheck: error: --rule does not apply to minotaur instances (it applies to maze)\n" });
    expect(await sh("labcheck", ["--cost", "moves", MAZE], MAZE_WALK.join(" "))).toMatchObject({ code: 65, err: "labcheck: error: --cost does not apply to maze instances (it applies to game)\n" });
  });

  it("--help says what it checks for every rule set, with its input and an example; w is west, WASD's W north", async () => {
    const help = (await sh("labcheck", ["--help"])).out;
    for (const name of ["competition", "game", "ipc2023", "maze", "minotaur", "theseus"]) expect(help).toMatch(new RegExp(`^  ${name} +\\S`, "m"));
    expect(help).not.toMatch(/Checks push-labyrinth witnesses/);
    expect(help).toMatch(/e\.g\. labcheck instances\/maze-8x12\.txt/);
    expect(help).toMatch(/w is west/);
    expect(help).toMatch(/W A S D move north, west, south, east/);
  });

  it("labcheck plan --help prints plan's own help (it printed the general help)", async () => {
    const r = await sh("labcheck", ["plan", "--help"]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^Usage: labcheck plan \[options\] DOMAIN PROBLEM PLAN/);
  });
});

describe.skipIf(!existsSync(GAME))("labcheck on a board game instance", async () => {
  it("the verdict comes first; the rules line below it", async () => {
    const r = await sh("labcheck", [GAME], "push(9,9,1).");
    expect(r.out.split("\n")[0]).toMatch(/^invalid: step 1: /);
    expect(r.out.split("\n")[1]).toMatch(/^rules: game/);
    const json = JSON.parse(((await sh("labcheck", ["--json", GAME], "push(9,9,1)."))).out) as { rules: string };
    expect(validate(json), JSON.stringify(validate.errors)).toBe(true);
    expect(json.rules).toBe("game");
  });
});

const OPT = join(ROOT, "../shared/ipc2023-labyrinth/opt");

describe("labcheck plan: the same verdict", () => {
  it("an empty plan: invalid at step 0 (the goal not reached), --json validates", async () => {
    const empty = join(DIR, "empty.plan");
    writeFileSync(empty, "");
    const args = ["plan", join(ROOT, "docs/ipc2023/domain.pddl"), join(ROOT, "docs/ipc2023/example.pddl"), empty];
    const r = await sh("labcheck", args);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/^invalid: step 0: goal \(left\) not reached after 0 actions\n/);
    const doc = JSON.parse((await sh("labcheck", [...args, "--json"])).out) as object;
    expect(validate(doc), JSON.stringify(validate.errors)).toBe(true);
    expect(doc).toMatchObject({ rules: "ipc2023", valid: false, violation: { step: 0 } });
  });

  it.skipIf(!existsSync(join(OPT, "p01.plan")))("a stored optimal plan of the IPC: valid with its cost", async () => {
    const plan = join(OPT, "p01.plan");
    const cost = Number(/;; Cost: (\d+)/.exec(readFileSync(plan, "utf8"))![1]);
    const args = ["plan", join(OPT, "domain.pddl"), join(OPT, "p01.pddl"), plan];
    expect((await sh("labcheck", args)).out).toMatch(new RegExp(`^valid: plan cost ${cost} \\(\\d+ actions\\)`));
    const doc = JSON.parse((await sh("labcheck", [...args, "--json"])).out) as object;
    expect(validate(doc), JSON.stringify(validate.errors)).toBe(true);
    expect(doc).toMatchObject({ rules: "ipc2023", valid: true, cost, costKind: "plan cost" });
  });
});

describe("labcheck reads every format labsolve writes, json included", () => {
  it.each([
    ["competition", []],
    ["clingo", []],
    ["json", []],
    ["json", ["-n", "0"]],
    ["clingo", ["-n", "0"]],
  ])("labsolve --format %s %j: the competition checker says OK, human mode valid", (format, extra) => {
    const solved = runBin("labsolve", ["--format", format, ...extra, EXAMPLE_FILE]);
    expect(solved.code).toBe(30);
    const file = tmpFile(`out.${format}`, solved.out);
    expect(runBin("labcheck", [String(solved.code), EXAMPLE_FILE], solved.out)).toMatchObject({ code: 0, out: "OK\n" });
    const human = runBin("labcheck", [EXAMPLE_FILE, file]);
    expect(human.code).toBe(0);
    expect(human.out).toMatch(/^(answer 1: )?valid: 2 pushes/);
  });

  it("a json document whose atom breaks a rule: FAIL, and the human verdict points into the document", () => {
    const doc = runBin("labsolve", ["--format", "json", EXAMPLE_FILE]).out.replace("push(2,n,2)", "push(2,x,2)");
    expect(runBin("labcheck", ["30", EXAMPLE_FILE], doc).out).toBe("FAIL\n");
    const line = doc.split("\n").findIndex((l) => l.includes("push(2,x,2)")) + 1;
    const human = runBin("labcheck", [EXAMPLE_FILE, tmpFile("bad.json", doc)]);
    expect(human.code).toBe(1);
    expect(human.out).toContain(`(line ${line}, column`);
  });

  it("an INCONSISTENT json document reads as INCONSISTENT: DONTKNOW with exit code 20 (not verified), FAIL with 10", () => {
    const corridor = tmpFile("c.lp", "field(1,1). field(1,2). field(2,1). field(2,2). init_on(1,1). goal_on(2,2). max_steps(0).\n");
    const solved = runBin("labsolve", ["--format", "json", corridor]);
    expect(solved.code).toBe(20);
    expect(runBin("labcheck", ["20", corridor], solved.out).out).toBe("DONTKNOW\n");
    expect(runBin("labcheck", ["10", corridor], solved.out).out).toBe("FAIL\n");
  });

  it("a broken json document is an error (exit 65), at its line and column where JSON.parse names one", () => {
    const r = runBin("labcheck", [EXAMPLE_FILE, tmpFile("b.json", '{\n  "status": "SATISFIABLE",\n  "models": [\n')]);
    expect(r.code).toBe(65);
    expect(r.err).toMatch(/b\.json(:\d+:\d+)?: error: not a JSON document/);
  });
});

describe("labcheck --json answers in JSON whatever the verdict", () => {
  it.each([
    ["INCONSISTENT", "INCONSISTENT\n"],
    ["UNKNOWN", "UNKNOWN\n"],
  ])("%s output: a JSON document (valid null, exit 2)", (says, text) => {
    const r = runBin("labcheck", ["--json", EXAMPLE_FILE, tmpFile("o.txt", text)]);
    expect(r.code).toBe(2);
    expect(JSON.parse(r.out)).toMatchObject({ rules: "competition", valid: null, says });
  });

  it("valid and invalid witnesses: JSON too", () => {
    expect(JSON.parse(runBin("labcheck", ["--json", EXAMPLE_FILE, tmpFile("w.lp", "push(1,w,1). push(2,n,2).")]).out)).toMatchObject({ valid: true });
    expect(JSON.parse(runBin("labcheck", ["--json", EXAMPLE_FILE, tmpFile("w.lp", "push(1,w,1).")]).out)).toMatchObject({ valid: false });
  });
});

describe("labcheck's board header keeps column numbers apart at 100 columns and more", () => {
  it("on a 100x100 board each column's number stands above its tile", () => {
    const gen = runBin("labgen", ["100", "5", "--seed", "3"]);
    const file = tmpFile("b100.lp", gen.out);
    const out = runBin("labcheck", [file, tmpFile("none.lp", "")]).out.split("\n");
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
