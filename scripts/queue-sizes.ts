/**
 * The sizes of a proof's jobs as far as it has run, read from the queue's Redis (the
 * finished part jobs keep their results): for a long proof still running, or stopped
 * half-way, in the format of bench-queue-proof.ts --sizes (per depth: each finished job's
 * states, milliseconds, frontier, and the states below each prefix of 3 pushes), for
 * scripts/simulate-queue.ts.
 *
 *   node dist/scripts/queue-sizes.js redis://HOST:PORT OUT.json
 */
import { writeFileSync } from "node:fs";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import type { ProofPartResult } from "../src/core/plugin.js";
import type { DepthReport } from "../src/queue/proof.js";
import { PART_JOB, type PartJobData } from "../src/queue/parts.js";
import { BATCH_QUEUE } from "../src/queue/settings.js";
import { parseQueueUrl, connectionOptions } from "../src/queue/url.js";

const [url, out] = process.argv.slice(2);
const connection = new Redis(connectionOptions(parseQueueUrl(url)));
const queue = new Queue<PartJobData, ProofPartResult>(BATCH_QUEUE, { connection });
const depths = new Map<number, DepthReport>();
const waiting = new Map<number, number>();
for (const state of ["completed", "waiting", "active"] as const) {
  for (let start = 0; ; start += 1000) {
    const jobs = await queue.getJobs([state], start, start + 999, true);
    if (jobs.length === 0) break;
    for (const job of jobs) {
      if (job?.name !== PART_JOB) continue;
      const part = job.data.part;
      if (state !== "completed") {
        waiting.set(part.depth, (waiting.get(part.depth) ?? 0) + 1);
        continue;
      }
      const r = job.returnvalue;
      const d = depths.get(part.depth) ?? { depth: part.depth, nodes: 0, slowestMs: 0, prefixLength: null, prefixes: 0, budget: part.budget ?? null, jobs: [], sizes: {} };
      depths.set(part.depth, d);
      d.prefixLength = Math.max(d.prefixLength ?? 0, ...part.prefixes.map((p) => p.length)) || null;
      d.nodes += r.nodes;
      d.slowestMs = Math.max(d.slowestMs, r.milliseconds);
      d.jobs.push({ prefixes: part.prefixes.length, nodes: r.nodes, ms: r.milliseconds, parent: -1, frontier: r.frontier.length, estimate: 0 });
      for (const [k, n] of Object.entries(r.sizes)) d.sizes[k] = (d.sizes[k] ?? 0) + n;
    }
  }
}
await queue.close();
connection.disconnect();
const sorted = [...depths.values()].sort((a, b) => a.depth - b.depth);
writeFileSync(out, JSON.stringify({ file: url, partial: Object.fromEntries(waiting), depths: sorted }));
for (const d of sorted) process.stdout.write(`depth ${d.depth}: ${d.jobs.length} jobs finished, ${d.nodes} states${waiting.has(d.depth) ? `; ${waiting.get(d.depth)} not finished` : ""}\n`);
