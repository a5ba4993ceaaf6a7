/**
 * The round trip as a matrix (docs/contract.md, docs/contract-checking.md): for every rule
 * set on a small bundled instance and every output format it has, one solve, then
 * 1. labsolve exits as the contract says (30 proven fewest, 10 an answer not proven);
 * 2. its output piped to labcheck is valid (exit 0, first line `valid: ...`), and
 *    `labcheck EXITCODE INSTANCE < OUTPUT` says OK;
 * 3. labshow draws it from standard input (exit 0, the picture names the same count);
 * 4. the json validates against schema/outcome.schema.json (ajv);
 * 5. the witness mutated in the text received (its last move dropped; one move changed) is
 *    invalid at the step the mutation broke, computed here from the mutation.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { beforeAll, describe, expect, it } from "vitest";
import { planOutput } from "../../src/core/checker-protocol.js";
import { bin, type Run } from "../helpers/bin.js";

const ROOT = new URL("../..", import.meta.url).pathname;
const schema = JSON.parse(readFileSync(join(ROOT, "schema/outcome.schema.json"), "utf8")) as object;
const validate = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true }).compile(schema);


const sh = bin;

const WORDS = ["north", "east", "south", "west"];

/**
 * A direction (0..3, north, east, south, west) walled off at the cell marked `mark` of a
 * text grid (cells at odd lines and columns, walls between them): read here from the file.
 */
function walledAt(file: string, mark: string): number {
  const lines = readFileSync(join(ROOT, file), "utf8").split("\n");
  for (let y = 1; y < lines.length; y += 2) {
    const x = lines[y].indexOf(mark);
    if (x < 0 || x % 2 === 0) continue;
    const around = [lines[y - 1]?.[x], lines[y][x + 1], lines[y + 1]?.[x], lines[y][x - 1]];
    const d = around.findIndex((ch) => ch !== undefined && ch !== " ");
    if (d >= 0) return d;
  }
  throw new Error(`${file}: no walled side at ${mark}`);
}

/** A mutation of the witness tokens and the step it breaks (1-based). */
interface Mutation {
  what: string;
  apply(tokens: string[]): string[];
  step(tokens: string[]): number;
}

/** The last move dropped: the witness now ends away from the goal, which its (shorter) last step shows. */
const dropLast = (stepsOf: (n: number) => number): Mutation => ({
  what: "the last move dropped",
  apply: (t) => t.slice(0, -1),
  step: (t) => stepsOf(t.length - 1),
});

/** The first move turned into a wall at the start: broken at step 1. */
const firstIntoWall = (file: string, mark: string): Mutation => ({
  what: "the first move into a wall",
  apply: (t) => [WORDS[walledAt(file, mark)], ...t.slice(1)],
  step: () => 1,
});

interface Cell {
  rules: string;
  /** labsolve's arguments (before -f), labcheck's and labshow's (the instance, with its flags) */
  solve: string[];
  check: string[];
  exit: number;
  formats: string[];
  /** the count the picture names, from the witness tokens */
  picture: (tokens: string[], show: string) => void;
  mutations: Mutation[];
}

const MAZE = "instances/maze-8x12.txt";
const TURN = "instances/maze-turn-5x6.txt";
const LEVEL = "instances/minotaur/01-4x4.txt";
const CSV = "instances/labyrinth-of-theseus-edges.csv";
const FACTS = "instances/example-4x4.lp";
const GAME = "docs/game-example.lp";
const ALL = ["competition", "clingo", "json"];
const same = (n: number) => n;

