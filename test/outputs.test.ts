/** The output formats as objects (src/push/competition/outputs.ts), fed by hand-made runs. */
import { describe, expect, it } from "vitest";
import type { Push } from "../src/push/competition/board.js";
import { makeOutput, type Output } from "../src/push/competition/outputs.js";
import type { RunResult } from "../src/push/competition/search/run/run.js";

const sol = (length: number): Push[] => Array.from({ length }, (_, i) => ({ line: i + 1, dir: "w" as const }));

function run(over: Partial<RunResult>): RunResult {
  return { solutions: [], count: over.solutions?.length ?? 0, depths: [], exhausted: false, interrupted: false, interruptedBy: undefined, lowerBound: 0, upperBound: undefined, optimal: false, nodes: 0, seconds: 0.5, ...over };
}

function capture(format: "competition" | "clingo" | "json", models = 1): { out: Output; text: () => string } {
  let text = "";
  const out = makeOutput(format, { write: (s) => (text += s), version: "9.9", source: "stdin", models });
  return { out, text: () => text };
}

describe("competition output", () => {
  it("models 1 interrupted: one ANSWER, the bounds comment, the interruption", () => {
    const { out, text } = capture("competition");
    out.start();
    out.better(sol(9), { lower: 4, upper: 9 });
    out.lowerBound({ lower: 7, upper: 9 });
    out.solution(sol(9));
    out.end(run({ solutions: [sol(9)], interrupted: true, interruptedBy: "time limit", lowerBound: 7, upperBound: 9 }));
    expect(text()).toBe(`ANSWER\n${sol(9).map((p, i) => `push(${p.line},w,${i + 1}).`).join(" ")}\n% pushes 9, shortest >= 7\n% interrupted: time limit\n`);
  });

  it("no bounds comment when the run was not interrupted, INCONSISTENT when exhausted without a solution", () => {
    const a = capture("competition");
    a.out.solution(sol(2));
    a.out.end(run({ solutions: [sol(2)], lowerBound: 2, upperBound: 2, optimal: true }));
    expect(a.text()).toBe("ANSWER\npush(1,w,1). push(2,w,2).\n");
    const b = capture("competition");
    b.out.end(run({ exhausted: true, lowerBound: 5 }));
    expect(b.text()).toBe("INCONSISTENT\n");
  });
});

describe("clingo output", () => {
  it("models 1: each better solution numbered with its Optimization, lower bounds as comments, OPTIMUM FOUND when proven", () => {
    const { out, text } = capture("clingo");
    out.start();
    out.better(sol(3), { lower: 0, upper: 3 });
    out.lowerBound({ lower: 2, upper: 3 });
    out.better(sol(2), { lower: 2, upper: 2 });
    out.solution(sol(2)); // the final answer: not printed again
    out.end(run({ solutions: [sol(2)], lowerBound: 2, upperBound: 2, optimal: true }));
    expect(text()).toBe(
      "labsolve version 9.9\nReading from stdin\nSolving...\n" +
        "Answer: 1\npush(1,w,1) push(2,w,2) push(3,w,3)\nOptimization: 3\n% shortest >= 2\n" +
        "Answer: 2\npush(1,w,1) push(2,w,2)\nOptimization: 2\n" +
        "OPTIMUM FOUND\n\nModels       : 2\n  Optimum    : yes\nOptimization : 2\nCalls        : 1\nTime         : 0.500s\n",
    );
  });

  it("-n 0: every answer, no optimisation lines", () => {
    const { out, text } = capture("clingo", 0);
    out.solution(sol(1));
    out.solution(sol(2));
    out.end(run({ solutions: [sol(1), sol(2)], exhausted: true, lowerBound: 1, upperBound: 1, optimal: true }));
    expect(text()).toBe("Answer: 1\npush(1,w,1)\nAnswer: 2\npush(1,w,1) push(2,w,2)\nSATISFIABLE\n\nModels       : 2\nCalls        : 1\nTime         : 0.500s\n");
  });
});

describe("json output", () => {
  it("carries the bounds: lowerBound, upperBound, optimal, and fewest only when proven", () => {
    const { out, text } = capture("json");
    out.end(run({ solutions: [sol(9)], interrupted: true, lowerBound: 7, upperBound: 9 }));
    expect(JSON.parse(text())).toMatchObject({ status: "SATISFIABLE", exitCode: 11, lowerBound: 7, upperBound: 9, optimal: false, fewest: null });
    const none = capture("json");
    none.out.end(run({ interrupted: true, lowerBound: 3 }));
    expect(JSON.parse(none.text())).toMatchObject({ status: "UNKNOWN", exitCode: 1, lowerBound: 3, upperBound: null, optimal: false });
  });
});
