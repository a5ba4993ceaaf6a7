/**
 * `labsolve [FILE]`: the solver's command line. A plain solving command line (no help,
 * version or subcommand) is read with node's parseArgs, which loads in no time;
 * anything else, and any mistake, goes to the full commander program (src/cli/program.ts),
 * which also gives the error messages.
 */
import { availableParallelism } from "node:os";
import { parseArgs } from "node:util";
import type { OutputFormat } from "../core/outcome.js";
import type { SolveFlags } from "./solve.js";

/** The output formats (format.ts OUTPUT_FORMATS; not imported, so that this module loads nothing of ours before it knows what to do). */
const FORMATS: readonly string[] = ["competition", "clingo", "json"];
/** --rules and --cost (src/registry.ts FACTS_RULE_NAMES, src/core/push-rules.ts COSTS; not imported, as above; test/registry.test.ts holds them equal). */
const RULES: readonly string[] = ["competition", "game", "maze", "minotaur", "theseus"];
const COSTS: readonly string[] = ["pushes", "moves", "steps"];

/** The flags of a plain solving command line, or undefined when commander must read it. */
function quickFlags(args: string[]): { file: string | undefined; flags: SolveFlags } | undefined {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      options: {
        models: { type: "string", short: "n" },
        any: { type: "boolean" },
        format: { type: "string", short: "f" },
        "max-steps": { type: "string" },
        "time-limit": { type: "string" },
        memory: { type: "string" },
        threads: { type: "string" },
        stats: { type: "boolean" },
        rules: { type: "string" },
        cost: { type: "string" },
        algorithm: { type: "string" },
        rule: { type: "string" },
        "no-wait": { type: "boolean" },
        checkpoint: { type: "string" },
      },
    });
  } catch {
    return undefined;
  }
  const { values: v, positionals } = parsed;
  if (positionals.length > 1 || positionals[0] === "batch" || positionals[0] === "plan" || positionals[0] === "worker") return undefined;
  const count = (s: string | undefined): number | undefined | null => (s === undefined ? undefined : /^\d+$/.test(s) && Number.isSafeInteger(Number(s)) ? Number(s) : null);
  const models = count(v.models);
  const maxSteps = count(v["max-steps"]);
  const memory = count(v.memory);
  const threads = count(v.threads) === 0 ? null : count(v.threads); // --threads 0: commander refuses it
  const limit = v["time-limit"];
  const timeLimit = limit === undefined ? undefined : /^\d*\.?\d+$/.test(limit) && Number(limit) > 0 ? Number(limit) : null;
  const format = v.format ?? "competition";
  if ([models, maxSteps, memory, threads, timeLimit].includes(null) || !FORMATS.includes(format)) return undefined;
  if ((v.rules !== undefined && !RULES.includes(v.rules)) || (v.cost !== undefined && !COSTS.includes(v.cost))) return undefined;
  return {
    file: positionals[0],
    flags: {
      models: models ?? 1,
      any: v.any,
      format: format as OutputFormat,
      maxSteps: maxSteps ?? undefined,
      timeLimit: timeLimit ?? undefined,
      memory: memory ?? 64,
      threads: threads ?? availableParallelism(),
      stats: v.stats,
      rules: v.rules as SolveFlags["rules"],
      cost: v.cost as SolveFlags["cost"],
      algorithm: v.algorithm,
      rule: v.rule,
      ...(v["no-wait"] ? { wait: false } : {}),
      ...(v.checkpoint !== undefined ? { checkpoint: v.checkpoint } : {}),
    },
  };
}

const quick = quickFlags(process.argv.slice(2));
const { endQuietlyOnClosedPipe, guarded } = await import("./common.js");
endQuietlyOnClosedPipe();
if (quick) {
  const { solveCommand } = await import("./solve.js");
  await guarded("labsolve", () => solveCommand(quick.file, quick.flags));
} else {
  await (await import("./program.js")).runProgram(process.argv);
}
