/**
 * The generators that walk: Aldous-Broder and Wilson (random walks, uniform over all
 * spanning trees) and the recursive backtracker (randomised depth-first search), on a
 * framed grid (./padded.ts): a step is a table lookup and one load, the frame rejects a
 * step off the grid, and nothing else branches per step. Each writes the opening bits
 * (core/grid.ts OPEN) of an R x C grid into `open` (cells 0-based r*C + c).
 *
 * The random walks take their directions two bits at a time from 32-bit draws of `rnd`
 * (16 directions a draw); a direction off the grid is drawn again, so each step goes to a
 * neighbour chosen uniformly (the walk of Aldous 1990, Broder 1989, Wilson 1996).
 */
import { BACK, BIT, FRAME, IN, framed, framedGrid, framedOffsets, unframe } from "./padded.js";

type Random = () => number;

/** Aldous-Broder: a random walk that carves into every cell the first time it enters it. Uniform. */
export function aldousBroder(rows: number, cols: number, open: Uint8Array, rnd: Random): void {
  const n = rows * cols;
  const g = framedGrid(rows, cols);
  const off = framedOffsets(cols);
  let p = framed(cols, Math.floor(rnd() * n));
  g[p] = IN;
  let left = n - 1;
  let bits = 0;
  let have = 0;
  while (left > 0) {
    if (have === 0) {
      bits = (rnd() * 4294967296) | 0; // int32: the same 32 bits, kept out of doubles
      have = 16;
    }
    const d = bits & 3;
    bits >>= 2;
    have--;
    const to = p + off[d];
    const v = g[to];
    if (v === 0) {
      g[p] |= BIT[d];
      g[to] = BACK[d];
      left--;
    } else if (v & FRAME) continue;
    p = to;
  }
  unframe(rows, cols, g, open);
}

/**
 * Wilson: loop-erased random walks from each cell not yet in the tree (row-major) until they
 * hit it. Uniform. A walked cell keeps the direction the walk last left it by in bits 5-6 of
 * its own byte (loop erasure by overwriting): one array for the tree, the walk and the frame.
 */
export function wilson(rows: number, cols: number, open: Uint8Array, rnd: Random): void {
  const n = rows * cols;
  const w = cols + 2;
  const g = framedGrid(rows, cols); // low 5 bits 0: not in the tree
  const off = framedOffsets(cols);
  g[framed(cols, Math.floor(rnd() * n))] = IN;
  let bits = 0;
  let have = 0;
  for (let r = 1; r <= rows; r++) {
    const end = r * w + cols;
    for (let s = r * w + 1; s <= end; s++) {
      if ((g[s] & TREE) !== 0) continue;
      let p = s;
      for (;;) {
        if (have === 0) {
          bits = (rnd() * 4294967296) | 0; // int32: the same 32 bits, kept out of doubles
          have = 16;
        }
        const d = bits & 3;
        bits >>= 2;
        have--;
        const to = p + off[d];
        const v = g[to];
        if (v & FRAME) continue;
        g[p] = d << 5; // p is not in the tree: no other bit to keep
        p = to;
        if ((v & TREE) !== 0) break;
      }
      // the loop-erased walk joins the tree
      p = s;
      for (;;) {
        const here = g[p];
        const d = here >> 5;
        const to = p + off[d];
        const v = g[to];
        g[p] = (here & 15) | BIT[d];
        g[to] = v | BACK[d]; // keeps its walk direction (bits 5-6) for the next turn
        if ((v & TREE) !== 0) break;
        p = to;
      }
    }
  }
  unframe(rows, cols, g, open);
}

/** The bits that say a cell is in the tree (its passages, or IN). */
const TREE = 31;

/** Per mask of free neighbours (bit d, lab order) and index i below its size: the i-th free direction. */
const PICK: Readonly<Uint8Array> = (() => {
  const t = new Uint8Array(64);
  for (let m = 0; m < 16; m++) {
    let k = 0;
    for (let d = 0; d < 4; d++) if (m & (1 << d)) t[m * 4 + k++] = d;
  }
  return t;
})();
/** The number of free neighbours per mask. */
const COUNT: Readonly<Uint8Array> = Uint8Array.from({ length: 16 }, (_, m) => (m & 1) + ((m >> 1) & 1) + ((m >> 2) & 1) + ((m >> 3) & 1));

/**
 * The recursive backtracker (randomised depth-first search), with an explicit stack. Long
 * corridors, few dead ends. Its choices come from an inline xorshift32 (Marsaglia 2003)
 * seeded by one draw of `rnd`: a free neighbour is picked at almost every step, and a call
 * of `rnd` there cost a fifth of the time.
 */
export function backtracker(rows: number, cols: number, open: Uint8Array, rnd: Random): void {
  const n = rows * cols;
  const w = cols + 2;
  const g = framedGrid(rows, cols); // 0: not visited
  const off = framedOffsets(cols);
  const stack = new Int32Array(n);
  let top = 0;
  stack[0] = framed(cols, Math.floor(rnd() * n));
  g[stack[0]] = IN;
  let x = (rnd() * 4294967296) | 0 || 1; // xorshift32's state is never 0
  while (top >= 0) {
    const p = stack[top];
    // bit d set when that neighbour is not visited: (byte - 1) >>> 31 is 1 for 0, else 0 (no branch)
    const free = ((g[p - w] - 1) >>> 31) | (((g[p + 1] - 1) >>> 31) << 1) | (((g[p + w] - 1) >>> 31) << 2) | (((g[p - 1] - 1) >>> 31) << 3);
    if (free === 0) {
      top--;
      continue;
    }
    const k = COUNT[free];
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    const d = PICK[free * 4 + ((((x >>> 0) * k) / 4294967296) | 0)];
    const to = p + off[d];
    g[p] |= BIT[d];
    g[to] = BACK[d];
    // with its last free neighbour taken, p would only be popped on the way back: replace it
    if (k === 1) stack[top] = to;
    else stack[++top] = to;
  }
  unframe(rows, cols, g, open);
}
