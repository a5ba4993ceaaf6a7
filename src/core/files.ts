/**
 * Reading the files users give us with a size cap, checked before the text is read (a
 * plain file's size from stat) or while it is read (standard input, pipes, devices), so
 * that a huge file is refused at once instead of filling the memory.
 */
import { constants } from "node:buffer";
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { InputError } from "./errors.js";

/** The largest instance or witness file read by default, in bytes (16 MiB, as a zip entry: src/batch/limits.ts). */
export const MAX_FILE_BYTES = 16 * 1024 * 1024;

/** The largest solver output labcheck reads (it may hold many answers), in bytes (256 MiB). */
export const MAX_OUTPUT_BYTES = 256 * 1024 * 1024;

/**
 * The largest text maze read, in bytes (500 MiB: a maze of about 11,000 x 11,000 cells, 4 bytes
 * a cell; what one JavaScript string holds is 512 MiB). A file whose first line is a maze's
 * wall line gets this cap instead of MAX_FILE_BYTES: labgen maze writes mazes that large.
 */
export const MAX_TEXT_MAZE_BYTES = 500 * 1024 * 1024;

/** The environment variable that sets every input cap (MiB, fractions allowed), named in the messages and in labgen maze --help. */
export const INPUT_CAP_VARIABLE = "LABYRINTH_MAX_INPUT_MB";

/** The most characters one string holds (Node's buffer.constants.MAX_STRING_LENGTH): the text read can be no longer. */
const MAX_STRING = constants.MAX_STRING_LENGTH;

/**
 * The cap LABYRINTH_MAX_INPUT_MB sets for every input file, in bytes, or undefined when unset.
 * @throws Error (a usage error, exit 65) for a value that is not a positive number of MiB
 */
export function capFromEnvironment(env: NodeJS.ProcessEnv = process.env): number | undefined {
  const value = env[INPUT_CAP_VARIABLE];
  if (value === undefined || value === "") return undefined;
  const mb = Number(value);
  if (!/^\d*\.?\d+$/.test(value.trim()) || !(mb > 0)) throw new Error(`${INPUT_CAP_VARIABLE}=${value}: expected a positive number of MiB`);
  return Math.floor(mb * 2 ** 20);
}

/** `16 MiB`, `512 KiB`, `100 bytes`. */
export function formatBytes(bytes: number): string {
  if (bytes >= 2 ** 20 && bytes % 2 ** 20 === 0) return `${bytes / 2 ** 20} MiB`;
  if (bytes >= 2 ** 10 && bytes % 2 ** 10 === 0) return `${bytes / 2 ** 10} KiB`;
  return `${bytes} bytes`;
}

/** The InputError of a file over the cap (`FILE: error: ...`); `hint` is what raises the cap, when something does. */
export function tooLarge(name: string, bytes: number | undefined, maxBytes: number, hint?: string): InputError {
  const what = bytes === undefined ? "the input is" : `the file is ${bytes} bytes,`;
  return new InputError(name, undefined, `${what} over the cap of ${formatBytes(maxBytes)} (${maxBytes} bytes): not read${hint ? `; ${hint}` : ""}`);
}

/**
 * True when `head`, the first bytes of a file, starts (after a byte order mark and blank lines) with a text maze's
 * wall line: `+`, then `-`, spaces, `E` and `+` (src/core/maze-text.ts's format), the line
 * possibly cut by the end of `head`.
 */
export function startsLikeTextMaze(head: string): boolean {
  // a UTF-8 byte order mark, as text or as the bytes EF BB BF read as latin1, is skipped
  const m = /^(?:\uFEFF|\u00EF\u00BB\u00BF)?(?:[ \t]*\r?\n)*(\+[-+ E]*)(\r?\n|$)/.exec(head);
  if (!m) return false;
  const line = m[1].trimEnd();
  return m[2] === "" || (line.length >= 3 && line.length % 2 === 1 && line.endsWith("+"));
}

