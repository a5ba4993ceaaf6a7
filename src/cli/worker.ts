/** `labsolve worker --queue redis://HOST:PORT`: runs the queue's jobs on this machine (src/queue/worker.ts). */
import { availableParallelism } from "node:os";
import type { Command } from "commander";
import { positiveInteger } from "./args.js";
import { guarded } from "./common.js";

interface WorkerFlags {
  queue: string;
  concurrency: number;
  lockDuration: number;
  stalledInterval: number;
  maxStalledCount: number;
  name?: string;
}

/** Adds the worker subcommand to labsolve's program. */
export function addWorkerCommand(program: Command): void {
  program
    .command("worker")
    .summary("runs the jobs of a queue (labsolve batch --queue) on this machine, one per core")
    .description(
      "Takes jobs from the queue in Redis (BullMQ) and runs each in a child process of its own, --concurrency at once. " +
        "Start one worker per machine; stop it with SIGTERM or Ctrl-C, which finishes the running jobs first, " +
        "or stops at once when none is running (even while Redis is out of reach); a second signal stops at once " +
        "(exit 143 after SIGTERM, 130 after Ctrl-C; the jobs then run again on another worker).",
    )
    .requiredOption("--queue <url>", "the queue's Redis, redis://HOST:PORT[/DB]")
    .option("-c, --concurrency <n>", "jobs at once (child processes)", positiveInteger, availableParallelism())
    .option("--lock-duration <ms>", "a running job's lock, renewed every half; a dead worker's job runs again after it expires", positiveInteger, 30_000)
    .option("--stalled-interval <ms>", "how often to look for jobs whose worker died", positiveInteger, 30_000)
    .option("--max-stalled-count <n>", "a job whose worker died this many times fails", positiveInteger, 3)
    .option("--name <name>", "this worker's name in the queue (default HOST:PID)")
    .action(async (flags: WorkerFlags) => {
      await guarded("labsolve worker", async () => {
        const [{ parseQueueUrl }, { runWorker }] = await Promise.all([import("../queue/url.js"), import("../queue/worker.js")]);
        const address = parseQueueUrl(flags.queue);
        return runWorker(address, {
          concurrency: flags.concurrency,
          locks: { lockDuration: flags.lockDuration, stalledInterval: flags.stalledInterval, maxStalledCount: flags.maxStalledCount },
          name: flags.name,
          log: (line) => process.stderr.write(`${line}\n`),
        });
      });
      // stopped: end the process, whatever BullMQ's connections still retry (an absent Redis
      // would keep it alive); stderr is written synchronously to files and pipes
      process.exit();
    });
}
