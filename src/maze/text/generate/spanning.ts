/**
 * Perfect-maze generators (spanning trees of the R x C grid) on typed arrays: each writes
 * the opening bits (core/grid.ts OPEN) into `open` (all walls at the start), driven by a
 * seeded random source `rnd` (floats in [0, 1)). Cells 0-based r*C + c; directions in the
 * lab's order (core/maze-grid.ts).
 *
 * Sources: Jamis Buck, "Mazes for Programmers" (2015) and his blog's algorithm series;
 * Wilson (1996), "Generating random spanning trees more quickly than the cover time";
 * Aldous (1990) and Broder (1989) for the random-walk algorithm.
 */
import { carve } from "../../../core/maze-grid.js";

export type Random = () => number;

/** A random integer in [0, k). */
function below(rnd: Random, k: number): number {
  return Math.floor(rnd() * k);
}

/** The neighbour of `cell` in direction d, or -1 off the grid. */
function neighbour(rows: number, cols: number, cell: number, d: number): number {
  const r = (cell / cols) | 0;
  const c = cell - r * cols;
  if (d === 0) return r > 0 ? cell - cols : -1;
  if (d === 1) return c < cols - 1 ? cell + 1 : -1;
  if (d === 2) return r < rows - 1 ? cell + cols : -1;
  return c > 0 ? cell - 1 : -1;
}

/**
 * Hunt-and-kill: random walks to unvisited cells; when stuck, hunt row by row for the first
 * unvisited cell beside the maze. Every cell before the first unvisited one (row-major) is
 * visited, so that cell has a visited neighbour north or west: the hunt is its scan pointer.
 */
export function huntAndKill(rows: number, cols: number, open: Uint8Array, rnd: Random): void {
  const n = rows * cols;
  const seen = new Uint8Array(n);
  const options = new Uint8Array(4);
  const off = Int32Array.of(-cols, 1, cols, -1);
  let cell = 0; // the walk starts top-left, so the first unvisited cell always has a visited neighbour
  seen[cell] = 1;
  let scanFrom = 0;
  for (;;) {
    const r = (cell / cols) | 0;
    const c = cell - r * cols;
    let k = 0;
    if (r > 0 && seen[cell - cols] === 0) options[k++] = 0;
    if (c < cols - 1 && seen[cell + 1] === 0) options[k++] = 1;
    if (r < rows - 1 && seen[cell + cols] === 0) options[k++] = 2;
    if (c > 0 && seen[cell - 1] === 0) options[k++] = 3;
    if (k > 0) {
      const d = k === 1 ? options[0] : options[(rnd() * k) | 0];
      carve(open, cols, cell, d);
      cell += off[d];
      seen[cell] = 1;
      continue;
    }
    // hunt: the first unvisited cell, joined to a random visited neighbour
    while (scanFrom < n && seen[scanFrom]) scanFrom++;
    if (scanFrom === n) return;
    const i = scanFrom;
    const ir = (i / cols) | 0;
    const ic = i - ir * cols;
    let kk = 0;
    if (ir > 0 && seen[i - cols]) options[kk++] = 0;
    if (ic < cols - 1 && seen[i + 1]) options[kk++] = 1;
    if (ir < rows - 1 && seen[i + cols]) options[kk++] = 2;
    if (ic > 0 && seen[i - 1]) options[kk++] = 3;
    carve(open, cols, i, options[below(rnd, kk)]);
    seen[i] = 1;
    cell = i;
  }
}

/**
 * Kruskal: walls in random order, each removed when it joins two trees (union-find). The
 * order is a Fisher-Yates shuffle driven by an inline xorshift32 (Marsaglia 2003) seeded by
 * one draw of `rnd`: a call of `rnd` per wall was most of the time.
 */
