/** The merge of the threads' reports (src/push/competition/search/run/merge.ts): message sequences in, events out. */
import { describe, expect, it } from "vitest";
import type { Push } from "../../../../../src/push/competition/board.js";
import type { DepthStats } from "../../../../../src/push/competition/search/exact/engine.js";
import { DepthMerge, type MergeEvent } from "../../../../../src/push/competition/search/run/merge.js";

/** A solution of `length` pushes, told apart by its first line. */
const sol = (length: number, tag = 1): Push[] => Array.from({ length }, (_, i) => ({ line: i === 0 ? tag : 1, dir: "e" as const }));
const done = (depth: number, nodes = 10, solutions = 0): DepthStats => ({ depth, nodes, milliseconds: 1, solutions, complete: true });
const cut = (depth: number, stoppedBy: "limit" | "interrupt", nodes = 5, solutions = 0): DepthStats => ({ depth, nodes, milliseconds: 1, solutions, complete: false, stoppedBy });

/** What the events say, in a form easy to compare: `S3.1` a solution of 3 pushes tagged 1, `D2` a depth, `END x`. */
function show(events: MergeEvent[]): string[] {
  return events
    .filter((e) => e.kind !== "found")
    .map((e) => {
      switch (e.kind) {
        case "solution":
          return `S${e.pushes.length}.${e.pushes[0]?.line ?? 0}`;
        case "depth":
          return `D${e.stats.depth}${e.stats.complete ? "" : "~"}`;
        case "end":
          return `END${e.exhausted ? " exhausted" : ""}${e.interrupted ? " interrupted" : ""}`;
        case "stop":
          return "STOP";
        default:
          return "found";
      }
    });
}

/** Feeds [worker, message] pairs and collects the events. */
function feed(merge: DepthMerge, steps: [number, "sol" | "depth" | "done", unknown][]): string[] {
  const events: MergeEvent[] = [];
  for (const [w, kind, arg] of steps) {
    if (kind === "sol") events.push(...merge.solution(w, arg as Push[]));
    else if (kind === "depth") events.push(...merge.depth(w, arg as DepthStats));
    else events.push(...merge.done(w, arg as boolean));
  }
  return show(events);
}

