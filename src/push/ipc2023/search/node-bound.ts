/**
 * The node's bound of the IPC 2023 planner beyond Lemma B's cost bound and Lemma L's search
 * (planner.ts asks them; docs/design/ipc-planner.md), on the board of state.ts:
 * - Lemma R (rotations.ts): plans walking south and east only need the row and column shifts
 *   of rotations.ts; the others cost M + 2 + F (F: Lemma L's fewest flags); asked before
 *   Lemma L's search, which is made only where Lemma R does not cut (raiseByRotations). Lemma J
 *   (one-view.ts) ties Lemma R's two views field by field; asked first (from the parent's views for
 *   a push). Lemma K (both-views.ts) joins Lemma J's two views (every touched line charged its
 *   shift); asked after Lemma J, where it does not cut, and only with 3 or fewer pushes to
 *   spare; Lemma R's south-east term last. Lemma F (walk.ts): Lemma R's F up to 1 from the
 *   regions of the robot and of the exit on the board as it is, in place of Lemma L's search with
 *   steps free (otherPlans).
 * - Lemma S: where Lemma J's views do not cut, Lemma L's search cannot (oneViewPassed; the search
 *   is then not made).
 * - Lemma A: right after a step south or east, a south-east plan that pushes pays one push (the
 *   first of its phase, on a line the walk has left) that Lemma J does not count (anchorCut); its
 *   plans without a push are walks on the board as it is, at least the shortest one's steps.
 * - Lemma E (both-views.ts): Lemma K with the foreign cards paid for by the crossing lines' pushes, in
 *   the node's bound and, with the anchor, in Lemma A's check.
 * - Lemma V (walk.ts): at one or two pushes to spare, the plans with a north or west
 *   step make M + 2 steps and one or two pushes; checked push by push (otherPlans).
 * A bound above the limit is kept in the bound cache (table.ts) as a lower bound.
 *
 * Coordinates as src/push/ipc2023/task.ts: 0-based, x from the west, y from the north; tiles at
 * y*N + x. Rules: domain.pddl of IPC 2023 (docs/ipc2023.md).
 */
import type { IpcTask } from "../task.js";
import { BothViewsBound } from "./both-views.js";
import { OneViewBound } from "./one-view.js";
import { LineBound } from "./lines.js";
import type { IpcSearchOptions } from "./options.js";
import { RotationBound } from "./rotations.js";
import { PlanState } from "./state.js";
import { BoundCache } from "./table.js";
import { WalkOnBoard } from "./walk.js";

/** The board (state.ts) with the node's bounds and cuts of Lemmas R, J, K, E, S, A, F and V; the planner's search (planner.ts) extends it. */
export class NodeBound extends PlanState {
  /** the first step's action: actions below it are pushes (line * 4 + d), stepBase + d a step */
  readonly stepBase: number;
  /** the iteration's cost bound (set by the deepening) */
  bound = 0;
  /** the least cost above the bound met in the iteration (Infinity: none) */
  minExceed = Infinity;
  readonly partialOrder: boolean;
  readonly lines: LineBound | undefined;
  readonly boundCache = new BoundCache(18);
  readonly rotations: RotationBound | undefined;
  readonly oneView: OneViewBound | undefined;
  /** Lemma K (both-views.ts), where Lemma J is on and the line masks are kept */
  readonly bothViews: BothViewsBound | undefined;
  /** the board as it is: a walk to the exit? (Lemma R's other plans' term with no flag to spare; with the line masks) */
  readonly walk: WalkOnBoard | undefined;
  /** Lemma J of a push's child from its parent's prepared views (OneViewBound.prepare; off: option noJointReuse) */
  readonly oneViewReuse: boolean;
  /** Lemma S: no Lemma L search where Lemma J's views did not cut (off: option noLineSkip) */
  readonly lineSkip: boolean;
  /** Lemma A (anchorCut; off: option noAnchor, or without Lemma J and the line masks) */
  readonly anchor: boolean;
  /** Lemma A's plans without a push bounded by the shortest walk on the board, not only its existence (off: option noWalkLength) */
  readonly walkLength: boolean;
  /** Lemma V: the other plans' term at one push to spare by the plans with one push (off: option noOnePush) */
  readonly onePush: boolean;
  /** Lemma V's answers "above" (one push to spare, two) */
  onePushCuts = 0;
  twoPushCuts = 0;
  /** states Lemma A cut */
  anchorCuts = 0;
  /** set by raiseByRotations: Lemma J was asked and did not cut */
  oneViewPassed = false;
  readonly onRotation: ((g: number, before: number, raised: number) => void) | undefined;

  /** @param options the lemmas switched off (IpcSearchOptions: noLineBound, noRotationBound, noJointBound, ...) */
  constructor(task: IpcTask, options: IpcSearchOptions) {
    // the line masks are kept for Lemmas J, K, R and F (Lemma R needs Lemma L)
    super(task, !options.noLineBound && !options.noRotationBound);
    const n = task.size;
    this.stepBase = 4 * n;
    this.partialOrder = !options.noPartialOrder;
    this.lines = options.noLineBound ? undefined : new LineBound(n);
    this.rotations = options.noRotationBound || !this.lines ? undefined : new RotationBound(n);
    this.oneView = options.noJointBound || !this.rotations ? undefined : new OneViewBound(n);
    this.lineSkip = !options.noLineSkip;
    this.bothViews = this.oneView && this.masks && !options.noJoinedBound ? new BothViewsBound(n, !options.noForeignCharge) : undefined;
    this.walk = this.masks ? new WalkOnBoard(n) : undefined;
    this.anchor = this.oneView !== undefined && this.walk !== undefined && this.partialOrder && !options.noAnchor;
    this.walkLength = !options.noWalkLength;
    this.onePush = !options.noOnePush;
    this.oneViewReuse = this.oneView !== undefined && this.masks !== undefined && !options.noJointReuse;
    this.onRotation = options.onRotationBound;
  }

