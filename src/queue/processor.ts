/**
 * The worker's sandboxed processor (BullMQ): BullMQ forks a child process per concurrent
 * job slot and runs this module's default export there, so the search never blocks the
 * worker's event loop, which keeps renewing the job's lock. Loaded by file URL
 * (src/queue/worker.ts); not imported by anything else.
 */
import type { SandboxedJob } from "bullmq";
import type { BatchResult } from "../batch/run.js";
import type { ProofPartResult } from "../core/plugin.js";
import { runInstanceJob, type InstanceJobData } from "./jobs.js";
import { PART_JOB, runPartJob, type PartJobData } from "./parts.js";

// A worker that died (SIGKILL, a lost machine) leaves its children without a parent: they
// stop at once rather than search on for nobody; the job runs again elsewhere. A proof's
// part is searched synchronously (the event loop hears no disconnect meanwhile): its
// search asks every few thousand states whether the parent is still the one it was.
process.on("disconnect", () => process.exit(1));
const parent = process.ppid;
const orphaned = (): boolean => {
  if (process.ppid === parent) return false;
  process.exit(1);
};
// BullMQ's child finishes its job on the first SIGTERM; a second one stops it at once.
let terms = 0;
process.on("SIGTERM", () => {
  if (++terms >= 2) process.exit(143);
});

/** Runs one job: an instance of a batch (its row is the result) or a part of a proof. */
export default async function processJob(job: SandboxedJob<InstanceJobData | PartJobData, BatchResult | ProofPartResult>): Promise<BatchResult | ProofPartResult> {
  if (job.name === PART_JOB) return runPartJob(job.data as PartJobData, orphaned);
  return runInstanceJob(job.data as InstanceJobData);
}
