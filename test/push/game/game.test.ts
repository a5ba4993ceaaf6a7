/**
 * The board game's instance reader (FILE:LINE:COL messages, routing), its checker (every
 * rule it enforces, on a hand-made board whose solutions are worked out in the comments)
 * and its picture. test/push/game/game-differential.test.ts compares checker and solver with clingo.
 */
import { describe, expect, it } from "vitest";
import { InputError } from "../../../src/core/errors.js";
import { GameBoard, turned } from "../../../src/push/game/board.js";
import { checkGameWitness, type GameRule } from "../../../src/push/game/check.js";
import { readGameInstance } from "../../../src/push/game/instance.js";
import { hasGameFacts } from "../../../src/push/game/recognise.js";
import { factsRuleSet } from "../../../src/registry.js";
import { drawGameBoard } from "../../../src/push/game/picture.js";
import { parseFacts } from "../../../src/core/facts.js";

// 2 rows x 3 columns. Row 1: ─ ─ ·  (1,1) e+w, (1,2) e+w, (1,3) closed; row 2 all closed.
// The spare opens e and w. Pawn on (1,1), exit (1,3) towards e. Pushing row 1 east
// slides the spare in at (1,1): row 1 becomes ─ ─ ─ (the closed tile drops out), the
// pawn rides to (1,2), and (1,3) now opens e: after push(1,e) the pawn walks to (1,3).
const BOARD = "field(1,1). field(1,2). field(1,3). field(2,1). field(2,2). field(2,3).";
const TILES = "connect(1,1,e). connect(1,1,w). connect(1,2,e). connect(1,2,w). spare(e). spare(w).";
const GAME = `${BOARD}\n${TILES}\ninit_on(1,1).\nexit(1,3,e).\n`;

function errorOf(text: string): string {
  try {
    readGameInstance(text, "g.lp");
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    return (e as InputError).message;
  }
  throw new Error("expected an InputError");
}

function check(facts: string, witness: string) {
  const inst = readGameInstance(facts, "g.lp").instance;
  return checkGameWitness(inst, parseFacts(witness, "w"));
}

describe("reading game instances", () => {
  it("reads a rectangular board, the spare, the exit and the defaults (every line, cost pushes, no bound)", () => {
    const { instance, warnings } = readGameInstance(GAME, "g.lp");
    expect([instance.rows, instance.cols]).toEqual([2, 3]);
    expect(instance.spare).toBe(4 | 8);
    expect(instance.goal).toEqual({ kind: "exit", field: { row: 1, col: 3 }, side: "e" });
    expect(instance.rules.cost).toBe("pushes");
    expect(instance.rules.motion).toEqual({ kind: "spare", rotate: false, noReverse: false, inserts: "all" });
    expect(instance.maxSteps).toBeUndefined();
    expect(warnings).toEqual([]);
  });

  it("routes by game-only predicates, or as forced", () => {
    const atoms = parseFacts(GAME, "g.lp");
    expect(hasGameFacts(atoms)).toBe(true);
    expect(hasGameFacts(parseFacts(`${BOARD} init_on(1,1). goal_on(1,2). max_steps(2).`, "c.lp"))).toBe(false);
    expect(hasGameFacts(parseFacts("rotate. ", "r.lp"))).toBe(true);
    expect(factsRuleSet(atoms, "competition").name === "game").toBe(false);
    expect(factsRuleSet([], "game").name === "game").toBe(true);
  });

  it.each<[string, string, string]>([
    ["no goal", `${BOARD} init_on(1,1).`, "g.lp:1:86: error: no goal_on(X,Y) or exit(X,Y,D) fact: an instance has exactly one"],
    ["goal and exit", `${GAME}goal_on(1,2).`, "g.lp:5:1: error: second goal (goal_on/2 or exit/3) fact goal_on(1,2): an instance has at most one (the first, exit(1,3,e), is at line 4, column 1)"],
    ["an unknown cost", `${GAME}cost(time).`, "g.lp:5:6: error: cost/1: expected pushes, moves or steps, found time"],
    ["an insert line off the board", `${GAME}insert(3,e).`, "g.lp:5:1: error: insert(3,e): row 3 is outside the board (expected 1..2)"],
    ["a column insert off the board", `${GAME}insert(4,n).`, "g.lp:5:1: error: insert(4,n): column 4 is outside the board (expected 1..3)"],
    ["a bad spare direction", `${GAME}spare(up).`, "g.lp:5:7: error: spare/1: expected a direction n, s, e or w, found up"],
    ["an exit off the board", GAME.replace("exit(1,3,e)", "exit(1,4,e)"), "g.lp:4:1: error: exit(1,4,e) is outside the 2x3 board (expected X in 1..2, Y in 1..3)"],
    ["a missing field", GAME.replace("field(2,3). ", "").replace("field(2,3).", ""), "g.lp:5:1: error: the board is not a complete 2x3 rectangle: field(2,3) is missing (expected every field(X,Y) with X in 1..2, Y in 1..3)"],
  ])("%s", (_, text, message) => {
    expect(errorOf(text)).toBe(message);
  });
});