  /**
   * Lemma R: min(the rotations a south-east walk needs, M + 2 + F), F the fewest flags of a
   * relaxed walk. Only "above limit?" is asked, so the south-east term (bit masks, the cheaper
   * one) comes first. A value above the limit is kept in the bound cache (as a lower bound)
   * and returned; otherwise 0.
   * @param h the bound so far (for onRotationBound)
   * @param a the state's first hash (board and robot); b its second
   * @param last the action that led here: a push's child reads Lemma J from its parent's prepared views
   */
  raiseByRotations(g: number, h: number, robot: number, limit: number, a: number, b: number, last: number): number {
    // Lemma J (one-view.ts) first: it cuts almost every state Lemma R's south-east term cuts
    let se = 0;
    this.oneViewPassed = false;
    if (this.oneView) {
      se =
        this.oneViewReuse && last >= 0 && last < this.stepBase
          ? this.oneView.boundAfterPush(g - 1, last >> 2, (last & 3) >= 2, this.tiles, robot, limit, this.masks!)
          : this.oneView.bound(this.tiles, robot, limit, this.masks);
    }
    // Lemma S: Lemma J's row view within the limit gives a relaxed walk of Lemma L within it
    if (se <= limit && this.oneView && this.n <= 32) this.oneViewPassed = true;
    // Lemma K (both-views.ts): the two views joined, charging touched columns their shifts; it cuts
    // most of what Lemma J leaves (and Lemma R's term almost nothing more), so it comes first
    if (se <= limit && this.bothViews) se = this.bothViews.bound(this.tiles, robot, limit, this.masks);
    if (se <= limit) se = this.rotations!.bound(this.tiles, robot, limit, this.masks);
    if (se <= limit) return 0;
    const m = this.manhattan(robot);
    // F >= 0, so with the limit below M + 2 the other plans' term is above it without a search
    // (Lemma L's search would answer limit - M - 1 at once: the same value)
    const r = Math.min(se, limit < m + 2 ? limit + 1 : this.otherPlans(robot, limit - m - 2) + m + 2);
    if (r <= limit) return 0;
    this.onRotation?.(g, h, r);
    this.boundCache.set(a, b, r, false);
    return r;
  }

  /**
   * Lemma A (docs/design/ipc-planner.md) at a state right after a step (no push since): when that
   * step went south or east, every plan from here makes no push (a walk on the board as it is: F =
   * 0), or steps north or west (at least M + 2 + F), or walks south and east with a push, which
   * then exceeds the limit when Lemma J's row and column views at the limit less one both do.
   * True (and minExceed noted) when all three exceed the node's limit. Not kept in the bound
   * cache: it depends on the step that led here.
   */
  anchorCut(g: number, robot: number, last: number): boolean {
    const d = last - this.stepBase;
    if (d !== 1 && d !== 2) return false;
    const limit = this.bound - g;
    const m = this.manhattan(robot);
    // F = 0: a plan with no push may exist (a flood fill: asked first); then the two views; then
    // M + 2 + F <= limit: a plan with a detour may (Lemma L's search when the cap is 2 or more)
    if (this.walk!.fewestFlags(this.masks!, robot, 0) === 0 && (!this.walkLength || this.walk!.shortestWalk(this.tiles, robot, limit) <= limit)) return false;
    const views = this.oneView!.bothAbove(this.tiles, robot, limit - 1, this.masks);
    // (the detour before Lemma E with the anchor: the dearer test last; the same answer)
    const cap = limit - m - 2;
    if (!views && !this.bothViews?.charged) return false;
    if (cap >= 1 && this.otherPlans(robot, cap) <= cap) return false;
    // (Lemma E with the anchor where Lemma J's views do not both exceed limit - 1)
    if (!views && !this.bothViews!.anchoredAbove(this.tiles, robot, limit, this.masks)) return false;
    this.anchorCuts++;
    if (g + limit + 1 < this.minExceed) this.minExceed = g + limit + 1;
    return true;
  }

  /**
   * Lemma R's F (the fewest flags of a relaxed walk of any length), or cap + 1 when above cap:
   * for cap 0 and 1 from the regions of the robot and of the exit on the board as it is
   * (walk.ts, Lemma F); else Lemma L's search with steps free (the same answers:
   * test/push/ipc2023/search/ipc-walk.test.ts).
   */
  otherPlans(robot: number, cap: number): number {
    if (this.walk && cap <= 1) {
      const f = this.walk.fewestFlags(this.masks!, robot, cap);
      // Lemma V: with one push to spare (cap 1, F = 1) such a plan makes one push and M + 2 steps
      if (f === 1 && cap === 1 && this.onePush && !this.walk.onePushWalk(this.tiles, robot, this.manhattan(robot) + 2)) {
        this.onePushCuts++;
        return 2;
      }
      return f;
    }
    const f = this.lines!.bound(this.tiles, robot, cap, true);
    // Lemma V, two pushes to spare (cap 2, F >= 1): such a plan makes one or two pushes and M + 2 steps
    if (cap === 2 && f >= 1 && f <= 2 && this.onePush && this.walk && this.masks && !this.walk.twoPushWalk(this.masks, robot)) {
      this.twoPushCuts++;
      return 3;
    }
    return f;
  }
}