const CELLS: Cell[] = [
  {
    rules: "competition", solve: [FACTS], check: [FACTS], exit: 30, formats: ALL,
    picture: (t, s) => expect(s).toMatch(new RegExp(`^valid: ${t.length} pushes$`, "m")),
    // optimal: no shorter prefix reaches the goal; the last push reversed reaches it no more
    mutations: [dropLast(same), { what: "the last push reversed", apply: (t) => [...t.slice(0, -1), t[t.length - 1].replace(/,([nesw]),/, (_m, d: string) => `,${({ n: "s", s: "n", e: "w", w: "e" } as Record<string, string>)[d]},`)], step: (t) => t.length }],
  },
  {
    rules: "game", solve: [GAME], check: [GAME], exit: 30, formats: ALL,
    picture: (t, s) => expect(s).toMatch(new RegExp(`^valid: cost ${t.length}$`, "m")),
    mutations: [dropLast(same)],
  },
  {
    rules: "maze (bfs)", solve: [MAZE], check: [MAZE], exit: 30, formats: ALL,
    picture: (t, s) => expect(s).toMatch(new RegExp(`^${t.length} moves \\(\\. the path\\)$`, "m")),
    mutations: [dropLast(same), firstIntoWall(MAZE, "S")],
  },
  {
    rules: "maze (dfs, not proven fewest)", solve: ["--algorithm", "dfs", MAZE], check: [MAZE], exit: 10, formats: ALL,
    picture: (t, s) => expect(s).toMatch(new RegExp(`^${t.length} moves \\(\\. the path\\)$`, "m")),
    mutations: [dropLast(same), firstIntoWall(MAZE, "S")],
  },
  {
    rules: "maze --rule turn", solve: ["--rule", "turn", TURN], check: ["--rule", "turn", TURN], exit: 30, formats: ALL,
    picture: (t, s) => expect(s).toMatch(new RegExp(`^${t.length} moves \\(\\. the path\\)$`, "m")),
    // the second move the same as the first: straight on (or into a wall), broken at step 2
    mutations: [dropLast(same), { what: "the second move the first's again", apply: (t) => [t[0], t[0], ...t.slice(2)], step: () => 2 }],
  },
  {
    rules: "theseus", solve: [CSV], check: [CSV], exit: 30, formats: ALL,
    // the witness is states; its steps are the edges between them
    picture: (t, s) => expect(s.split("->").length - 1).toBe(t.length - 1),
    mutations: [dropLast((n) => n - 1)],
  },
  {
    rules: "minotaur", solve: [LEVEL], check: [LEVEL], exit: 30, formats: ALL,
    picture: (t, s) => expect(s).toMatch(new RegExp(`escaped after ${t.length} moves`)),
    mutations: [dropLast(same), firstIntoWall(LEVEL, "T")],
  },
];

/** The index of clingo's last `Answer: N` line, or -1. */
function lastAnswer(lines: string[]): number {
  for (let i = lines.length - 1; i >= 0; i--) if (/^Answer: \d+$/.test(lines[i])) return i;
  return -1;
}

/** The witness tokens in labsolve's output of format `f`, and a function that puts other tokens in their place. */
function witnessOf(f: string, out: string): { tokens: string[]; replace: (t: string[]) => string } {
  if (f === "json") {
    const doc = JSON.parse(out) as { models: { witness: string[] }[] };
    const m = doc.models[doc.models.length - 1];
    return { tokens: m.witness, replace: (t) => JSON.stringify({ ...doc, models: [{ ...m, witness: t }] }, null, 2) };
  }
  const lines = out.split("\n");
  const at = f === "competition" ? lines.lastIndexOf("ANSWER") + 1 : lastAnswer(lines) + 1;
  expect(at, out).toBeGreaterThan(0);
  const tokens = lines[at].trim().split(/\s+/).map((a) => a.replace(/\.$/, ""));
  const dot = f === "competition" && lines[at].trim().endsWith(".");
  return { tokens, replace: (t) => [...lines.slice(0, at), t.map((a) => (dot ? `${a}.` : a)).join(" "), ...lines.slice(at + 1)].join("\n") };
}

for (const cell of CELLS) {
  for (const f of cell.formats) {
    describe.concurrent(`${cell.rules}, -f ${f}`, () => {
      let solved: Run;
      beforeAll(async () => {
        solved = await sh("labsolve", [...cell.solve, "-f", f]);
      }, 60_000);

      it(`1. labsolve exits ${cell.exit}`, () => {
        expect(solved.code, solved.err).toBe(cell.exit);
        expect(solved.err).toBe("");
      });

      it("2. labcheck reads it from stdin: valid, and EXITCODE INSTANCE < OUTPUT says OK", async () => {
        const [v, ok] = await Promise.all([sh("labcheck", cell.check, solved.out), sh("labcheck", [String(cell.exit), ...cell.check], solved.out)]);
        expect(v.code, v.out + v.err).toBe(0);
        expect(v.out.split("\n")[0]).toMatch(/^valid: /);
        expect(ok.code, ok.out + ok.err).toBe(0);
        expect(ok.out.split("\n")).toContain("OK");
      }, 60_000);

      it("3. labshow draws it from stdin, naming the same count", async () => {
        const s = await sh("labshow", [...cell.check, "-"], solved.out);
        expect(s.code, s.err).toBe(0);
        cell.picture(witnessOf(f, solved.out).tokens, s.out + s.err);
      }, 60_000);

      if (f === "json") {
        it("4. the json validates against schema/outcome.schema.json", () => {
          const doc = JSON.parse(solved.out) as object;
          expect(validate(doc), JSON.stringify(validate.errors)).toBe(true);
        });
      }

      for (const m of cell.mutations) {
        it(`5. ${m.what}: invalid at the step it broke`, async () => {
          const w = witnessOf(f, solved.out);
          const k = m.step(w.tokens);
          const bad = await sh("labcheck", cell.check, w.replace(m.apply(w.tokens)));
          expect(bad.code, bad.out + bad.err).toBe(1);
          const first = bad.out.split("\n")[0];
          const got = /^invalid: step (\d+): /.exec(first);
          expect(got, first).not.toBeNull();
          expect(Number(got?.[1]), first).toBeLessThanOrEqual(k);
          expect(Number(got?.[1]), first).toBeGreaterThanOrEqual(1);
        }, 60_000);
      }
    });
  }
}

