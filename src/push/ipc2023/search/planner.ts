/**
 * The IPC 2023 planner's search: one iteration of iterative deepening A* (IDA*) on the cost
 * (index.ts and units.ts make the deepening), with the admissible bound of bound.ts, a
 * transposition table (table.ts) and prunings that keep an optimal plan
 * (docs/design/ipc-planner.md). This module holds a node's expansion: its bound, then its children,
 * pushes first, then steps, and the cuts of the child generation:
 * - Lemma P (partial order): after a step p -> q, a push whose line holds neither p nor q
 *   and commutes with every push since that step could have been made before the step;
 *   such pushes are skipped. Rows commute with rows, columns with columns.
 * - Lemma I: a push straight after its inverse, or a step straight back with no push
 *   between, is never part of an optimal plan.
 * - Lemma H: a robot on a card with no opening never moves (its card never changes).
 * - Lemma O: straight after a push, a parallel line only at the same or a higher index
 *   (parallel pushes commute); the last push is part of the table's key.
 * - Lemma L (lines.ts): the bound of the lines a walk needs, steps plus the line segments a
 *   relaxed walk must have pushed; it implies Lemma W (where the bound is the Manhattan
 *   distance M, it holds only if the board as it is has a walk of M steps), which remains
 *   with the option noLineBound.
 * - Lemma L': at a node on the limit, a push of a line that Lemma L's search never entered
 *   below the bound is cut without bounding its child.
 * - Lemmas R, J, K, E, S, A, F and V (node-bound.ts, which this search extends): the node's bound
 *   from the south-east walks and the other plans, asked before Lemma L's search (Lemma A
 *   before the node's own bound, right after a step).
 * - The guide (setGuide): the pushes of a known plan are tried first (the order only).
 *
 * Coordinates as src/push/ipc2023/task.ts: 0-based, x from the west, y from the north; tiles at
 * y*N + x. Rules: domain.pddl of IPC 2023 (docs/ipc2023.md).
 */
import type { Direction } from "../../../core/grid.js";
import type { IpcMove, IpcTask } from "../task.js";
import { boundOf, costBound, monotoneWalk } from "./bound.js";
import { NodeBound } from "./node-bound.js";
import type { IpcSearchOptions } from "./options.js";
import { PlanTable } from "./table.js";

export type { IpcSearchOptions } from "./options.js";

/** Directions in the search's order: n, s, e, w (index = code). */
const DIRS: readonly Direction[] = ["n", "s", "e", "w"];
const BIT = [1, 2, 4, 8];
const BACK_BIT = [2, 1, 8, 4];
const DX = [0, 0, 1, -1];
const DY = [-1, 1, 0, 0];
const INVERSE = [1, 0, 3, 2];
/** step order: towards the exit first */
const STEP_ORDER = [1, 2, 0, 3];
/** the root's last action */
export const NO_ACTION = -1;

/** A plan's pushes as the planner's actions (line * 4 + d, d: 0 n, 1 s, 2 e, 3 w), in order: Planner.setGuide's argument. */
export function guidePushes(moves: readonly IpcMove[]): number[] {
  const out: number[] = [];
  for (const m of moves) if (m.kind === "push") out.push(m.line * 4 + DIRS.indexOf(m.direction));
  return out;
}

/** Thrown out of Planner.search when the clock, shouldStop, bestCost or a shared search's superseded stops the iteration. */
export class Interrupted extends Error {}

/**
 * What a search shared by several threads (units.ts) gives the Planner: the nodes at costs up
 * to `depth` are expanded by every thread alike (they skip the transposition table, so that
 * every thread meets the same ones); each child of a node at cost `depth` is a unit, numbered
 * in the order every thread meets them, searched by the thread that owns it.
 */
export interface PlannerShare {
  /** the cost of the nodes whose children are the units (0: the root's children) */
  readonly depth: number;
  /** Whether this thread searches unit `unit` of the iteration; asked in increasing order of units. */
  owns(unit: number): boolean;
  /** Polled with the clock: true when the iteration of this bound is no longer needed (it then stops as on a time limit). */
  superseded(bound: number): boolean;
}

