/**
 * `labgen N MAX_STEPS --seed S [--style maze|random] [-o DIR]`: small instances for tests and benchmarks;
 * `labgen N --rules ipc2023 --seed S [--rotations K]`: a PDDL problem of the IPC 2023 labyrinth domain;
 * `labgen maze ROWS COLS --algorithm A --seed S [--count K] [--braid P] [-o FILE]`: text mazes (labgen-maze.ts).
 * `labgen minotaur ROWS COLS --seed S [--iterations K]`: a Theseus and the Minotaur level with a long optimum.
 */
import { existsSync, mkdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Command, Option } from "commander";
import { GENERATOR_NAMES, RULE_SETS, refuseOptions, ruleSetNamed } from "../registry.js";
import { addRuleSetOptions, clingoExits, givenRuleSetOptions, nonNegativeInteger } from "./args.js";
import { endQuietlyOnClosedPipe, guarded } from "./common.js";
import { VERSION } from "../core/version.js";

endQuietlyOnClosedPipe();

// the generators (loading them is what labgen is for); --style's choices are the registry's
const generators = new Map(await Promise.all(RULE_SETS.filter((r) => r.generator).map(async (r) => [r.name, await r.generator!()] as const)));

const program = clingoExits(
  new Command("labgen")
    .description("Generates a push-labyrinth instance; prints the facts, or writes DIR/XXXX-labyrinth-MAXINT-0.asp with -o.")
    .version(VERSION)
    .argument("<n>", "board size N (NxN)", nonNegativeInteger)
    .argument("[max_steps]", "the horizon (competition rules)", nonNegativeInteger)
    .requiredOption("--seed <s>", "random seed (integer; required)", nonNegativeInteger)
    .option("-o, --out <dir>", "write into this folder under the competition's file name (never overwrites)")
    .addOption(new Option("--rules <rules>", "competition facts, or an IPC 2023 PDDL problem").choices(GENERATOR_NAMES).default("competition"))
    .addHelpText(
      "after",
      "\nStatic labyrinths, each with its own --help:\n" +
        "  labgen maze ROWS COLS --algorithm A --seed S [--count K] [--braid P]\n" +
        "  labgen minotaur ROWS COLS --seed S [--iterations K] [-o DIR]\n",
    ),
);
addRuleSetOptions(program, "labgen");

/** The largest board the facts reader takes (coordinates up to 1024: src/core/fact-args.ts). */
const MAX_BOARD = 1024;

interface GenFlags {
  seed: number;
  style?: string;
  out?: string;
  rules: string;
  rotations?: number;
  domain?: boolean;
}

// `labgen minotaur ...`: a command of its own (the main command's required --seed and <n> would claim its arguments)
const minotaur = clingoExits(new Command("labgen minotaur").version(VERSION))
  .description("Generates a Theseus and the Minotaur level whose optimum is long (a hill-climb; each level proven solvable); prints the level, or writes DIR/minotaur-RxC-SEED-OPTIMUM.txt with -o.")
  .argument("<rows>", "rows", nonNegativeInteger)
  .argument("<cols>", "columns", nonNegativeInteger)
  .requiredOption("--seed <s>", "random seed (integer)", nonNegativeInteger)
  .option("--iterations <k>", "changes tried per restart (default 20000; two restarts)", nonNegativeInteger)
  .option("-o, --out <dir>", "write into this folder (never overwrites)")
  .action(async (rows: number, cols: number, flags: { seed: number; iterations?: number; out?: string }) => {
    await guarded("labgen", () => {
      // a folder -o cannot be is refused before the generation, not after it
      if (flags.out !== undefined) outFolder(flags.out);
      const { text, fileName, note } = generators.get("minotaur")!.generate({ n: rows, rows, cols, seed: flags.seed, iterations: flags.iterations });
      if (note !== undefined) process.stderr.write(`${note}\n`);
      return emit(text, flags.out, fileName);
    });
  });

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
 * (never over an existing file) and prints the path.
 * @returns labgen's exit code, 0
 * @throws Error when the file exists, or `out` is no folder and cannot be made one
 */
function emit(text: string, out: string | undefined, fileName: string | undefined): number {
  if (!out || fileName === undefined) {
    process.stdout.write(text);
    return 0;
  }
  outFolder(out);
  const path = join(out, fileName);
  if (existsSync(path)) throw new Error(`${path} exists; not overwriting it`);
  writeFileSync(path, text, { flag: "wx" });
  process.stdout.write(`${path}\n`);
  return 0;
}

program.action(async (n: number, maxSteps: number | undefined, flags: GenFlags) => {
  await guarded("labgen", () => {
    // options that do not apply to the rule set are usage errors naming it (the registry says which apply)
    refuseOptions(ruleSetNamed(flags.rules), "labgen", givenRuleSetOptions(program, "labgen"));
    if (flags.rules === "competition") {
      if (n > MAX_BOARD) throw new Error(`N ${n}: facts name fields up to ${MAX_BOARD} (labsolve solves boards up to 128x128, labcheck reads up to ${MAX_BOARD}x${MAX_BOARD})`);
      if (n > 128) process.stderr.write(`labgen: note: labsolve solves boards up to 128x128; labcheck and labshow read this ${n}x${n} one\n`);
    } else {
      if (maxSteps !== undefined) throw new Error(`max_steps ${maxSteps}: --rules ${flags.rules} takes N only (a plan has no horizon)`);
    }
    const { text, fileName } = generators.get(flags.rules)!.generate({
      n,
      maxSteps,
      seed: flags.seed,
      style: flags.style,
      rotations: flags.rotations,
      domain: flags.domain,
      toFolder: flags.out !== undefined,
    });
    return emit(text, flags.out, fileName);
  });
});

// labgen maze: a command line of its own (src/cli/labgen-maze.ts)
if (process.argv[2] === "maze") await (await import("./labgen-maze.js")).runMazeCommand(process.argv.slice(3));
else if (process.argv[2] === "minotaur") await minotaur.parseAsync([...process.argv.slice(0, 2), ...process.argv.slice(3)]);
else await program.parseAsync();
