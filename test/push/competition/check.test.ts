/**
 * The checker: every rule it enforces, the competition protocol, and the witness
 * layouts users paste. Instances are the spec's worked examples, whose solutions the
 * spec lists (4x4: exactly push(1,w,1) push(3,s,2) and push(1,w,1) push(2,n,2)).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkWitness, competitionCheck, type Rule } from "../../../src/push/competition/check.js";
import { readInstance } from "../../../src/push/competition/instance.js";
import { readOutput } from "../../../src/core/witness.js";

const EXAMPLE = readFileSync(new URL("../../../instances/example-4x4.lp", import.meta.url), "utf8");
const example = readInstance(EXAMPLE, "example-4x4.lp").instance;
const corridor = readInstance(
  "field(1,1). field(1,2). field(2,1). field(2,2). init_on(1,1). goal_on(1,2). connect(1,1,e). connect(1,2,w). max_steps(2).",
  "corridor.lp",
).instance;

function check(witness: string, instance = example) {
  const output = readOutput(witness, "w");
  return checkWitness(instance, output.answers[0]?.atoms ?? []);
}

describe("rules", () => {
  it.each(["push(1,w,1). push(3,s,2).", "push(2,n,2). push(1,w,1).", "push(1,w,1). push(1,w,1). push(2,n,2)."])("accepts the solution %s", (w) => {
    const v = check(w);
    expect(v.violation).toBeUndefined();
    expect(v.valid).toBe(true);
  });

  it("accepts a push followed by its inverse (not a no-op in general, a solution here)", () => {
    expect(check("push(1,e,1). push(1,w,2).", corridor).valid).toBe(true);
  });

  it.each<[string, string, Rule, number]>([
    ["a non-integer line", "push(a,w,1). push(3,s,2).", "malformed", 0],
    ["a non-integer step", "push(1,w,one). push(3,s,2).", "malformed", 0],
    ["a step below 1", "push(1,w,0). push(3,s,1).", "step-number", 0],
    ["a gap in the steps", "push(1,w,1). push(3,s,3).", "gap", 2],
    ["two pushes at one step", "push(1,w,1). push(2,w,1). push(3,s,2).", "two-pushes", 1],
    ["a row outside the board", "push(5,w,1). push(3,s,2).", "line", 1],
    ["a column outside the board", "push(1,w,1). push(0,s,2).", "line", 2],
    ["a bad direction", "push(1,x,1). push(3,s,2).", "direction", 1],
    ["more pushes than max_steps", "push(1,e,1). push(1,e,2). push(1,e,3).", "horizon", 3],
    ["a push after the goal became reachable", "push(1,w,1). push(3,s,2). push(1,e,3).", "goal-early", 2],
    ["the goal not reachable after the last push", "push(1,e,1). push(1,e,2).", "goal-not-reached", 2],
    ["no pushes while the goal is elsewhere", "", "goal-not-reached", 0],
  ])("rejects %s", (_, witness, rule, step) => {
    const v = check(witness);
    expect(v.valid).toBe(false);
    expect(v.violation?.rule).toBe(rule);
    expect(v.violation?.step).toBe(step);
  });

  it("rejects pushing when the goal is reachable at the start, and no walking happens before the first push", () => {
    const start = readInstance("field(1,1). init_on(1,1). goal_on(1,1). max_steps(1).", "one.lp").instance;
    expect(checkWitness(start, []).valid).toBe(true);
    expect(check("push(1,e,1).", start).violation?.rule).toBe("goal-early");
    // the corridor is open from the start, yet the goal needs a push (spec, second example)
    expect(check("", corridor).violation?.rule).toBe("goal-not-reached");
    expect(check("push(2,e,1).", corridor).valid).toBe(true);
    expect(check("push(1,e,1).", corridor).violation?.rule).toBe("goal-not-reached");
  });

  it("keeps the state of the failing step for the picture", () => {
    const v = check("push(1,e,1). push(1,e,2).");
    expect(v.trace.map((s) => s.step)).toEqual([0, 1, 2]);
    expect(v.trace[2].push).toEqual({ line: 1, dir: "e" });
    // the goal rode its tile: (1,4) -> (1,1) -> (1,2) with wraparound
    expect(v.trace[2].goal).toEqual({ row: 1, col: 2 });
  });
});

describe("witness layouts", () => {
  const valid = "push(1,w,1) push(3,s,2)";
  it.each([
    ["the competition's", `ANSWER\npush(1,w,1). push(3,s,2).\n`],
    ["clingo's default", `clingo version 5.4.1\nReading from stdin\nSolving...\nAnswer: 1\npush(3,s,2) push(1,w,1)\nSATISFIABLE\n\nModels       : 1+\nCalls        : 1\nTime         : 0.004s (Solving: 0.00s 1st Model: 0.00s Unsat: 0.00s)\nCPU Time     : 0.004s\n`],
    ["DLV's braces", `DLV [build BEN/Dec 17 2012 gcc 4.6.1]\n\n{push(1,w,1), push(3,s,2)}\n`],
    ["plain facts with comments", `% my answer\npush(1,w,1).\r\npush(3,s,2). %* done *%\n`],
    ["a whole answer set", `ANSWER\nfield(1,1). reach(3,2,0). push(1,w,1). conn(1,1,s,0). push(3,s,2). goal(1,4,0).\n`],
  ])("reads %s layout", (_, text) => {
    const out = readOutput(text, "w");
    expect(out.answers).toHaveLength(1);
    expect(checkWitness(example, out.answers[0].atoms).valid).toBe(true);
    expect(out.answers[0].atoms.filter((a) => a.name === "push").map((a) => `${a.name}(${a.args.map((t) => (t.kind === "integer" ? t.value : t.kind === "constant" ? t.name : "?")).join(",")})`).sort().join(" ")).toBe(valid);
  });

  it("reads several answers, and status lines", () => {
    const out = readOutput("Answer: 1\npush(1,w,1) push(3,s,2)\nAnswer: 2\npush(1,w,1) push(2,n,2)\nSATISFIABLE\n", "w");
    expect(out.answers.map((a) => a.atoms.length)).toEqual([2, 2]);
    expect(readOutput("INCONSISTENT\n", "w")).toMatchObject({ answers: [], saysInconsistent: true });
    expect(readOutput("UNSATISFIABLE\n", "w").saysInconsistent).toBe(true);
    expect(readOutput("ANSWER\n\n", "w").answers).toEqual([{ atoms: [], location: expect.anything() }]);
  });

  it("reads an instance and a witness concatenated", () => {
    const out = readOutput(`${EXAMPLE}\npush(1,w,1). push(3,s,2).`, "w");
    expect(out.answers).toHaveLength(1);
    expect(out.answers[0].atoms.some((a) => a.name === "connect")).toBe(true);
    expect(checkWitness(example, out.answers[0].atoms).valid).toBe(true);
  });

  it("reports malformed output with its position", () => {
    expect(() => readOutput("ANSWER\npush(1,w,1). push(3,s", "w.txt")).toThrow('w.txt:2:22: error: expected "," or ")", found end of input');
  });
});

describe("competition protocol", () => {
  const run = (exit: number, text: string) => competitionCheck(exit, example, readOutput(text, "w")).word;
  it.each([
    [10, "ANSWER\npush(1,w,1). push(3,s,2).\n", "OK"],
    [30, "ANSWER\npush(1,w,1). push(3,s,2).\nANSWER\npush(1,w,1). push(2,n,2).\n", "OK"],
    [10, "ANSWER\npush(1,w,1). push(3,n,2).\n", "FAIL"],
    [30, "ANSWER\npush(1,w,1). push(3,s,2).\nANSWER\npush(1,w,1). push(2,s,2).\n", "FAIL"],
    [10, "", "FAIL"],
    [10, "INCONSISTENT\n", "FAIL"],
    [20, "INCONSISTENT\n", "DONTKNOW"],
    [20, "ANSWER\npush(1,w,1). push(3,s,2).\n", "FAIL"],
    [1, "% interrupted\n", "DONTKNOW"],
    [11, "ANSWER\npush(1,w,1). push(3,s,2).\n", "OK"],
    [0, "push(1,w,1). push(3,s,2).", "OK"],
  ])("exit code %i with %j is %s", (exit, text, word) => {
    expect(run(exit, text)).toBe(word);
  });
});
