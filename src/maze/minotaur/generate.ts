/**
 * labgen's part for Minotaur levels: a hill-climb over wall layouts, openings and start
 * cells that keeps each change which does not shorten the optimum (the fewest moves,
 * waits included, by search/bfs.ts), from several random starts; every level it returns is
 * proven solvable by that search, and never has Theseus start on the opening (a one-move
 * level). Deterministic per seed and iteration count.
 */
import type { GenerateRequest, Generator } from "../../core/plugin.js";
import { prng } from "../../core/random.js";
import { startsOnOpening, writeLevel, type Level } from "./level.js";
import { solveLevel } from "./search/bfs.js";

/** The optimum the climb maximises: the fewest moves, or -1 (rejected) when there is no escape or Theseus starts on the opening (a one-move level). */
function optimum(level: Level): number {
  return startsOnOpening(level) ? -1 : solveLevel(level, { wait: true }).fewest;
}

/** The sizes labgen minotaur takes (rows and columns each). */
export const MIN_SIDE = 2;
export const MAX_GEN_SIDE = 20;

/** A random perfect maze (a spanning tree by randomized depth-first search) with one opening, T and M apart. */
function randomStart(rows: number, cols: number, rand: () => number): Level {
  const n = rows * cols;
  const open = new Uint8Array(n);
  const seen = new Uint8Array(n);
  const stack = [Math.floor(rand() * n)];
  seen[stack[0]] = 1;
  while (stack.length > 0) {
    const c = stack[stack.length - 1];
    const r = Math.floor(c / cols);
    const k = c % cols;
    const next: [number, number, number][] = [];
    if (r > 0 && !seen[c - cols]) next.push([c - cols, 1, 2]);
    if (r < rows - 1 && !seen[c + cols]) next.push([c + cols, 2, 1]);
    if (k < cols - 1 && !seen[c + 1]) next.push([c + 1, 4, 8]);
    if (k > 0 && !seen[c - 1]) next.push([c - 1, 8, 4]);
    if (next.length === 0) {
      stack.pop();
      continue;
    }
    const [d, bit, back] = next[Math.floor(rand() * next.length)];
    open[c] |= bit;
    open[d] |= back;
    seen[d] = 1;
    stack.push(d);
  }
  // a few extra passages: the Minotaur needs loops to be dodged
  for (let i = 0; i < n / 4; i++) toggleInterior(rows, cols, open, rand, true);
  const level: Level = { rows, cols, open, theseus: Math.floor(rand() * n), minotaur: 0 };
  level.minotaur = otherCell(n, level.theseus, rand);
  toggleOpening(level, rand);
  return level;
}

function otherCell(n: number, not: number, rand: () => number): number {
  const c = Math.floor(rand() * (n - 1));
  return c >= not ? c + 1 : c;
}

/** Flips one interior wall (or, with `onlyOpen`, opens one); returns the undo. */
function toggleInterior(rows: number, cols: number, open: Uint8Array, rand: () => number, onlyOpen = false): () => void {
  const horizontal = rand() < 0.5;
  if ((horizontal && cols < 2) || (!horizontal && rows < 2)) return () => {};
  const r = Math.floor(rand() * (horizontal ? rows : rows - 1));
  const c = Math.floor(rand() * (horizontal ? cols - 1 : cols));
  const a = r * cols + c;
  const b = horizontal ? a + 1 : a + cols;
  const [ba, bb] = horizontal ? [4, 8] : [2, 1];
  if (onlyOpen && (open[a] & ba) !== 0) return () => {};
  open[a] ^= ba;
  open[b] ^= bb;
  return () => {
    open[a] ^= ba;
    open[b] ^= bb;
  };
}

/** Border cells and their outward bits. */
function borderSides(rows: number, cols: number): [number, number][] {
  const out: [number, number][] = [];
  for (let c = 0; c < cols; c++) out.push([c, 1], [(rows - 1) * cols + c, 2]);
  for (let r = 0; r < rows; r++) out.push([r * cols, 8], [r * cols + cols - 1, 4]);
  return out;
}

