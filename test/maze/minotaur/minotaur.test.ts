/**
 * Theseus and the Minotaur: the solver's fewest moves and optimal-solution counts against
 * an independent search written for the tests (test/helpers/minotaur-ref.ts) on hundreds
 * of random levels, solvable and not; every answer replayed by the independent
 * simulation; and the rules' corners on small hand-made levels.
 */
import { describe, expect, it } from "vitest";
import { readLevel } from "../../../src/maze/minotaur/level.js";
import { looksLikeLevel } from "../../../src/maze/minotaur/recognise.js";
import { textRuleSet } from "../../../src/registry.js";
import { InputError } from "../../../src/core/errors.js";
import { allOptimal, MOVE_WORDS, solveLevel } from "../../../src/maze/minotaur/search/bfs.js";
import { replay } from "../../../src/maze/minotaur/check.js";
import { readMoves } from "../../../src/maze/minotaur/moves.js";
import { prng } from "../../../src/core/random.js";
import { randomLevelText, refRead, refSolve, refStep } from "../../helpers/minotaur-ref.js";

/** Replays words with the independent simulation: "escaped" or what went wrong. */
function refReplay(text: string, words: readonly string[]): string {
  const L = refRead(text);
  let t = L.t;
  let m = L.m;
  for (let i = 0; i < words.length; i++) {
    const r = refStep(L, t, m, words[i]);
    if (r === "escaped") return i === words.length - 1 ? "escaped" : "moves after escape";
    if (typeof r !== "object") return `${r} at ${i + 1}`;
    ({ t, m } = r);
  }
  return "inside";
}

describe("minotaur solver against an independent search", () => {
  it("agrees on the fewest moves on 600 random levels (solvable and not), waits allowed and not", () => {
    const rand = prng(20261123);
    let solvable = 0;
    let unsolvable = 0;
    for (let i = 0; i < 600; i++) {
      const R = 2 + Math.floor(rand() * 5);
      const C = 2 + Math.floor(rand() * 5);
      const text = randomLevelText(rand, R, C, 0.15 + rand() * 0.4);
      const level = readLevel(text, `random-${i}`);
      for (const wait of [true, false]) {
        const ref = refSolve(refRead(text), wait);
        const ours = solveLevel(level, { wait });
        expect(ours.fewest, `${text}wait ${wait}`).toBe(ref.fewest);
        if (ref.fewest < 0) {
          if (wait) unsolvable++;
          expect(ours.moves).toEqual([]);
          continue;
        }
        if (wait) solvable++;
        const words = ours.moves.map((k) => MOVE_WORDS[k]);
        expect(words.length).toBe(ref.fewest);
        if (!wait) expect(words).not.toContain("wait");
        expect(refReplay(text, words), text).toBe("escaped");
        expect(replay(level, readMoves(words.join(" "), "w")).verdict.kind).toBe("escaped");
      }
    }
    expect(solvable).toBeGreaterThan(100);
    expect(unsolvable).toBeGreaterThan(50);
  });

  it("counts and lists the optimal solutions as the independent search counts them", () => {
    const rand = prng(7);
    for (let i = 0; i < 200; i++) {
      const text = randomLevelText(rand, 2 + Math.floor(rand() * 4), 2 + Math.floor(rand() * 4), 0.3);
      const ref = refSolve(refRead(text));
      const all = allOptimal(readLevel(text, "r"), { wait: true }, 10_000);
      expect(all.fewest).toBe(ref.fewest);
      expect(all.count, text).toBe(ref.count);
      if (ref.fewest < 0) continue;
      expect(all.solutions!.length).toBe(ref.count);
      const distinct = new Set(all.solutions!.map((s) => s.join(",")));
      expect(distinct.size).toBe(ref.count);
      for (const s of all.solutions!) expect(refReplay(text, s.map((k) => MOVE_WORDS[k]))).toBe("escaped");
    }
  });
});

/** The Minotaur's cell (1-based "r,c") after Theseus' moves, by the checker's simulation. */
function minotaurAfter(text: string, moves: string): string {
  const level = readLevel(text, "corner");
  const { states } = replay(level, readMoves(moves, "moves"));
  const m = states[states.length - 1].minotaur;
  return `${Math.floor(m / level.cols) + 1},${(m % level.cols) + 1}`;
}

