/**
 * Move lists of the static labyrinths: the words north, east, south, west (and wait, in a
 * Minotaur level), written as the teaching lab prints them, `[south, east, ...]`, and read
 * in any layout a user pastes: the lab's bracket list, words separated by spaces, commas or
 * lines, or letters (`n e s w`, `NESW`, `u d l r`; `x` or `.` waits), one-letter words
 * glued together (`SSEN`). Source: ../shared/spec/text-maze.md ("moves are north, east,
 * south, west (and wait, Minotaur levels only)").
 *
 * Moves are numbers: core/maze-grid.ts's direction numbers 0..3 (north, east, south, west)
 * and WAIT = 4. labsolve's json document (its `moves`) reads as well.
 */
import { InputError, type SourcePosition } from "./errors.js";

/** The words of moves 0..4. */
export const MOVE_WORDS: readonly string[] = ["north", "east", "south", "west", "wait"];
/** The wait move's number. */
export const WAIT = 4;

const WORD_MOVE: Readonly<Record<string, number>> = {
  north: 0, east: 1, south: 2, west: 3, wait: 4,
  n: 0, e: 1, s: 2, w: 3, u: 0, r: 1, d: 2, l: 3, x: 4, ".": 4,
  up: 0, right: 1, down: 2, left: 3,
};

/** A move list as read: each move's number and where it stands (1-based line and column). */
export interface MoveList {
  moves: number[];
  positions: SourcePosition[];
}

/** The lab's layout: `[south, east, north]` (`[]` for none). */
export function formatMoves(moves: ArrayLike<number>): string {
  const words: string[] = [];
  for (let i = 0; i < moves.length; i++) words.push(MOVE_WORDS[moves[i]]);
  return `[${words.join(", ")}]`;
}

/**
 * Reads a move list in any of the layouts above, or labsolve's json document. Text before a
 * `[` on its line (such as the lab's `Solution:`) is skipped, as are a labelled count
 * (`Fewest moves: 10`), an `ANSWER` line and comments from `%` or `#` to the end of a line.
 * @param allowWait true in a Minotaur level
 * @throws InputError at the LINE:COL of the first token that is no move; at 1:1 for json that
 *   does not parse or has no `moves` list of words
 */
export function readMoves(text: string, file: string, allowWait = false): MoveList {
  if (text.trimStart().startsWith("{")) return jsonMoves(text, file, allowWait);
  const moves: number[] = [];
  const positions: SourcePosition[] = [];
  const lines = text.split(/\r?\n/);
  for (let li = 0; li < lines.length; li++) {
    let line = lines[li].replace(/[%#].*$/, "");
    // labsolve's competition layout: ANSWER, then the moves' line
    if (line.trim() === "" || line.trim() === "ANSWER") continue;
    let offset = 0;
    const bracket = line.indexOf("[");
    if (bracket >= 0) {
      offset = bracket + 1;
      line = line.slice(offset);
    } else if (/^\s*[A-Za-z ]+:/.test(line)) {
      // "Solution: south east" or "Fewest moves: 10"
      const colon = line.indexOf(":");
      offset = colon + 1;
      line = line.slice(offset);
      if (/^\s*\d/.test(line)) continue; // a count: "Fewest moves: 10", "Moves: 24 (...)"
    }
    const token = /[^\s,;()\[\]'"]+/g;
    for (let m = token.exec(line); m; m = token.exec(line)) {
      const word = m[0].toLowerCase();
      const column = offset + m.index + 1;
      const known = WORD_MOVE[word];
      if (known !== undefined && (known !== 4 || allowWait)) {
        moves.push(known);
        positions.push({ line: li + 1, column });
        continue;
      }
      // letters glued together: SSEN, nesw
      if (/^[nesw]+$/.test(word) || (allowWait && /^[neswx.]+$/.test(word))) {
        for (let k = 0; k < word.length; k++) {
          moves.push(WORD_MOVE[word[k]]);
          positions.push({ line: li + 1, column: column + k });
        }
        continue;
      }
      throw new InputError(file, { line: li + 1, column }, `expected a move (north, east, south, west${allowWait ? ", wait" : ""}, or n e s w), found '${m[0]}'`);
    }
  }
  return { moves, positions };
}

/** labsolve's json document: its `moves`, a list of words (null: none). */
function jsonMoves(text: string, file: string, allowWait: boolean): MoveList {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    throw new InputError(file, { line: 1, column: 1 }, `expected labsolve's json document: ${(e as Error).message}`);
  }
  // the outcome's first model (docs/contract.md), or `moves` as labsolve wrote before it
  const models = (doc as { models?: unknown }).models;
  const first = Array.isArray(models) ? (models[0] as { witness?: unknown } | undefined) : undefined;
  const words = Array.isArray(models) ? (first?.witness ?? null) : (doc as { moves?: unknown }).moves;
  if (words === null) return { moves: [], positions: [] };
  const known = (m: unknown): m is string => typeof m === "string" && WORD_MOVE[m.toLowerCase()] !== undefined && (allowWait || WORD_MOVE[m.toLowerCase()] !== 4);
  if (!Array.isArray(words) || !words.every(known)) {
    throw new InputError(file, { line: 1, column: 1 }, `expected a json field moves: a list of north, east, south, west${allowWait ? ", wait" : ""}`);
  }
  return { moves: words.map((m) => WORD_MOVE[m.toLowerCase()]), positions: words.map(() => ({ line: 1, column: 1 })) };
}
