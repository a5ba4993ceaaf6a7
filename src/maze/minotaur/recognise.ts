/** Whether a text is a Minotaur level: the registry's recogniser, a small module that reads core/maze-text.ts only. */
import { looksLikeTextMaze } from "../../core/maze-text.js";

/**
 * True when `text` is a Minotaur level: a text maze whose cell lines hold a `T`. Cheap:
 * one line's test, then a scan for `T` on the odd lines; false for ASP facts and PDDL.
 */
export function looksLikeLevel(text: string): boolean {
  if (!looksLikeTextMaze(text)) return false;
  const lines = text.split(/\r?\n/);
  let first = 0;
  while (first < lines.length && lines[first].trim() === "") first++;
  for (let i = first + 1; i < lines.length; i += 2) if (lines[i].includes("T")) return true;
  return false;
}
