/** `labsolve batch SOURCE...`: whole instance sets (zips, folders, files) in parallel. */
import { existsSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { Command, Option } from "commander";
import { DEFAULT_ZIP_LIMITS } from "../batch/limits.js";
import { REPORT_FORMATS, formatReport, rowKind, summarize, type ReportFormat } from "../batch/report.js";
import type { BatchResult } from "../batch/run.js";
import { InputError } from "../core/errors.js";
import { onStop } from "../core/stop.js";
import { nonNegativeInteger, positiveInteger, positiveNumber } from "./args.js";
import { checkMemoryOption, guarded } from "./common.js";

interface BatchFlags {
  jobs: number;
  threads: number;
  timeLimit?: number;
  memory: number;
  maxSteps?: number;
  out?: string;
  resume?: boolean;
  format: ReportFormat;
  maxEntryMb: number;
  maxZipMb: number;
  any?: boolean;
  include?: string[];
  exclude?: string[];
  queue?: string;
  fresh?: boolean;
}

/** Commander: a repeatable option's values, collected. */
const collect = (value: string, previous: string[] | undefined): string[] => [...(previous ?? []), value];

/** A row in words, for the progress lines: `rules: STATUS, COST KIND (fewest...), verified, SECONDS s`. */
function describe(r: BatchResult): string {
  const rules = r.rules === null ? "" : `${r.rules}: `;
  switch (rowKind(r)) {
    case "solved":
      return `${rules}${r.status}, ${r.upperBound} ${r.cost} (${r.optimal ? "proven fewest" : `fewest >= ${r.lowerBound ?? 0}`}${r.interrupted ? `; ${r.interruptedBy}` : ""}), verified, exit ${r.exitCode}, ${r.seconds.toFixed(2)} s`;
    case "unsatisfiable":
      return `${rules}${r.status}: no answer exists, exit ${r.exitCode}, ${r.seconds.toFixed(2)} s`;
    case "unknown":
      return `${rules}${r.status} (${r.error}), exit ${r.exitCode}, ${r.seconds.toFixed(2)} s`;
    case "error":
      return `ERROR: ${r.error}`;
  }
}

/** Adds the batch subcommand to labsolve's program. */
export function addBatchCommand(program: Command): void {
  program
    .command("batch")
    .summary("solves the instances of zips, folders and files in parallel, each answer verified by its rule set's checker")
    .description(
      "Solves every instance of zips (read in memory), folders (recursively, following symbolic links) and files, " +
        "in parallel, verifying each answer with its rule set's checker (labcheck's referee, not the solver's code). " +
        "Instances of folders and zips are the .lp and .asp files by default; --include chooses others " +
        "(--include '*.txt' for text mazes and Minotaur levels, --include '*.csv' for transit graphs, --include '*.pddl' " +
        "for IPC 2023 problems; repeatable), " +
        "--exclude leaves some out; ASP programs without field/2 facts (encodings) are skipped with a note. A file " +
        "given by name is read whatever its name.\n\n" +
        "Each instance is routed as labsolve routes it: competition and game facts, a text maze (BFS: the fewest " +
        "moves; a file of several mazes as labgen maze --count K writes them gives one row per maze, FILE#K), a " +
        "Minotaur level, a transit-graph CSV, an IPC 2023 PDDL problem with its domain beside it (domain.pddl in the " +
        "problem's folder, the IPC's layout opt/domain.pddl, opt/p01.pddl: the domain itself is skipped with a note; a " +
        "problem in a zip is an error row, unzip it). --any and --max-steps " +
        "apply to the push labyrinths: an instance of a rule set that does not take them is an error row, as labsolve " +
        "refuses them; --memory and --threads go to the rule sets that take them.\n\n" +
        "Each row (--out, --format json) has the fields of labsolve --format json's outcome on that instance alone " +
        "(rules, status in clingo's words, exitCode as labsolve would exit, cost, fewest, optimal, lowerBound, upperBound, " +
        "statistics, witnessKind and the answer's witness) and the batch's own: instance, seconds, verified, interrupted " +
        "(interruptedBy), error and errorKind (input, verification, worker). Schema: schema/batch-row.schema.json.\n\n" +
        "Instances run --jobs at once (default: one per core), with --threads search threads each (default 1), " +
        "where labsolve on one instance uses every core: a proof that labsolve finishes in 5 s may need several times " +
        "that in a batch row, so give a batch's --time-limit room, or fewer --jobs and more --threads (jobs x threads " +
        "at most the cores).\n\n" +
        "A row's seconds is its wall time from reading the instance to its verified answer (search: the search's own); " +
        "the summary gives the batch's wall time and the sum of the rows. --out FILE's first line records the version, " +
        "the rows' shape and the options that change a row; --resume refuses a file made otherwise.\n\n" +
        "Exit 0: all answered and verified; 1: some ran out of time (no answer, or an answer not " +
        "proven optimal where labsolve would exit 11) or a worker failed; 65: some input was bad, or there was no instance at all; 70: an answer " +
        "was rejected by the checker (a bug: please report it).",
    )
    .argument("<sources...>", ".zip files, folders or instance files")
    .addOption(new Option("-j, --jobs <n>", "instances at once").argParser(positiveInteger).default(availableParallelism(), "the machine's cores"))
    .option("--threads <n>", "search threads per instance (labsolve alone uses every core)", positiveInteger, 1)
    .option("--time-limit <seconds>", "per instance", positiveNumber)
    .option("--memory <MB>", "transposition table per instance, MiB", nonNegativeInteger, 64)
    .option("--max-steps <k>", "push labyrinths: override every instance's max_steps", nonNegativeInteger)
    .option("--any", "push labyrinths: any solution within max_steps, not necessarily the shortest (as labsolve --any)")
    .option("--out <file>", "write one JSON line per finished instance to FILE, as it finishes; FILE must not exist unless --resume (never overwritten)")
    .option("--resume", "continue --out FILE: skip the instances already in it, append the others")
    .addOption(new Option("--format <format>", "summary format on stdout").choices(REPORT_FORMATS).default("md"))
    .option("--max-entry-mb <mb>", "largest instance file or uncompressed zip entry read, in MiB", nonNegativeInteger, DEFAULT_ZIP_LIMITS.entryBytes / 2 ** 20)
    .option("--max-zip-mb <mb>", "largest uncompressed total of a zip's instances", nonNegativeInteger, DEFAULT_ZIP_LIMITS.totalBytes / 2 ** 20)
    .option("--include <glob>", "instances of folders and zips: files matching the glob (repeatable; default *.lp and *.asp), e.g. '*.txt', '*.csv'", collect)
    .option("--exclude <glob>", "leave out the files matching the glob (repeatable), e.g. 'encoding*'", collect)
    .option("--queue <url>", "run the instances as jobs of the queue in this Redis (redis://HOST:PORT), on `labsolve worker`s, each row checked again here by its rule set's checker; --jobs is then unused")
    .option("--fresh", "with --queue: run every instance again, even those whose results an earlier run with this version and these options left in Redis")
    .action(async (sources: string[], flags: BatchFlags) => {
      await guarded("labsolve batch", async () => {
        if (flags.resume && !flags.out) throw new Error("--resume needs --out FILE");
        if (flags.fresh && flags.queue === undefined) throw new Error("--fresh is for --queue, whose results are kept in Redis; the in-process batch keeps none but --out's");
        checkMemoryOption(flags.memory);
        const address = flags.queue === undefined ? undefined : (await import("../queue/url.js")).parseQueueUrl(flags.queue);
        // loaded here, not at start-up: plain labsolve runs do not pay for the zip reader,
        // the progress bar and the worker pool
        const [{ batchExitCode, batchSettings, checkResumable, finishedInstances, resultsInFile, runBatch, splitItems }, { collectInstances }, { default: cliProgress }] = await Promise.all([
          import("../batch/run.js"),
          import("../batch/sources.js"),
          import("cli-progress"),
        ]);
        // with --resume, the instances already in --out count as done, if made with these options
        const previous = flags.resume && flags.out && existsSync(flags.out) ? readFileSync(flags.out, "utf8") : "";
        if (flags.out && previous.trim() !== "") checkResumable(flags.out, previous, batchSettings({ any: flags.any, timeLimit: flags.timeLimit, maxSteps: flags.maxSteps, tableMegabytes: flags.memory, threads: flags.threads }));
        const started = performance.now();
        const all = collectInstances(sources, { entryBytes: flags.maxEntryMb * 2 ** 20, totalBytes: flags.maxZipMb * 2 ** 20 }, { include: flags.include, exclude: flags.exclude });
        for (const s of all) if (s.kind === "skipped") process.stderr.write(`note: ${s.name}: skipped: ${s.reason}\n`);
        // a file of several instances (mazes) is one item each; a file its rule set says is no instance (a PDDL domain) is skipped
        const split = await splitItems(all.filter((item) => item.kind !== "skipped"));
        for (const s of split) if (s.kind === "skipped") process.stderr.write(`note: ${s.name}: skipped: ${s.reason}\n`);
        const items = split.filter((item) => item.kind !== "skipped");
        if (items.length === 0) {
          const skipped = all.length > 0 ? ` (${all.length} file(s) skipped, see the notes above)` : "";
          throw new InputError(sources.join(" "), undefined, `no instances found${skipped}: expected .lp or .asp files with field/2 facts, or the files --include chooses (text mazes, levels, CSV graphs)`);
        }
        const already = finishedInstances(previous);
        const resumed = items.filter((item) => already.has(item.name)).length;
        if (resumed > 0) process.stderr.write(`resuming: ${resumed} of ${items.length} instance(s) already in ${flags.out}${resumed === items.length ? "; nothing left to run" : ""}\n`);
        // the first SIGINT or SIGTERM stops the running searches (their rows are not written;
        // --resume runs them again), a second one exits at once
        const stop = onStop();
        const tty = process.stderr.isTTY === true;
        const bar = tty
          ? new cliProgress.SingleBar(
              { format: "{bar} {value}/{total} | solved {solved} | {duration_formatted} elapsed | ETA {eta_formatted}", stream: process.stderr, hideCursor: true },
              cliProgress.Presets.shades_classic,
            )
          : undefined;
        let done = resumed;
        let solved = 0;
        const held: string[] = [];
        bar?.start(items.length, done, { solved });
        try {
          const run = address === undefined ? runBatch : async (i: typeof items, o: Parameters<typeof runBatch>[1]) => (await import("../queue/submit.js")).runQueuedBatch(i, { ...o, address, fresh: flags.fresh });
          const results = await run(items, {
            jobs: flags.jobs,
            timeLimit: flags.timeLimit,
            tableMegabytes: flags.memory,
            threads: flags.threads,
            maxSteps: flags.maxSteps,
            any: flags.any,
            out: flags.out,
            resume: flags.resume,
            signal: stop.signal,
            onNote: (line) => process.stderr.write(`${line}\n`),
            onResult: (r) => {
              done++;
              if (rowKind(r) === "solved") solved++;
              if (bar) {
                bar.update(done, { solved });
                if (rowKind(r) === "error") held.push(`${r.instance}: ${describe(r)}\n`);
              } else {
                process.stderr.write(`[${done}/${items.length}] ${r.instance}: ${describe(r)}\n`);
              }
            },
          });
          bar?.stop();
          for (const line of held) process.stderr.write(line);
          const wall = (performance.now() - started) / 1000;
          // resumed: the table and the exit code cover the whole results file, not this run's rows alone
          const rows = flags.resume && flags.out && existsSync(flags.out) ? resultsInFile(readFileSync(flags.out, "utf8")) : results;
          process.stdout.write(formatReport(rows, summarize(rows, wall), flags.format));
          if (stop.signal.aborted) {
            process.stderr.write(`interrupted: ${done} instance(s) finished${flags.out ? `, kept in ${flags.out}; run again with --resume` : ""}\n`);
            return 1;
          }
          return batchExitCode(rows);
        } finally {
          bar?.stop();
          stop.dispose();
        }
      });
    });
}
