/**
 * The changed fields of deferred pushes and their replay, for relevance deferral
 * (deferral.ts; docs/search.md, Lemmas 10 to 14): D(X), the fields whose tile a push X
 * changes, kept per ply and push; D carried along by the pushes applied since (Lemma 11);
 * and a deferred push made real on the blank board: its changed tiles replayed from the
 * state it was deferred at, R taken from the ply before, the blank state kept on a stack
 * and written back after.
 *
 * Inside the search: typed arrays sized per depth, nothing allocated per state.
 */
import { D_N, K_R } from "../layout.js";
import type { Plies } from "../plies.js";

/** Opening groups of a state (n, s, e, w): rows 0 .. 4N - 1. */
export const OPENINGS = 4;

export class DeferralReplay {
  private readonly n: number;
  private readonly moves: number;
  private readonly stride: number;
  /** D of push m made at ply k, N rows at ((k * 4N) + m) * N */
  dTab = new Int32Array(0);
  /** a carried D (carry) */
  readonly cm: Int32Array;
  /** saved states (a stack: realizations nest) */
  private back = new Int32Array(0);
  private backTop = 0;
  /** two states for replays */
  private readonly scr: Int32Array;
  /** plies the arrays hold (depth + 1) */
  private h = 0;

  constructor(private readonly plies: Plies) {
    this.n = plies.n;
    this.moves = 4 * this.n;
    this.stride = plies.stride;
    this.scr = new Int32Array(2 * this.stride);
    this.cm = new Int32Array(this.n);
  }

  /** Makes room for a search of `depth` pushes. */
  start(depth: number): void {
    const h = depth + 1;
    if (h > this.h) {
      this.h = h;
      this.dTab = new Int32Array(h * this.moves * this.n);
      this.back = new Int32Array(h * h * this.stride);
    }
    this.backTop = 0;
  }

  /** Index in dTab of D of push m made at ply k. */
  at(k: number, m: number): number {
    return (k * this.moves + m) * this.n;
  }

  /**
   * Writes D of move m at ply p (the state at `from`): the fields whose tile m changes
   * (a row push: the bits of its row whose tile differs from the one landing there; a
   * column push: the rows whose tile in the column differs likewise). Returns its index
   * in dTab.
   */
  changed(p: number, m: number, from: number): number {
    const n = this.n;
    const state = this.plies.state;
    const dir = (m / n) | 0;
    const line = m - dir * n;
    const bit = 1 << line;
    const d = this.at(p, m);
    const dt = this.dTab;
    dt.fill(0, d, d + n);
    if (dir < D_N) {
      let diff = 0;
      for (let o = 0; o < OPENINGS; o++) {
        const x = state[from + o * n + line];
        diff |= x ^ this.plies.bits.rotate(x, dir === 0);
      }
      dt[d + line] = diff;
    } else {
      const north = dir === D_N;
      for (let r = 0; r < n; r++) {
        // the tile landing on row r comes from row r - 1 (north) or r + 1 (south), wrapping
        const s = north ? (r === 0 ? n - 1 : r - 1) : r === n - 1 ? 0 : r + 1;
        let diff = 0;
        for (let o = 0; o < OPENINGS; o++) diff |= state[from + o * n + r] ^ state[from + o * n + s];
        if ((diff & bit) !== 0) dt[d + r] = bit;
      }
    }
    return d;
  }

  /** D of push x (made at ply k) carried by the pushes applied at plies k + 1 .. q - 1, into cm. */
  carry(q: number, k: number, x: number): void {
    const plies = this.plies;
    const n = this.n;
    const d = this.at(k, x);
    for (let r = 0; r < n; r++) this.cm[r] = this.dTab[d + r];
    for (let t = k + 1; t < q; t++) if (plies.blank[t] === 0) plies.bits.moveRows(this.cm, 0, plies.path[t]);
  }

  /**
   * Writes over ply q's state the state with push x (made at ply k, its carried D in cm:
   * call carry first) made real: x's changed tiles replayed from ply k's state, then the
   * pushes applied since; R taken from ply q - 1's (moved by its push), not walked. The
   * blank state is kept for `undo`.
   */
  apply(q: number, k: number, x: number): void {
    const plies = this.plies;
    const state = plies.state;
    const bits = plies.bits;
    const n = this.n;
    const stride = this.stride;
    const scr = this.scr;
    // x's tiles: ply k's state, x, then the pushes applied since
    for (let i = 0; i < stride; i++) scr[i] = state[k * stride + i];
    bits.pushInto(scr, 0, stride, x);
    let cur = stride;
    for (let t = k + 1; t < q; t++) {
      if (plies.blank[t] === 1) continue;
      const nxt = stride - cur;
      bits.pushInto(scr, cur, nxt, plies.path[t]);
      cur = nxt;
    }
    // keep the blank state, write the real one over it (cm: x's carried D)
    const base = q * stride;
    const b = this.backTop * stride;
    this.backTop++;
    for (let i = 0; i < stride; i++) this.back[b + i] = state[base + i];
    const cm = this.cm;
    for (let o = 0; o < OPENINGS; o++) {
      for (let r = 0; r < n; r++) {
        const i = o * n + r;
        state[base + i] = (state[base + i] & ~cm[r]) | (scr[cur + i] & cm[r]);
      }
    }
    const rB = base + K_R * n;
    const prev = (q - 1) * stride + K_R * n;
    for (let r = 0; r < n; r++) state[rB + r] = state[prev + r];
    if (plies.blank[q - 1] === 0) bits.moveRows(state, rB, plies.path[q - 1]);
  }

  /** Writes back ply q's blank state that the last `apply` kept. */
  undo(q: number): void {
    const state = this.plies.state;
    const stride = this.stride;
    const base = q * stride;
    this.backTop--;
    const b = this.backTop * stride;
    for (let i = 0; i < stride; i++) state[base + i] = this.back[b + i];
  }
}
