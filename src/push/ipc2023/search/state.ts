/**
 * The IPC 2023 planner's state in typed arrays, changed and restored in place: the board's
 * cards, its two 32-bit Zobrist hashes (the transposition table's key, with the robot and the
 * partial-order context: docs/design/ipc-planner.md, "Algorithm") and the line masks of the
 * south-east bounds, all brought up to date by a push in O(N). Nothing is allocated per push.
 *
 * Coordinates as src/push/ipc2023/task.ts: 0-based, x from the west, y from the north; tiles at
 * y*N + x, opening bits n 1, s 2, e 4, w 8. A push of line `line` towards d (0 n, 1 s, 2 e,
 * 3 w) moves column x = line (n, s) or row y = line (e, w) one field with wraparound.
 */
import type { IpcTask } from "../task.js";
import { lineMasks, updateLineMasks } from "./rotations.js";

/** The board and its hashes; the planner's node bounds (node-bound.ts) extend it, and its search (planner.ts) those. */
export class PlanState {
  readonly n: number;
  readonly tiles: Uint8Array;
  /** the corner's field, N*N - 1 */
  readonly corner: number;
  /** lineFields[(line*4 + d)*n + i]: the i-th field of the line along its motion */
  readonly lineFields: Int32Array;
  /** Zobrist keys: per field and card, per robot field, per field before the last step (+1), per phase orientation flags */
  readonly z1: Int32Array;
  readonly z2: Int32Array;
  readonly robot1: Int32Array;
  readonly robot2: Int32Array;
  readonly prev1: Int32Array;
  readonly prev2: Int32Array;
  readonly flags1 = new Int32Array(4);
  readonly flags2 = new Int32Array(4);
  /** per last push (line * 4 + d): part of the table's key, as the skips of Lemmas I and O depend on it */
  readonly last1: Int32Array;
  readonly last2: Int32Array;
  /** the board's hashes (cards only) */
  bh1 = 0;
  bh2 = 0;
  /** lineMasks (rotations.ts) of the tiles, kept up to date by push() for Lemmas J, K, R and F (undefined when not asked for or N > 32) */
  readonly masks: Int32Array | undefined;

  /**
   * @param task the task (its tiles are copied)
   * @param keepMasks keep the line masks (only for N <= 32)
   */
  constructor(task: IpcTask, keepMasks: boolean) {
    const n = task.size;
    this.n = n;
    this.tiles = Uint8Array.from(task.tiles);
    this.corner = n * n - 1;
    this.lineFields = new Int32Array(4 * n * n);
    for (let line = 0; line < n; line++) {
      for (let i = 0; i < n; i++) {
        const base = line * 4 * n;
        this.lineFields[base + 0 * n + i] = (n - 1 - i) * n + line; // north: column x = line, y falls
        this.lineFields[base + 1 * n + i] = i * n + line; // south
        this.lineFields[base + 2 * n + i] = line * n + i; // east: row y = line, x grows
        this.lineFields[base + 3 * n + i] = line * n + (n - 1 - i); // west
      }
    }
    let seed = 0x9e3779b9 ^ (n * 7919);
    const rand = (): number => {
      // xorshift32
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      return seed | 0;
    };
    const fill = (a: Int32Array): Int32Array => {
      for (let i = 0; i < a.length; i++) a[i] = rand();
      return a;
    };
    this.z1 = fill(new Int32Array(n * n * 16));
    this.z2 = fill(new Int32Array(n * n * 16));
    this.robot1 = fill(new Int32Array(n * n));
    this.robot2 = fill(new Int32Array(n * n));
    this.prev1 = fill(new Int32Array(n * n + 1));
    this.prev2 = fill(new Int32Array(n * n + 1));
    fill(this.flags1);
    fill(this.flags2);
    this.last1 = fill(new Int32Array(4 * n));
    this.last2 = fill(new Int32Array(4 * n));
    for (let f = 0; f < n * n; f++) {
      this.bh1 ^= this.z1[f * 16 + this.tiles[f]];
      this.bh2 ^= this.z2[f * 16 + this.tiles[f]];
    }
    if (keepMasks && n <= 32) {
      this.masks = new Int32Array(10 * n);
      lineMasks(this.tiles, n, this.masks);
    }
  }

  /** Manhattan distance from field `robot` (y*N + x) to the corner. */
  manhattan(robot: number): number {
    const x = robot % this.n;
    return 2 * (this.n - 1) - x - (robot - x) / this.n;
  }

  /** Rotates line `line` one field towards direction d (0 n, 1 s, 2 e, 3 w), updating the hash and the line masks. */
  push(line: number, d: number): void {
    const n = this.n;
    const t = this.tiles;
    const base = (line * 4 + d) * n;
    const lf = this.lineFields;
    const lastField = lf[base + n - 1];
    const carried = t[lastField];
    let h1 = this.bh1;
    let h2 = this.bh2;
    for (let i = n - 1; i > 0; i--) {
      const f = lf[base + i];
      const old = t[f];
      const now = t[lf[base + i - 1]];
      h1 ^= this.z1[f * 16 + old] ^ this.z1[f * 16 + now];
      h2 ^= this.z2[f * 16 + old] ^ this.z2[f * 16 + now];
      t[f] = now;
    }
    const f0 = lf[base];
    h1 ^= this.z1[f0 * 16 + t[f0]] ^ this.z1[f0 * 16 + carried];
    h2 ^= this.z2[f0 * 16 + t[f0]] ^ this.z2[f0 * 16 + carried];
    t[f0] = carried;
    this.bh1 = h1;
    this.bh2 = h2;
    if (this.masks) updateLineMasks(t, n, this.masks, line, d >= 2);
  }
}
