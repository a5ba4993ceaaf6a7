/**
 * Reading a move list (labcheck's and labshow's witness): words `north`, `east`, `south`,
 * `west`, `wait` (or `n`, `e`, `s`, `w`), separated by spaces, commas or brackets, with `%`
 * or `#` comments to the end of a line (labsolve's output reads as is); or labsolve's json
 * document (its `moves`).
 */
import { InputError } from "../../core/errors.js";
import type { Move } from "./rules.js";

const WORDS: Readonly<Record<string, Move>> = {
  north: "north",
  east: "east",
  south: "south",
  west: "west",
  wait: "wait",
  n: "north",
  e: "east",
  s: "south",
  w: "west",
};

/**
 * The moves of a witness.
 * @param file the name in messages
 * @throws InputError at LINE:COL (1-based) for a word that is no move, or json without a `moves` list of words
 */
export function readMoves(text: string, file: string): Move[] {
  if (text.trimStart().startsWith("{")) {
    let doc: unknown;
    try {
      doc = JSON.parse(text);
    } catch (e) {
      throw new InputError(file, { line: 1, column: 1 }, `expected labsolve's json document: ${(e as Error).message}`);
    }
    const moves = (doc as { moves?: unknown }).moves;
    if (moves === null) return [];
    if (!Array.isArray(moves) || !moves.every((m): m is string => typeof m === "string" && m.toLowerCase() in WORDS)) {
      throw new InputError(file, { line: 1, column: 1 }, "expected a json field moves: a list of north, east, south, west, wait");
    }
    return moves.map((m) => WORDS[m.toLowerCase()]);
  }
  const out: Move[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].replace(/[%#].*$/, "");
    const token = /[^\s,[\]()]+/g;
    for (let m = token.exec(line); m !== null; m = token.exec(line)) {
      const word = m[0].replace(/^"(.*)"$/, "$1").toLowerCase();
      const move = WORDS[word];
      if (move === undefined) throw new InputError(file, { line: i + 1, column: m.index + 1 }, `expected a move (north, east, south, west, wait), found '${m[0]}'`);
      out.push(move);
    }
  }
  return out;
}