/** One search; its state (state.ts) kept in typed arrays, changed and restored in place. */
export class Planner extends NodeBound {
  readonly runOrder: boolean;
  readonly inflate: number;
  readonly path: Int32Array;
  readonly table: PlanTable;
  expanded = 0;
  solutionLength = -1;
  /** When to stop, in ms on this thread's performance.now() clock (monotonic: a jump of the wall clock neither ends nor stretches a time limit); Infinity without a limit. */
  deadline: number;
  readonly shouldStop: () => boolean;
  /** IpcSearchOptions.onPoll: the progress figures at each poll of the clock */
  readonly onPoll: ((bound: number, expanded: number) => void) | undefined;
  readonly bestCost: () => number;
  readonly reach: Uint8Array;
  /** per depth g, per line (rows, then columns): Lemma L's lineEntries at the node */
  readonly entries: Int32Array;
  readonly pushFilter: boolean;
  /** a search shared by several threads (undefined: this thread alone) */
  readonly share: PlannerShare | undefined;
  /** share.depth, or -1 alone */
  readonly unitDepth: number;
  /** the next unit's number in this iteration (a shared search); reset for each iteration */
  unit = 0;
  /** every push (line * 4 + d) in the order a node tries them: the guide's first (setGuide) */
  readonly pushOrder: Int32Array;

  /**
   * @param table the memory of a transposition table shared with other threads (PlanTable.sharedBuffer), else its own
   * @param share the search is shared with other threads (units.ts)
   */
  constructor(task: IpcTask, options: IpcSearchOptions, table?: SharedArrayBuffer, share?: PlannerShare) {
    super(task, options);
    const n = task.size;
    this.deadline = options.timeLimitMs === undefined ? Infinity : performance.now() + options.timeLimitMs;
    this.shouldStop = options.shouldStop ?? (() => false);
    this.onPoll = options.onPoll;
    this.bestCost = options.bestCost ?? (() => Infinity);
    this.runOrder = !options.noRunOrder;
    this.inflate = options.inflateBound ?? 0;
    this.path = new Int32Array(1024);
    this.reach = new Uint8Array(n * n);
    this.pushFilter = !options.noPushFilter;
    this.entries = new Int32Array(this.path.length * 2 * n);
    this.table = new PlanTable(options.tableLog2 ?? 22, table);
    this.share = share;
    this.unitDepth = share ? share.depth : -1;
    this.pushOrder = new Int32Array(4 * n);
    this.setGuide(options.guide && guidePushes(options.guide));
  }

  /**
   * Orders each node's pushes: the guide's (guidePushes of a plan known, e.g. the quick plan)
   * come first, in line order, then the others. Only the order of the children changes, not
   * which ones there are or what cuts them. undefined (or no push): line order.
   * @param pushes line * 4 + d (d: 0 n, 1 s, 2 e, 3 w); those outside the board are ignored
   */
  setGuide(pushes: readonly number[] | undefined): void {
    const order = this.pushOrder;
    const guided = new Uint8Array(order.length);
    for (const a of pushes ?? []) if (a >= 0 && a < order.length) guided[a] = 1;
    let k = 0;
    for (let a = 0; a < order.length; a++) if (guided[a] === 1) order[k++] = a;
    for (let a = 0; a < order.length; a++) if (guided[a] === 0) order[k++] = a;
  }

  /**
   * The poll every 1,024 states: the progress figures to onPoll, then whether the search
   * stops (the clock, shouldStop, a plan known at or below the bound, the iteration superseded).
   */
  private poll(): boolean {
    this.onPoll?.(this.bound, this.expanded);
    return performance.now() > this.deadline || this.shouldStop() || this.bound >= this.bestCost() || (this.share?.superseded(this.bound) ?? false);
  }

