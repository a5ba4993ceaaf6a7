/**
 * Sharing a depth's work among several searches (worker threads) in units: first pushes
 * m (0 <= m < 4N, BitBoard's move order), or, at depths from WorkOptions.rootPairs on,
 * pairs of a first and a second push (m0, m1) numbered m0 * 4N + m1. A unit is search i's
 * statically (unit u when u % count === i) or dynamically (WorkOptions.claimRoot: a
 * search takes the next untaken unit when it needs work). Share index 0 reports the
 * solutions that are not found below a first push: the empty one and a known one.
 *
 * It also tells when a unit is done (its subtree searched to the end without a solution:
 * WorkOptions.onRootDone, what a checkpoint records) and skips the units a resumed run
 * knows to be done (WorkOptions.skipRoot). Pairs make a checkpoint's record finer: one
 * first push of a deep proof takes hours (0207 at depth 8), one pair a minute or two.
 */
/**
 * The first depth whose units are pairs in a run that keeps a checkpoint
 * (WorkOptions.rootPairs; src/push/competition/search/proof/checkpoint.ts records them). At
 * least 5: ply 1 then has 4 pushes or more left, and its loop is dfs.ts's own.
 */
export const PAIRS_FROM = 5;

/**
 * Whether a depth's units are pairs (m0 * 4N + m1) rather than first pushes: the one
 * place that says it, for DepthUnits, the progress line and checkpoint files.
 * @param depth the depth (pushes) being searched
 * @param pairsFrom the first depth whose units are pairs (PAIRS_FROM, or
 *   WorkOptions.rootPairs); undefined: no depth has pairs
 */
export function unitsArePairs(depth: number, pairsFrom: number | undefined): boolean {
  return pairsFrom !== undefined && depth >= pairsFrom;
}

export class DepthUnits {
  private depth = 0;
  private claimed = -1;
  /** the claim function has no counter for this depth: the static split applies */
  private split = false;
  /** the unit this search owns and is searching, or -1 */
  private searching = -1;
  /**
   * The current depth's units are pairs: every search writes the states of all first
   * pushes and asks owns(m0 * 4N + m1) at ply 1 (src/push/competition/search/exact/dfs.ts).
   */
  pairs = false;

  /**
   * @param index this search's share (0 <= index < count)
   * @param count the number of searches sharing the first pushes
   * @param claim WorkOptions.claimRoot: when given, replaces the static split
   * @param skip WorkOptions.skipRoot: units nobody searches (done before)
   * @param onDone WorkOptions.onRootDone
   * @param pairsFrom WorkOptions.rootPairs: the first depth whose units are pairs (undefined: none)
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
    this.pairs = unitsArePairs(depth, this.pairsFrom);
    this.claimed = -1;
    this.split = false;
    this.searching = -1;
  }

  /**
   * The root of the depth was searched to the end without a solution (not interrupted,
   * not stopped by the model limit): the unit searched last is done.
   */
  finish(): void {
    this.done();
  }

  /**
   * Whether unit u (a first push, or a pair m0 * 4N + m1 when `pairs`) is this search's;
   * u must increase within a depth. The search asks it for the units in order (not
   * necessarily all of them: the pairs below a first push whose state is cut are never
   * asked), and moves to the next unit only after the subtree of the one before was
   * searched to the end without a solution (else the depth stops): so asking for u says
   * the owned one before u is done.
   */
  owns(u: number): boolean {
    if (this.searching >= 0) this.done();
    // a unit done before (a resumed run): nobody claims it; a claim counter's value
    // that lands on such a unit, or on one never asked, is passed over below
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
