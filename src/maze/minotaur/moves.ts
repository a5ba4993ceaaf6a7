/**
 * Reading a move list (labcheck's and labshow's witness) for a Minotaur level: the static
 * labyrinths' reader (core/maze-moves.ts) with waits allowed: words `north`, `east`,
 * `south`, `west`, `wait` (or `n`, `e`, `s`, `w`, ...), separated by spaces, commas or
 * brackets, with `%` or `#` comments to the end of a line (labsolve's output reads as is);
 * or labsolve's json document (its `moves`).
 */
import { MOVE_WORDS, readMoves as readMoveList } from "../../core/maze-moves.js";
import type { Move } from "./rules.js";

/**
 * The moves of a witness.
 * @param file the name in messages
 * @throws InputError at LINE:COL (1-based) for a word that is no move, or json without a `moves` list of words
 */
export function readMoves(text: string, file: string): Move[] {
  return readMoveList(text, file, true).moves.map((k) => MOVE_WORDS[k] as Move);
}
