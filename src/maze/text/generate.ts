/**
 * labgen maze's part: perfect mazes (spanning trees of the grid) by the algorithm asked,
 * optionally braided, with S in the top-left cell and E in the bottom-right (as in the
 * teaching lab), written by chunks in the text format (core/maze-text.ts).
 */
import { prng } from "../../core/random.js";
import { streamTextMaze, type TextMaze } from "../../core/maze-text.js";
import type { MazeGenerator, MazeRequest } from "../../core/plugin.js";
import { SPANNING } from "./generate/algorithms.js";
import { braid } from "./generate/braid.js";

/** The largest maze labgen makes, in cells (2^31 would overflow the cell indices). */
export const MAX_CELLS = 2e9;

/**
 * One maze's cells: a spanning tree by `algorithm` from the random source, braided by `p`.
 * @throws Error for an unknown algorithm
 */
export function generateMaze(rows: number, cols: number, algorithm: string, rnd: () => number, p = 0): TextMaze {
  const alg = SPANNING.find((a) => a.name === algorithm);
  if (!alg) throw new Error(`--algorithm ${algorithm}: expected one of ${SPANNING.map((a) => a.name).join(", ")}`);
  const open = new Uint8Array(rows * cols);
  alg.carve(rows, cols, open, rnd);
  if (p > 0) braid(rows, cols, open, p, rnd);
  return { rows, cols, open, start: 0, startMark: "S", exit: rows * cols - 1, minotaur: -1 };
}

export const generator: MazeGenerator = {
  algorithms: SPANNING.map(({ name, uniform, bias }) => ({ name, uniform, bias })),
  generate(request: MazeRequest, write: (chunk: Uint8Array) => void, starting?: (k: number) => void): void {
    const { rows, cols } = request;
    if (!Number.isInteger(rows) || !Number.isInteger(cols) || rows < 1 || cols < 1 || rows * cols < 2) throw new Error("ROWS and COLS: a maze has at least 2 cells (S and E)");
    if (rows * cols > MAX_CELLS) throw new Error(`ROWS x COLS: at most ${MAX_CELLS} cells`);
    const p = request.braid ?? 0;
    if (!(p >= 0 && p <= 1)) throw new Error("--braid P: expected a fraction from 0 to 1");
    const rnd = prng(request.seed);
    const blank = Uint8Array.of(10);
    for (let k = 0; k < (request.count ?? 1); k++) {
      starting?.(k);
      streamTextMaze(generateMaze(rows, cols, request.algorithm, rnd, p), write);
      write(blank);
    }
  },
};
