/**
 * Sharing the first pushes among several searches (worker threads): statically (move m
 * is search i's when m % count === i) or dynamically (SearchOptions.claimRoot: a search
 * takes the next untaken first push when it needs work). Share index 0 reports the
 * solutions that are not found below a first push: the empty one and a known one.
 */
export class RootShare {
  private depth = 0;
  private claimed = -1;
  /** the claim function has no counter for this depth: the static split applies */
  private split = false;

  /**
   * @param index this search's share (0 <= index < count)
   * @param count the number of searches sharing the first pushes
   * @param claim SearchOptions.claimRoot: when given, replaces the static split
   */
  constructor(
    readonly index: number,
    private readonly count: number,
    private readonly claim: ((depth: number) => number) | undefined,
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
  }

  /** Whether first push m is this search's; m must increase within a depth. */
  owns(m: number): boolean {
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
}