/** Moves the level's opening(s) to one random border side; returns the undo. */
function toggleOpening(level: Level, rand: () => number): () => void {
  const sides = borderSides(level.rows, level.cols);
  const before = sides.filter(([cell, bit]) => (level.open[cell] & bit) !== 0);
  for (const [cell, bit] of before) level.open[cell] &= ~bit;
  const [cell, bit] = sides[Math.floor(rand() * sides.length)];
  level.open[cell] |= bit;
  return () => {
    level.open[cell] &= ~bit;
    for (const [c, b] of before) level.open[c] |= b;
  };
}

/**
 * The hill-climb: `restarts` random starts, each `iterations` changes (a wall flipped, the
 * opening moved, Theseus or the Minotaur moved), a change kept when the level stays
 * solvable and its optimum does not shrink, or, early on, shrinks a little (simulated
 * annealing); the best level seen is kept.
 * @returns the level with the longest optimum found and that optimum
 * @throws Error for a side out of MIN_SIDE..MAX_GEN_SIDE
 */
export function climb(rows: number, cols: number, seed: number, iterations: number, restarts: number): { level: Level; fewest: number } {
  if (![rows, cols].every((s) => Number.isInteger(s) && s >= MIN_SIDE && s <= MAX_GEN_SIDE)) {
    throw new Error(`labgen minotaur ROWS COLS: expected sides from ${MIN_SIDE} to ${MAX_GEN_SIDE}, found ${rows}x${cols}`);
  }
  const rand = prng(seed);
  const n = rows * cols;
  let best: { level: Level; fewest: number } | undefined;
  for (let k = 0; k < restarts; k++) {
    let level = randomStart(rows, cols, rand);
    let score = optimum(level);
    for (let tries = 0; score < 0 && tries < 1000; tries++) {
      level = randomStart(rows, cols, rand);
      score = optimum(level);
    }
    if (score < 0) continue;
    let top = { level: { ...level, open: level.open.slice() }, fewest: score };
    for (let i = 0; i < iterations; i++) {
      // annealing: a change that shortens the optimum by d is kept with probability exp(-d / heat)
      const heat = 2 * (1 - i / iterations) + 0.05;
      const x = rand();
      let undo: () => void;
      if (x < 0.7) undo = toggleInterior(rows, cols, level.open, rand);
      else if (x < 0.8) undo = toggleOpening(level, rand);
      else if (x < 0.9) {
        const was = level.theseus;
        const to = otherCell(n, level.minotaur, rand);
        level.theseus = to;
        undo = () => (level.theseus = was);
      } else {
        const was = level.minotaur;
        level.minotaur = otherCell(n, level.theseus, rand);
        undo = () => (level.minotaur = was);
      }
      const f = optimum(level);
      if (f >= score || (f >= 0 && rand() < Math.exp((f - score) / heat))) score = f;
      else undo();
      if (score > top.fewest) top = { level: { ...level, open: level.open.slice() }, fewest: score };
    }
    if (!best || top.fewest > best.fewest) best = top;
  }
  if (!best) throw new Error(`no solvable ${rows}x${cols} level found`);
  return best;
}

/** Changes per restart and restarts (measured: 20000 changes reach optima near 100 on 6x6 and 250 on 9x8). */
export function effort(iterations?: number): { iterations: number; restarts: number } {
  return { iterations: iterations ?? 20_000, restarts: 2 };
}

/** The generator part (src/core/plugin.ts Generator): reads rows, cols (else n), seed and iterations. */
export const generator: Generator = {
  styles: [],
  generate(request: GenerateRequest): { text: string; fileName?: string; note?: string } {
    const rows = request.rows ?? request.n;
    const cols = request.cols ?? request.n;
    const e = effort(request.iterations);
    const { level, fewest } = climb(rows, cols, request.seed, e.iterations, e.restarts);
    return { text: writeLevel(level), fileName: `minotaur-${rows}x${cols}-${request.seed}-${fewest}.txt`, note: `% optimum ${fewest} moves (proven by breadth-first search)` };
  },
};
