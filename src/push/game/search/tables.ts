/**
 * The game search's precomputed tables (used by deepening.ts): the state's byte layout,
 * every pushable line's fields in push order, where riders go, the spare's turns and the
 * fields' neighbours. Built once per instance; the inner loop only reads them.
 *
 * Rules: docs/board-game.md ("A push", "Walking"). Fields are 0-based indices
 * (X-1)*C + (Y-1) of the 1-based facts; tiles are opening bits n=1, s=2, e=4, w=8.
 */
import type { Direction } from "../../../core/grid.js";
import type { GameInstance } from "../instance.js";
import { pushableLines, spareRules } from "../instance.js";

/** Directions in the order of the step actions and of `neighbour`: n, s, e, w (bit 1 << d). */
export const STEP_DIRS: readonly Direction[] = ["n", "s", "e", "w"];
/** The opposite direction's index in STEP_DIRS. */
export const BACK = Uint8Array.of(1, 0, 3, 2);

/** The byte layout of a state and the tables of the moves. */
export interface GameTables {
  /** N = R*C fields */
  fields: number;
  /** bytes of a state */
  width: number;
  /** offset of the spare's byte (tiles are bytes 0..N-1) */
  spareAt: number;
  /** offset of the last push's byte (its index in `lines` + 1; 0: none or no_reverse off) */
  lastAt: number;
  /** offset of the goal tile's field (unused for an exit) */
  goalAt: number;
  /** offset of the pawn: its field (moves, steps) or the reachable set as N bits (pushes) */
  pawnAt: number;
  /** the pawn is a reachable set (cost pushes) */
  reachSet: boolean;
  /** the pushable lines, in instance order: 1-based line and direction */
  lines: { line: number; dir: Direction }[];
  /** line length (C for rows, R for columns) of each push */
  lineLength: Uint8Array;
  /** the fields of push p in push order (upstream first) at p*maxLine .. */
  lineFields: Uint8Array;
  maxLine: number;
  /** ride[p*N + f]: where a rider on f is after push p */
  ride: Uint8Array;
  /** index of the push that undoes push p (same line, opposite way), -1 when not pushable */
  reverse: Int16Array;
  /** turned[q*16 + tile]: the tile after q quarter turns clockwise */
  turned: Uint8Array;
  /** the spare may be turned */
  rotate: boolean;
  /** no_reverse */
  noReverse: boolean;
  /** neighbour[f*4 + d]: the field next to f towards STEP_DIRS[d], -1 off the board */
  neighbour: Int16Array;
  /**
   * torus[f*N + g]: the distance between fields f and g when rows and columns wrap
   * around, min(|dx|, R-|dx|) + min(|dy|, C-|dy|): a lower bound on the actions of cost
   * steps that bring the pawn onto the goal (see deepening.ts)
   */
  torus: Uint8Array;
  /** the exit's field and side bit (exit goal), or -1 */
  exitField: number;
  exitBit: number;
}

/** A quarter turn clockwise: n -> e, e -> s, s -> w, w -> n. */
function quarter(tile: number): number {
  return (tile & 1 ? 4 : 0) | (tile & 4 ? 2 : 0) | (tile & 2 ? 8 : 0) | (tile & 8 ? 1 : 0);
}

/**
 * The tables of an instance.
 * @throws RangeError on a board of more than 256 fields (the instance reader refuses those)
 */
export function buildTables(inst: GameInstance): GameTables {
  const R = inst.rows;
  const C = inst.cols;
  const N = R * C;
  if (N > 256) throw new RangeError(`${R}x${C}: the game search handles up to 256 fields`);
  const { rotate, noReverse } = spareRules(inst);
  const reachSet = inst.rules.cost === "pushes";
  const lines = pushableLines(inst).map((l) => ({ line: l.line, dir: l.direction }));
  const maxLine = Math.max(R, C);
  const lineFields = new Uint8Array(lines.length * maxLine);
  const lineLength = new Uint8Array(lines.length);
  const ride = new Uint8Array(lines.length * N);
  lines.forEach(({ line, dir }, p) => {
    const fs: number[] = [];
    const at = (x: number, y: number): number => (x - 1) * C + (y - 1);
    if (dir === "e") for (let y = 1; y <= C; y++) fs.push(at(line, y));
    if (dir === "w") for (let y = C; y >= 1; y--) fs.push(at(line, y));
    if (dir === "n") for (let x = 1; x <= R; x++) fs.push(at(x, line));
    if (dir === "s") for (let x = R; x >= 1; x--) fs.push(at(x, line));
    lineLength[p] = fs.length;
    fs.forEach((f, k) => (lineFields[p * maxLine + k] = f));
    for (let f = 0; f < N; f++) ride[p * N + f] = f;
    // a rider moves one field downstream; from the last field onto the one that entered
    fs.forEach((f, k) => (ride[p * N + f] = fs[(k + 1) % fs.length]));
  });
  const reverse = new Int16Array(lines.length).fill(-1);
  const back: Record<Direction, Direction> = { n: "s", s: "n", e: "w", w: "e" };
  lines.forEach((l, p) => (reverse[p] = lines.findIndex((m) => m.line === l.line && m.dir === back[l.dir])));
  const turned = new Uint8Array(64);
  for (let t = 0; t < 16; t++) {
    let v = t;
    for (let q = 0; q < 4; q++) {
      turned[q * 16 + t] = v;
      v = quarter(v);
    }
  }
  const neighbour = new Int16Array(N * 4).fill(-1);
  for (let f = 0; f < N; f++) {
    const x = Math.floor(f / C);
    const y = f % C;
    if (x + 1 < R) neighbour[f * 4] = f + C;
    if (x > 0) neighbour[f * 4 + 1] = f - C;
    if (y + 1 < C) neighbour[f * 4 + 2] = f + 1;
    if (y > 0) neighbour[f * 4 + 3] = f - 1;
  }
  const torus = new Uint8Array(N * N);
  for (let f = 0; f < N; f++) {
    for (let g = 0; g < N; g++) {
      const dx = Math.abs(Math.floor(f / C) - Math.floor(g / C));
      const dy = Math.abs((f % C) - (g % C));
      torus[f * N + g] = Math.min(dx, R - dx) + Math.min(dy, C - dy);
    }
  }
  const goal = inst.goal;
  const spareAt = N;
  return {
    fields: N,
    spareAt,
    lastAt: N + 1,
    goalAt: N + 2,
    pawnAt: N + 3,
    width: N + 3 + (reachSet ? Math.ceil(N / 8) : 1),
    reachSet,
    lines,
    lineLength,
    lineFields,
    maxLine,
    ride,
    reverse,
    turned,
    rotate,
    noReverse,
    neighbour,
    torus,
    exitField: goal.kind === "exit" ? (goal.field.row - 1) * C + (goal.field.col - 1) : -1,
    exitBit: goal.kind === "exit" ? { n: 1, s: 2, e: 4, w: 8 }[goal.side] : 0,
  };
}
