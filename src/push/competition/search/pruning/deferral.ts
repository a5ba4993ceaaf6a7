/**
 * Relevance deferral (docs/search.md, Lemmas 10 to 14): at plies with four pushes left or
 * more (below a blank child: two or more), the far pushes (line holding no field of R and not the goal, changed fields not
 * beside R, line holding no pending field) are not applied one by one: one "blank" child
 * keeps the parent's state and stands for all of them (a group). Below it, a group's
 * push X is made real (realized) when R first comes beside X's changed fields D(X),
 * carried along by the later pushes (Lemma 11: until then R is the same whichever push
 * of the group the sequence holds); with one push left, the last push is filtered on
 * the "open" board whose pending fields open every way (Lemma 13: a superset of the
 * links of every choice), and a last push that reaches the goal there is applied again
 * on the blank board, the pushes R is then beside made real; a group none of whose
 * pushes R has come beside by the horizon is cut (Lemma 14, after Lemma 10). States with
 * two pushes left or more are searched push by push (no look-ahead of the last two:
 * docs/search.md, "What it costs").
 * Keeps every shortest solution when no shorter one exists: models 1 only.
 *
 * Inside the search: typed arrays, sized per depth, nothing allocated per state.
 */
import { D_N, K_R, popcount } from "../layout.js";
import type { LookAhead } from "../lookahead.js";
import type { Plies } from "../plies.js";
import type { Commutation } from "./commutation.js";
import { besideMask, DeferredGroups } from "./deferral-groups.js";
import { DeferralReplay, OPENINGS } from "./deferral-replay.js";
import { PruningRule } from "./rule.js";

export class Deferral extends PruningRule {
  readonly name = "relevance deferral";
  readonly preserves = "every shortest solution" as const;
  readonly lemma = "Lemmas 10-14";
  /** counts the pushes deferred (tried) and, of those, the ones never made real below their blank child (cut) */

  /** true while the search below an open state runs (TwoPushes and LastPush ask leaf/early) */
  open = false;
  /** the search below a state with `remaining` pushes (DepthFirst.search), set by the engine */
  descend: (p: number, remaining: number) => number = () => 0;

  private readonly n: number;
  private readonly moves: number;
  private readonly full: number;
  private readonly stride: number;
  /** plies the arrays hold (depth + 1) */
  private h = 0;
  /** the groups of deferred pushes of each ply's state */
  private readonly groups: DeferredGroups;
  /** per ply k: the pushes of the group made at ply k made real somewhere below it (line masks per direction) */
  private ever = new Int32Array(0);
  /** D of every push deferred, carried, and a deferred push made real (Lemma 11) */
  private readonly replay: DeferralReplay;
  /** the union being rebuilt */
  private readonly um: Int32Array;
  /** the open state's blank state (its tiles before they were opened) */
  private readonly shut: Int32Array;

  constructor(
    private readonly plies: Plies,
    private readonly look: LookAhead,
    private readonly commutation: Commutation,
  ) {
    super();
    this.n = plies.n;
    this.moves = 4 * this.n;
    this.full = this.n === 32 ? -1 : (1 << this.n) - 1;
    this.stride = plies.stride;
    this.shut = new Int32Array(this.stride);
    this.um = new Int32Array(this.n);
    this.replay = new DeferralReplay(plies);
    this.groups = new DeferredGroups(this.n);
  }

  /** Makes room for a search of `depth` pushes; the root has no group. */
  start(depth: number): void {
    const h = depth + 1;
    if (h > this.h) {
      this.h = h;
      const n = this.n;
      this.ever = new Int32Array(h * 4);
    }
    this.replay.start(depth);
    this.groups.start(depth);
    this.plies.blank.fill(0);
    this.open = false;
  }

  /** Ply q's state has no group (a state the plain search made). */
  none(q: number): void {
    this.groups.count[q] = 0;
  }

  /**
   * Whether move m at ply p (p >= 1, `remaining` >= 4 pushes left) is deferred: its line
   * holds no field of R and not the goal, no field of a pending group, and the fields
   * whose tile it changes (D, written into dTab) are not beside R (Lemma 10's push, and
   * Lemma 12's independence). The caller has asked the commutation rule.
   */
  defers(p: number, m: number): boolean {
    const n = this.n;
    const state = this.plies.state;
    const from = p * this.stride;
    const rB = from + K_R * n;
    const dir = (m / n) | 0;
    const line = m - dir * n;
    const bit = 1 << line;
    const row = dir < D_N;
    if (row) {
      if (state[rB + line] !== 0 || state[from + this.stride - 2] === line) return false;
    } else {
      if (state[from + this.stride - 1] === line) return false;
      for (let r = 0; r < n; r++) if ((state[rB + r] & bit) !== 0) return false;
    }
    if (this.groups.holdsLine(p, row ? line : -1, bit)) return false;
    const d = this.replay.changed(p, m, from);
    return !this.beside(state, rB, this.replay.dTab, d);
  }

