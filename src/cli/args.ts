/** Commander helpers of the command-line front ends: exit codes, argument parsers, the registry's rule-set options. */
import { InvalidArgumentError, Option, type Command } from "commander";
import { commandOptions, type CommandName, type RuleSetEntry, type RuleSetOption } from "../registry.js";
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

/** The value parsers of RuleSetOption.number. */
const NUMBER_PARSERS: Readonly<Record<NonNullable<RuleSetOption["number"]>, (value: string) => number>> = {
  "non-negative integer": nonNegativeInteger,
  "positive integer": positiveInteger,
  "positive number": positiveNumber,
};

/**
 * Adds a command's rule-set options, built from the registry (flags, values, help naming
 * the rule sets that take each).
 * @param defaults a default value (and its description in the help) by option name
 * @param scope `entries`: only the options one of these rule sets takes (a subcommand's);
 *   `choices`: values by option name where a part, not the registry, holds them (labgen's
 *   --style: the generator's styles)
 */
export function addRuleSetOptions(
  command: Command,
  name: CommandName,
  defaults: Readonly<Record<string, [value: unknown, description?: string]>> = {},
  scope: { entries?: readonly RuleSetEntry[]; choices?: Readonly<Record<string, readonly string[]>> } = {},
): void {
  for (const { option, help } of commandOptions(name)) {
    if (scope.entries && !scope.entries.some((r) => r.takes[name]?.includes(option.name))) continue;
    const o = new Option(option.flags, help);
    const choices = scope.choices?.[option.name] ?? option.choices;
    if (choices) o.choices(choices);
    if (option.number) o.argParser(NUMBER_PARSERS[option.number]);
    const d = defaults[option.name];
    if (d) o.default(d[0], d[1]);
    command.addOption(o);
  }
}

/** The rule-set options the user gave on the command line (their attribute names). */
export function givenRuleSetOptions(command: Command, name: CommandName): string[] {
  return commandOptions(name)
    .map((o) => o.option.name)
    .filter((n) => command.getOptionValueSource(n) === "cli");
}

