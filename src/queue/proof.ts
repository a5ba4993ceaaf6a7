/**
 * `labsolve --queue URL FILE`: one proof of the fewest pushes, split into jobs on the
 * queue. First the upper bound labsolve finds before its exact search (beams and
 * shortening, here): the proof then needs the depths below it only. Then depth by depth
 * (iterative deepening, as in one process): a small depth is one job; a larger one is
 * split by the push prefixes of its first 2 or 3 pushes that the search reaches
 * (enumerated here, by the search itself), grouped into jobs of about equal size by the
 * sizes measured at the depth before (src/queue/split.ts), the largest first. A job past
 * its node budget returns its unexplored frontier, which is queued as further jobs. A
 * depth is settled when every job of it has ended; the first depth with a solution is the
 * optimum (every shallower depth was settled without one), none up to the horizon proves
 * there is no solution. The answer is checked by the rule set's checker here.
 */
import { InputError } from "../core/errors.js";
import { endOf } from "../core/fact-args.js";
import { parseFacts } from "../core/facts.js";
import type { ProofPart, ProofPartResult, ProofSplitter } from "../core/plugin.js";
import { factsRuleSet } from "../registry.js";
import { openQueue, untilDoneOrAborted } from "./connect.js";
import { watchForWorkers } from "./idle.js";
import { PART_JOB, partJobId, type PartJobData } from "./parts.js";
import { JOB_OPTIONS } from "./settings.js";
import { BUDGET_FACTOR, estimates, frontierGroups, groupLargestFirst, JOBS_PER_WORKER, MIN_BUDGET, ONE_JOB_STATES, prefixLength, SIZES_LENGTH, tableFor } from "./split.js";
import type { RedisAddress } from "./url.js";
import { retryFailed, waitForJobs } from "./wait.js";

export interface QueuedProofOptions {
  address: RedisAddress;
  maxSteps?: number;
  tableMegabytes?: number;
  /** jobs per split depth; default JOBS_PER_WORKER per connected worker */
  jobs?: number;
  /** a job's node budget; default BUDGET_FACTOR times its share of the depth's estimated states, at least MIN_BUDGET */
  budget?: number;
  /** states of a depth below which the next depth is one job (default ONE_JOB_STATES; tests split small proofs) */
  oneJobStates?: number;
  /** look for an upper bound first (default true); false: every depth up to the horizon, until a solution */
  upperBound?: boolean;
  signal?: AbortSignal;
  /** a settled depth */
  onDepth?: (depth: DepthReport) => void;
  onNote?: (line: string) => void;
  pollMs?: number;
  /** settle every job of the solution's depth too (measurements: the sizes of all subtrees); default: stop at the first solution */
  wholeDepths?: boolean;
}

/** One finished job of a depth. */
export interface JobRecord {
  /** its prefixes (0: the whole depth) */
  prefixes: number;
  nodes: number;
  ms: number;
  /** the index (in the depth's jobs) of the job whose frontier it is part of, or -1 */
  parent: number;
  /** prefixes it returned unexplored (past its budget) */
  frontier: number;
  /** its estimated states when queued (the depth before's sizes; frontier jobs: 0) */
  estimate: number;
}

/** A settled depth: its states, its jobs in the order they ended, how it was split. */
export interface DepthReport {
  depth: number;
  nodes: number;
  slowestMs: number;
  /** prefix length of the split, or null (one job) */
  prefixLength: number | null;
  /** prefixes at that length (the search's own) */
  prefixes: number;
  budget: number | null;
  jobs: JobRecord[];
  /** states below each prefix of SIZES_LENGTH pushes (src/queue/split.ts prefixKey), summed over the jobs */
  sizes: Record<string, number>;
}

/** A proof's outcome: the optimum and a shortest answer, none within the horizon, or interrupted (with the upper bound's answer, if any). */
export interface QueuedProof {
  status: "solved" | "unsatisfiable" | "interrupted";
  /**
   * the answer's atoms (facts text, `push(1,w,1). push(2,n,2).`), checked by the rule
   * set's checker: a shortest one when solved; when interrupted, the upper bound's answer
   * (not proven shortest) or null
   */
  witness: string | null;
  pushes: number | null;
  /** pushes proven necessary: every depth below it settled without a solution */
  lowerBound: number;
  /** the upper bound found before the proof (pushes), or null */
  upperBound: number | null;
  horizon: number;
  depths: DepthReport[];
}