describe("DepthMerge", () => {
  it("from a resumed depth (MergeOptions.from): depths below it count as settled, so its first solution ends a models-1 run at once", () => {
    const m = new DepthMerge({ workers: 2, horizon: 9, models: 1, from: 6 });
    expect(m.lowerBound).toBe(6);
    expect(feed(m, [[1, "sol", sol(6, 4)]])).toEqual(["S6.4", "END"]);
    // without `from`, the same solution waits for depths 0..5
    const plain = new DepthMerge({ workers: 2, horizon: 9, models: 1 });
    expect(feed(plain, [[1, "sol", sol(6, 4)]])).toEqual([]);
  });

  it("holds a deeper solution until every shallower depth is settled, then passes solutions shortest first", () => {
    const m = new DepthMerge({ workers: 2, horizon: 5, models: 0 });
    const events = feed(m, [
      [0, "depth", done(0, 0)],
      [1, "depth", done(0, 0)],
      [0, "depth", done(1)],
      [0, "depth", done(2)],
      [0, "sol", sol(3, 7)], // worker 0 is ahead: depth 2 is not settled by worker 1 yet
      [1, "depth", done(1)],
      [1, "sol", sol(2, 5)],
      [1, "depth", done(2, 10, 1)],
      [0, "depth", done(3, 10, 1)],
      [1, "depth", done(3)],
    ]);
    expect(events).toEqual(["D0", "D1", "S2.5", "D2", "S3.7", "D3"]);
    expect(m.over).toBe(false);
    expect(m.solutions).toBe(2);
  });

  it("models 1: the first solution of depth d ends the run once the depths below d are settled, without waiting for the rest of d", () => {
    const m = new DepthMerge({ workers: 3, horizon: 9, models: 1 });
    const events = feed(m, [
      [0, "depth", done(0)],
      [1, "depth", done(0)],
      [2, "depth", done(0)],
      [0, "depth", done(1)],
      [1, "depth", done(1)],
      [1, "sol", sol(2, 4)],
      [1, "depth", cut(2, "limit", 5, 1)],
    ]);
    // worker 2 has not finished depth 1: nothing yet
    expect(events).toEqual(["D0"]);
    expect(m.over).toBe(false);
    // workers 0 and 2 are still in depth 2; depth 1 settles and the run ends
    expect(feed(m, [[2, "depth", done(1)]])).toEqual(["D1", "S2.4", "D2~", "END"]);
    expect(m.over).toBe(true);
    expect(m.lowerBound).toBe(2);
    expect(m.depths.map((d) => d.depth)).toEqual([0, 1, 2]);
    // nothing after the end
    expect(feed(m, [[0, "sol", sol(2, 9)], [0, "depth", done(2)], [2, "done", false]])).toEqual([]);
  });

  it("merges the depth stats of all workers: nodes and solutions summed, complete only when every worker completed it", () => {
    const m = new DepthMerge({ workers: 2, horizon: 1, models: 0 });
    const events: MergeEvent[] = [];
    events.push(...m.depth(0, done(0, 0)), ...m.depth(1, done(0, 0)));
    events.push(...m.depth(0, done(1, 30, 2)), ...m.depth(1, done(1, 12, 1)));
    const d1 = events.find((e) => e.kind === "depth" && e.stats.depth === 1);
    expect(d1).toMatchObject({ stats: { nodes: 42, solutions: 3, complete: true } });
    expect(show(events)).toEqual(["D0", "D1", "END exhausted"]);
    expect(m.lowerBound).toBe(2);
  });

  it("ends exhausted when every worker has searched to the horizon without a solution", () => {
    const m = new DepthMerge({ workers: 2, horizon: 2, models: 1 });
    const events = feed(m, [
      [1, "depth", done(0)],
      [1, "depth", done(1)],
      [1, "depth", done(2)],
      [1, "done", true],
      [0, "depth", done(0)],
      [0, "depth", done(1)],
    ]);
    expect(events).toEqual(["D0", "D1"]);
    expect(m.lowerBound).toBe(2);
    expect(feed(m, [[0, "depth", done(2)], [0, "done", true]])).toEqual(["D2", "END exhausted"]);
    expect(m.lowerBound).toBe(3);
  });

  it("interrupted: once every worker stopped, passes on what was found shortest first, proven or not", () => {
    const m = new DepthMerge({ workers: 2, horizon: 9, models: 0 });
    const events = feed(m, [
      [0, "depth", done(0)],
      [1, "depth", done(0)],
      [0, "depth", done(1)],
      [0, "depth", done(2)],
      [0, "sol", sol(4, 2)],
      [0, "sol", sol(3, 1)],
      [0, "depth", cut(3, "interrupt", 100)],
      [0, "done", false],
      [1, "depth", cut(1, "interrupt", 50)],
    ]);
    expect(events).toEqual(["D0"]);
    expect(feed(m, [[1, "done", false]])).toEqual(["S3.1", "S4.2", "D1~", "END interrupted"]);
    expect(m.lowerBound).toBe(1);
  });

  it("a model limit reached by one worker at depth d ends the run when d settles", () => {
    // models 2: worker 0 found both at depth 1 and stopped; worker 1 completed depth 1 with none
    const m = new DepthMerge({ workers: 2, horizon: 4, models: 2 });
    const events = feed(m, [
      [0, "depth", done(0)],
      [0, "sol", sol(1, 1)],
      [0, "sol", sol(1, 2)],
      [0, "depth", cut(1, "limit", 5, 2)],
      [0, "done", false],
    ]);
    expect(events).toEqual([]); // worker 1 has not settled depth 0
    expect(feed(m, [[1, "depth", done(0)]])).toEqual(["D0", "S1.1", "S1.2", "D1~", "END"]);
  });

  it("reports every solution as found at once (upper bounds), before it is proven", () => {
    const m = new DepthMerge({ workers: 2, horizon: 9, models: 1 });
    const found = m.solution(1, sol(5, 3));
    expect(found[0]).toEqual({ kind: "found", pushes: sol(5, 3) });
    expect(found.filter((e) => e.kind === "solution")).toHaveLength(0);
  });

  it("refuses an unknown worker and an empty set of workers", () => {
    expect(() => new DepthMerge({ workers: 0, horizon: 1, models: 1 })).toThrow(RangeError);
    expect(() => new DepthMerge({ workers: 1, horizon: 1, models: 1 }).done(1, true)).toThrow(RangeError);
  });
});

