/** Commander helpers of the command-line front ends: exit codes and argument parsers. */
import { InvalidArgumentError, type Command } from "commander";
import { ExitCode } from "../core/errors.js";
import { formatBytes, INPUT_CAP_VARIABLE, MAX_FILE_BYTES, MAX_OUTPUT_BYTES, MAX_TEXT_MAZE_BYTES } from "../core/files.js";

/** The input caps, as the help of labsolve, labcheck and labshow gives them. */
export const INPUT_CAPS_HELP = wrapped(
  `Input caps: an instance file ${formatBytes(MAX_FILE_BYTES)}, a text maze ${formatBytes(MAX_TEXT_MAZE_BYTES)}, a solver output ${formatBytes(MAX_OUTPUT_BYTES)}; ` +
    `the environment variable ${INPUT_CAP_VARIABLE}=MiB sets every cap (at most 512 MiB).`,
);

/** A paragraph filled into lines of at most `width` columns (greedy), with a final newline. */
function wrapped(text: string, width = 80): string {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line !== "" && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === "" ? word : `${line} ${word}`;
  }
  return `${[...lines, line].join("\n")}\n`;
}

/**
 * Commander: usage errors exit 65 like clingo's, help and version exit 0; a usage error
 * is printed as every other error is, `labsolve: error: ...` (`labsolve batch: error:
 * ...` for a subcommand's), not commander's bare `error: ...`.
 */
export function clingoExits(cmd: Command): Command {
  // the commands that read users' files name the caps and what sets them (src/core/files.ts)
  if (!cmd.name().startsWith("labgen")) cmd.addHelpText("after", `\n${INPUT_CAPS_HELP}`);
  return cmd
    .exitOverride((err) => {
      process.exit(err.exitCode === 0 ? 0 : ExitCode.BadInput);
    })
    .configureOutput({
      outputError: (text, write) => {
        // subcommands inherit this function: the one on the command line names itself
        const sub = cmd.commands.find((c) => c.name() === process.argv[2]);
        write(text.replace(/^error:/, `${cmd.name()}${sub ? ` ${sub.name()}` : ""}: error:`));
      },
    });
}

/** Commander argument parser for a non-negative integer. */
export function nonNegativeInteger(value: string): number {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError("expected a non-negative integer");
  return safe(value);
}

/** Commander argument parser for a positive integer (1, 2, ...). */
export function positiveInteger(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new InvalidArgumentError("expected a positive integer (1 or more)");
  return safe(value);
}

/**
 * A string of digits as a number, read as integers in files are (src/core/fact-args.ts):
 * past 2^53 - 1 it is refused, not rounded.
 */
function safe(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new InvalidArgumentError(`${value} is too large (integers up to ${Number.MAX_SAFE_INTEGER})`);
  return n;
}

/** Commander argument parser for a positive number (fractions allowed). */
export function positiveNumber(value: string): number {
  const v = Number(value);
  if (!/^\d*\.?\d+$/.test(value) || !(v > 0)) throw new InvalidArgumentError("expected a positive number");
  return v;
}
