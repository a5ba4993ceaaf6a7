/** A binary min-heap of cells keyed by a float (typed arrays, grows by doubling; no object per entry). */
export class CellHeap {
  private keys: Float64Array;
  private cells: Int32Array;
  size = 0;

  constructor(capacity = 1024) {
    this.keys = new Float64Array(capacity);
    this.cells = new Int32Array(capacity);
  }

  push(cell: number, key: number): void {
    if (this.size === this.keys.length) {
      const k = new Float64Array(this.size * 2);
      k.set(this.keys);
      this.keys = k;
      const c = new Int32Array(this.size * 2);
      c.set(this.cells);
      this.cells = c;
    }
    const keys = this.keys;
    const cells = this.cells;
    let i = this.size++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (keys[parent] <= key) break;
      keys[i] = keys[parent];
      cells[i] = cells[parent];
      i = parent;
    }
    keys[i] = key;
    cells[i] = cell;
  }

  /** The key of the top entry (call before pop). */
  topKey(): number {
    return this.keys[0];
  }

  /** Removes and returns the cell with the least key; -1 when empty. */
  pop(): number {
    if (this.size === 0) return -1;
    const keys = this.keys;
    const cells = this.cells;
    const top = cells[0];
    const n = --this.size;
    const key = keys[n];
    const cell = cells[n];
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= n) break;
      if (child + 1 < n && keys[child + 1] < keys[child]) child++;
      if (keys[child] >= key) break;
      keys[i] = keys[child];
      cells[i] = cells[child];
      i = child;
    }
    keys[i] = key;
    cells[i] = cell;
    return top;
  }
}
