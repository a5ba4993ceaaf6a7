/** Whether a text is a Minotaur level: the registry's recogniser, a small module that reads core/maze-text.ts only. */
import { looksLikeTextMaze } from "../../core/maze-text.js";

/**
 * True when `text` is a Minotaur level: a text (maze-like: its first line begins with `+`
 * or `|`, a byte order mark skipped) that holds a `T` (Theseus) or an `M` (the Minotaur).
 * A level with M and no T is one too, so that the level's reader says what is missing.
 * Cheap: one line's test, then one character scan; false for ASP facts, PDDL and CSV.
 */
export function looksLikeLevel(text: string): boolean {
  return looksLikeTextMaze(text) && /[TM]/.test(text);
}
