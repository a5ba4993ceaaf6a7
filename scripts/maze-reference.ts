/**
 * Plain typed-array JavaScript maze code, as a textbook writes it (one random draw per
 * decision, neighbours found by bounds checks each time): the bench's same-run reference
 * for the yardstick (scripts/bench-maze.ts). Not used by the project.
 */
type Rnd = () => number;

function neighbours(rows: number, cols: number, cell: number, out: Int32Array): number {
  const r = Math.floor(cell / cols);
  const c = cell % cols;
  let k = 0;
  if (r > 0) out[k++] = cell - cols;
  if (c < cols - 1) out[k++] = cell + 1;
  if (r < rows - 1) out[k++] = cell + cols;
  if (c > 0) out[k++] = cell - 1;
  return k;
}

function link(open: Uint8Array, cols: number, a: number, b: number): void {
  if (b === a - cols) { open[a] |= 1; open[b] |= 2; }
  else if (b === a + cols) { open[a] |= 2; open[b] |= 1; }
  else if (b === a + 1) { open[a] |= 4; open[b] |= 8; }
  else { open[a] |= 8; open[b] |= 4; }
}

export function refBacktracker(rows: number, cols: number, rnd: Rnd): Uint8Array {
  const n = rows * cols;
  const open = new Uint8Array(n);
  const seen = new Uint8Array(n);
  const stack = new Int32Array(n);
  const nb = new Int32Array(4);
  const free = new Int32Array(4);
  let top = 0;
  stack[0] = 0;
  seen[0] = 1;
  while (top >= 0) {
    const cell = stack[top];
    const k = neighbours(rows, cols, cell, nb);
    let f = 0;
    for (let i = 0; i < k; i++) if (!seen[nb[i]]) free[f++] = nb[i];
    if (f === 0) { top--; continue; }
    const to = free[Math.floor(rnd() * f)];
    link(open, cols, cell, to);
    seen[to] = 1;
    stack[++top] = to;
  }
  return open;
}

export function refWilson(rows: number, cols: number, rnd: Rnd): Uint8Array {
  const n = rows * cols;
  const open = new Uint8Array(n);
  const inTree = new Uint8Array(n);
  const next = new Int32Array(n);
  const nb = new Int32Array(4);
  inTree[Math.floor(rnd() * n)] = 1;
  for (let s = 0; s < n; s++) {
    let cell = s;
    while (!inTree[cell]) {
      const k = neighbours(rows, cols, cell, nb);
      next[cell] = nb[Math.floor(rnd() * k)];
      cell = next[cell];
    }
    cell = s;
    while (!inTree[cell]) {
      inTree[cell] = 1;
      link(open, cols, cell, next[cell]);
      cell = next[cell];
    }
  }
  return open;
}

export function refAldousBroder(rows: number, cols: number, rnd: Rnd): Uint8Array {
  const n = rows * cols;
  const open = new Uint8Array(n);
  const inTree = new Uint8Array(n);
  const nb = new Int32Array(4);
  let cell = Math.floor(rnd() * n);
  inTree[cell] = 1;
  let left = n - 1;
  while (left > 0) {
    const k = neighbours(rows, cols, cell, nb);
    const to = nb[Math.floor(rnd() * k)];
    if (!inTree[to]) { link(open, cols, cell, to); inTree[to] = 1; left--; }
    cell = to;
  }
  return open;
}

export function refKruskal(rows: number, cols: number, rnd: Rnd): Uint8Array {
  const n = rows * cols;
  const open = new Uint8Array(n);
  const a = new Int32Array(2 * n);
  const b = new Int32Array(2 * n);
  let m = 0;
  for (let cell = 0; cell < n; cell++) {
    if (cell % cols < cols - 1) { a[m] = cell; b[m++] = cell + 1; }
    if (cell + cols < n) { a[m] = cell; b[m++] = cell + cols; }
  }
  const order = new Int32Array(m);
  for (let i = 0; i < m; i++) order[i] = i;
  for (let i = m - 1; i > 0; i--) { const j = Math.floor(rnd() * (i + 1)); const t = order[i]; order[i] = order[j]; order[j] = t; }
  const up = new Int32Array(n);
  for (let i = 0; i < n; i++) up[i] = i;
  const find = (x: number): number => { while (up[x] !== x) { up[x] = up[up[x]]; x = up[x]; } return x; };
  for (let i = 0; i < m; i++) {
    const e = order[i];
    const x = find(a[e]);
    const y = find(b[e]);
    if (x !== y) { up[x] = y; link(open, cols, a[e], b[e]); }
  }
  return open;
}

/** BFS from cell 0 to the last cell: the fewest moves, or -1. */
export function refBfs(rows: number, cols: number, open: Uint8Array): number {
  const n = rows * cols;
  const dist = new Int32Array(n).fill(-1);
  const q = new Int32Array(n);
  let h = 0;
  let t = 0;
  q[t++] = 0;
  dist[0] = 0;
  while (h < t) {
    const cell = q[h++];
    if (cell === n - 1) return dist[cell];
    const o = open[cell];
    const r = Math.floor(cell / cols);
    const c = cell % cols;
    if (o & 1 && r > 0 && dist[cell - cols] < 0) { dist[cell - cols] = dist[cell] + 1; q[t++] = cell - cols; }
    if (o & 4 && c < cols - 1 && dist[cell + 1] < 0) { dist[cell + 1] = dist[cell] + 1; q[t++] = cell + 1; }
    if (o & 2 && r < rows - 1 && dist[cell + cols] < 0) { dist[cell + cols] = dist[cell] + 1; q[t++] = cell + cols; }
    if (o & 8 && c > 0 && dist[cell - 1] < 0) { dist[cell - 1] = dist[cell] + 1; q[t++] = cell - 1; }
  }
  return -1;
}
