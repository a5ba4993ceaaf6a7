/**
 * `labsolve worker --queue redis://HOST:PORT`: runs the queue's jobs on this machine
 * (src/queue/worker.ts): batch instances, proof parts, and labbench rows of the solvers it
 * allows (--allow-solver NAME=COMMAND, --allow-config FILE: src/bench/queue-worker.ts).
 */
import { availableParallelism } from "node:os";
import { type Command, Option } from "commander";
import { positiveInteger } from "./args.js";
import { guarded } from "./common.js";

interface WorkerFlags {
  queue: string;
  concurrency: number;
  lockDuration: number;
  stalledInterval: number;
  maxStalledCount: number;
  name?: string;
  allowSolver?: string[];
  allowConfig?: string;
  benchJobs: number;
}

const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

/** Adds the worker subcommand to labsolve's program. */
export function addWorkerCommand(program: Command): void {
  program
    .command("worker")
    .summary("runs the jobs of a queue (labsolve batch --queue, labbench run --queue) on this machine")
    .description(
      "Takes jobs from the queue in Redis (BullMQ) and runs each in a child process of its own, --concurrency at once. " +
        "labbench rows (labbench run --queue) run only for the solvers this worker allows (--allow-solver, --allow-config): a row names a solver, never a command. " +
        "Start one worker per machine; stop it with SIGTERM or Ctrl-C, which finishes the running jobs first, " +
        "or stops at once when none is running (even while Redis is out of reach); a second signal stops at once " +
        "(exit 143 after SIGTERM, 130 after Ctrl-C; the jobs then run again on another worker).",
    )
    .requiredOption("--queue <url>", "the queue's Redis, redis://HOST:PORT[/DB]")
    .addOption(new Option("-c, --concurrency <n>", "jobs at once (child processes)").argParser(positiveInteger).default(availableParallelism(), "the machine's cores"))
    .option("--lock-duration <ms>", "a running job's lock, renewed every half; a dead worker's job runs again after it expires", positiveInteger, 30_000)
    .option("--stalled-interval <ms>", "how often to look for jobs whose worker died", positiveInteger, 30_000)
    .option("--max-stalled-count <n>", "a job whose worker died this many times fails", positiveInteger, 3)
    .option("--name <name>", "this worker's name in the queue (default HOST:PID)")
    .option("--allow-solver <NAME=COMMAND>", "labbench run --queue: a solver this worker runs, as labbench's --solver (repeatable); a labbench row names a solver, never a command", collect)
    .option("--allow-config <file>", "labbench run --queue: the solvers this worker runs, from a labbench config file (JSON or YAML; only its solvers are read)")
    .option("--bench-jobs <n>", "labbench rows at once (1: CPU time exact to the tick)", positiveInteger, 1)
    .action(async (flags: WorkerFlags) => {
      await guarded("labsolve worker", async () => {
        const [{ parseQueueUrl }, { runWorker }] = await Promise.all([import("../queue/url.js"), import("../queue/worker.js")]);
        const address = parseQueueUrl(flags.queue);
        let solvers: import("../bench/solvers.js").SolverSpec[] = [];
        if (flags.allowSolver !== undefined || flags.allowConfig !== undefined) {
          const { parseSolverOption, readConfig } = await import("../bench/solvers.js");
          solvers = [...(flags.allowConfig !== undefined ? readConfig(flags.allowConfig).solvers : []), ...(flags.allowSolver ?? []).map((o) => parseSolverOption(o, "--allow-solver"))];
          const names = new Set<string>();
          for (const s of solvers) {
            if (names.has(s.name)) throw new Error(`solver ${s.name} allowed twice`);
            names.add(s.name);
          }
        }
        return runWorker(address, {
          bench: { solvers, concurrency: flags.benchJobs },
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