  /**
   * The blank child of ply p: the group of the deferred pushes `e, w, n, s` (line masks)
   * at ply p; ply p + 1's state is ply p's. Returns the solutions found below it.
   */
  blank(p: number, remaining: number, e: number, w: number, no: number, so: number): number {
    const plies = this.plies;
    const n = this.n;
    const stride = this.stride;
    plies.state.copyWithin((p + 1) * stride, p * stride, (p + 1) * stride);
    const groups = this.groups;
    const c = groups.copy(p, -1, plies.bits);
    const at = (p + 1) * groups.h + c;
    groups.ply[at] = p;
    groups.off[at] = 0;
    const mem = at * 4;
    groups.members[mem] = e;
    groups.members[mem + 1] = w;
    groups.members[mem + 2] = no;
    groups.members[mem + 3] = so;
    const mask = at * n;
    groups.mask.fill(0, mask, mask + n);
    for (let dir = 0; dir < 4; dir++) {
      let lines = groups.members[mem + dir];
      while (lines !== 0) {
        const line = 31 - Math.clz32(lines & -lines);
        lines &= lines - 1;
        const d = this.replay.at(p, dir * n + line);
        for (let r = 0; r < n; r++) groups.mask[mask + r] |= this.replay.dTab[d + r];
        this.tried++;
      }
    }
    const ever = p * 4;
    this.ever.fill(0, ever, ever + 4);
    groups.count[p + 1] = c + 1;
    plies.blank[p] = 1;
    plies.path[p] = -1;
    plies.still[p] = 1;
    plies.tick(p);
    const found = this.visit(p + 1, remaining - 1);
    plies.blank[p] = 0;
    // the deferred pushes never made real below the blank child: cut
    for (let dir = 0; dir < 4; dir++) this.cut += popcount(groups.members[mem + dir] & ~this.ever[ever + dir]);
    return found;
  }

  /**
   * Ply q's state was just made (by a push on the blank board, or a blank child): makes
   * real the pushes whose D R has come beside (Lemma 11), then searches the state.
   */
  private visit(q: number, remaining: number): number {
    const plies = this.plies;
    const n = this.n;
    const groups = this.groups;
    const savedFrom = groups.top;
    let found = 0;
    for (;;) {
      const g = this.touched(q);
      if (g < 0) break;
      const at = q * groups.h + g;
      groups.save(q, g);
      const k = groups.ply[at];
      for (let dir = 0; dir < 4; dir++) {
        let lines = groups.members[at * 4 + dir];
        while (lines !== 0) {
          const line = 31 - Math.clz32(lines & -lines);
          lines &= lines - 1;
          const x = dir * n + line;
          this.replay.carry(q, k, x);
          if (this.beside(plies.state, q * this.stride + K_R * n, this.replay.cm, 0)) {
            groups.members[at * 4 + dir] &= ~(1 << line);
            found += this.realize(q, g, k, x, remaining);
            if (plies.limitReached) {
              groups.restore(savedFrom);
              return found;
            }
          }
        }
      }
      // the group's pushes R is not beside go on blank: their D's union, afresh
      // (a second pass: the realized states' searches use the scratch rows)
      const um = this.um;
      um.fill(0);
      let left = 0;
      for (let dir = 0; dir < 4; dir++) {
        let lines = groups.members[at * 4 + dir];
        while (lines !== 0) {
          const line = 31 - Math.clz32(lines & -lines);
          lines &= lines - 1;
          this.replay.carry(q, k, dir * n + line);
          for (let r = 0; r < n; r++) um[r] |= this.replay.cm[r];
          left++;
        }
      }
      if (left === 0) {
        groups.restore(savedFrom);
        return found;
      }
      groups.mask.set(um, at * n);
    }
    const base = q * this.stride;
    if (plies.board.goalReachable(plies.state, base)) {
      plies.sawGoal = true;
      // at the horizon with every deferred push made real: a solution; else every
      // choice of the groups left reaches the goal here, and a shorter solution exists
      if (remaining === 0 && !groups.active(q)) {
        plies.report(q);
        found++;
      }
    } else if (remaining === 0) {
      // the horizon: groups whose pushes R never came beside are cut (Lemma 10)
    } else if (groups.active(q)) {
      found += this.pending(q, remaining);
    } else {
      found += this.descend(q, remaining);
    }
    groups.restore(savedFrom);
    return found;
  }