describe("the game's checker", () => {
  it("accepts the solution worked out above under each cost", () => {
    expect(check(GAME, "push(1,e,1).").valid).toBe(true);
    // moves: the pawn rides to (1,2), then walks to (1,3)
    expect(check(`${GAME}cost(moves).`, "push(1,e,1). walk(1,3,2).").valid).toBe(true);
    expect(check(`${GAME}cost(steps).`, "push(1,e,1). step(e,2).").valid).toBe(true);
    // rotate: the spare e+w turned twice is e+w again
    expect(check(`${GAME}rotate.`, "push(1,e,2,1).").valid).toBe(true);
  });

  it.each<[string, string, string, GameRule, number]>([
    ["a walk under cost pushes", "", "push(1,e,1). walk(1,3,2).", "action-kind", 2],
    ["push/3 under rotate", "rotate.", "push(1,e,1).", "action-kind", 1],
    ["push/4 without rotate", "", "push(1,e,0,1).", "action-kind", 1],
    ["a step below 1", "", "push(1,e,0).", "step-number", 0],
    ["a gap", "", "push(1,e,2).", "gap", 1],
    ["two actions at a step", "", "push(1,e,1). push(2,e,1).", "two-actions", 1],
    ["a line off the board", "", "push(3,e,1).", "line", 1],
    ["a bad direction", "", "push(1,x,1).", "direction", 1],
    ["a line the inserts do not allow", "insert(1,w).", "push(1,e,1).", "insert", 1],
    ["turns outside 0..3", "rotate.", "push(1,e,4,1).", "turns", 1],
    ["a push undoing the last one", "no_reverse.", "push(1,e,1). push(1,w,2). push(1,e,3).", "reverse", 2],
    ["more actions than max_steps", "max_steps(1).", "push(2,e,1). push(1,e,2).", "horizon", 2],
    ["a walk to where the pawn is", "cost(moves).", "walk(1,1,1).", "walk-nowhere", 1],
    ["a walk through a wall", "cost(moves).", "walk(2,1,1).", "walk-blocked", 1],
    ["a step through a wall", "cost(steps).", "step(n,1).", "step-blocked", 1],
    ["the exit not open (before the push)", "cost(moves).", "walk(1,2,1).", "goal-not-reached", 1],
    ["no actions", "", "", "goal-not-reached", 0],
  ])("%s", (_, extra, witness, rule, step) => {
    const v = check(`${GAME}${extra}`, witness);
    expect(v.valid).toBe(false);
    expect(v.violation?.rule).toBe(rule);
    expect(v.violation?.step).toBe(step);
  });

  it("no_reverse allows the reverse after another push, and walks between do not reset it", () => {
    expect(check(`${GAME}no_reverse.`, "push(1,e,1). push(2,e,2). push(1,w,3).").violation?.rule).toBe("goal-not-reached");
    expect(check(`${GAME}no_reverse. cost(moves).`, "push(1,e,1). walk(1,3,2). push(1,w,3).").violation?.rule).toBe("reverse");
  });

  it("a pawn on the tile that drops out lands on the tile that entered", () => {
    // pawn on (1,3); push row 1 east: (1,3)'s tile drops out, the pawn lands on (1,1)
    const v = check(`${BOARD}\n${TILES}\ninit_on(1,3).\ngoal_on(1,1).\ncost(moves).`, "push(1,e,1).");
    expect(v.valid).toBe(false);
    expect([...v.trace[1].pawn]).toEqual([0]);
    // the goal tile on (1,1) rode to (1,2): walking there reaches it
    expect(check(`${BOARD}\n${TILES}\ninit_on(1,3).\ngoal_on(1,1).\ncost(moves).`, "push(1,e,1). walk(1,2,2).").valid).toBe(true);
  });
});

describe("the game's board and picture", () => {
  it("turns tiles clockwise: n -> e -> s -> w", () => {
    expect(turned(1, 1)).toBe(4);
    expect(turned(1 | 4, 1)).toBe(4 | 2);
    expect(turned(1 | 4, 3)).toBe(8 | 1);
    expect(turned(1 | 2, 2)).toBe(1 | 2);
  });

  it("draws the tiles, the pawn, the exit and the spare", () => {
    const inst = readGameInstance(GAME, "g.lp").instance;
    const board = new GameBoard(inst.rows, inst.cols, inst.tiles, inst.spare);
    const text = drawGameBoard(board, new Set([0]), inst.goal, undefined);
    expect(text.split("\n")).toEqual(["   1  2  3", "2  ·  ·  ·", "1 @─  ─ E·", "  @ pawn  E exit field (leave towards e)  X pawn on it  (row 1 is the south edge)", "spare: ─"]);
  });
});
