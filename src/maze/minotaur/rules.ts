/**
 * The rules of Theseus and the Minotaur, plain and readable: the checker's simulation and
 * the pictures use them; the solver has its own engine (search/). Source:
 * ../shared/spec/text-maze.md, section 3:
 *
 * 1. Theseus moves one cell north, east, south or west through a passage, or waits;
 *    through an opening he escapes, at once.
 * 2. The Minotaur takes two steps; each: toward Theseus' column if he is in another column
 *    and no wall stops it; else toward his row likewise; else it stays for that step.
 * 3. The Minotaur on Theseus' cell (after its steps, or Theseus walked into it): lost.
 */
import type { Level } from "./level.js";

/** Theseus' moves, in the order the solver tries them. */
export const MOVES = ["north", "east", "south", "west", "wait"] as const;
export type Move = (typeof MOVES)[number];

/** Opening bit and (row, column) delta of each walking move. */
const WALK: Readonly<Record<Exclude<Move, "wait">, { bit: number; dr: number; dc: number }>> = {
  north: { bit: 1, dr: -1, dc: 0 },
  south: { bit: 2, dr: 1, dc: 0 },
  east: { bit: 4, dr: 0, dc: 1 },
  west: { bit: 8, dr: 0, dc: -1 },
};

/** Where a move takes Theseus: a cell (0-based), "wall", or "escaped" (through an opening). */
export function theseusMove(level: Level, from: number, move: Move): number | "wall" | "escaped" {
  if (move === "wait") return from;
  const w = WALK[move];
  if ((level.open[from] & w.bit) === 0) return "wall";
  const r = Math.floor(from / level.cols) + w.dr;
  const c = (from % level.cols) + w.dc;
  if (r < 0 || r >= level.rows || c < 0 || c >= level.cols) return "escaped";
  return r * level.cols + c;
}

/** One step of the Minotaur at `m` toward Theseus at `t` (rule 2): horizontal first, then vertical, else it stays. */
export function minotaurStep(level: Level, t: number, m: number): number {
  const tc = t % level.cols;
  const mc = m % level.cols;
  if (tc > mc && (level.open[m] & WALK.east.bit) !== 0) return m + 1;
  if (tc < mc && (level.open[m] & WALK.west.bit) !== 0) return m - 1;
  const tr = Math.floor(t / level.cols);
  const mr = Math.floor(m / level.cols);
  if (tr > mr && (level.open[m] & WALK.south.bit) !== 0) return m + level.cols;
  if (tr < mr && (level.open[m] & WALK.north.bit) !== 0) return m - level.cols;
  return m;
}

/** The Minotaur's cells after its first and its second step. */
export function minotaurTurn(level: Level, t: number, m: number): [number, number] {
  const first = minotaurStep(level, t, m);
  return [first, minotaurStep(level, t, first)];
}
