/** What the command-line front ends share: reading input, reporting bad input (without commander, which src/cli/args.ts loads). */
import { existsSync, realpathSync } from "node:fs";
import { totalmem } from "node:os";
import { limitNote } from "../core/address-space.js";
import { ExitCode, InputError } from "../core/errors.js";
import { MAX_FILE_BYTES, readTextCapped } from "../core/files.js";

/** Exit status of a filter whose reader went away (128 + SIGPIPE, as a shell reports a filter killed by it). */
export const CLOSED_PIPE_EXIT = 141;

/**
 * Ends the program quietly when standard output's reader goes away (`labsolve -n 0 | head -1`),
 * as a Unix filter does on SIGPIPE: no message, exit CLOSED_PIPE_EXIT. Node ignores SIGPIPE and
 * reports the closed pipe as an EPIPE error on the stream instead; any other stream error is
 * left to Node.
 */
export function endQuietlyOnClosedPipe(): void {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on("error", (e: NodeJS.ErrnoException) => {
      if (e.code === "EPIPE" || e.code === "ERR_STREAM_DESTROYED") process.exit(CLOSED_PIPE_EXIT);
      throw e;
    });
  }
}

/**
 * Refuses a `--memory` budget larger than the machine's memory: the tables would fail to
 * allocate, or swap the machine to a halt (each table is also capped at 2 GiB:
 * src/push/competition/search/exact/table.ts).
 * @param megabytes the option's value, MiB
 * @throws Error (a usage error: `labsolve: error: ...`, exit 65) naming the machine's memory
 */
export function checkMemoryOption(megabytes: number): void {
  const machine = Math.floor(totalmem() / 2 ** 20);
  if (megabytes > machine) throw new Error(`--memory ${megabytes}: more than this machine's memory (${machine} MiB); give at most ${machine}`);
}

/** A text the user gave us and the name messages use for it. */
export interface Source {
  text: string;
  /** the path as given, or `<stdin>` */
  name: string;
}

/**
 * Reads a file, or standard input for `-` or undefined, of at most `maxBytes` bytes
 * (default 16 MiB: src/core/files.ts MAX_FILE_BYTES; a plain file's size is checked before
 * it is read).
 * @throws InputError when the file cannot be read or is over the cap
 */
export function readSource(path: string | undefined, maxBytes = MAX_FILE_BYTES): Source {
  const stdin = path === undefined || path === "-";
  const name = stdin ? "<stdin>" : path;
  return { text: readTextCapped(stdin ? 0 : path, name, maxBytes), name };
}

/**
 * Runs a command's body; bad input (InputError) prints its `FILE:LINE:COL: error:` line
 * and exits 65. Anything else is a bug: one line on stderr, exit 65, no stack trace
 * unless LABYRINTH_DEBUG is set.
 */
export async function guarded(program: string, body: () => Promise<number> | number): Promise<void> {
  try {
    process.exitCode = await body();
  } catch (e) {
    if (e instanceof InputError) {
      process.stderr.write(`${e.message}\n`);
    } else {
      // V8's "Array buffer allocation failed" may come of an address-space limit: say which
      const note = e instanceof RangeError && /allocat/i.test(e.message) ? limitNote() : "";
      process.stderr.write(`${program}: error: ${e instanceof Error ? e.message : String(e)}${note}\n`);
      if (process.env.LABYRINTH_DEBUG && e instanceof Error) process.stderr.write(`${e.stack}\n`);
    }
    process.exitCode = ExitCode.BadInput;
  }
}


/**
 * Refuses an output file (`-o FILE`) that is one of the command's input files (the same
 * file by its real path, whatever the spelling); `-` and files that do not exist yet are
 * never inputs.
 * @throws Error (a usage error, exit 65) `-o FILE: that is an input file; it is not overwritten`
 */
export function refuseOutputOverInput(output: string | undefined, inputs: readonly (string | undefined)[]): void {
  if (output === undefined || !existsSync(output)) return;
  for (const input of inputs) {
    if (input !== undefined && input !== "-" && existsSync(input) && realpathSync(input) === realpathSync(output)) {
      throw new Error(`-o ${output}: that is an input file; it is not overwritten`);
    }
  }
}
