/**
 * Small random instances for tests and benchmarks. Deterministic in the seed.
 * Coordinates in the facts are 1-based, rows from the south (the spec's convention).
 */
import type { Generator } from "../../core/plugin.js";
import { prng } from "../../core/random.js";
import { DELTA, DIRECTIONS, OPEN, OPPOSITE } from "../../core/grid.js";
import type { InstanceData } from "./instance.js";

/** maze: tiles of a random spanning tree, shuffled, with a few extra openings; random: each opening with probability 1/2. */
export type Style = "maze" | "random";
export const STYLES: readonly Style[] = ["maze", "random"];

/**
 * Makes an NxN instance.
 * @param size N >= 1
 * @param maxSteps the horizon, >= 0
 * @param seed any integer; the same arguments give the same instance
 * @param style maze or random
 */
export function generate(size: number, maxSteps: number, seed: number, style: Style): InstanceData {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`size must be a positive integer, got ${size}`);
  const rand = prng(seed);
  const pick = (k: number): number => Math.floor(rand() * k);
  const cells = size * size;
  let tiles = new Uint8Array(cells);
  if (style === "random") {
    for (let i = 0; i < cells; i++) tiles[i] = pick(16);
  } else {
    // randomised depth-first spanning tree of the grid
    const seen = new Uint8Array(cells);
    const stack = [pick(cells)];
    seen[stack[0]] = 1;
    while (stack.length > 0) {
      const here = stack[stack.length - 1];
      const r = Math.floor(here / size);
      const c = here % size;
      const options = DIRECTIONS.filter((d) => {
        const [dr, dc] = DELTA[d];
        const rr = r + dr;
        const cc = c + dc;
        return rr >= 0 && rr < size && cc >= 0 && cc < size && !seen[rr * size + cc];
      });
      if (options.length === 0) {
        stack.pop();
        continue;
      }
      const d = options[pick(options.length)];
      const next = (r + DELTA[d][0]) * size + (c + DELTA[d][1]);
      tiles[here] |= OPEN[d];
      tiles[next] |= OPEN[OPPOSITE[d]];
      seen[next] = 1;
      stack.push(next);
    }
    // shuffle the tiles over the board
    const shuffled = Uint8Array.from(tiles);
    for (let i = cells - 1; i > 0; i--) {
      const j = pick(i + 1);
      [shuffled[i], shuffled[j]] = [shuffled[j], shuffled[i]];
    }
    tiles = shuffled;
    for (let k = Math.max(1, Math.floor(size / 2)); k > 0; k--) tiles[pick(cells)] |= 1 << pick(4);
  }
  const field = (i: number) => ({ row: Math.floor(i / size) + 1, col: (i % size) + 1 });
  const init = pick(cells);
  let goal = pick(cells);
  if (goal === init && cells > 1 && rand() < 0.9) goal = (init + 1 + pick(cells - 1)) % cells;
  return { size, maxSteps, tiles, init: field(init), goal: field(goal) };
}

/** The instance as competition facts, one per line as in the competition's files. */
export function toFacts(g: InstanceData): string {
  const lines: string[] = [];
  for (let row = 1; row <= g.size; row++) for (let col = 1; col <= g.size; col++) lines.push(`field(${row},${col}).`);
  lines.push(`init_on(${g.init.row},${g.init.col}).`, `goal_on(${g.goal.row},${g.goal.col}).`);
  for (let row = 1; row <= g.size; row++) {
    for (let col = 1; col <= g.size; col++) {
      const t = g.tiles[(row - 1) * g.size + (col - 1)];
      for (const d of DIRECTIONS) if (t & OPEN[d]) lines.push(`connect(${row},${col},${d}).`);
    }
  }
  lines.push(`max_steps(${g.maxSteps}).`);
  return `${lines.join("\n")}\n`;
}

/**
 * Competition file name `XXXX-labyrinth-MAXINT-0.asp`. MAXINT follows the competition's
 * own files, which all have MAXINT = N + 1 with max_steps = N: one more than the largest
 * integer of the facts.
 */
export function competitionFileName(number: number, g: InstanceData): string {
  return `${String(number).padStart(4, "0")}-labyrinth-${Math.max(g.size, g.maxSteps) + 1}-0.asp`;
}

/** The largest board the facts reader takes (coordinates up to 1024: src/core/fact-args.ts). */
const MAX_BOARD = 1024;
/** The largest board labsolve's search takes (search/board/layout.ts MAX_SIZE). */
const MAX_SOLVED = 128;

/**
 * labgen's part for the competition: N MAX_STEPS, `--style`, and the competition's file
 * name for `-o`. Refuses N past what the facts reader takes; past what labsolve solves, a note.
 */
export const generator: Generator = {
  styles: STYLES,
  generate(request) {
    const n = request.n;
    if (n > MAX_BOARD) throw new Error(`N ${n}: facts name fields up to ${MAX_BOARD} (labsolve solves boards up to ${MAX_SOLVED}x${MAX_SOLVED}, labcheck reads up to ${MAX_BOARD}x${MAX_BOARD})`);
    if (n < 1) throw new Error("N must be at least 1");
    if (request.maxSteps === undefined) throw new Error("missing argument max_steps");
    if (request.style !== undefined && !(STYLES as readonly string[]).includes(request.style)) throw new Error(`--style ${request.style}: expected one of ${STYLES.join(", ")}`);
    const g = generate(n, request.maxSteps, request.seed, (request.style ?? "maze") as Style);
    const note = n > MAX_SOLVED ? `labgen: note: labsolve solves boards up to ${MAX_SOLVED}x${MAX_SOLVED}; labcheck and labshow read this ${n}x${n} one` : undefined;
    return { text: toFacts(g), fileName: competitionFileName(request.seed, g), ...(note !== undefined ? { note } : {}) };
  },
};
