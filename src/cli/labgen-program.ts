/**
 * `labgen`: instances of the rule sets with a generator, as the registry offers them
 * (RuleSetEntry.labgen): its --rules choices and default, its subcommands, their options
 * and help. No rule set is named here.
 *   labgen N [MAX_STEPS] --seed S [--rules R] [-o DIR] [R's options]   a `rules` generator
 *   labgen NAME ROWS COLS --seed S [-o DIR] [NAME's options]             a subcommand generator
 *   labgen NAME ROWS COLS --algorithm A --seed S ...                     a streamed maze generator (labgen-maze.ts)
 * Each generator refuses what its rule set does not take (a size, a horizon) and gives a
 * note for standard error; labgen writes the text, or with -o a new file in DIR.
 */
import { existsSync, mkdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Command, Option } from "commander";
import type { Generator, GenerateRequest } from "../core/plugin.js";
import { GENERATING, GENERATOR_NAMES, defaultGenerator, generatorSubcommand, labgenHelp, refuseOptions, ruleSetNamed, type RuleSetEntry } from "../registry.js";
import { addRuleSetOptions, clingoExits, givenRuleSetOptions, nonNegativeInteger } from "./args.js";
import { guarded } from "./common.js";
import { VERSION } from "../core/version.js";


/** The rule-set options labgen passes to a generator (RULE_SET_OPTIONS for labgen; GenerateRequest's fields of the same names). */
interface OptionFlags {
  style?: string;
  rotations?: number;
  domain?: boolean;
  iterations?: number;
  out?: string;
}

/** The request's fields that come from labgen's rule-set options and -o. */
function optionFields(flags: OptionFlags): Omit<GenerateRequest, "n" | "seed"> {
  return { style: flags.style, rotations: flags.rotations, domain: flags.domain, iterations: flags.iterations, toFolder: flags.out !== undefined };
}

/**
 * Makes the folder `-o` names (with its parents), or finds it there.
 * @throws Error (`labgen: error: ...`, exit 65) when the path is a file, or the folder cannot be made
 */
