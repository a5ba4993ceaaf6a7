/** `labgen N MAX_STEPS --seed S [--style maze|random] [-o DIR]`: small instances for tests and benchmarks. */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Command, Option } from "commander";
import { STYLES, competitionFileName, generate, toFacts, type Style } from "../generate.js";
import { clingoExits, nonNegativeInteger } from "./args.js";
import { VERSION, endQuietlyOnClosedPipe, guarded } from "./common.js";

endQuietlyOnClosedPipe();

const program = clingoExits(
  new Command("labgen")
    .description("Generates a push-labyrinth instance; prints the facts, or writes DIR/XXXX-labyrinth-MAXINT-0.asp with -o.")
    .version(VERSION)
    .argument("<n>", "board size N (NxN)", nonNegativeInteger)
    .argument("<max_steps>", "the horizon", nonNegativeInteger)
    .requiredOption("--seed <s>", "random seed (integer)", nonNegativeInteger)
    .addOption(new Option("--style <style>", "tile style").choices(STYLES).default("maze"))
    .option("-o, --out <dir>", "write into this folder under the competition's file name (never overwrites)"),
);

program.action(async (n: number, maxSteps: number, flags: { seed: number; style: Style; out?: string }) => {
  await guarded("labgen", () => {
    if (n < 1) throw new Error("N must be at least 1");
    const g = generate(n, maxSteps, flags.seed, flags.style);
    const facts = toFacts(g);
    if (!flags.out) {
      process.stdout.write(facts);
      return 0;
    }
    mkdirSync(flags.out, { recursive: true });
    const path = join(flags.out, competitionFileName(flags.seed, g));
    if (existsSync(path)) throw new Error(`${path} exists; not overwriting it`);
    writeFileSync(path, facts, { flag: "wx" });
    process.stdout.write(`${path}\n`);
    return 0;
  });
});

await program.parseAsync();
