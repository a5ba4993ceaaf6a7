/**
 * labbench: runs any solvers over an instance set under limits, verifies every output with
 * the instance's checker (through the registry), and reports (docs/labbench.md).
 *   labbench run --solver NAME=COMMAND ... SOURCE... --out DIR   rows to DIR/runs.jsonl
 *   labbench report DIR [-o report.html]                          HTML, SVG, CSV and XLSX
 * Exit 0 when done (whatever the rows say), 65 bad input or usage, 130 stopped by Ctrl-C
 * (the rows written stay valid; --resume goes on).
 */
import { Command } from "commander";
import { InputError } from "../core/errors.js";
import { onStop } from "../core/stop.js";
import { VERSION } from "../core/version.js";
import { positiveInteger, positiveNumber } from "./args.js";
import { guarded } from "./common.js";


interface RunFlags {
  solver?: string[];
  config?: string;
  out?: string;
  timeLimit?: number;
  memoryLimit?: number;
  jobs?: number;
  runs?: number;
  resume?: boolean;
  include?: string[];
  exclude?: string[];
  outputLimit?: number;
  grace: number;
  queue?: string;
}

const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

const program = new Command("labbench")
  .description("Runs solvers over instance sets under time and memory limits, verifies every output with the checker, and compares them in tables and plots.")
  .version(VERSION)
  .showHelpAfterError()
  .exitOverride((e) => {
    process.exit(e.exitCode === 0 ? 0 : 65);
  });

