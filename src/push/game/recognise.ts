/**
 * How the registry tells a board-game instance from the competition's: the facts use a
 * predicate only the game has. A module of its own, importing nothing, so that routing
 * loads none of the game's reader.
 */
import type { Atom } from "../../core/facts.js";

/** Predicates only the game has, with their arities: spare/1, exit/3, insert/2, rotate/0, no_reverse/0, cost/1. */
export const GAME_ONLY: Readonly<Record<string, number>> = { spare: 1, exit: 3, insert: 2, rotate: 0, no_reverse: 0, cost: 1 };

/**
 * True when the atoms use a predicate only the board game has: spare/1, exit/3,
 * insert/2, rotate/0, no_reverse/0 or cost/1 (the routing rule of labsolve and labcheck).
 */
export function hasGameFacts(atoms: readonly Atom[]): boolean {
  for (const a of atoms) if (GAME_ONLY[a.name] === a.args.length) return true;
  return false;
}