/** A depth's states over the previous depth's, before two depths are measured. */
const GROWTH = 8;

/**
 * The depth's prefixes of `length` pushes that the search reaches (after its pruning at
 * the plies above): the frontier of a search of the depth with a budget of 0.
 */
function enumerate(splitter: ProofSplitter, text: string, name: string, depth: number, length: number): number[][] {
  return splitter.searchPart(text, name, { depth, prefixes: [[]], budget: 0, frontierLength: length, tableMegabytes: 1 }).frontier;
}

/**
 * Runs the proof on the queue's workers.
 * @throws InputError for a malformed instance, or a rule set that splits no proofs
 * @throws Error when a job failed all its attempts (the proof cannot be settled)
 */
export async function runQueuedProof(text: string, name: string, options: QueuedProofOptions): Promise<QueuedProof> {
  const atoms = parseFacts(text, name);
  const ruleSet = factsRuleSet(atoms);
  if (!ruleSet.proof) throw new InputError(name, undefined, `labsolve --queue splits proofs of the competition's rules only, not of the rule set ${ruleSet.name}`);
  const splitter = await ruleSet.proof();
  const { horizon } = splitter.plan(text, name, options.maxSteps);
  const upper = options.upperBound === false ? null : await splitter.upperBound(text, name, horizon);
  const last = upper === null ? horizon : Math.min(horizon, upper.pushes - 1);
  const open = openQueue<PartJobData, ProofPartResult>(options.address, options.onNote);
  const { queue } = open;
  const result: QueuedProof = { status: "interrupted", witness: null, pushes: null, lowerBound: 0, upperBound: upper?.pushes ?? null, horizon, depths: [] };
  let found: string | null = null;
  const prove = async (): Promise<void> => {
    const workers = options.jobs === undefined ? await queue.getWorkersCount().catch(() => 1) : 1;
    const wanted = Math.max(1, options.jobs ?? JOBS_PER_WORKER * Math.max(1, workers));
    const memory = options.tableMegabytes ?? 64;
    let sizes = new Map<string, number>();
    const states: number[] = [];
    for (let depth = 0; depth <= last; depth++) {
      const previous = states[depth - 1] ?? 0;
      const growth = depth >= 2 && states[depth - 2] > 0 ? Math.min(1000, Math.max(2, previous / states[depth - 2])) : GROWTH;
      const expected = previous * growth;
      const counted = new Map<number, number[][]>();
      const prefixesOf = (k: number): number[][] => counted.get(k) ?? counted.set(k, enumerate(splitter, text, name, depth, k)).get(k)!;
      const k = previous < (options.oneJobStates ?? ONE_JOB_STATES) ? undefined : prefixLength(depth, wanted, (n) => prefixesOf(n).length);
      const groups = k === undefined ? [{ prefixes: [[]], estimate: expected }] : groupLargestFirst(prefixesOf(k), estimates(prefixesOf(k), sizes), wanted).map((g) => ({ ...g, estimate: g.estimate * growth }));
      const budget = options.budget ?? (k === undefined ? undefined : Math.round(Math.max(MIN_BUDGET, (BUDGET_FACTOR * expected) / groups.length)));
      const part = (prefixes: number[][], estimate: number): ProofPart => ({
        depth,
        prefixes,
        ...(budget === undefined ? {} : { budget }),
        ...(depth >= SIZES_LENGTH ? { sizesLength: SIZES_LENGTH } : {}),
        tableMegabytes: tableFor(Math.min(estimate, budget ?? Infinity), memory),
      });
      const jobs = new Map<string, { data: PartJobData; parent: number; estimate: number }>();
      const pending = new Set<string>();
      const enqueue = async (list: { prefixes: number[][]; estimate: number }[], parent: number): Promise<void> => {
        const fresh: string[] = [];
        for (const g of list) {
          const data: PartJobData = { name, text, part: part(g.prefixes, g.estimate || (budget ?? 0)) };
          const id = partJobId(data);
          if (jobs.has(id)) continue;
          jobs.set(id, { data, parent, estimate: parent < 0 ? Math.round(g.estimate) : 0 });
          pending.add(id);
          fresh.push(id);
        }
        await add(fresh);
        await retryFailed(queue, fresh);
      };
      const add = async (ids: string[]): Promise<void> => {
        await queue.addBulk(ids.map((id) => ({ name: PART_JOB, data: jobs.get(id)!.data, opts: { ...JOB_OPTIONS, jobId: id } })));
      };
      await enqueue(groups, -1);
      const report: DepthReport = { depth, nodes: 0, slowestMs: 0, prefixLength: k ?? null, prefixes: k === undefined ? 1 : prefixesOf(k).length, budget: budget ?? null, jobs: [], sizes: {} };
      const index = new Map<string, number>();
      const measured = new Map<string, number>();
      await waitForJobs<PartJobData, ProofPartResult>(
        queue,
        pending,
        async (f) => {
          if (!f.completed) throw new Error(`the proof's job ${f.id} (depth ${depth}) failed after ${f.attempts} attempt(s): ${f.reason}`);
          const r = f.value;
          const job = jobs.get(f.id)!;
          index.set(f.id, report.jobs.length);
          report.jobs.push({ prefixes: job.data.part.prefixes.length, nodes: r.nodes, ms: r.milliseconds, parent: job.parent, frontier: r.frontier.length, estimate: job.estimate });
          report.nodes += r.nodes;
          report.slowestMs = Math.max(report.slowestMs, r.milliseconds);
          for (const [key, n] of Object.entries(r.sizes)) measured.set(key, (measured.get(key) ?? 0) + n);
          if (r.witness !== null) {
            found ??= r.witness;
            // every shallower depth is settled: this solution is among the shortest
            if (!options.wholeDepths) return "stop";
          }
          if (r.frontier.length > 0) {
            await enqueue(
              frontierGroups(r.frontier).map((prefixes) => ({ prefixes, estimate: 0 })),
              index.get(f.id)!,
            );
          }
          return undefined;
        },
        add,
        { pollMs: options.pollMs ?? 200, signal: options.signal },
      );
      if (options.signal?.aborted) return;
      states[depth] = report.nodes;
      sizes = measured;
      report.sizes = Object.fromEntries(measured);
      result.depths.push(report);
      options.onDepth?.(report);
      if (found !== null) {
        // the depth's other jobs are not needed: those still waiting leave the queue
        // (running ones end by themselves; their results are kept and harmless)
        await Promise.all([...jobs.keys()].map((id) => queue.remove(id).catch(() => 0)));
        result.pushes = depth;
        return;
      }
      result.lowerBound = depth + 1;
    }
    if (upper !== null && last === upper.pushes - 1) {
      found = upper.witness;
      result.pushes = upper.pushes;
      return;
    }
    result.status = "unsatisfiable";
  };
  const unwatch = options.onNote ? watchForWorkers(queue, options.address, options.onNote) : () => undefined;
  try {
    await untilDoneOrAborted(open, prove(), options.signal);
  } finally {
    unwatch();
  }
  const referee = async () => (await ruleSet.checker()).referee({ atoms, end: endOf(text), file: name }, {});
  /** the answer's pushes, once the rule set's checker accepted it */
  const checked = async (witness: string): Promise<number> => {
    const judge = await referee();
    const answer = parseFacts(witness, `${name} (the queue's answer)`).filter((a) => judge.isAction(a));
    const verdict = judge.check(answer);
    if (!verdict.valid) throw new Error(`ANSWER REJECTED BY THE CHECKER: step ${verdict.violation?.step}: ${verdict.violation?.message} (a bug: please report it)`);
    return answer.length;
  };
  if (found !== null && !options.signal?.aborted) {
    const pushes = await checked(found);
    Object.assign(result, { status: "solved", witness: found, pushes, lowerBound: pushes });
  } else if (result.status === "interrupted" && upper !== null) {
    // stopped before the proof ended: the upper bound's answer, not proven shortest
    Object.assign(result, { witness: upper.witness, pushes: await checked(upper.witness) });
  }
  return result;
}