export function kruskal(rows: number, cols: number, open: Uint8Array, rnd: Random): void {
  const n = rows * cols;
  // edge e: cell = e >> 1, (e & 1) ? south : east
  const edges = new Int32Array(2 * n);
  let m = 0;
  for (let r = 0, cell = 0; r < rows; r++) {
    const south = r < rows - 1 ? 1 : 0;
    for (let c = 0; c < cols; c++, cell++) {
      if (c < cols - 1) edges[m++] = cell << 1;
      edges[m] = (cell << 1) | 1;
      m += south;
    }
  }
  let x = (rnd() * 4294967296) | 0 || 1; // xorshift32's state is never 0
  for (let i = m - 1; i > 0; i--) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    const j = ((x >>> 0) * (i + 1)) / 4294967296 | 0;
    const t = edges[i];
    edges[i] = edges[j];
    edges[j] = t;
  }
  // Rem's union-find with splicing (Patwary, Blair and Manne 2010): a parent's index is never
  // below its child's; both paths climb together and are spliced on the way
  const up = new Int32Array(n);
  for (let i = 0; i < n; i++) up[i] = i;
  let joined = 0;
  for (let i = 0; i < m && joined < n - 1; i++) {
    const e = edges[i];
    const a0 = e >> 1;
    const b0 = e & 1 ? a0 + cols : a0 + 1;
    let x = a0;
    let y = b0;
    let merged = false;
    while (up[x] !== up[y]) {
      if (up[x] < up[y]) {
        if (x === up[x]) {
          up[x] = up[y];
          merged = true;
          break;
        }
        const z = up[x];
        up[x] = up[y];
        x = z;
      } else {
        if (y === up[y]) {
          up[y] = up[x];
          merged = true;
          break;
        }
        const z = up[y];
        up[y] = up[x];
        y = z;
      }
    }
    if (!merged) continue;
    joined++;
    carve(open, cols, a0, e & 1 ? 2 : 1);
  }
}

/** Prim (the simplified, "true random frontier cell" variant): a random frontier cell joins a random neighbour in the maze. */
export function prim(rows: number, cols: number, open: Uint8Array, rnd: Random): void {
  const n = rows * cols;
  const state = new Uint8Array(n); // 0 out, 1 frontier, 2 in
  const frontier = new Int32Array(n);
  let size = 0;
  const options = new Uint8Array(4);
  const add = (cell: number): void => {
    state[cell] = 2;
    for (let d = 0; d < 4; d++) {
      const to = neighbour(rows, cols, cell, d);
      if (to >= 0 && state[to] === 0) {
        state[to] = 1;
        frontier[size++] = to;
      }
    }
  };
  add(below(rnd, n));
  while (size > 0) {
    const i = below(rnd, size);
    const cell = frontier[i];
    frontier[i] = frontier[--size];
    let k = 0;
    for (let d = 0; d < 4; d++) {
      const to = neighbour(rows, cols, cell, d);
      if (to >= 0 && state[to] === 2) options[k++] = d;
    }
    carve(open, cols, cell, options[below(rnd, k)]);
    add(cell);
  }
}

/** Growing tree: a list of active cells; takes the newest half the time and a random one otherwise (Buck's mix). */
export function growingTree(rows: number, cols: number, open: Uint8Array, rnd: Random): void {
  const n = rows * cols;
  const seen = new Uint8Array(n);
  const active = new Int32Array(n);
  const options = new Uint8Array(4);
  let size = 0;
  active[size++] = below(rnd, n);
  seen[active[0]] = 1;
  while (size > 0) {
    const i = rnd() < 0.5 ? size - 1 : below(rnd, size);
    const cell = active[i];
    let k = 0;
    for (let d = 0; d < 4; d++) {
      const to = neighbour(rows, cols, cell, d);
      if (to >= 0 && !seen[to]) options[k++] = d;
    }
    if (k === 0) {
      active[i] = active[--size];
      continue;
    }
    const d = options[below(rnd, k)];
    const to = neighbour(rows, cols, cell, d);
    carve(open, cols, cell, d);
    seen[to] = 1;
    active[size++] = to;
  }
}

/** Binary tree: each cell opens north or east at random (north row: east; east column: north). Diagonal bias toward the north-east corner. */
export function binaryTree(rows: number, cols: number, open: Uint8Array, rnd: Random): void {
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const cell = r * cols + c;
      const canN = r > 0;
      const canE = c < cols - 1;
      if (canN && canE) carve(open, cols, cell, rnd() < 0.5 ? 0 : 1);
      else if (canN) carve(open, cols, cell, 0);
      else if (canE) carve(open, cols, cell, 1);
    }
  }
}

/** Sidewinder: row by row, runs of cells joined east; each run ends by opening north from one of its cells. The top row is one corridor. */
export function sidewinder(rows: number, cols: number, open: Uint8Array, rnd: Random): void {
  for (let r = 0; r < rows; r++) {
    let runStart = 0;
    for (let c = 0; c < cols; c++) {
      const cell = r * cols + c;
      const closeRun = c === cols - 1 || (r > 0 && rnd() < 0.5);
      if (closeRun) {
        if (r > 0) {
          const pick = runStart + below(rnd, c - runStart + 1);
          carve(open, cols, r * cols + pick, 0);
        }
        runStart = c + 1;
      } else carve(open, cols, cell, 1);
    }
  }
}

