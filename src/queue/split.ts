/**
 * How a proof's depth is split into jobs (src/queue/proof.ts): by push prefixes of 2 or
 * 3 pushes, grouped into 30 to 100 jobs per worker of about equal estimated size, the
 * largest first; the estimates are the states measured below the same prefixes at the
 * depth before. A job past its node budget returns its frontier, handed on in a few jobs.
 * Pure functions: the same measurements give the same jobs (and the same job ids).
 */

/** States below which a depth is one job: the next depth, some times larger, still takes well under a second. */
export const ONE_JOB_STATES = 50_000;
/** Prefix lengths of a split depth, tried shortest first (a job's frontier needs 4 pushes left below its prefixes). */
export const PREFIX_LENGTHS = [2, 3] as const;
/** Jobs per worker a split depth aims at (the issue asks 30 to 100). */
export const JOBS_PER_WORKER = 50;
/** Prefixes per job wanted at least, so that groups can even out the prefixes' sizes. */
export const PREFIXES_PER_JOB = 4;
/** A job's node budget over its estimated share of the depth. */
export const BUDGET_FACTOR = 3;
/** The smallest node budget (about a second of search). */
export const MIN_BUDGET = 500_000;
/** A frontier is handed on in at most this many jobs. */
export const FRONTIER_JOBS = 8;
/**
 * Prefix length of the sizes every job measures (ProofPart.sizesLength): one more than
 * the split's, so that the sizes can be regrouped for any number of workers
 * (scripts/simulate-queue.ts).
 */
export const SIZES_LENGTH = 3;

/** A prefix's key: its first `length` moves joined with "," (ProofPartResult.sizes). */
export function prefixKey(prefix: readonly number[], length = prefix.length): string {
  return prefix.slice(0, length).join(",");
}

/**
 * The prefix length for a depth: the shortest of PREFIX_LENGTHS with at least
 * PREFIXES_PER_JOB prefixes per wanted job (`count(length)`: the depth's prefixes of that
 * length, as the search reaches them), at most depth - 3; undefined when the depth is too
 * shallow for any (it is then one job).
 */
export function prefixLength(depth: number, jobs: number, count: (length: number) => number): number | undefined {
  const fits = PREFIX_LENGTHS.filter((k) => k <= depth - 3);
  for (const k of fits) if (k === fits[fits.length - 1] || count(k) >= PREFIXES_PER_JOB * jobs) return k;
  return undefined;
}

/**
 * Each prefix's estimated states, from the states measured below the prefixes of
 * SIZES_LENGTH moves at the depth before (keys of prefixKey): a shorter prefix gets the
 * sum of its descendants', a longer one its ancestor's divided among the ancestor's
 * prefixes in the list; one not measured, the median of the others.
 */
export function estimates(prefixes: readonly (readonly number[])[], previous: ReadonlyMap<string, number>): number[] {
  const length = prefixes.reduce((a, p) => Math.max(a, p.length), 0);
  const at = Math.min(length, SIZES_LENGTH);
  const summed = new Map<string, number>();
  for (const [key, n] of previous) {
    const short = key.split(",").slice(0, at).join(",");
    summed.set(short, (summed.get(short) ?? 0) + n);
  }
  const siblings = new Map<string, number>();
  for (const p of prefixes) siblings.set(prefixKey(p, at), (siblings.get(prefixKey(p, at)) ?? 0) + 1);
  const known = prefixes.map((p) => summed.get(prefixKey(p, at))).filter((n): n is number => n !== undefined).sort((a, b) => a - b);
  const median = known.length > 0 ? known[known.length >> 1] : 1;
  return prefixes.map((p) => {
    const key = prefixKey(p, at);
    const size = summed.get(key);
    return size === undefined ? median : size / siblings.get(key)!;
  });
}

/** One job of a split depth: its prefixes (in move order) and their estimated states. */
export interface PrefixGroup {
  prefixes: number[][];
  estimate: number;
}

/**
 * The prefixes in `jobs` groups of about equal estimated states (the largest prefix
 * first into the group with the least, ties to the lower index), the groups the largest
 * first: BullMQ hands jobs out in the order added, so the last jobs to start are small.
 */
export function groupLargestFirst(prefixes: readonly number[][], sizes: readonly number[], jobs: number): PrefixGroup[] {
  const order = prefixes.map((_, i) => i).sort((a, b) => sizes[b] - sizes[a] || a - b);
  const count = Math.max(1, Math.min(jobs, prefixes.length));
  const members: number[][] = Array.from({ length: count }, () => []);
  const estimate = new Float64Array(count);
  // a binary heap of the groups by (estimate, index): the least first
  const heap = Array.from({ length: count }, (_, g) => g);
  const less = (a: number, b: number): boolean => estimate[a] < estimate[b] || (estimate[a] === estimate[b] && a < b);
  for (const i of order) {
    const g = heap[0];
    members[g].push(i);
    estimate[g] += sizes[i];
    // sift the root down
    for (let at = 0; ; ) {
      const l = 2 * at + 1;
      const r = l + 1;
      let m = at;
      if (l < count && less(heap[l], heap[m])) m = l;
      if (r < count && less(heap[r], heap[m])) m = r;
      if (m === at) break;
      [heap[at], heap[m]] = [heap[m], heap[at]];
      at = m;
    }
  }
  return members
    .map((list, g) => ({ prefixes: list.sort((a, b) => a - b).map((i) => prefixes[i]), estimate: estimate[g] }))
    .sort((a, b) => b.estimate - a.estimate || compareMoves(a.prefixes[0], b.prefixes[0]));
}

/** A job's frontier in at most FRONTIER_JOBS jobs, dealt out in turn (the frontier's deeper, smaller subtrees come first). */
export function frontierGroups(frontier: readonly number[][], jobs = FRONTIER_JOBS): number[][][] {
  const groups: number[][][] = Array.from({ length: Math.min(jobs, frontier.length) }, () => []);
  frontier.forEach((p, i) => groups[i % groups.length].push(p));
  return groups;
}

/**
 * A job's transposition table, MiB, for its estimated states (16 bytes a state, a power
 * of two between 1 and `memory`): allocating a large table costs more than a small
 * job's search.
 */
export function tableFor(states: number, memory: number): number {
  if (memory === 0) return 0;
  const mib = 2 ** Math.ceil(Math.log2(Math.max(1, (states * 16) / 2 ** 20)));
  return Math.max(1, Math.min(memory, mib));
}

function compareMoves(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
}
