/**
 * `labgen maze ROWS COLS --algorithm A --seed S [--count K] [--braid P] [-o FILE]`: K text
 * mazes, each followed by a blank line, from the registry's maze generator, streamed to
 * standard output or to a new FILE (never overwritten). Scripts use this interface.
 */
import { closeSync, openSync, writeSync } from "node:fs";
import { Command, Option } from "commander";
import { mazeGenerator } from "../registry.js";
import { clingoExits, nonNegativeInteger, positiveInteger } from "./args.js";
import { VERSION } from "../core/version.js";
import { CLOSED_PIPE_EXIT, guarded } from "./common.js";

/** A fraction in [0, 1] (commander parser). */
function fraction(value: string): number {
  const p = Number(value);
  if (!/^\d*\.?\d+$/.test(value) || !(p >= 0 && p <= 1)) throw new Error(`expected a fraction from 0 to 1, got ${value}`);
  return p;
}

/** Writes all of `chunk` to `fd`, waiting while a pipe is full; a closed pipe ends the program quietly (exit 141, as a Unix filter). */
function writeAll(fd: number, chunk: Uint8Array): void {
  let done = 0;
  while (done < chunk.length) {
    try {
      done += writeSync(fd, chunk, done, chunk.length - done);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === "EPIPE") process.exit(CLOSED_PIPE_EXIT);
      if (code !== "EAGAIN") throw e;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 2);
    }
  }
}

/** `text` in lines of at most `width` columns, each indented by `indent` spaces. */
function wrap(text: string, indent: number, width: number): string {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line !== "" && indent + line.length + 1 + word.length > width) {
      lines.push(" ".repeat(indent) + line);
      line = word;
    } else line = line === "" ? word : `${line} ${word}`;
  }
  if (line !== "") lines.push(" ".repeat(indent) + line);
  return lines.join("\n");
}

interface MazeFlags {
  algorithm: string;
  seed: number;
  count: number;
  braid?: number;
  out?: string;
}

/** Runs `labgen maze` on its arguments (those after `maze`). */
export async function runMazeCommand(args: readonly string[]): Promise<void> {
  const generator = await mazeGenerator();
  const table = generator.algorithms.map((a) => `  ${a.name.padEnd(20)} ${a.uniform ? "uniform" : "not uniform"}\n${wrap(a.bias, 6, 80)}`).join("\n");
  const program = clingoExits(new Command("labgen maze"))
    .version(VERSION)
    .usage("ROWS COLS --algorithm A --seed S [--count K] [--braid P]")
    .description("Generates K text mazes of ROWS x COLS cells, S in the top-left cell and E in the bottom-right, each followed by a blank line.")
    .argument("<rows>", "rows of cells", positiveInteger)
    .argument("<cols>", "columns of cells", positiveInteger)
    .addOption(new Option("--algorithm <a>", "the generator").choices(generator.algorithms.map((a) => a.name)).makeOptionMandatory())
    .requiredOption("--seed <s>", "random seed (integer)", nonNegativeInteger)
    .option("--count <k>", "how many mazes", positiveInteger, 1)
    .option("--braid <p>", "remove this fraction of the dead ends (0 to 1): loops, not a perfect maze", fraction)
    .option("-o, --out <file>", "write to FILE (a new file; never overwrites)")
    .addHelpText("after", `\nAlgorithms (uniform: every perfect maze of the grid is equally likely), bias:\n${table}\n`)
    .action(async (rows: number, cols: number, flags: MazeFlags) => {
      await guarded("labgen", () => {
        const fd = flags.out === undefined ? 1 : openSync(flags.out, "wx");
        try {
          generator.generate({ rows, cols, algorithm: flags.algorithm, seed: flags.seed, count: flags.count, braid: flags.braid }, (chunk) => writeAll(fd, chunk));
        } finally {
          if (fd !== 1) closeSync(fd);
        }
        return 0;
      });
    });
  await program.parseAsync([...args], { from: "user" });
}
