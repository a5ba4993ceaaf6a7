/**
 * `labgen maze ROWS COLS --algorithm A --seed S [--count K] [--braid P] [-o FILE|DIR]`: K
 * text mazes from the registry's maze generator, streamed to standard output (each followed
 * by a blank line), to a new FILE (K = 1), or one new file each into DIR (K > 1), never over
 * an existing file: the readers (labsolve, labcheck, labshow) take one maze a file. Every
 * argument is checked, and every file to be written, before anything is generated. Scripts
 * use this interface.
 */
import { closeSync, existsSync, mkdirSync, openSync, statSync, writeSync } from "node:fs";
import { join } from "node:path";
import { Command, InvalidArgumentError, Option } from "commander";
import type { MazeGenerator } from "../core/plugin.js";
import { clingoExits, nonNegativeInteger, positiveInteger } from "./args.js";
import { VERSION } from "../core/version.js";
import { capFromEnvironment, formatBytes, INPUT_CAP_VARIABLE, MAX_TEXT_MAZE_BYTES } from "../core/files.js";
import { CLOSED_PIPE_EXIT, guarded } from "./common.js";

/** A fraction in [0, 1] (commander parser: a bad value is a usage error, exit 65). */
export function fraction(value: string): number {
  const p = Number(value);
  if (!/^\d*\.?\d+$/.test(value) || !(p >= 0 && p <= 1)) throw new InvalidArgumentError(`expected a fraction from 0 to 1 (0.25, 1), got '${value}'`);
  return p;
}

/** The file of maze k (0-based) of `count` in the folder `dir`: DIR/maze-RxC-ALGORITHM-SEED-K.txt, K 1-based and zero-padded to the width of `count`. */
export function mazeFileName(dir: string, flags: { algorithm: string; seed: number; count: number }, rows: number, cols: number, k: number): string {
  const index = String(k + 1).padStart(String(flags.count).length, "0");
  return join(dir, `maze-${rows}x${cols}-${flags.algorithm}-${flags.seed}-${index}.txt`);
}

/**
 * The files `-o` names, checked before anything is generated: FILE for one maze, DIR's
 * files for several (DIR is created when missing).
 * @returns the paths to write, one a maze, or [] for standard output
 * @throws Error (labgen: error: ..., exit 65) when a file exists or DIR is a file
 */
function outputFiles(flags: MazeFlags, rows: number, cols: number): string[] {
  const out = flags.out;
  if (out === undefined) return [];
  if (flags.count === 1) {
    if (existsSync(out)) throw new Error(`-o ${out}: ${statSync(out).isDirectory() ? "a folder (-o names a new file for one maze, a folder with --count K > 1)" : "the file exists; labgen never overwrites a file: remove it or name a new one"}`);
    return [out];
  }
  if (existsSync(out) && !statSync(out).isDirectory()) throw new Error(`-o ${out}: a file; with --count ${flags.count}, -o names a folder, which gets one file per maze`);
  const paths = Array.from({ length: flags.count }, (_, k) => mazeFileName(out, flags, rows, cols, k));
  const taken = paths.find((p) => existsSync(p));
  if (taken !== undefined) throw new Error(`-o ${out}: ${taken} exists; labgen never overwrites a file: remove it or name another folder`);
  return paths;
}

/** Opens a new file for writing (never over an existing one). @throws Error naming the file */
function create(path: string): number {
  try {
    return openSync(path, "wx");
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new Error(`-o ${path}: ${code === "EEXIST" ? "the file exists; labgen never overwrites a file" : code === "ENOENT" ? "no such folder" : code === "EACCES" ? "permission denied" : (e as Error).message}`);
  }
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

/**
 * Runs `labgen NAME` (labgen maze) on its arguments (those after NAME).
 * @param name the rule set's name, the subcommand's (the registry's)
 * @param generator the rule set's maze generator part
 */
export async function runMazeCommand(name: string, generator: MazeGenerator, args: readonly string[]): Promise<void> {
  await mazeCommand(name, generator).parseAsync([...args], { from: "user" });
}

/** The command line of `labgen NAME` (labgen maze), built without parsing anything; its parameters as runMazeCommand's. */
export function mazeCommand(name: string, generator: MazeGenerator): Command {
  const table = generator.algorithms.map((a) => `  ${a.name.padEnd(20)} ${a.uniform ? "uniform" : "not uniform"}\n${wrap(a.bias, 6, 80)}`).join("\n");
  const program = clingoExits(new Command(`labgen ${name}`))
    .version(VERSION)
    .usage("ROWS COLS --algorithm A --seed S [options]")
    .description(
      "Generates K text mazes of ROWS x COLS cells, S in the top-left cell and E in the bottom-right. On standard output each maze is " +
        "followed by a blank line; with -o, one maze is written to a new FILE, K > 1 mazes one file each into the folder DIR " +
        "(DIR/maze-RxC-ALGORITHM-SEED-K.txt). labsolve, labcheck and labshow read one maze a file (a second maze in a file is " +
        "refused, naming its line): use -o DIR for K > 1. No file is ever overwritten; every file is checked before generating.",
    )
    .argument("<rows>", "rows of cells", positiveInteger)
    .argument("<cols>", "columns of cells", positiveInteger)
    .addOption(new Option("--algorithm <a>", "the generator").choices(generator.algorithms.map((a) => a.name)).makeOptionMandatory())
    .requiredOption("--seed <s>", "random seed (integer)", nonNegativeInteger)
    .option("--count <k>", "how many mazes", positiveInteger, 1)
    .option("--braid <p>", "remove this fraction of the dead ends (0 to 1): loops, not a perfect maze", fraction)
    .option("-o, --out <path>", "write to a new FILE (one maze) or into the folder DIR, one new file per maze (--count K > 1); never overwrites")
    .addHelpText(
      "after",
      `\nAlgorithms (uniform: every perfect maze of the grid is equally likely), bias:\n${table}\n\n` +
        `${wrap(`Reading back: labsolve, labcheck and labshow read a text maze of up to ${formatBytes(MAX_TEXT_MAZE_BYTES)} (about 11000 x 11000 cells; other inputs up to 16 MiB); ${INPUT_CAP_VARIABLE}=MiB sets every input cap (at most 512 MiB, what one string holds). labgen says so on standard error when a maze is larger.`, 0, 80)}\n`,
    )
    .action(async (rows: number, cols: number, flags: MazeFlags) => {
      await guarded("labgen", () => {
        const paths = outputFiles(flags, rows, cols);
        const bytes = (2 * rows + 1) * (2 * cols + 2);
        const cap = capFromEnvironment() ?? MAX_TEXT_MAZE_BYTES;
        if (bytes > cap) process.stderr.write(`labgen: note: each maze is ${bytes} bytes of text, over the readers' cap of ${formatBytes(cap)} (${INPUT_CAP_VARIABLE}=MiB sets it, up to 512 MiB): labsolve, labcheck and labshow will not read it back\n`);
        let fd = 1;
        const close = (): void => {
          if (fd !== 1) closeSync(fd);
          fd = 1;
        };
        try {
          const request = { rows, cols, algorithm: flags.algorithm, seed: flags.seed, count: flags.count, braid: flags.braid };
          generator.generate(request, (chunk) => writeAll(fd, chunk), (k) => {
            if (paths.length === 0) return;
            close();
            if (k === 0 && paths.length > 1) mkdirSync(flags.out!, { recursive: true });
            fd = create(paths[k]);
          });
        } finally {
          close();
        }
        if (paths.length > 1) process.stdout.write(`${paths.join("\n")}\n`);
        return 0;
      });
    });
  return program;
}