function outFolder(out: string): void {
  if (existsSync(out) && !statSync(out).isDirectory()) throw new Error(`-o ${out}: a file of that name exists; -o names the folder to write into`);
  try {
    mkdirSync(out, { recursive: true });
  } catch (e) {
    throw new Error(`-o ${out}: cannot make the folder (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
}

/**
 * Prints an instance, or with `-o DIR` writes it into DIR under the generator's file name
 * (never over an existing file) and prints the path; the generator's note goes to stderr first.
 * @returns labgen's exit code, 0
 * @throws Error when the file exists, or `out` is no folder and cannot be made one
 */
function emit(made: ReturnType<Generator["generate"]>, out: string | undefined): number {
  if (made.note !== undefined) process.stderr.write(`${made.note}\n`);
  if (!out || made.fileName === undefined) {
    process.stdout.write(made.text);
    return 0;
  }
  outFolder(out);
  const path = join(out, made.fileName);
  if (existsSync(path)) throw new Error(`${path} exists; not overwriting it`);
  writeFileSync(path, made.text, { flag: "wx" });
  process.stdout.write(`${path}\n`);
  return 0;
}

/** The main command, `labgen N [MAX_STEPS] --seed S [--rules R]`, over the registry's `rules` generators. */
async function mainCommand(): Promise<Command> {
  const entries = GENERATING.filter((r) => r.labgen?.command === "rules");
  const generators = new Map(await Promise.all(entries.map(async (r) => [r.name, await r.generator!()] as const)));
  // --style's values: the generators' own lists
  const styles = [...new Set(entries.filter((r) => r.takes.labgen?.includes("style")).flatMap((r) => generators.get(r.name)!.styles))];
  const program = clingoExits(
    new Command("labgen")
      .description(
        "Generates an instance of a rule set (--rules; the rule sets with a command of their own: labgen NAME); " +
          "prints it, or writes it into DIR under the rule set's file name with -o. Exit 0, or 65 for bad usage or a request the rule set refuses.",
      )
      .version(VERSION)
      .argument("<n>", "board size N (NxN)", nonNegativeInteger)
      .argument("[max_steps]", "the horizon, where the rule set has one", nonNegativeInteger)
      .requiredOption("--seed <s>", "random seed (integer; required)", nonNegativeInteger)
      .option("-o, --out <dir>", "write into this folder under the rule set's file name (never overwrites)")
      .addOption(new Option("--rules <rules>", "the rule set").choices(GENERATOR_NAMES).default(defaultGenerator().name))
      .addHelpText("after", labgenHelp()),
  );
  addRuleSetOptions(program, "labgen", {}, { entries, choices: { style: styles } });
  program.action(async (n: number, maxSteps: number | undefined, flags: OptionFlags & { seed: number; rules: string }) => {
    await guarded("labgen", () => {
      const entry = ruleSetNamed(flags.rules);
      // options that do not apply to the rule set are usage errors naming it (the registry says which apply)
      refuseOptions(entry, "labgen", givenRuleSetOptions(program, "labgen"));
      return emit(generators.get(entry.name)!.generate({ n, maxSteps, seed: flags.seed, ...optionFields(flags) }), flags.out);
    });
  });
  return program;
}

/**
 * A subcommand generator's command line, `labgen NAME ROWS COLS --seed S [-o DIR]` with the
 * labgen options the rule set takes (a command of its own: the main command's required
 * --seed and <n> would claim its arguments).
 */
function gridCommand(entry: RuleSetEntry, generator: Generator): Command {
  const command = clingoExits(new Command(`labgen ${entry.name}`).version(VERSION))
    .description(`Generates ${entry.labgen?.help ?? ""}`)
    .argument("<rows>", "rows", nonNegativeInteger)
    .argument("<cols>", "columns", nonNegativeInteger)
    .requiredOption("--seed <s>", "random seed (integer)", nonNegativeInteger);
  addRuleSetOptions(command, "labgen", {}, { entries: [entry], choices: { style: generator.styles } });
  return command
    .option("-o, --out <dir>", "write into this folder (never overwrites)")
    .action(async (rows: number, cols: number, flags: OptionFlags & { seed: number }) => {
      await guarded("labgen", () => {
        // a folder -o cannot be is refused before the generation, not after it
        if (flags.out !== undefined) outFolder(flags.out);
        return emit(generator.generate({ n: rows, rows, cols, seed: flags.seed, ...optionFields(flags) }), flags.out);
      });
    });
}

/**
 * Runs labgen on `argv` (process.argv): the subcommand generator its first argument names
 * (labgen NAME ...), else the main command.
 */
export async function runLabgen(argv: readonly string[]): Promise<void> {
  const sub = generatorSubcommand(argv[2]);
  if (sub === undefined) await (await mainCommand()).parseAsync([...argv]);
  else if (sub.input === "text" && sub.mazeGenerator) await (await import("./labgen-maze.js")).runMazeCommand(sub.name, await sub.mazeGenerator(), argv.slice(3));
  else if (sub.generator) await gridCommand(sub, await sub.generator()).parseAsync(argv.slice(3), { from: "user" });
}

/**
 * labgen's command lines, built without parsing anything (for scripts/docs-cli.ts): the
 * main command, then one per subcommand generator (`labgen NAME`) in the registry's order.
 */
export async function labgenPrograms(): Promise<Command[]> {
  const subs = GENERATING.filter((r) => r.labgen?.command === "subcommand");
  const commands = await Promise.all(
    subs.map(async (sub) => {
      if (sub.input === "text" && sub.mazeGenerator) return (await import("./labgen-maze.js")).mazeCommand(sub.name, await sub.mazeGenerator());
      return sub.generator ? gridCommand(sub, await sub.generator()) : undefined;
    }),
  );
  return [await mainCommand(), ...commands.filter((c): c is Command => c !== undefined)];
}
