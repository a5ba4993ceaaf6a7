/** The search's options, per-depth statistics and result (src/search/engine.ts solve). */
import type { Push } from "../board.js";

/** What the search measured at one depth of the iterative deepening. */
export interface DepthStats {
  /** number of pushes searched */
  depth: number;
  /** states generated (pushes applied and walked) at this depth */
  nodes: number;
  /** wall-clock milliseconds */
  milliseconds: number;
  /** solutions of exactly this many pushes found */
  solutions: number;
  /** false when the depth was cut short (enough models, or interrupted) */
  complete: boolean;
  /** why a depth was cut short */
  stoppedBy?: "limit" | "interrupt";
  /** what each pruning rule tried and cut at this depth (docs/search.md) */
  rules?: RuleStats[];
}

/** What one pruning rule tried and cut (at one depth, or in a whole run). */
export interface RuleStats {
  /** the rule's name, as --stats prints it */
  name: string;
  /** what the rule keeps: every solution, or the first shortest one only */
  preserves: Preserves;
  /** where its soundness argument is: docs/search.md, Lemma ... */
  lemma: string;
  /** pushes (or states, or depths: see the rule) it looked at */
  tried: number;
  /** of those, the ones it cut: never applied, or their subtree not searched */
  cut: number;
}

/** What a pruning rule keeps of the answer sets. */
export type Preserves = "every solution" | "the first shortest solution";

/** Options of one search. */
export interface SearchOptions {
  /** horizon override; default the instance's max_steps */
  maxSteps?: number;
  /** stop after this many solutions; 0 for all (default 1) */
  models?: number;
  /** transposition table size in MiB (default 64); 0 disables it */
  tableMegabytes?: number;
  /** polled every few thousand states; returning true interrupts the search */
  shouldStop?: () => boolean;
  /** called with each solution as it is found, shortest first */
  onSolution?: (pushes: Push[]) => void;
  /** called when a depth ends */
  onDepth?: (stats: DepthStats) => void;
  /**
   * Skip push orders that a swapped order dominates (the commutation rule, docs/search.md Lemma 3). Sound only
   * when the first solution of the fewest pushes is wanted; default: models === 1.
   */
  commutation?: boolean;
  /**
   * Search only the sequences whose first push m has m % count === index (move order of
   * BitBoard), so that `count` searches with indices 0..count-1 share the work. The
   * empty solution (init on the goal) is reported by index 0 only.
   */
  rootShare?: { index: number; count: number };
  /**
   * Dynamic sharing of the first pushes among searches (worker threads): called at the
   * root of depth d for the next first push nobody has taken yet; returns a move index
   * (0 <= m < 4N, larger than any it returned before for d), or 4N or more when all are
   * taken. Each first push is then searched by exactly the search that claimed it.
   * Replaces rootShare's static split; rootShare.index 0 still reports the empty and
   * the known solution.
   */
  claimRoot?: (depth: number) => number;
  /**
   * A solution known beforehand (the beam's, src/search/beam.ts), models 1 only: when the
   * deepening reaches its length without a shorter solution, it is the answer and that
   * depth is not searched (share index 0 reports it).
   */
  known?: Push[];
  /** use WideBoard (several words a row) even when N <= 32; for tests */
  wide?: boolean;
  /**
   * Filter the last two pushes by the lines touching R and the goal's component and by
   * LookAhead.grows (rules LastPush and TwoPushes, Lemmas 4-8); default true. Off, every push of every ply is
   * tried: the plain search the tests compare the filters with.
   */
  lookahead?: boolean;
  /**
   * For tests: a ply's state that the search leaves unwritten (far pushes with three
   * left, Lemma 8) is cleared (no openings, R empty) instead of keeping a
   * stale state, so that code reading it gives wrong answers that the tests see.
   */
  poison?: boolean;
}

/** How a search ended. */
export interface SearchResult {
  /** solutions found, in the order found (shortest first) */
  solutions: Push[][];
  /** true when every sequence up to the horizon was searched (all models known) */
  exhausted: boolean;
  /** true when shouldStop ended the search */
  interrupted: boolean;
  /** the fewest pushes of any solution, when one was found */
  fewest: number | undefined;
  /** per-depth statistics */
  depths: DepthStats[];
  /** total states generated */
  nodes: number;
}
