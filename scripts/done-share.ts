/**
 * How much of a depth a checkpointed proof has done, with the units weighed by what they
 * cost: the first first pushes carry more states than the later ones (the commutation
 * rules skip more below the later ones), so counting units alone misjudges what is left.
 * The weights are each first push's share of a shallower depth's states
 * (scripts/depth-nodes.ts `--first-pushes`); on 0207 the shares of depths 5 and 6
 * correlate at 0.976 (docs/notes/2026-11-30-proofs-of-the-15.md, 2026-11-25 09:37 UTC).
 *
 * Units are as a checkpoint records them (src/push/competition/search/proof/checkpoint.ts):
 * first pushes m (0 <= m < 4N, BitBoard's move order), or pairs m0 * 4N + m1 at depths
 * whose units are pairs (proof/prefixes.ts, prefixesArePairs).
 */

/** The done units of one depth, counted per first push. */
export interface FirstPushCoverage {
  /** 4N: first pushes 0 <= m < moves */
  moves: number;
  /** per first push m, the share of its units done, 0..1 (a pair is 1 / moves of its first push) */
  done: Float64Array;
}

/**
 * Counts done units per first push.
 * @param units done units of one depth: first pushes, or pairs m0 * moves + m1 when `pairs`
 * @param moves 4N
 * @param pairs whether the units are pairs
 * @throws RangeError when a unit is outside 0..moves - 1 (or 0..moves^2 - 1 for pairs)
 */
export function coverage(units: readonly number[], moves: number, pairs: boolean): FirstPushCoverage {
  const limit = pairs ? moves * moves : moves;
  const counts = new Float64Array(moves);
  const seen = new Set<number>();
  for (const u of units) {
    if (!Number.isInteger(u) || u < 0 || u >= limit) throw new RangeError(`unit ${u} is outside 0..${limit - 1}`);
    if (seen.has(u)) continue;
    seen.add(u);
    counts[pairs ? Math.floor(u / moves) : u] += 1;
  }
  const per = pairs ? moves : 1;
  return { moves, done: counts.map((c) => c / per) };
}

/**
 * The share (0..1) of a depth's work the done units stand for: sum over first pushes m
 * of weights[m] times the share of m's units done, over the sum of the weights (so
 * percentages rounded in print need not add up to 100).
 * @param weights one non-negative weight per first push (moves of them), not all 0
 * @throws RangeError when the weights do not fit the coverage
 */
export function weightedShare(c: FirstPushCoverage, weights: readonly number[]): number {
  if (weights.length !== c.moves) throw new RangeError(`${weights.length} weights for ${c.moves} first pushes`);
  let total = 0;
  let done = 0;
  for (let m = 0; m < c.moves; m++) {
    const w = weights[m];
    if (!(w >= 0)) throw new RangeError(`weight ${w} of first push ${m} is not a non-negative number`);
    total += w;
    done += w * c.done[m];
  }
  if (total === 0) throw new RangeError("the weights are all 0");
  return done / total;
}

/**
 * Describes the coverage for people: the first pushes done whole as ranges, and the ones
 * partly done with their counts of pairs, e.g. `whole 0-15; part 16 (25 of 76)`.
 */
export function describeCoverage(c: FirstPushCoverage): string {
  const whole: string[] = [];
  const part: string[] = [];
  let start = -1;
  for (let m = 0; m <= c.moves; m++) {
    const isWhole = m < c.moves && c.done[m] === 1;
    if (isWhole && start < 0) start = m;
    if (!isWhole && start >= 0) {
      whole.push(start === m - 1 ? `${start}` : `${start}-${m - 1}`);
      start = -1;
    }
    if (m < c.moves && c.done[m] > 0 && c.done[m] < 1) part.push(`${m} (${Math.round(c.done[m] * c.moves)} of ${c.moves})`);
  }
  return `whole ${whole.length > 0 ? whole.join(",") : "none"}; part ${part.length > 0 ? part.join(", ") : "none"}`;
}
