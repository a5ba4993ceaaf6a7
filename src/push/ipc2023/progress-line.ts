/**
 * The IPC 2023 planner's progress line on a terminal (labsolve plan; src/core/status-line.ts):
 * `cost C | R nodes/s | [LOWER;UPPER] | TIME`, gathered from its roles' messages
 * (search/roles.ts): C the highest cost bound an exact search is on, R the states expanded
 * per second by all the threads, LOWER the cost proven necessary, UPPER the cheapest plan's
 * cost so far (`?` while none); costs in the problem's units (the search's pushes + steps
 * times its action cost, as the outcome's).
 */
import { PROGRESS_LINE_MS, progressLine, type ProgressFigures, type StatusLine } from "../../core/status-line.js";
import type { FromPlanner } from "./search/roles.js";
import { NONE, type SearchShare } from "./search/units.js";

/** The planner's figures, drawn on a StatusLine as its roles' messages come. */
export class PlannerProgress {
  /** per thread, the states it has expanded (its last progress message) */
  private readonly states = new Map<number, number>();
  /** the highest iteration's bound a thread is on, and the bound proven, in the search's units */
  private bound = 0;
  private lower = 0;
  private upper: number | undefined;
  private readonly draw: (figures: ProgressFigures, now?: boolean) => void;
  /** the shared exact search's counters (several threads), where the lower bound is read */
  private share: SearchShare | undefined;

  /**
   * @param actionCost the problem's cost of an action (IpcTask.actionCost): the search's costs times it are the problem's
   * @param started performance.now() at the planner's start
   */
  constructor(
    status: StatusLine,
    private readonly actionCost: number,
    private readonly started: number,
  ) {
    this.draw = progressLine(status, "cost", PROGRESS_LINE_MS);
  }

  /**
   * Several threads share the exact search: the cost proven is the share's (a thread's own
   * iteration proves nothing while others may be below it).
   */
  shareWith(share: SearchShare): void {
    this.share = share;
  }

  /** A role's message (thread: which runThread sent it); draws the line (at once for a bound settled or a plan). */
  message(m: FromPlanner, thread: number): void {
    if (m.kind === "done") return;
    if (m.kind === "plan") this.upper = Math.min(this.upper ?? Infinity, m.cost);
    // alone, the bound of a running iteration is proven: every iteration below it found no plan
    else if (m.kind === "progress") {
      this.states.set(thread, m.expanded);
      this.bound = Math.max(this.bound, m.bound);
      if (!this.share) this.lower = Math.max(this.lower, m.bound);
    } else if (!this.share) {
      // alone, an iteration settled: no plan of its bound or less; its states are all this thread's
      this.lower = Math.max(this.lower, m.bound + 1);
      this.states.set(thread, Math.max(this.states.get(thread) ?? 0, m.expanded));
    }
    const shared = this.share?.lowerBound();
    if (shared !== undefined && shared !== NONE) this.lower = Math.max(this.lower, shared);
    let nodes = 0;
    for (const n of this.states.values()) nodes += n;
    // the threads' states reported at their iterations' ends (a thread's progress may lag behind them)
    nodes = Math.max(nodes, this.share?.expanded() ?? 0);
    const c = this.actionCost;
    this.draw(
      { depth: Math.max(this.bound, this.lower) * c, nodes, seconds: (performance.now() - this.started) / 1000, lower: this.lower * c, upper: this.upper === undefined ? undefined : this.upper * c },
      m.kind !== "progress",
    );
  }
}
