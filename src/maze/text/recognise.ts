/**
 * The text maze's recogniser (asked by src/registry.ts before any facts are read): a text
 * maze (core/maze-text.ts looksLikeTextMaze) without Theseus or the Minotaur (T, M: a
 * Minotaur level belongs to that rule set). Cheap: one line and one character scan.
 */
import { looksLikeTextMaze } from "../../core/maze-text.js";

/** True for a text maze of section 1 (S and E, no T or M). */
export function isTextMaze(text: string): boolean {
  return looksLikeTextMaze(text) && !/[TM]/.test(text);
}