describe("DepthMerge with drain (run.ts): an answer settled mid-depth waits for every worker's last report", () => {
  /** depths 0 and 1 settled by all three workers */
  const settled = (): [number, "depth", DepthStats][] => [0, 1].flatMap((d) => [0, 1, 2].map((w) => [w, "depth", done(d)] as [number, "depth", DepthStats]));

  it("models 1: the solution is passed on with a stop, and the depth in progress gets every worker's counts", () => {
    const m = new DepthMerge({ workers: 3, horizon: 9, models: 1, drain: true });
    expect(feed(m, settled())).toEqual(["D0", "D1"]);
    // worker 1 finds a solution of 2 while 0 and 2 are still in depth 2
    expect(feed(m, [[1, "sol", sol(2, 4)]])).toEqual(["S2.4", "STOP"]);
    expect(m.draining).toBe(true);
    expect(m.over).toBe(false);
    // the reports of the depth in progress come in; a solution found meanwhile is beyond the quota
    expect(
      feed(m, [
        [1, "depth", cut(2, "limit", 5, 1)],
        [1, "done", false],
        [0, "sol", sol(2, 9)],
        [0, "depth", cut(2, "interrupt", 7, 1)],
        [0, "done", false],
        [2, "depth", cut(2, "interrupt", 9)],
      ]),
    ).toEqual([]);
    expect(feed(m, [[2, "done", false]])).toEqual(["D2~", "END"]);
    expect(m.over).toBe(true);
    expect(m.solutions).toBe(1);
    // 5 + 7 + 9 states; the solutions passed on, not the one found after the quota
    expect(m.depths.at(-1)).toMatchObject({ depth: 2, nodes: 21, solutions: 1, complete: false });
    expect(feed(m, [[0, "depth", done(3)]])).toEqual([]);
  });

  it("without drain, the same run ends at the solution and depth 2 has no counts", () => {
    const m = new DepthMerge({ workers: 3, horizon: 9, models: 1 });
    feed(m, settled());
    expect(feed(m, [[1, "sol", sol(2, 4)]])).toEqual(["S2.4", "END"]);
    expect(m.depths.map((d) => d.depth)).toEqual([0, 1]);
  });

  it("a quota of several models ends mid-depth: stop, then the depth as far as every worker got", () => {
    const m = new DepthMerge({ workers: 2, horizon: 9, models: 2, drain: true });
    feed(m, [
      [0, "depth", done(0)],
      [1, "depth", done(0)],
    ]);
    expect(feed(m, [[0, "sol", sol(1, 1)], [1, "sol", sol(1, 2)]])).toEqual(["S1.1", "S1.2", "STOP"]);
    expect(feed(m, [[0, "depth", cut(1, "interrupt", 30, 1)], [0, "done", false], [1, "depth", cut(1, "limit", 12, 1)], [1, "done", false]])).toEqual(["D1~", "END"]);
    expect(m.depths.at(-1)).toMatchObject({ depth: 1, nodes: 42, solutions: 2 });
  });

  it("stop() from the shell (a bound proven elsewhere): a depth answered by the known solution with no states is not listed", () => {
    const m = new DepthMerge({ workers: 3, horizon: 9, models: 1, drain: true });
    feed(m, settled());
    expect(m.stop()).toEqual([{ kind: "stop" }]);
    expect(m.stop()).toEqual([]);
    expect(feed(m, [[0, "depth", cut(2, "limit", 0, 1)], [0, "done", false], [1, "depth", cut(2, "interrupt", 0)], [1, "done", false], [2, "done", false]])).toEqual(["END"]);
    expect(m.depths.map((d) => d.depth)).toEqual([0, 1]);
  });

  it("stop() with workers deep in a depth lists it; abandon() ends with the reports so far", () => {
    const m = new DepthMerge({ workers: 3, horizon: 9, models: 1, drain: true });
    feed(m, settled());
    expect(feed(m, [[2, "depth", done(2, 50)]])).toEqual([]);
    expect(m.stop()).toEqual([{ kind: "stop" }]);
    expect(feed(m, [[0, "depth", cut(2, "interrupt", 11)], [0, "done", false]])).toEqual([]);
    // worker 1 never answers (and worker 2 went on to depth 3 before the stop)
    expect(show(m.abandon())).toEqual(["D2~", "END"]);
    expect(m.depths.at(-1)).toMatchObject({ depth: 2, nodes: 61, complete: false });
    expect(m.abandon()).toEqual([]);
  });

  it("with every worker already done when the quota runs out, the end comes at once, without a stop", () => {
    const m = new DepthMerge({ workers: 2, horizon: 9, models: 1, drain: true });
    // worker 0 is ahead: its solution of 2 waits for worker 1 to settle depth 1
    expect(feed(m, [[0, "depth", done(0)], [1, "depth", done(0)], [0, "depth", done(1)], [0, "sol", sol(2, 3)], [0, "depth", cut(2, "limit", 5, 1)], [0, "done", false]])).toEqual(["D0"]);
    // worker 1's search ended exhausted without reporting depth 1 (a hopeless share)
    expect(feed(m, [[1, "done", true]])).toEqual(["D1~", "S2.3", "D2~", "END"]);
    expect(m.stop()).toEqual([]);
  });
});