describe("the rules' corners", () => {
  const lvl = (...lines: string[]): string => `${lines.join("\n")}\n`;

  it("the Minotaur blocked horizontally then steps vertically", () => {
    const text = lvl("+-+-+-+", "|T  |M|", "+ + + +", "|     |", "+ + + +", "|     |", "+-+ +-+");
    // Theseus waits in its row: west is walled, no row to close: it stays
    expect(minotaurAfter(text, "wait")).toBe("1,3");
    // Theseus south to (2,1): west walled, so south to (2,3); then west to (2,2)
    expect(minotaurAfter(text, "south")).toBe("2,2");
    expect(solveLevel(readLevel(text, "c"), { wait: true }).fewest).toBe(refSolve(refRead(text)).fewest);
  });

  it("a wall stops one of its two steps", () => {
    const text = lvl("+-+-+-+-+", "|T  |  M|", "+-+ +-+-+", "|       |", "+-+-+ +-+");
    // first step west to (1,3), then the wall west of (1,3), same row: it stays
    expect(minotaurAfter(text, "wait")).toBe("1,3");
    expect(minotaurAfter(text, "east")).toBe("1,3");
    expect(solveLevel(readLevel(text, "c"), { wait: true }).fewest).toBe(refSolve(refRead(text)).fewest);
  });

  it("Theseus walking into the Minotaur is caught", () => {
    const text = lvl("+-+-+-+", "|T M   ", "+-+-+-+");
    const level = readLevel(text, "c");
    const walked = replay(level, readMoves("east", "m")).verdict;
    expect(walked).toMatchObject({ kind: "caught", step: 1, walkedIn: true });
    const chased = replay(level, readMoves("wait", "m")).verdict;
    expect(chased).toMatchObject({ kind: "caught", step: 1, walkedIn: false });
    expect(solveLevel(level, { wait: true }).fewest).toBe(-1);
    expect(refSolve(refRead(text)).fewest).toBe(-1);
  });

  it("escaping through the opening while the Minotaur is beside it", () => {
    const text = lvl("+-+-+-+", "|    T ", "+-+-+ +", "|    M|", "+-+-+-+");
    const level = readLevel(text, "c");
    expect(replay(level, readMoves("east", "m")).verdict).toMatchObject({ kind: "escaped", step: 1 });
    expect(replay(level, readMoves("wait", "m")).verdict.kind).toBe("caught");
    const best = solveLevel(level, { wait: true });
    expect(best.fewest).toBe(1);
    expect(best.moves.map((k) => MOVE_WORDS[k])).toEqual(["east"]);
  });

  it("waiting is the only way", () => {
    const text = lvl("+-+-+", "|T   ", "+-+ +", "| | |", "+ + +", "   M|", "+-+-+");
    const level = readLevel(text, "c");
    const withWait = solveLevel(level, { wait: true });
    expect(withWait.fewest).toBe(3);
    expect(withWait.moves.map((k) => MOVE_WORDS[k])).toEqual(["wait", "east", "east"]);
    expect(solveLevel(level, { wait: false }).fewest).toBe(-1);
    expect(refSolve(refRead(text), false).fewest).toBe(-1);
    expect(minotaurAfter(text, "wait")).toBe("2,1");
  });
});

describe("reading a level", () => {
  it("is recognised by its T, before facts and before any other text rule set", () => {
    const level = "+-+-+\n|T M \n+-+-+\n";
    expect(looksLikeLevel(level)).toBe(true);
    expect(textRuleSet(level, "x.txt")?.name).toBe("minotaur");
    expect(looksLikeLevel("+-+-+\n|S E|\n+-+-+\n")).toBe(false);
    expect(looksLikeLevel("field(1,1). goal(1,1).")).toBe(false);
    expect(looksLikeLevel("(define (problem p))")).toBe(false);
  });

  it("refuses a level without M, with an E cell, or with S, at LINE:COL", () => {
    const at = (text: string): string => {
      try {
        readLevel(text, "l.txt");
      } catch (e) {
        if (e instanceof InputError) return e.message;
        throw e;
      }
      return "accepted";
    };
    expect(at("+-+-+\n|T   \n+-+-+\n")).toMatch(/^l\.txt:3:1: error: no Minotaur/);
    expect(at("+-+-+-+\n|T M E \n+-+-+-+\n")).toMatch(/^l\.txt:2:6: error: an E cell/);
    expect(at("+-+-+\n|T M|\n+-+-+\n")).toMatch(/^l\.txt:\d+:\d+: error: no exit/);
    expect(at("+-+-+\n|T M \n+-+-+\n")).toBe("accepted");
  });
});