/** labsolve plan in the IPC plan format (its default); labcheck plan and labshow plan take it as PLAN (- for stdin). */
describe.concurrent("ipc2023 (labsolve plan), the IPC plan format", () => {
  const files = ["docs/ipc2023/domain.pddl", "docs/ipc2023/example.pddl"];
  let solved: Run;
  const actions = () => solved.out.split("\n").filter((l) => l.startsWith("("));
  const withActions = (a: string[]) => `${a.join("\n")}\n`;
  beforeAll(async () => {
    solved = await sh("labsolve", ["plan", ...files]);
  }, 60_000);

  it("1. labsolve plan exits 30 (proven optimal)", () => {
    expect(solved.code, solved.err).toBe(30);
    expect(solved.out).toMatch(/^; cost = \d+ \(general cost\)$/m);
  });

  it("2. labcheck plan reads it from stdin: valid", async () => {
    const v = await sh("labcheck", ["plan", ...files, "-"], solved.out);
    expect(v.code, v.out + v.err).toBe(0);
    expect(v.out.split("\n")[0]).toMatch(/^valid: /);
  }, 60_000);

  it("2. labcheck 30 plan DOMAIN PROBLEM < OUTPUT says OK, as labcheck plan 30 DOMAIN PROBLEM does", async () => {
    for (const args of [[String(solved.code), "plan", ...files], ["plan", String(solved.code), ...files]]) {
      const ok = await sh("labcheck", args, solved.out);
      expect(ok.code, args.join(" ") + ok.out + ok.err).toBe(0);
      expect(ok.out).toBe("OK\n");
    }
  }, 60_000);

  it("2. the EXITCODE protocol on a plan: FAIL for a broken plan, a missing plan or a plan beside 20; DONTKNOW for 20 without one", async () => {
    const cases: [exit: string, output: string, word: string, code: number][] = [
      ["30", withActions(actions().slice(1)), "FAIL", 1], // the first action dropped: invalid at step 1
      ["30", "", "FAIL", 1], // a plan claimed, none given
      ["20", solved.out, "FAIL", 1], // "no plan exists" beside a plan
      ["20", "; no plan exists\n", "DONTKNOW", 2],
      ["10", solved.out, "OK", 0],
    ];
    for (const [exit, output, word, code] of cases) {
      const r = await sh("labcheck", ["plan", exit, ...files], output);
      expect(r.out, `${exit} ${JSON.stringify(output.slice(0, 40))} ${r.err}`).toBe(`${word}\n`);
      expect(r.code).toBe(code);
      expect(r.err).toMatch(/^% /);
    }
  }, 60_000);

  it("2. a planner's output for the protocol: the empty plan (`; cost = 0` alone) is an answer; comments alone are none", () => {
    expect(planOutput("; cost = 0 (general cost)\n")).toMatchObject({ answers: ["; cost = 0 (general cost)\n"], saysInconsistent: false });
    expect(planOutput(solved.out).answers).toEqual([solved.out]);
    expect(planOutput("; no plan found: stopped by the time limit (every plan costs at least 7)\n")).toEqual({ answers: [], saysInconsistent: false, saysUnknown: true });
    expect(planOutput("; no plan exists\n")).toEqual({ answers: [], saysInconsistent: true, saysUnknown: false });
  });

  it("2. labcheck plan --help states the EXITCODE protocol", async () => {
    const h = await sh("labcheck", ["plan", "--help"]);
    expect(h.code).toBe(0);
    expect(h.out).toMatch(/labcheck plan EXITCODE DOMAIN PROBLEM < OUTPUT/);
    for (const word of ["OK", "FAIL", "DONTKNOW"]) expect(h.out).toMatch(new RegExp(`^  ${word} +exit \\d`, "m"));
  }, 60_000);

  it("3. labshow plan draws it from stdin, naming the same cost", async () => {
    const s = await sh("labshow", ["plan", ...files, "-"], solved.out);
    expect(s.code, s.err).toBe(0);
    const cost = /^; cost = (\d+)/m.exec(solved.out)?.[1];
    expect(s.out).toMatch(new RegExp(`^valid cost=${cost}$`, "m"));
  }, 60_000);

  it("5. the first action dropped: invalid at step 1 (the next one needs the push started)", async () => {
    const a = actions();
    expect(a[0]).toMatch(/^\(start-move-card-/);
    const bad = await sh("labcheck", ["plan", ...files, "-"], withActions(a.slice(1)));
    expect(bad.code, bad.out + bad.err).toBe(1);
    expect(bad.out.split("\n")[0]).toMatch(/^invalid: step 1: /);
  }, 60_000);

  it("5. the last action dropped: invalid at the new last step or earlier", async () => {
    const a = actions();
    const bad = await sh("labcheck", ["plan", ...files, "-"], withActions(a.slice(0, -1)));
    expect(bad.code, bad.out + bad.err).toBe(1);
    const got = /^invalid: step (\d+): /.exec(bad.out.split("\n")[0]);
    expect(got, bad.out).not.toBeNull();
    expect(Number(got?.[1])).toBeLessThanOrEqual(a.length - 1);
  }, 60_000);
});

/** labsolve plan --format json: the outcome document every rule set writes; labcheck plan and labshow plan read it as they read a plan file. */
describe.concurrent("ipc2023 (labsolve plan --format json), the outcome document", () => {
  const files = ["docs/ipc2023/domain.pddl", "docs/ipc2023/example.pddl"];
  let solved: Run;
  let plan: Run;
  const doc = () => JSON.parse(solved.out) as { rules: string; status: string; exitCode: number; fewest: number; models: { cost: number; witness: string[] }[] };
  beforeAll(async () => {
    [solved, plan] = await Promise.all([sh("labsolve", ["plan", ...files, "--format", "json"]), sh("labsolve", ["plan", ...files])]);
  }, 60_000);

  it("1. exits 30 as the plan format does; 4. the document validates against the schema, and its plan is the plan format's", () => {
    expect(solved.code, solved.err).toBe(30);
    expect(validate(doc()), JSON.stringify(validate.errors)).toBe(true);
    expect(doc()).toMatchObject({ rules: "ipc2023", status: "OPTIMUM FOUND", exitCode: 30 });
    expect(doc().models.at(-1)?.witness).toEqual(plan.out.split("\n").filter((l) => l.startsWith("(")));
    expect(doc().fewest).toBe(Number(/^; cost = (\d+)/m.exec(plan.out)?.[1]));
  });

  it("2. labcheck plan reads it from stdin (valid, the same cost) and by the EXITCODE protocol (OK)", async () => {
    const v = await sh("labcheck", ["plan", ...files, "-"], solved.out);
    expect(v.code, v.out + v.err).toBe(0);
    expect(v.out.split("\n")[0]).toBe(`valid: plan cost ${doc().fewest} (${doc().models.at(-1)?.witness.length} actions); the goal is reached`);
    const ok = await sh("labcheck", ["plan", "30", ...files], solved.out);
    expect(ok.out, ok.err).toBe("OK\n");
  }, 60_000);

  it("3. labshow plan draws it from stdin, naming the same cost", async () => {
    const s = await sh("labshow", ["plan", ...files, "-"], solved.out);
    expect(s.code, s.err).toBe(0);
    expect(s.out).toMatch(new RegExp(`^valid cost=${doc().fewest}$`, "m"));
  }, 60_000);

  it("5. the first action dropped from the document's plan: invalid at step 1, and FAIL by the protocol", async () => {
    const d = doc();
    const last = d.models[d.models.length - 1];
    const mutated = JSON.stringify({ ...d, models: [...d.models.slice(0, -1), { ...last, witness: last.witness.slice(1) }] }, null, 2);
    const bad = await sh("labcheck", ["plan", ...files, "-"], mutated);
    expect(bad.code, bad.out + bad.err).toBe(1);
    expect(bad.out.split("\n")[0]).toMatch(/^invalid: step 1: /);
    const fail = await sh("labcheck", ["plan", "30", ...files], mutated);
    expect(fail.out).toBe("FAIL\n");
  }, 60_000);
});
