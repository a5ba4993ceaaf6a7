/**
 * The Minotaur's position part (the registry's `position`): where a level stands after a
 * line of moves, as a level of its own: the same walls and openings with T and M placed
 * where they are now. The moves are replayed by the Minotaur checker (check.ts `replay`,
 * the referee's own simulation) and the level is written by the level writer. The
 * studio's hint solves this level with the library's solver.
 */
import type { Position, PositionPart } from "../../core/plugin.js";
import { replay } from "./check.js";
import { readLevel, writeLevel } from "./level.js";
import { MOVES, type Move } from "./rules.js";

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

/** The registry's part. */
export const position: PositionPart = { after: positionAfter };
