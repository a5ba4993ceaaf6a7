/**
 * Sharing the first pushes among several searches (worker threads): statically (move m
 * is search i's when m % count === i) or dynamically (SearchOptions.claimRoot: a search
 * takes the next untaken first push when it needs work). Share index 0 reports the
 * solutions that are not found below a first push: the empty one and a known one.
 *
 * It also tells when a first push is done (its subtree searched to the end without a
 * solution: SearchOptions.onRootDone, what a checkpoint records) and skips the first
 * pushes a resumed run knows to be done (SearchOptions.skipRoot).
 */
export class RootShare {
  private depth = 0;
  private claimed = -1;
  /** the claim function has no counter for this depth: the static split applies */
  private split = false;
  /** the first push this search owns and is searching, or -1 */
  private searching = -1;

  /**
   * @param index this search's share (0 <= index < count)
   * @param count the number of searches sharing the first pushes
   * @param claim SearchOptions.claimRoot: when given, replaces the static split
   * @param skip SearchOptions.skipRoot: first pushes nobody searches (done before)
   * @param onDone SearchOptions.onRootDone
   */
  constructor(
    readonly index: number,
    private readonly count: number,
    private readonly claim: ((depth: number) => number) | undefined,
    private readonly skip?: (depth: number, m: number) => boolean,
    private readonly onDone?: (depth: number, m: number) => void,
  ) {}

  /** True when this search reports the empty and the known solution. */
  get first(): boolean {
    return this.index === 0;
  }

  /** Starts the root of a depth (claims restart at the first move). */
  start(depth: number): void {
    this.depth = depth;
    this.claimed = -1;
    this.split = false;
    this.searching = -1;
  }

  /**
   * The root of the depth was searched to the end without a solution (not interrupted,
   * not stopped by the model limit): the first push searched last is done.
   */
  finish(): void {
    this.done();
  }

  /**
   * Whether first push m is this search's; m must increase within a depth. The search
   * asks it for every m in order, and moves to the next m only after the subtree of the
   * one before was searched to the end without a solution (else the depth stops): so
   * asking for m says the owned one before m is done.
   */
  owns(m: number): boolean {
    if (this.searching >= 0) this.done();
    // a first push done before (a resumed run): nobody claims it; a claim counter's value
    // that lands on such a push is passed over below
    if (this.skip?.(this.depth, m)) return false;
    const mine = this.take(m);
    if (mine) this.searching = m;
    return mine;
  }

  private take(m: number): boolean {
    const claim = this.claim;
    if (claim === undefined || this.split) return m % this.count === this.index;
    while (this.claimed < m) {
      this.claimed = claim(this.depth);
      if (this.claimed < 0) {
        this.split = true;
        return m % this.count === this.index;
      }
    }
    return this.claimed === m;
  }

  private done(): void {
    if (this.searching < 0) return;
    const m = this.searching;
    this.searching = -1;
    this.onDone?.(this.depth, m);
  }
}
