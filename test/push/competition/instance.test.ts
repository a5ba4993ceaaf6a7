/** Every parser and instance-validation message, with its FILE:LINE:COL. */
import { describe, expect, it } from "vitest";
import { InputError } from "../../../src/core/errors.js";
import { readInstance } from "../../../src/push/competition/instance.js";

const BOARD2 = "field(1,1). field(1,2). field(2,1). field(2,2).";
const GOOD = `${BOARD2}\ninit_on(1,1). goal_on(2,2).\nconnect(1,1,e). connect(1,2,w).\nmax_steps(3).\n`;

function errorOf(text: string): string {
  try {
    readInstance(text, "t.lp");
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    return (e as InputError).message;
  }
  throw new Error("expected an InputError");
}

describe("reading a well-formed instance", () => {
  it("reads the facts into a validated instance, coordinates 1-based", () => {
    const { instance, warnings } = readInstance(GOOD, "t.lp");
    expect(instance.size).toBe(2);
    expect(instance.init).toEqual({ row: 1, col: 1 });
    expect(instance.goal).toEqual({ row: 2, col: 2 });
    expect(instance.maxSteps).toBe(3);
    expect(instance.board.tile({ row: 1, col: 1 })).toBe(4); // e
    expect(instance.board.tile({ row: 1, col: 2 })).toBe(8); // w
    expect(instance.board.tile({ row: 2, col: 2 })).toBe(0);
    expect(warnings).toEqual([]);
  });

  it("accepts a BOM, CRLF, line and block comments, several facts on a line, any order", () => {
    const text = `\uFEFF% a comment\r\nmax_steps(3). %* a block\r\n comment *% goal_on(2,2).\r\nconnect(1,2,w). init_on(1,1).\r\n${BOARD2}\r\nconnect(1,1,e).`;
    const { instance } = readInstance(text, "t.lp");
    expect(instance.maxSteps).toBe(3);
    expect(instance.board.tile({ row: 1, col: 1 })).toBe(4);
  });

  it("takes a repeated identical fact once (a set of atoms)", () => {
    expect(readInstance(`${GOOD} init_on(1,1). max_steps(3).`, "t.lp").instance.maxSteps).toBe(3);
  });

  it("warns about unknown predicates once each, and about known names with another arity", () => {
    const { warnings } = readInstance(`${GOOD}\nfoo(1). foo(2). field(1).`, "t.lp");
    expect(warnings).toEqual(["t.lp:6:1: warning: ignoring unknown predicate foo/1", "t.lp:6:17: warning: ignoring unknown predicate field/1 (expected field/2)"]);
  });

  it("accepts max_steps(0)", () => {
    expect(readInstance(GOOD.replace("max_steps(3)", "max_steps(0)"), "t.lp").instance.maxSteps).toBe(0);
  });
});

describe("syntax errors", () => {
  it("a missing full stop", () => {
    expect(errorOf("field(1,1)\nfield(1,2).")).toBe('t.lp:2:1: error: expected ".", found "f"');
  });
  it("a variable where a term belongs", () => {
    expect(errorOf("field(1,1).\n  field(1,X).")).toBe('t.lp:2:11: error: expected term, found "X"');
  });
  it("an interval (not a fact of the competition format)", () => {
    expect(errorOf("field(1..3,1).")).toBe('t.lp:1:8: error: expected "," or ")", found "."');
  });
  it("a capitalised predicate", () => {
    expect(errorOf("Field(1,1).")).toBe('t.lp:1:1: error: expected name or end of input, found "F"');
  });
  it("an unterminated atom at the end of the input", () => {
    expect(errorOf("field(1,1). field(1")).toBe('t.lp:1:20: error: expected "," or ")", found end of input');
  });
  it("an unterminated block comment", () => {
    expect(errorOf("field(1,1). %* open")).toMatch(/^t\.lp:1:13: error: expected .*found "%"$/);
  });
});

describe("ill-formed instances", () => {
  it("a non-integer coordinate", () => {
    expect(errorOf(GOOD.replace("field(1,2).", "field(1,b)."))).toBe("t.lp:1:21: error: field/2: expected an integer column, found b");
  });
  it("a direction other than n, s, e, w", () => {
    expect(errorOf(GOOD.replace("connect(1,1,e)", "connect(1,1,x)"))).toBe("t.lp:3:13: error: connect/3: expected a direction n, s, e or w, found x");
  });
  it("a direction that is an integer", () => {
    expect(errorOf(GOOD.replace("connect(1,1,e)", "connect(1,1,3)"))).toBe("t.lp:3:13: error: connect/3: expected a direction n, s, e or w, found 3");
  });
  it("no fields", () => {
    expect(errorOf("init_on(1,1). goal_on(1,1). max_steps(1).")).toBe("t.lp:1:42: error: no field/2 facts: expected the fields of an NxN board");
  });
  it("a board with a missing field (not square)", () => {
    expect(errorOf(GOOD.replace("field(2,1). ", ""))).toBe(
      "t.lp:5:1: error: the board is not a complete 2x2 square: field(2,1) is missing (expected every field(X,Y) with X and Y in 1..2)",
    );
  });
  it("a field numbered from 0", () => {
    expect(errorOf(`field(0,1). ${GOOD}`)).toBe("t.lp:1:1: error: field(0,1): rows and columns are numbered from 1");
  });
  it("a connect outside the board", () => {
    expect(errorOf(`${GOOD}connect(3,1,n).`)).toBe("t.lp:5:1: error: connect(3,1,...) is outside the 2x2 board (expected X and Y in 1..2)");
  });
  it("init_on outside the board", () => {
    expect(errorOf(GOOD.replace("init_on(1,1)", "init_on(1,3)"))).toBe("t.lp:2:1: error: init_on(1,3) is outside the 2x2 board (expected X and Y in 1..2)");
  });
  it("goal_on outside the board", () => {
    expect(errorOf(GOOD.replace("goal_on(2,2)", "goal_on(0,2)"))).toBe("t.lp:2:15: error: goal_on(0,2) is outside the 2x2 board (expected X and Y in 1..2)");
  });
  it.each([
    ["init_on(2,1).", "second init_on/2 fact init_on(2,1): an instance has exactly one (the first, init_on(1,1), is at line 2, column 1)"],
    ["goal_on(1,2).", "second goal_on/2 fact goal_on(1,2): an instance has exactly one (the first, goal_on(2,2), is at line 2, column 15)"],
    ["max_steps(4).", "second max_steps/1 fact max_steps(4): an instance has exactly one (the first, max_steps(3), is at line 4, column 1)"],
  ])("a second, different %s", (extra, message) => {
    expect(errorOf(`${GOOD}${extra}`)).toBe(`t.lp:5:1: error: ${message}`);
  });
  it.each([
    ["init_on(1,1). ", "no init_on(X,Y) fact: an instance has exactly one"],
    ["goal_on(2,2).", "no goal_on(X,Y) fact: an instance has exactly one"],
    ["max_steps(3).", "no max_steps(M) fact: an instance has exactly one"],
  ])("no %s", (fact, message) => {
    expect(errorOf(GOOD.replace(fact, ""))).toBe(`t.lp:5:1: error: ${message}`);
  });
  it("a negative max_steps", () => {
    expect(errorOf(GOOD.replace("max_steps(3)", "max_steps(-1)"))).toBe("t.lp:4:1: error: max_steps(-1): expected a non-negative number of pushes");
  });
  it("a non-integer max_steps", () => {
    expect(errorOf(GOOD.replace("max_steps(3)", "max_steps(many)"))).toBe("t.lp:4:11: error: max_steps/1: expected an integer number of pushes, found many");
  });
});
