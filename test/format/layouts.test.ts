/**
 * The output layouts (src/format/), rule-set neutral, fed by hand-made runs, and clingo's
 * status and exit code of every way a run can end (src/core/outcome.ts statusOf).
 */
import { describe, expect, it } from "vitest";
import { makeOutcome, statusOf, type Model, type RunEnd } from "../../src/core/outcome.js";
import { makeLayout } from "../../src/format/index.js";

const pushes = (n: number): Model => ({ cost: n, witness: Array.from({ length: n }, (_, i) => `push(${i + 1},w,${i + 1})`) });
const walk = (...w: string[]): Model => ({ cost: w.length, witness: w });

function end(over: Partial<RunEnd>): RunEnd {
  return { rules: "competition", cost: "pushes", witnessKind: "atoms", wanted: 1, answers: 0, proven: false, exhausted: false, interrupted: false, lowerBound: 0, upperBound: null, models: [], statistics: { seconds: 0.5, states: 0 }, ...over };
}

function capture(format: "competition" | "clingo" | "json", wanted = 1) {
  let text = "";
  const layout = makeLayout(format, { write: (s) => (text += s), version: "9.9", source: "stdin", wanted });
  return { layout, text: () => text };
}

describe("statusOf: clingo's status and exit code", () => {
  it.each([
    [{ answers: 1, optimal: true, exhausted: false, interrupted: false }, "OPTIMUM FOUND", 30],
    [{ answers: 2, optimal: false, exhausted: true, interrupted: false }, "SATISFIABLE", 30],
    [{ answers: 1, optimal: false, exhausted: false, interrupted: false }, "SATISFIABLE", 10],
    [{ answers: 1, optimal: false, exhausted: false, interrupted: true }, "SATISFIABLE", 11],
    [{ answers: 0, optimal: false, exhausted: true, interrupted: false }, "UNSATISFIABLE", 20],
    [{ answers: 0, optimal: false, exhausted: false, interrupted: true }, "UNKNOWN", 1],
  ])("%o: %s, exit %i", (run, status, exitCode) => {
    expect(statusOf(run)).toEqual({ status, exitCode });
  });

  it("optimal only when one answer was wanted: -n 2 proven and cut is SATISFIABLE 10; fewest the proven best's cost", () => {
    expect(makeOutcome(end({ wanted: 2, answers: 2, proven: true, upperBound: 3 }))).toMatchObject({ status: "SATISFIABLE", exitCode: 10, optimal: false, fewest: 3 });
    expect(makeOutcome(end({ answers: 1, proven: true, upperBound: 3, interrupted: true }))).toMatchObject({ status: "OPTIMUM FOUND", exitCode: 30, optimal: true, fewest: 3 });
    expect(makeOutcome(end({ answers: 1, upperBound: 9, lowerBound: 7, interrupted: true, interruptedBy: "time limit" }))).toMatchObject({ status: "SATISFIABLE", exitCode: 11, fewest: null, interruptedBy: "time limit" });
  });
});

describe("the competition layout", () => {
  it("one answer wanted and interrupted: ANSWER, the witness as facts, the bounds comment, the interruption", () => {
    const { layout, text } = capture("competition");
    layout.start();
    layout.model(pushes(2), "atoms");
    layout.end(makeOutcome(end({ answers: 1, upperBound: 2, lowerBound: 1, interrupted: true, interruptedBy: "time limit" })));
    expect(text()).toBe("ANSWER\npush(1,w,1). push(2,w,2).\n% pushes 2, shortest >= 1\n% interrupted: time limit\n");
  });

  it("move words without dots, the notes as comments; INCONSISTENT when none exists", () => {
    const a = capture("competition");
    a.layout.model(walk("south", "east"), "moves");
    a.layout.end(makeOutcome(end({ rules: "maze", cost: "moves", witnessKind: "moves", answers: 1, proven: true, upperBound: 2, notes: ["bfs: 2 moves, the fewest"] })));
    expect(a.text()).toBe("ANSWER\nsouth east\n% bfs: 2 moves, the fewest\n");
    const b = capture("competition");
    b.layout.end(makeOutcome(end({ exhausted: true })));
    expect(b.text()).toBe("INCONSISTENT\n");
  });
});

describe("the clingo layout", () => {
  it("one answer wanted: each better answer with its Optimization, bounds as comments, the final answer not twice, OPTIMUM FOUND", () => {
    const { layout, text } = capture("clingo");
    layout.start();
    layout.better(pushes(3), "atoms");
    layout.lowerBound(2);
    layout.better(pushes(2), "atoms");
    layout.model(pushes(2), "atoms");
    layout.end(makeOutcome(end({ answers: 1, proven: true, lowerBound: 2, upperBound: 2 })));
    expect(text()).toBe(
      "labsolve version 9.9\nReading from stdin\nSolving...\n" +
        "Answer: 1\npush(1,w,1) push(2,w,2) push(3,w,3)\nOptimization: 3\n% shortest >= 2\n" +
        "Answer: 2\npush(1,w,1) push(2,w,2)\nOptimization: 2\n" +
        "OPTIMUM FOUND\n\nModels       : 2\n  Optimum    : yes\nOptimization : 2\nCalls        : 1\nTime         : 0.500s\n",
    );
  });

  it("a rule set without better answers (a maze): its one answer, then OPTIMUM FOUND; -n 0: every answer, no optimisation lines", () => {
    const a = capture("clingo");
    a.layout.start();
    a.layout.model(walk("south"), "moves");
    a.layout.end(makeOutcome(end({ rules: "maze", witnessKind: "moves", cost: "moves", answers: 1, proven: true, upperBound: 1, lowerBound: 1 })));
    expect(a.text()).toBe("labsolve version 9.9\nReading from stdin\nSolving...\nAnswer: 1\nsouth\nOptimization: 1\nOPTIMUM FOUND\n\nModels       : 1\n  Optimum    : yes\nOptimization : 1\nCalls        : 1\nTime         : 0.500s\n");
    const b = capture("clingo", 0);
    b.layout.start();
    b.layout.model(pushes(1), "atoms");
    b.layout.model(pushes(2), "atoms");
    b.layout.end(makeOutcome(end({ wanted: 0, answers: 2, exhausted: true, proven: true, upperBound: 1 })));
    expect(b.text()).toBe("labsolve version 9.9\nReading from stdin\nSolving...\nAnswer: 1\npush(1,w,1)\nAnswer: 2\npush(1,w,1) push(2,w,2)\nSATISFIABLE\n\nModels       : 2\nCalls        : 1\nTime         : 0.500s\n");
  });
});

describe("the json layout", () => {
  it("the outcome, pretty-printed with two spaces, at the end only", () => {
    const { layout, text } = capture("json");
    expect(layout.keepsAnswers).toBe(true);
    layout.model(pushes(9), "atoms");
    expect(text()).toBe("");
    const o = makeOutcome(end({ answers: 1, upperBound: 9, lowerBound: 7, interrupted: true, interruptedBy: "time limit", models: [pushes(9)] }));
    layout.end(o);
    expect(text()).toBe(`${JSON.stringify(o, null, 2)}\n`);
    expect(JSON.parse(text())).toMatchObject({ status: "SATISFIABLE", exitCode: 11, lowerBound: 7, upperBound: 9, optimal: false, fewest: null });
  });
});
