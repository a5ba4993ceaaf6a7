/**
 * `labgen N MAX_STEPS --seed S [--style maze|random] [-o DIR]`: small instances for tests and benchmarks;
 * `labgen N --rules ipc2023 --seed S [--rotations K]`: a PDDL problem of the IPC 2023 labyrinth domain;
 * `labgen maze ROWS COLS --algorithm A --seed S [--count K] [--braid P] [-o FILE]`: text mazes (labgen-maze.ts).
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Command, Option } from "commander";
import { GENERATOR_NAMES, RULE_SETS } from "../registry.js";
import { clingoExits, nonNegativeInteger } from "./args.js";
import { endQuietlyOnClosedPipe, guarded } from "./common.js";
import { VERSION } from "../core/version.js";

endQuietlyOnClosedPipe();

// labgen's --style choices: the styles of every generator (loading the generators is what labgen is for)
const generators = new Map(await Promise.all(RULE_SETS.filter((r) => r.generator).map(async (r) => [r.name, await r.generator!()] as const)));
const STYLES = [...new Set([...generators.values()].flatMap((g) => g.styles))];

const program = clingoExits(
  new Command("labgen")
    .description("Generates a push-labyrinth instance; prints the facts, or writes DIR/XXXX-labyrinth-MAXINT-0.asp with -o.")
    .version(VERSION)
    .argument("<n>", "board size N (NxN)", nonNegativeInteger)
    .argument("[max_steps]", "the horizon (competition rules)", nonNegativeInteger)
    .requiredOption("--seed <s>", "random seed (integer)", nonNegativeInteger)
    .addOption(new Option("--style <style>", "tile style").choices(STYLES).default("maze"))
    .option("-o, --out <dir>", "write into this folder under the competition's file name (never overwrites)")
    .addOption(new Option("--rules <rules>", "competition facts, or an IPC 2023 PDDL problem").choices(GENERATOR_NAMES).default("competition"))
    .option("--rotations <k>", "ipc2023: random pushes scrambling the board (default N)", nonNegativeInteger)
    .option("--domain", "ipc2023: print the domain file instead of a problem (N and --seed are then ignored)")
    .addHelpText("after", "\nText mazes: labgen maze ROWS COLS --algorithm A --seed S (labgen maze --help).\n"),
);

interface GenFlags {
  seed: number;
  style: string;
  out?: string;
  rules: string;
  rotations?: number;
  domain?: boolean;
}

program.action(async (n: number, maxSteps: number | undefined, flags: GenFlags) => {
  await guarded("labgen", () => {
    const { text, fileName } = generators.get(flags.rules)!.generate({
      n,
      maxSteps,
      seed: flags.seed,
      style: flags.style,
      rotations: flags.rotations,
      domain: flags.domain,
      toFolder: flags.out !== undefined,
    });
    if (!flags.out || fileName === undefined) {
      process.stdout.write(text);
      return 0;
    }
    mkdirSync(flags.out, { recursive: true });
    const path = join(flags.out, fileName);
    if (existsSync(path)) throw new Error(`${path} exists; not overwriting it`);
    writeFileSync(path, text, { flag: "wx" });
    process.stdout.write(`${path}\n`);
    return 0;
  });
});

// labgen maze: a command line of its own (src/cli/labgen-maze.ts)
if (process.argv[2] === "maze") await (await import("./labgen-maze.js")).runMazeCommand(process.argv.slice(3));
else await program.parseAsync();