/** Eller: row by row with sets (union-find per row); random joins within a row, at least one way down per set, the last row joins every set. */
export function eller(rows: number, cols: number, open: Uint8Array, rnd: Random): void {
  let set = new Int32Array(cols);
  let nextSet = new Int32Array(cols);
  for (let c = 0; c < cols; c++) set[c] = c;
  const up = new Int32Array(cols);
  const root = new Int32Array(cols);
  const count = new Int32Array(cols + 1);
  const members = new Int32Array(cols);
  const slot = new Int32Array(cols);
  const down = new Uint8Array(cols);
  const find = (x: number): number => {
    while (up[x] !== x) x = up[x] = up[up[x]];
    return x;
  };
  for (let r = 0; r < rows; r++) {
    const last = r === rows - 1;
    for (let i = 0; i < cols; i++) up[i] = i;
    for (let c = 0; c < cols - 1; c++) {
      const a = find(set[c]);
      const b = find(set[c + 1]);
      if (a === b) continue;
      if (last || rnd() < 0.5) {
        carve(open, cols, r * cols + c, 1);
        up[a] = b;
      }
    }
    if (last) break;
    count.fill(0);
    for (let c = 0; c < cols; c++) {
      root[c] = find(set[c]);
      count[root[c] + 1]++;
    }
    for (let i = 0; i < cols; i++) count[i + 1] += count[i];
    for (let c = 0; c < cols; c++) members[count[root[c]]++] = c; // count[x] now ends bucket x
    down.fill(0);
    let begin = 0;
    for (let x = 0; x < cols; x++) {
      const end = count[x];
      if (end > begin) {
        const forced = members[begin + below(rnd, end - begin)];
        for (let m = begin; m < end; m++) {
          const j = members[m];
          if (j === forced || rnd() < 0.5) {
            carve(open, cols, r * cols + j, 2);
            down[j] = 1;
          }
        }
      }
      begin = end;
    }
    slot.fill(-1);
    let fresh = 0;
    for (let c = 0; c < cols; c++) {
      if (down[c]) {
        if (slot[root[c]] < 0) slot[root[c]] = fresh++;
        nextSet[c] = slot[root[c]];
      } else nextSet[c] = fresh++;
    }
    const t = set;
    set = nextSet;
    nextSet = t;
  }
}

/** Recursive division: starts open, divides each chamber with a wall that has one gap (explicit stack). */
export function recursiveDivision(rows: number, cols: number, open: Uint8Array, rnd: Random): void {
  const n = rows * cols;
  // start with every inner passage open
  for (let cell = 0; cell < n; cell++) {
    const r = (cell / cols) | 0;
    const c = cell - r * cols;
    let o = 0;
    if (r > 0) o |= 1;
    if (r < rows - 1) o |= 2;
    if (c < cols - 1) o |= 4;
    if (c > 0) o |= 8;
    open[cell] |= o;
  }
  const stack: number[] = [0, 0, rows, cols];
  while (stack.length > 0) {
    const w = stack.pop()!;
    const h = stack.pop()!;
    const c0 = stack.pop()!;
    const r0 = stack.pop()!;
    if (w < 2 && h < 2) continue;
    const horizontal = h > w ? true : w > h ? false : rnd() < 0.5;
    if (horizontal) {
      if (h < 2) continue;
      const wr = r0 + below(rnd, h - 1); // wall below row wr
      const gap = c0 + below(rnd, w);
      for (let c = c0; c < c0 + w; c++) {
        if (c === gap) continue;
        open[wr * cols + c] &= ~2;
        open[(wr + 1) * cols + c] &= ~1;
      }
      stack.push(r0, c0, wr - r0 + 1, w, wr + 1, c0, r0 + h - wr - 1, w);
    } else {
      if (w < 2) continue;
      const wc = c0 + below(rnd, w - 1); // wall east of column wc
      const gap = r0 + below(rnd, h);
      for (let r = r0; r < r0 + h; r++) {
        if (r === gap) continue;
        open[r * cols + wc] &= ~4;
        open[r * cols + wc + 1] &= ~8;
      }
      stack.push(r0, c0, h, wc - c0 + 1, r0, wc + 1, h, c0 + w - wc - 1);
    }
  }
}
