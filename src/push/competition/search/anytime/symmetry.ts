/**
 * The board's symmetries (flips and transposition): an instance seen in a mirror is the
 * same puzzle, with every push mirrored too. The beam search (src/push/competition/search/anytime/beam.ts) breaks
 * ties by move order, so a mirrored instance gives it another search: a cheap source of
 * different solutions for the anytime upper bound (src/push/competition/search/run/run.ts).
 */
import { Board, type Push } from "../../board.js";
import { OPEN, type Direction, type Field } from "../../../../core/grid.js";
import type { Instance } from "../../instance.js";
import { solveBeamSteps } from "./beam.js";
import { runToEnd, type Yielding } from "./yielding.js";
import { solutionPrefix } from "./improve.js";

/** One of the 8 symmetries: flip rows, flip columns, then transpose (each optional). */
export interface Symmetry {
  flipRows: boolean;
  flipCols: boolean;
  transpose: boolean;
}

/** The 8 symmetries, the identity first. */
export const SYMMETRIES: readonly Symmetry[] = [0, 1, 2, 3, 4, 5, 6, 7].map((k) => ({ transpose: (k & 1) !== 0, flipRows: (k & 2) !== 0, flipCols: (k & 4) !== 0 }));

const DIR_ROWS: Record<Direction, Direction> = { n: "s", s: "n", e: "e", w: "w" };
const DIR_COLS: Record<Direction, Direction> = { n: "n", s: "s", e: "w", w: "e" };
const DIR_T: Record<Direction, Direction> = { n: "e", e: "n", s: "w", w: "s" };

function mapDir(s: Symmetry, d: Direction): Direction {
  if (s.flipRows) d = DIR_ROWS[d];
  if (s.flipCols) d = DIR_COLS[d];
  return s.transpose ? DIR_T[d] : d;
}

function mapField(s: Symmetry, n: number, f: Field): Field {
  const row = s.flipRows ? n + 1 - f.row : f.row;
  const col = s.flipCols ? n + 1 - f.col : f.col;
  return s.transpose ? { row: col, col: row } : { row, col };
}

/** The push `p` seen through the symmetry (1-based lines of an NxN board). */
export function mapPush(s: Symmetry, n: number, p: Push): Push {
  const rowPush = p.dir === "e" || p.dir === "w";
  // a row push names a row, which only the row flip renumbers; a column push, a column
  const line = rowPush ? (s.flipRows ? n + 1 - p.line : p.line) : s.flipCols ? n + 1 - p.line : p.line;
  return { line, dir: mapDir(s, p.dir) };
}

/** The instance seen through the symmetry. */
export function mapInstance(s: Symmetry, instance: Instance): Instance {
  const n = instance.size;
  const tiles = new Uint8Array(n * n);
  const dirs: Direction[] = ["n", "s", "e", "w"];
  for (let row = 1; row <= n; row++) {
    for (let col = 1; col <= n; col++) {
      const t = instance.board.tile({ row, col });
      let u = 0;
      for (const d of dirs) if (t & OPEN[d]) u |= OPEN[mapDir(s, d)];
      const to = mapField(s, n, { row, col });
      tiles[(to.row - 1) * n + (to.col - 1)] = u;
    }
  }
  return { ...instance, board: new Board(n, tiles), init: mapField(s, n, instance.init), goal: mapField(s, n, instance.goal) };
}

/** The pushes of the mirrored instance back in the original's terms (the inverse of mapPush). */
export function unmapPushes(s: Symmetry, n: number, pushes: readonly Push[]): Push[] {
  const back = new Map<string, Push>();
  for (let line = 1; line <= n; line++) {
    for (const dir of ["n", "s", "e", "w"] as const) {
      const m = mapPush(s, n, { line, dir });
      back.set(`${m.line}${m.dir}`, { line, dir });
    }
  }
  return pushes.map((p) => back.get(`${p.line}${p.dir}`) as Push);
}

/** One beam run of the anytime search: a width and the symmetry it sees the instance through (index into SYMMETRIES). */
export interface BeamRun {
  width: number;
  symmetry: number;
}

/**
 * Runs the beam (src/push/competition/search/anytime/beam.ts) on the instance seen through a symmetry and returns
 * its solution in the instance's own terms, or undefined when it found none (or was
 * stopped). The answer is re-checked by plain simulation (improve.ts solutionPrefix).
 * @param options maxSteps: the horizon; shouldStop: polled by the beam
 */
export function mirroredBeam(instance: Instance, run: BeamRun, options: { maxSteps: number; shouldStop?: () => boolean }): { solution: Push[] | undefined; nodes: number } {
  return runToEnd(mirroredBeamSteps(instance, run, options));
}

/** mirroredBeam as steps (src/push/competition/search/anytime/yielding.ts): it pauses wherever the beam polls. */
export function* mirroredBeamSteps(instance: Instance, run: BeamRun, options: { maxSteps: number; shouldStop?: () => boolean }): Yielding<{ solution: Push[] | undefined; nodes: number }> {
  const s = SYMMETRIES[run.symmetry % SYMMETRIES.length];
  const r = yield* solveBeamSteps(mapInstance(s, instance), { maxSteps: options.maxSteps, widths: [run.width], shouldStop: options.shouldStop });
  if (r.solution === undefined || r.solution.length === 0) return { solution: r.solution, nodes: r.nodes };
  const back = unmapPushes(s, instance.size, r.solution);
  return { solution: solutionPrefix(instance, back)?.length === back.length ? back : undefined, nodes: r.nodes };
}
