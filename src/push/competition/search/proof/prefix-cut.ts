/**
 * One job's part of one depth of a proof split on a queue (labsolve --queue,
 * src/push/competition/proof.ts): the subtrees below a few push prefixes, searched at
 * that depth only, with a node budget past which the job stops descending and returns
 * its unexplored frontier (longer prefixes) instead.
 *
 * The depth-first search asks this module at two places (dfs.ts): before a push of a
 * ply below the longest prefix (`skips`: is the push off every prefix?), and after a
 * child passed the pruning rules, with four pushes or more left (`defers`: record the
 * child's prefix instead of searching below it?). So the prefixes a job hands on are
 * the ones the search itself reaches after its pruning at the plies above, and the
 * union of a depth's jobs and their frontiers is the depth's tree. A subtree that was
 * not searched to the end (a push off the prefixes, a deferred child) marks its
 * ancestors as not proven (PlyStack.sawGoal), so that the transposition table records
 * nothing false of them.
 *
 * Moves are BitBoard's move indices (0 <= m < 4N: direction * N + line).
 */
import type { PlyStack } from "../exact/ply-stack.js";

/** WorkOptions.prefix: what one job searches. */
export interface PrefixOptions {
  /**
   * The depth searched (pushes). Shallower depths are not searched: the submitter
   * settled them before (every first push is skipped at those depths; depth 1's 4N
   * states and depth 0's goal test remain).
   */
  depth: number;
  /** the prefixes below which the job searches (disjoint; `[[]]`: the whole depth) */
  prefixes: readonly (readonly number[])[];
  /** states after which the job defers every child it reaches (default: no budget) */
  budget?: number;
  /** deferred children's prefixes are at least this long (default: the longest prefix + 1) */
  frontierLength?: number;
  /** count the states below each prefix of this length (PrefixCut.sizes; default: none) */
  sizesLength?: number;
}

/** A trie of the prefixes: the moves allowed after a path, or LEAF below a whole prefix. */
type Trie = Map<number, Trie | typeof LEAF>;
const LEAF = 0;

/** The restriction and the frontier of one search (no prefix: restricts nothing). */
export class PrefixCut {
  /** `skips` is asked at plies below this (0: never) */
  readonly plies: number;
  /** `defers` is asked for the children of plies below this (0: never) */
  readonly until: number;
  /** the children deferred past the budget, as prefixes, in the order met */
  readonly frontier: number[][] = [];
  /** states below each prefix of sizesLength moves, keyed by the moves joined with "," */
  readonly sizes = new Map<string, number>();
  private readonly depth: number;
  private readonly budget: number;
  private readonly frontierLength: number;
  private readonly sizesLength: number;
  /** the trie node of the path at ply p (for plies below `plies`) */
  private readonly at: (Trie | typeof LEAF)[];
  private sizeKey: string | undefined;
  private sizeFrom = 0;
  private search!: PlyStack;

  /**
   * @param options absent: a search of the whole tree, as without this module. Give the
   *   cut to one search (WorkOptions.prefix), then read `frontier` and `sizes`.
   */
  constructor(options: PrefixOptions | undefined) {
    if (options === undefined) {
      this.plies = this.until = this.depth = this.frontierLength = this.sizesLength = 0;
      this.budget = Infinity;
      this.at = [];
      return;
    }
    this.depth = options.depth;
    this.budget = options.budget ?? Infinity;
    const longest = options.prefixes.reduce((a, p) => Math.max(a, p.length), 0);
    this.frontierLength = options.frontierLength ?? longest + 1;
    this.sizesLength = options.sizesLength ?? 0;
    this.at = [trieOf(options.prefixes)];
    // ply 0 always: the shallower depths are skipped there
    this.plies = Math.max(1, longest);
    this.until = this.budget < Infinity ? options.depth : this.sizesLength;
  }

  /** Binds the cut to the search's plies (src/push/competition/search/exact/engine.ts solve). */
  attach(plies: PlyStack): void {
    this.search = plies;
  }

  /**
   * True when push m of ply p is off every prefix (the search skips it); at ply 0, every
   * push of a depth other than the job's. `remaining`: pushes left at ply p.
   */
  skips(p: number, m: number, remaining: number): boolean {
    if (p === 0 && remaining !== this.depth) return true;
    const node = this.at[p];
    if (node === LEAF) {
      this.at[p + 1] = LEAF;
      return false;
    }
    const next = node.get(m);
    if (next === undefined) return true;
    this.at[p + 1] = next;
    return false;
  }

  /**
   * Called for the child of ply p (its push in PlyStack.path[p]) that the search is about
   * to search with remaining - 1 pushes left: counts the states below the prefixes of
   * sizesLength, and returns true when the job is past its budget and the child is
   * recorded in the frontier instead (four pushes left or more, and long enough).
   */
  defers(p: number, remaining: number): boolean {
    const plies = this.search;
    if (p + 1 === this.sizesLength) {
      this.closeSize();
      this.sizeKey = Array.from(plies.path.subarray(0, p + 1)).join(",");
      this.sizeFrom = plies.nodes - 1;
    }
    if (plies.nodes < this.budget || remaining < 4 || p + 1 < this.frontierLength) return false;
    this.frontier.push(Array.from(plies.path.subarray(0, p + 1)));
    return true;
  }

  /** Ends the count of the last prefix (call when the search has ended). */
  closeSize(): void {
    if (this.sizeKey === undefined) return;
    this.sizes.set(this.sizeKey, (this.sizes.get(this.sizeKey) ?? 0) + this.search.nodes - this.sizeFrom);
    this.sizeKey = undefined;
  }
}

function trieOf(prefixes: readonly (readonly number[])[]): Trie | typeof LEAF {
  if (prefixes.some((p) => p.length === 0)) return LEAF;
  const root: Trie = new Map();
  for (const prefix of prefixes) {
    let node: Trie = root;
    for (let i = 0; i < prefix.length; i++) {
      const last = i === prefix.length - 1;
      const next = node.get(prefix[i]);
      if (last) node.set(prefix[i], LEAF);
      else if (next === undefined || next === LEAF) {
        // a longer prefix below a whole one adds nothing (the whole one is searched)
        if (next === LEAF) break;
        const child: Trie = new Map();
        node.set(prefix[i], child);
        node = child;
      } else node = next;
    }
  }
  return root;
}