program
  .command("run")
  .usage("[options] SOURCE...")
  .summary("runs every solver on every instance; rows to DIR/runs.jsonl")
  .description(
    "Runs every solver on every instance (SOURCE: .zip archives, folders, files, as labsolve batch reads them), each in a process group of its own " +
      "under the limits, and verifies its output with the instance's checker (the competition checker's protocol on the exit code and output: " +
      "OK, FAIL, DONTKNOW; ERROR when the solver crashed or printed nothing usable). One row a run in DIR/runs.jsonl, written as it finishes. " +
      "Exit 0 when done (whatever the rows say), 65 bad input or usage, 130 stopped by Ctrl-C (the rows written stay valid; --resume runs the rest).",
  )
  .argument("[sources...]", "zips, folders, instance files (or the config file's sources)")
  .option("--solver <NAME=COMMAND>", "a solver: COMMAND split into words without a shell; {instance} is the instance's path, {dir} a scratch folder of the run; without {instance} the instance is on standard input (repeatable)", collect)
  .option("--config <file>", "solvers and settings from a JSON or YAML file (docs/labbench.md); options given here override it")
  .option("--out <dir>", "the bench folder: runs.jsonl and outputs/")
  .option("--time-limit <s>", "wall-clock seconds a run (the whole process tree ends)", positiveNumber)
  .option("--memory-limit <MB>", "resident memory of the process tree, MB", positiveNumber)
  .option("--jobs <n>", "runs at a time (default 1; CPU time is most precise with 1)", positiveInteger)
  .option("--runs <k>", "runs of each solver on each instance (default 1)", positiveInteger)
  .option("--resume", "keep the rows already in DIR/runs.jsonl and run only the others")
  .option("--include <glob>", "instances of folders and zips: files matching the glob (repeatable; default *.lp and *.asp)", collect)
  .option("--exclude <glob>", "leave out the files matching the glob (repeatable)", collect)
  .option("--output-limit <MB>", "output kept a run (default 16); the rest is dropped and the row says so", positiveNumber)
  .option("--grace <s>", "seconds between SIGTERM and SIGKILL when a limit ends a run", positiveNumber, 2)
  .option("--queue <url>", "run the rows on labsolve workers through this Redis (redis://HOST:PORT): --solver NAME names a solver the workers allow (labsolve worker --allow-solver NAME=COMMAND)")
  .action(async (sources: string[], flags: RunFlags) => {
    await guarded("labbench run", async () => {
      const [{ parseQueueSolverOption, parseSolverOption, readConfig }, { collectInstances }, { runBench }] = await Promise.all([import("../bench/solvers.js"), import("../batch/sources.js"), import("../bench/run.js")]);
      const config = flags.config !== undefined ? readConfig(flags.config) : { solvers: [] };
      const queued = flags.queue !== undefined;
      if (queued && flags.jobs !== undefined) throw new Error("--jobs: with --queue the rows at a time are the workers' (labsolve worker --bench-jobs N)");
      // with --queue a solver is a name: its command is the worker's own (a config file's commands are for the workers)
      const solvers = queued
        ? [...config.solvers.map((s) => ({ name: s.name, argv: [] })), ...(flags.solver ?? []).map((o) => parseQueueSolverOption(o))]
        : [...config.solvers, ...(flags.solver ?? []).map((o) => parseSolverOption(o))];
      if (solvers.length === 0) throw new Error("no solver: give --solver NAME=COMMAND or --config FILE");
      const names = new Set<string>();
      for (const s of solvers) {
        if (names.has(s.name)) throw new Error(`solver ${s.name} named twice`);
        names.add(s.name);
      }
      const out = flags.out ?? config.out;
      if (out === undefined) throw new Error("--out DIR is needed (the bench folder)");
      const from = sources.length > 0 ? sources : (config.sources ?? []);
      if (from.length === 0) throw new Error("no SOURCE: give instance files, folders or zips");
      const all = collectInstances(from, undefined, { include: flags.include ?? config.include, exclude: flags.exclude ?? config.exclude });
      for (const s of all) if (s.kind === "skipped") process.stderr.write(`note: ${s.name}: skipped: ${s.reason}\n`);
      const items = all.filter((i) => i.kind !== "skipped");
      if (items.length === 0) throw new InputError(from.join(" "), undefined, "no instances found: expected instance files (see --include)");
      let executor: import("../bench/queue-submit.js").QueueExecutor | undefined;
      if (flags.queue !== undefined) {
        const [{ parseQueueUrl }, { queueExecutor }] = await Promise.all([import("../queue/url.js"), import("../bench/queue-submit.js")]);
        executor = queueExecutor(parseQueueUrl(flags.queue), (line) => process.stderr.write(`note: ${line}\n`));
      }
      const stop = onStop();
      const bench = runBench(
        {
          solvers,
          items,
          out,
          timeLimit: flags.timeLimit ?? config.timeLimit,
          memoryLimit: flags.memoryLimit ?? config.memoryLimit,
          jobs: flags.jobs ?? config.jobs,
          runs: flags.runs ?? config.runs,
          resume: flags.resume,
          outputBytes: Math.round((flags.outputLimit ?? config.outputLimit ?? 16) * 2 ** 20),
          graceSeconds: flags.grace,
          executor,
        },
        (row) => process.stderr.write(`${row.verdict.padEnd(8)} ${row.solver} ${row.instance} run ${row.run}: ${row.wallSeconds.toFixed(2)} s${row.limit ? ` (${row.limit} limit)` : ""}${row.cost !== null ? `, cost ${row.cost}` : ""}\n`),
      );
      stop.signal.addEventListener("abort", () => bench.stop());
      try {
        const summary = await bench.done;
        for (const n of summary.notRun) process.stderr.write(`note: ${n.name}: not run: ${n.reason}\n`);
        if (summary.resumed > 0) process.stderr.write(`resumed: ${summary.resumed} row(s) already in ${out}/runs.jsonl\n`);
        if (summary.stopped) {
          process.stderr.write(`stopped: ${summary.written} row(s) written to ${out}/runs.jsonl; --resume runs the rest\n`);
          return 130;
        }
        process.stderr.write(`${summary.written} row(s) written to ${out}/runs.jsonl\n`);
        return 0;
      } finally {
        stop.dispose();
        await executor?.close(stop.signal.aborted);
      }
    });
  });

program
  .command("report")
  .usage("[options] DIR")
  .summary("tables and plots of a bench: HTML, SVG, CSV, XLSX")
  .description(
    "Reads DIR/runs.jsonl and writes one self-contained HTML page (per-solver and per-instance tables, a cactus plot, a scatter plot of two solvers, a CDF), " +
      "the plots as .svg files, the tables as .csv files and one .xlsx workbook (a sheet per table), beside the page.",
  )
  .argument("<dir>", "the bench folder (labbench run --out)")
  .option("-o, --output <file>", "the HTML page (default DIR/report.html); the other files go beside it")
  .option("--scatter <A,B>", "the two solvers of the scatter plot (default the first two)")
  .action(async (dir: string, flags: { output?: string; scatter?: string }) => {
    await guarded("labbench report", async () => {
      const { writeReport } = await import("../bench/report/write.js");
      const written = await writeReport(dir, { output: flags.output, scatter: flags.scatter?.split(",") });
      for (const f of written) process.stdout.write(`${f}\n`);
      return 0;
    });
  });

/**
 * labbench's command line (its options, subcommands and actions), built once at import and
 * never parsed here: src/cli/labbench.ts parses argv with it, scripts/docs-cli.ts writes the
 * reference from it.
 */
export function labbenchProgram(): Command {
  return program;
}