/**
 * Reads a file, or standard input for fd 0, as UTF-8 text of at most `maxBytes` bytes; a
 * text maze (startsLikeTextMaze on its first bytes) is read up to MAX_TEXT_MAZE_BYTES when
 * that is larger. LABYRINTH_MAX_INPUT_MB, when set, is the cap for every file instead.
 * A leading byte order mark is dropped (columns in messages count from the character after it).
 * @param path a path, or 0 for standard input
 * @param name the name messages use (`<stdin>`, or the path as given)
 * @throws InputError over the cap (before reading a plain file; the message says how to
 *   raise it) or past what one string holds, or when the file cannot be read; Error for a
 *   malformed LABYRINTH_MAX_INPUT_MB
 */
export function readTextCapped(path: string | 0, name: string, maxBytes = MAX_FILE_BYTES): string {
  const override = capFromEnvironment();
  let cap = override ?? maxBytes;
  const mazeCap = override ?? Math.max(maxBytes, MAX_TEXT_MAZE_BYTES);
  const hint = (bytes: number | undefined, maze: boolean): string =>
    bytes !== undefined && bytes > MAX_STRING
      ? `no cap reads it: that is more than one string holds (${MAX_STRING} characters)`
      : `${INPUT_CAP_VARIABLE}=MiB sets the cap${maze || override !== undefined ? "" : ` (text mazes are read up to ${formatBytes(MAX_TEXT_MAZE_BYTES)})`}`;
  let fd: number;
  try {
    fd = path === 0 ? 0 : openSync(path, "r");
  } catch (e) {
    throw cannotRead(name, e);
  }
  try {
    const stat = fstatSync(fd);
    if (stat.isDirectory()) throw new InputError(name, undefined, "cannot read: it is a folder");
    if (stat.isFile() && stat.size > cap) {
      const head = Buffer.alloc(Math.min(1 << 16, stat.size));
      const maze = startsLikeTextMaze(head.subarray(0, readSync(fd, head, 0, head.length, 0)).toString("latin1"));
      if (!maze || stat.size > mazeCap) throw tooLarge(name, stat.size, maze ? mazeCap : cap, hint(stat.size, maze));
      cap = mazeCap;
    }
    if (cap > MAX_STRING) cap = MAX_STRING;
    // read to the end, or one byte past the cap (the size may change, a pipe has none)
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      // a plain file in one buffer of its size (no copy when it is read whole), else 64 KiB at a time
      const size = total === 0 && stat.isFile() ? stat.size + 1 : 1 << 16;
      const chunk = Buffer.allocUnsafe(Math.max(1, Math.min(size, cap + 1 - total)));
      let n: number;
      try {
        n = readSync(fd, chunk, 0, chunk.length, null);
      } catch (e) {
        // a non-blocking standard input with nothing yet: wait a little and try again
        if ((e as NodeJS.ErrnoException).code === "EAGAIN") {
          Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
          continue;
        }
        throw e;
      }
      if (n === 0) break;
      chunks.push(chunk.subarray(0, n));
      total += n;
      if (total > cap) {
        const maze = startsLikeTextMaze(Buffer.concat(chunks.slice(0, 2)).toString("latin1"));
        if (maze && cap < Math.min(mazeCap, MAX_STRING)) {
          cap = Math.min(mazeCap, MAX_STRING);
          continue;
        }
        throw tooLarge(name, stat.isFile() ? stat.size : undefined, maze ? mazeCap : cap, hint(stat.isFile() ? stat.size : undefined, maze));
      }
    }
    const text = (chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, total)).toString("utf8");
    // a UTF-8 byte order mark is no part of any input (facts, mazes, levels, CSV, witnesses)
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  } catch (e) {
    if (e instanceof InputError) throw e;
    throw cannotRead(name, e);
  } finally {
    if (path !== 0) closeSync(fd);
  }
}

function cannotRead(name: string, e: unknown): InputError {
  const code = (e as NodeJS.ErrnoException).code;
  const why = code === "ENOENT" ? "no such file" : code === "EISDIR" ? "it is a folder" : (e as Error).message;
  return new InputError(name, undefined, `cannot read: ${why}`);
}
