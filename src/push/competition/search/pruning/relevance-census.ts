/**
 * A measurement, not a rule: how much relevance deferral (docs/search.md, Lemma 10 and
 * "Relevance deferral: what a sound version must generate") could save at best. For
 * every child the depth-first search makes at a ply with three pushes left or more
 * (the far children of Lemma 8 too, written or not), it follows the far pushes of the
 * child's path (Lemma 10: line holding no field of R and not the goal, at plies with
 * four pushes left or more, the pushes a deferral would defer) with their changed
 * fields D carried along, and counts the children at which every such push has been
 * touched (R held or was beside a field of its D at some step so far). A sound deferral
 * must generate each of those as a real state of its own; the others it may share.
 *
 * Cuts nothing, changes nothing the search does; off unless SearchOptions.census.
 */
import { D_E, D_N, K_R } from "../layout.js";
import type { Plies } from "../plies.js";
import { besideMask } from "./deferral-groups.js";

export class RelevanceCensus {
  /** per ply: children counted (the states at that ply), index = the child's ply */
  total = new Float64Array(0);
  /** per ply: of those, the children whose far pushes were all touched */
  touched = new Float64Array(0);
  /** per ply: the pending (untouched) far pushes' D masks of the node there, N rows each */
  private masks = new Int32Array(0);
  /** per ply: how many masks the node there holds */
  private count = new Int32Array(0);
  private plies = 0;
  private readonly n: number;
  private readonly full: number;

  constructor(private readonly p: Plies) {
    this.n = p.n;
    this.full = this.n === 32 ? -1 : (1 << this.n) - 1;
  }

  /** Makes room for a depth of `depth` pushes and clears the counters of the depth. */
  start(depth: number): void {
    const h = depth + 1;
    if (h > this.plies) {
      this.plies = h;
      this.masks = new Int32Array(h * h * this.n);
      this.count = new Int32Array(h);
      const t = this.total;
      const u = this.touched;
      this.total = new Float64Array(h);
      this.touched = new Float64Array(h);
      this.total.set(t.subarray(0, Math.min(t.length, h)));
      this.touched.set(u.subarray(0, Math.min(u.length, h)));
    }
    this.total.fill(0);
    this.touched.fill(0);
    this.count[0] = 0;
  }

  /**
   * Counts the child of ply p by move m. `from` is ply p's state (written), `rAt` the
   * index of the child's R rows (its own, or ply p's when the child is a far one of
   * Lemma 8 that keeps R), `remaining` the pushes left at ply p.
   */
  child(p: number, m: number, from: number, rAt: number, remaining: number): void {
    const n = this.n;
    const state = this.p.state;
    const bits = this.p.bits;
    const h = this.plies;
    const src = p * h * n;
    const dst = (p + 1) * h * n;
    const masks = this.masks;
    let kept = 0;
    for (let e = 0; e < this.count[p]; e++) {
      const at = dst + kept * n;
      masks.copyWithin(at, src + e * n, src + e * n + n);
      bits.moveRows(masks, at, m);
      if (!this.beside(state, rAt, masks, at)) kept++;
    }
    const dir = (m / n) | 0;
    const line = m - dir * n;
    if (p >= 1 && remaining >= 4 && this.far(state, from, dir, line)) {
      const at = dst + kept * n;
      this.changed(state, from, dir, line, masks, at);
      if (!this.beside(state, rAt, masks, at)) kept++;
    }
    this.count[p + 1] = kept;
    this.total[p + 1]++;
    if (kept === 0) this.touched[p + 1]++;
  }

  /** Lemma 10's condition: the line holds no field of R and not the goal (ply p's state at `from`). */
  private far(state: Int32Array, from: number, dir: number, line: number): boolean {
    const n = this.n;
    const rB = from + K_R * n;
    const goalRow = state[from + this.p.stride - 2];
    const goalCol = state[from + this.p.stride - 1];
    if (dir < D_N) return state[rB + line] === 0 && goalRow !== line;
    if (goalCol === line) return false;
    const bit = 1 << line;
    for (let r = 0; r < n; r++) if ((state[rB + r] & bit) !== 0) return false;
    return true;
  }

  /** Writes at masks[at..] the fields of the line whose tile the push changes (after the push). */
  private changed(state: Int32Array, from: number, dir: number, line: number, masks: Int32Array, at: number): void {
    const n = this.n;
    const bits = this.p.bits;
    masks.fill(0, at, at + n);
    if (dir < D_N) {
      let diff = 0;
      for (let g = 0; g < 4; g++) {
        const x = state[from + g * n + line];
        diff |= x ^ bits.rotate(x, dir === D_E);
      }
      masks[at + line] = diff;
      return;
    }
    const bit = 1 << line;
    const north = dir === D_N;
    for (let r = 0; r < n; r++) {
      // the tile landing on row r comes from row r - 1 (north) or r + 1 (south), with wraparound
      const s = north ? (r === 0 ? n - 1 : r - 1) : r === n - 1 ? 0 : r + 1;
      let diff = 0;
      for (let g = 0; g < 4; g++) diff |= (state[from + g * n + r] ^ state[from + g * n + s]) & bit;
      if (diff !== 0) masks[at + r] = bit;
    }
  }

  /** True when R (rows at rAt) holds or is beside (no wraparound) a field of the mask. */
  private beside(state: Int32Array, rAt: number, masks: Int32Array, at: number): boolean {
    return besideMask(state, rAt, masks, at, this.n, this.full);
  }
}