  /**
   * Depth-first search below a state of cost g within this.bound.
   * @param prev the robot's field before the last step (-1: no step yet)
   * @param flags pushes since the last step: 1 a row, 2 a column
   * @param last the last action (NO_ACTION at the root)
   */
  search(g: number, robot: number, prev: number, flags: number, last: number): boolean {
    let h = costBound(this.tiles, this.n, robot);
    // Lemma A: right after a step south or east, a south-east plan that pushes pays one push more
    // (asked before the node's own bound: it cuts most of the nodes it is asked at)
    if (flags === 0 && prev >= 0 && h > 0 && g + h <= this.bound && this.anchor && this.anchorCut(g, robot, last)) return false;
    let entriesKnown = -1;
    if (g + h <= this.bound && h > 0) {
      if (this.lines) {
        // Lemma L: the lines a walk needs (it implies Lemma W)
        const limit = this.bound - g;
        const a = this.bh1 ^ this.robot1[robot];
        const b = this.bh2 ^ this.robot2[robot];
        const kept = this.boundCache.get(a, b);
        // a cached value is exact, or a lower bound above the limit (Lemma L's or R's)
        if (kept >= 0 && ((kept & 1) === 1 || kept >> 1 > limit)) {
          const l = kept >> 1;
          if (l > h) h = l;
          if (this.rotations && g + h <= this.bound) h = Math.max(h, this.raiseByRotations(g, h, robot, limit, a, b, last));
        } else {
          // Lemma R first: it is the cheaper search, and where it cuts, Lemma L's is not needed
          const r = this.rotations ? this.raiseByRotations(g, h, robot, limit, a, b, last) : 0;
          if (r > limit) h = r;
          else if (!this.oneViewPassed || !this.lineSkip) {
            // (Lemma S: where Lemma J's views do not cut, Lemma L's search cannot: it is not made)
            const l = this.lines.bound(this.tiles, robot, limit);
            if (l !== Infinity) this.boundCache.set(a, b, l, l <= limit);
            // on the limit: note, per line, where the bound's search stepped below l (Lemma L')
            if (l === limit && this.pushFilter) {
              this.lines.lineEntries(this.entries, g * 2 * this.n, l);
              entriesKnown = l;
            }
            if (l > h) h = l;
          }
        }
      } else if (g + h === this.bound && h === this.manhattan(robot) && !monotoneWalk(this.tiles, this.n, robot, this.reach)) {
        // Lemma W: the bound M stands only when the board as it is has a walk of M steps
        h++;
      }
    }
    if (h > 0) h += this.inflate;
    if (g + h > this.bound) {
      if (g + h < this.minExceed) this.minExceed = g + h;
      return false;
    }
    if (robot === this.corner && (this.tiles[robot] & 2) !== 0) {
      this.solutionLength = g;
      return true;
    }
    if ((++this.expanded & 0x3ff) === 0 && this.poll()) throw new Interrupted();
    // the table's key: the state and the context its children depend on (Lemmas P, I, O)
    let a = this.bh1 ^ this.robot1[robot] ^ this.prev1[prev + 1] ^ this.flags1[flags];
    let b = this.bh2 ^ this.robot2[robot] ^ this.prev2[prev + 1] ^ this.flags2[flags];
    const lastPush = last >= 0 && last < this.stepBase;
    if (lastPush) {
      a ^= this.last1[last];
      b ^= this.last2[last];
    }
    // (the nodes every thread of a shared search expands alike skip it)
    if (g > this.unitDepth && this.table.seen(a, b, g)) return false;
    const n = this.n;
    const t = this.tiles;
    const x = robot % n;
    const y = (robot - x) / n;
    // pushes (before the steps: Lemma P leaves them free before the first step, and the optimal
    // plans of the generated tasks push first; a plan-finding iteration then ends sooner)
    const lastLine = n - 1;
    const px = prev >= 0 ? prev % n : -1;
    const py = prev >= 0 ? (prev - px) / n : -1;
    // Lemma O: straight after a push, a parallel line only at the same or a higher index
    const lastLineOf = lastPush && this.runOrder ? last >> 2 : -1;
    const lastIsRow = (last & 3) >= 2;
    // Lemma J's views of this node for its push children (prepared before the first push)
    let prepared = !this.oneViewReuse;
    // in line order, or with a guide its pushes first, then the others (the order only)
    const order = this.pushOrder;
    for (let i = 0; i < order.length; i++) {
      const action = order[i];
      const line = action >> 2;
      const d = action & 3;
      const isRow = d >= 2;
      if (line < lastLineOf && isRow === lastIsRow) continue;
      if (isRow ? line === y : line === x) continue; // the robot's lines cannot be pushed
      if (last === line * 4 + INVERSE[d]) continue; // Lemma I: straight after its inverse
      if (prev >= 0 && this.partialOrder) {
        const holdsPrev = isRow ? line === py : line === px;
        // Lemma P: a line avoiding the step's fields that commutes with the phase's pushes
        if (!holdsPrev && (flags & (isRow ? 2 : 1)) === 0) continue;
      }
      if (g === this.unitDepth && !this.share!.owns(this.unit++)) continue; // another thread's unit
      // the child's bound from the cards the push brings next to the robot and to the
      // corner, before making the push (most children of a node on the bound end here)
      let south = y < lastLine ? t[robot + n] : 0;
      let east = x < lastLine ? t[robot + 1] : 0;
      let corner = t[this.corner];
      if (isRow) {
        const from = d === 2 ? n - 1 : 1; // the predecessor along the push: x - 1 (east), x + 1 (west), mod N
        if (line === y + 1) south = t[line * n + ((x + from) % n)];
        if (line === lastLine) corner = t[lastLine * n + ((lastLine + from) % n)];
      } else {
        const from = d === 1 ? n - 1 : 1; // y - 1 (south), y + 1 (north), mod N
        if (line === x + 1) east = t[((y + from) % n) * n + line];
        if (line === lastLine) corner = t[((lastLine + from) % n) * n + lastLine];
      }
      let f = g + 1 + boundOf(x, y, lastLine, t[robot], south, east, corner);
      // Lemma L': a push of a line no relaxed walk below the node's bound enters keeps it
      if (entriesKnown >= 0 && this.entries[g * 2 * n + (isRow ? line : n + line)] >= entriesKnown && g + 1 + entriesKnown > f) f = g + 1 + entriesKnown;
      if (f > this.bound) {
        if (f < this.minExceed) this.minExceed = f;
        continue;
      }
      if (!prepared) {
        this.oneView!.prepare(g, robot, Math.min(this.bound - g - 1 - this.manhattan(robot), 2 * n), this.masks!);
        prepared = true;
      }
      this.push(line, d);
      this.path[g] = action;
      const found = this.search(g + 1, robot, prev, flags | (isRow ? 1 : 2), action);
      this.push(line, INVERSE[d]);
      if (found) return true;
    }
    // steps (after the pushes: the plans of the last iteration mostly push first, then walk)
    for (let k = 0; k < 4; k++) {
      const d = STEP_ORDER[k];
      if ((t[robot] & BIT[d]) === 0) continue;
      const nx = x + DX[d];
      const ny = y + DY[d];
      if (nx < 0 || ny < 0 || nx >= n || ny >= n) continue;
      const q = ny * n + nx;
      if ((t[q] & BACK_BIT[d]) === 0) continue;
      if (q === prev && flags === 0 && last >= this.stepBase) continue; // Lemma I: straight back
      if (g === this.unitDepth && !this.share!.owns(this.unit++)) continue; // another thread's unit
      this.path[g] = this.stepBase + d;
      if (this.search(g + 1, q, robot, 0, this.stepBase + d)) return true;
    }
    return false;
  }

  moves(): IpcMove[] {
    const out: IpcMove[] = [];
    for (let i = 0; i < this.solutionLength; i++) {
      const a = this.path[i];
      if (a >= this.stepBase) out.push({ kind: "step", direction: DIRS[a - this.stepBase] });
      else out.push({ kind: "push", line: a >> 2, direction: DIRS[a & 3] });
    }
    return out;
  }
}