  /**
   * The state of ply q with push x of group g (made at ply k) made real: x's changed
   * tiles replayed from ply k's state, R walked afresh from ply q - 1's (Lemma 11).
   * x's carried D is in the replay's cm (carry).
   */
  private realize(q: number, g: number, k: number, x: number, remaining: number): number {
    const plies = this.plies;
    const state = plies.state;
    const n = this.n;
    const base = q * this.stride;
    this.replay.apply(q, k, x);
    const grew = plies.bits.walk(state, base);
    const still = plies.still[q - 1];
    plies.still[q - 1] = grew ? 0 : 1;
    plies.path[k] = x;
    plies.blank[k] = 0;
    this.groups.off[q * this.groups.h + g] = 1;
    plies.tick(q - 1);
    this.ever[k * 4 + ((x / n) | 0)] |= 1 << (x % n);
    const found = this.visit(q, remaining);
    this.groups.off[q * this.groups.h + g] = 0;
    plies.blank[k] = 1;
    plies.path[k] = -1;
    plies.still[q - 1] = still;
    this.replay.undo(q);
    return found;
  }

  /**
   * A state of ply p with groups. With two pushes left or fewer: the look-ahead on its
   * open state (Lemma 13). Else every push: the far ones deferred once more (with four
   * left or more), the others applied on the blank board.
   */
  private pending(p: number, remaining: number): number {
    const plies = this.plies;
    const state = plies.state;
    const n = this.n;
    const from = p * this.stride;
    if (remaining === 1) {
      const um = this.um;
      this.groups.union(p, um);
      for (let i = 0; i < this.stride; i++) this.shut[i] = state[from + i];
      for (let o = 0; o < OPENINGS; o++) for (let r = 0; r < n; r++) state[from + o * n + r] |= um[r];
      this.open = true;
      const found = this.descend(p, remaining);
      this.open = false;
      return found;
    }
    const grow = plies.grow;
    const g8 = 8 * p;
    const rAt = from + K_R * n;
    this.look.growth(state, from, rAt, grow, g8);
    let e = 0;
    let w = 0;
    let no = 0;
    let so = 0;
    let found = 0;
    for (let m = 0; m < this.moves; m++) {
      if (this.commutation.skips(p, m)) continue;
      const dir = (m / n) | 0;
      const line = m - dir * n;
      if (this.defers(p, m)) {
        if (dir === 0) e |= 1 << line;
        else if (dir === 1) w |= 1 << line;
        else if (dir === 2) no |= 1 << line;
        else so |= 1 << line;
        continue;
      }
      // R is exact and closed: it walks only when the push lets it grow (LookAhead.growth)
      plies.child(p, m, ((grow[g8 + 2 * dir] >>> line) & 1) === 1);
      this.groups.copy(p, m, plies.bits);
      const outerSaw = plies.sawGoal;
      plies.sawGoal = false;
      found += this.visit(p + 1, remaining - 1);
      if (plies.limitReached) return found;
      plies.sawGoal = plies.sawGoal || outerSaw;
    }
    if ((e | w | no | so) !== 0) {
      const outerSaw = plies.sawGoal;
      plies.sawGoal = false;
      found += this.blank(p, remaining, e, w, no, so);
      plies.sawGoal = plies.sawGoal || outerSaw;
    }
    return found;
  }

  /**
   * The open search's last push m (at ply t - 1, the open state's) made the goal
   * reachable on the open board. On the blank board (the open state's before it was
   * opened) m is applied and R walked: exact for every choice R is not beside (Lemma 11);
   * the pushes it is beside are made real (visit), and a state with groups left at the
   * horizon is cut (Lemma 10). Returns the solutions reported.
   */
  leaf(t: number, m: number): number {
    const plies = this.plies;
    const stride = this.stride;
    const state = plies.state;
    const p = t - 1;
    for (let i = 0; i < stride; i++) state[t * stride + i] = this.shut[i];
    plies.bits.applyPush(state, t * stride, m);
    const grew = plies.bits.walkAfter(state, t * stride, m);
    plies.still[p] = grew ? 0 : 1;
    this.groups.copy(p, m, plies.bits);
    this.open = false;
    const found = this.visit(t, 0);
    this.open = true;
    return found;
  }

  /** The first group of ply q's state whose D union R holds or is beside, or -1. */
  private touched(q: number): number {
    const groups = this.groups;
    const gq = q * groups.h;
    const rB = q * this.stride + K_R * this.n;
    for (let g = 0; g < groups.count[q]; g++) {
      if (groups.off[gq + g] === 1) continue;
      if (this.beside(this.plies.state, rB, groups.mask, (gq + g) * this.n)) return g;
    }
    return -1;
  }

  /** True when the set at state[rB..] holds or is beside (no wraparound) a field of mask[at..]. */
  private beside(state: Int32Array, rB: number, mask: Int32Array, at: number): boolean {
    return besideMask(state, rB, mask, at, this.n, this.full);
  }
}
