/**
 * The options of the IPC 2023 planner's search (solveIpc in index.ts): limits, and switches
 * of its lemmas (docs/design/ipc-planner.md) for measurements and tests.
 */

import type { IpcMove } from "../task.js";

/** Options of solveIpc. */
export interface IpcSearchOptions {
  /** stop after this many milliseconds (the result is then not proven) */
  timeLimitMs?: number;
  /** search plans of cost up to this only (default: unbounded) */
  maxCost?: number;
  /**
   * every plan is known to cost at least this (proven by an earlier search of the same
   * task): the first iteration's bound is raised to it, so those iterations are not made again
   */
  minCost?: number;
  /** log2 of the transposition table's slots (default 22: 48 MiB) */
  tableLog2?: number;
  /** switch Lemma P off (for measurements and tests) */
  noPartialOrder?: boolean;
  /** switch Lemma L (the lines a walk needs) off: the bound of Lemmas B and W only (for measurements and tests) */
  noLineBound?: boolean;
  /** switch Lemma L' off (a push's child bounded from its parent's search; for measurements and tests) */
  noPushFilter?: boolean;
  /** switch Lemma R off (the rotations a south-east walk needs; for measurements and tests) */
  noRotationBound?: boolean;
  /** switch Lemma J off (Lemma R's views tied field by field, one-view.ts; for measurements and tests) */
  noJointBound?: boolean;
  /** switch Lemma K off (Lemma J's views joined, both-views.ts; for measurements and tests) */
  noJoinedBound?: boolean;
  /**
   * make Lemma L's search where Lemma J did not cut, too (by Lemma S it cannot cut there; it then
   * only gives Lemma L' its entries and the bound cache its value; for measurements and tests)
   */
  noLineSkip?: boolean;
  /** Lemma J of a push's child computed on its own, not from its parent's prepared views (the same answers; for measurements and tests) */
  noJointReuse?: boolean;
  /** called when Lemma R cuts a state (g, the bound before it, its value; for tests) */
  onRotationBound?: (g: number, before: number, raised: number) => void;
  /** switch Lemma E off (Lemma K's foreign cards paid for by the crossing lines' pushes, a case per count of column pushes; for measurements and tests) */
  noForeignCharge?: boolean;
  /** Lemma A's plans without a push: only whether a walk on the board as it is exists, not its length (for measurements and tests) */
  noWalkLength?: boolean;
  /** switch Lemma V off (the plans with a north or west step at one push to spare: one push, a walk of M + 2 steps; for measurements and tests) */
  noOnePush?: boolean;
  /** switch Lemma A off (a south-east plan that pushes after a step south or east pays one push more; for measurements and tests) */
  noAnchor?: boolean;
  /** switch Lemma O off (pushes of parallel lines in increasing line order; for measurements and tests) */
  noRunOrder?: boolean;
  /**
   * for tests only: add this to every bound above 0, making the bound inadmissible (the
   * differential test must then fail: test/push/ipc2023/search/ipc-differential.test.ts). Default 0.
   */
  inflateBound?: number;
  /** called after each finished iteration with its bound and the states expanded so far */
  onIteration?: (bound: number, expanded: number) => void;
  /**
   * the cost of a plan known elsewhere (another thread's), read at each iteration and polled with
   * the clock: the search looks only for cheaper plans (as maxCost = bestCost() - 1), and stops
   * (not proven, lowerBound: its bound) once its bound reaches it, which proves that plan optimal
   */
  bestCost?: () => number;
  /**
   * a plan known (e.g. the quick plan): each node's pushes that it makes are tried first (the
   * order of the children only; Planner.setGuide)
   */
  guide?: readonly IpcMove[];
  /** polled with the clock (every 1,024 states): true stops the search as the time limit does */
  shouldStop?: () => boolean;
  /**
   * called with the clock's poll (every 1,024 states): the bound of the iteration running (in
   * the search's units, pushes + steps) and the states this search has expanded so far
   */
  onPoll?: (bound: number, expanded: number) => void;
}
