/**
 * Where a Minotaur level stands after a line played by hand, as a level of its own: the
 * same walls and openings with T and M placed where they are now. The moves are replayed
 * by the library's Minotaur checker (src/maze/minotaur/check.ts `replay`, the referee's
 * own simulation) and the level is written by the library's writer: the studio keeps no
 * copy of the rules. The hint solves this level with the library's solver.
 */
import { replay } from "../../src/maze/minotaur/check.js";
import { readLevel, writeLevel } from "../../src/maze/minotaur/level.js";
import { MOVES, type Move } from "../../src/maze/minotaur/rules.js";

/** The position after a line: a level text, or why there is none (escaped, caught, a wall). */
export type Position = { kind: "inside"; text: string } | { kind: "over"; why: string };

/**
 * The level after `words` (north, east, south, west, wait) from the level `text`.
 * @throws InputError (FILE:LINE:COL) for an ill-formed level; Error for a word that is not a move
 */
export function positionAfter(text: string, name: string, words: readonly string[]): Position {
  const level = readLevel(text, name);
  const moves = words.map((w) => {
    if (!(MOVES as readonly string[]).includes(w)) throw new Error(`not a move: ${w}`);
    return w as Move;
  });
  const { verdict } = replay(level, moves);
  if (verdict.kind !== "inside") return { kind: "over", why: verdict.kind === "escaped" ? "Theseus has escaped" : verdict.kind === "caught" ? "Theseus is caught: undo first" : "the line breaks a rule: undo first" };
  return { kind: "inside", text: writeLevel({ ...level, theseus: verdict.theseus, minotaur: verdict.minotaur }) };
}
