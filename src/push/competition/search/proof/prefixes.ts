/**
 * The unit of work of a proof: a push prefix, the first pushes of the sequences below it
 * (moves are BitBoard's move indices, 0 <= m < 4N: direction * N + line; a prefix's
 * pushes are those of plies 0, 1, ...). A prefix is a first push, a pair of a first and a
 * second push, or longer. Threads, checkpoints and queue jobs take their prefixes here:
 *
 * - DepthPrefixes (threads, checkpoints): all of a depth's prefixes of one length, each
 *   by its number: first pushes m, or, at depths from WorkOptions.rootPairs on, pairs
 *   (m0, m1) numbered m0 * 4N + m1. A prefix is search i's statically (number u when
 *   u % count === i) or dynamically (WorkOptions.claimRoot: a search takes the next
 *   untaken prefix when it needs work). Search 0 reports the solutions that are not found
 *   below a first push: the empty one and a known one. It tells when a prefix is done (its
 *   subtree searched to the end without a solution: WorkOptions.onRootDone, what a
 *   checkpoint records) and skips the prefixes a resumed run knows to be done
 *   (WorkOptions.skipRoot). Pairs make a checkpoint's record finer: one first push of a
 *   deep proof takes hours (0207 at depth 8), one pair a minute or two.
 * - JobPrefixes (queue jobs, labsolve --queue, src/push/competition/proof.ts): any set of
 *   prefixes of any lengths at one depth, with a node budget past which the job stops
 *   descending and returns its frontier (longer prefixes) instead.
 *
 * The depth-first search (exact/dfs.ts) asks DepthPrefixes at plies 0 and 1 (`owns`), and
 * JobPrefixes before a push of a ply below its longest prefix (`skips`) and after a child
 * passed the pruning rules (`defers`). A prefix that is not searched here marks its
 * ancestors as not proven (PlyStack.sawGoal), so that the transposition table records
 * nothing false of them. The IPC planner shares a bound's subtrees in the same way, with
 * prefixes of its own moves (src/push/ipc2023/search/units.ts).
 */
import type { PlyStack } from "../exact/ply-stack.js";

/**
 * The first depth whose prefixes are pairs in a run that keeps a checkpoint
 * (WorkOptions.rootPairs; src/push/competition/search/proof/checkpoint.ts records them). At
 * least 5: ply 1 then has 4 pushes or more left, and its loop is dfs.ts's own.
 */
export const PAIRS_FROM = 5;

/**
 * Whether a depth's prefixes are pairs (m0 * 4N + m1) rather than first pushes: the one
 * place that says it, for DepthPrefixes, the progress line and checkpoint files.
 * @param depth the depth (pushes) being searched
 * @param pairsFrom the first depth whose prefixes are pairs (PAIRS_FROM, or
 *   WorkOptions.rootPairs); undefined: no depth has pairs
 */
export function prefixesArePairs(depth: number, pairsFrom: number | undefined): boolean {
  return pairsFrom !== undefined && depth >= pairsFrom;
}

/** A depth's prefixes of one length (first pushes or pairs), shared among searches (threads) and recorded by checkpoints. */
export class DepthPrefixes {
  private depth = 0;
  private claimed = -1;
  /** the claim function has no counter for this depth: the static split applies */
  private split = false;
  /** the prefix (its number) this search owns and is searching, or -1 */
  private searching = -1;
  /**
   * The current depth's prefixes are pairs: every search writes the states of all first
   * pushes and asks owns(m0 * 4N + m1) at ply 1 (src/push/competition/search/exact/dfs.ts).
   */
  pairs = false;

  /**
   * @param index this search's share (0 <= index < count)
   * @param count the number of searches sharing the first pushes
   * @param claim WorkOptions.claimRoot: when given, replaces the static split
   * @param skip WorkOptions.skipRoot: prefixes nobody searches (done before)
   * @param onDone WorkOptions.onRootDone
   * @param pairsFrom WorkOptions.rootPairs: the first depth whose prefixes are pairs (undefined: none)
   */
  constructor(
    readonly index: number,
    private readonly count: number,
    private readonly claim: ((depth: number) => number) | undefined,
    private readonly skip?: (depth: number, unit: number) => boolean,
    private readonly onDone?: (depth: number, unit: number) => void,
    private readonly pairsFrom?: number,
  ) {}

  /** True when this search reports the empty and the known solution. */
  get first(): boolean {
    return this.index === 0;
  }

  /** Starts the root of a depth (claims restart at the first move). */
  start(depth: number): void {
    this.depth = depth;
    this.pairs = prefixesArePairs(depth, this.pairsFrom);
    this.claimed = -1;
    this.split = false;
    this.searching = -1;
  }

  /**
   * The root of the depth was searched to the end without a solution (not interrupted,
   * not stopped by the model limit): the prefix searched last is done.
   */
  finish(): void {
    this.done();
  }

  /**
   * Whether prefix number u (a first push, or a pair m0 * 4N + m1 when `pairs`) is this search's;
   * u must increase within a depth. The search asks it for the prefixes in order (not
   * necessarily all of them: the pairs below a first push whose state is cut are never
   * asked), and moves to the next prefix only after the subtree of the one before was
   * searched to the end without a solution (else the depth stops): so asking for u says
   * the owned one before u is done.
   */
  owns(u: number): boolean {
    if (this.searching >= 0) this.done();
    // a prefix done before (a resumed run): nobody claims it; a claim counter's value
    // that lands on such a prefix, or on one never asked, is passed over below
    if (this.skip?.(this.depth, u)) return false;
    const mine = this.take(u);
    if (mine) this.searching = u;
    return mine;
  }

  private take(u: number): boolean {
    const claim = this.claim;
    if (claim === undefined || this.split) return u % this.count === this.index;
    while (this.claimed < u) {
      this.claimed = claim(this.depth);
      if (this.claimed < 0) {
        this.split = true;
        return u % this.count === this.index;
      }
    }
    return this.claimed === u;
  }

  private done(): void {
    if (this.searching < 0) return;
    const u = this.searching;
    this.searching = -1;
    this.onDone?.(this.depth, u);
  }
}

/** WorkOptions.prefix: what one job searches. */
export interface JobPrefixOptions {
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
  /** count the states below each prefix of this length (JobPrefixes.sizes; default: none) */
  sizesLength?: number;
}

/** A trie of the prefixes: the moves allowed after a path, or LEAF below a whole prefix. */
type Trie = Map<number, Trie | typeof LEAF>;
const LEAF = 0;

/**
 * One job's part of one depth of a proof split on a queue: the subtrees below a few push
 * prefixes, searched at that depth only, with a node budget past which the job stops
 * descending and returns its unexplored frontier (longer prefixes) instead. The prefixes
 * a job hands on are the ones the search itself reaches after its pruning at the plies
 * above, and the union of a depth's jobs and their frontiers is the depth's tree. Without
 * options it restricts nothing.
 */
export class JobPrefixes {
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
  constructor(options: JobPrefixOptions | undefined) {
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
