/**
 * Reading the files users give us with a size cap, checked before the text is read (a
 * plain file's size from stat) or while it is read (standard input, pipes, devices), so
 * that a huge file is refused at once instead of filling the memory.
 */
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { InputError } from "./errors.js";

/** The largest instance or witness file read by default, in bytes (16 MiB, as a zip entry: src/batch/limits.ts). */
export const MAX_FILE_BYTES = 16 * 1024 * 1024;

/** The largest solver output labcheck reads (it may hold many answers), in bytes (256 MiB). */
export const MAX_OUTPUT_BYTES = 256 * 1024 * 1024;

/** `16 MiB`, `512 KiB`, `100 bytes`. */
export function formatBytes(bytes: number): string {
  if (bytes >= 2 ** 20 && bytes % 2 ** 20 === 0) return `${bytes / 2 ** 20} MiB`;
  if (bytes >= 2 ** 10 && bytes % 2 ** 10 === 0) return `${bytes / 2 ** 10} KiB`;
  return `${bytes} bytes`;
}

/** The InputError of a file over the cap (`FILE: error: ...`). */
export function tooLarge(name: string, bytes: number | undefined, maxBytes: number): InputError {
  const what = bytes === undefined ? "the input is" : `the file is ${bytes} bytes,`;
  return new InputError(name, undefined, `${what} over the cap of ${formatBytes(maxBytes)} (${maxBytes} bytes): not read`);
}

/**
 * Reads a file, or standard input for fd 0, as UTF-8 text of at most `maxBytes` bytes,
 * without a leading byte order mark (columns in messages count from the character after it).
 * @param path a path, or 0 for standard input
 * @param name the name messages use (`<stdin>`, or the path as given)
 * @throws InputError over the cap (before reading a plain file), or when the file cannot be read
 */
export function readTextCapped(path: string | 0, name: string, maxBytes = MAX_FILE_BYTES): string {
  let fd: number;
  try {
    fd = path === 0 ? 0 : openSync(path, "r");
  } catch (e) {
    throw cannotRead(name, e);
  }
  try {
    const stat = fstatSync(fd);
    if (stat.isDirectory()) throw new InputError(name, undefined, "cannot read: it is a folder");
    if (stat.isFile() && stat.size > maxBytes) throw tooLarge(name, stat.size, maxBytes);
    // read to the end, or one byte past the cap (the size may change, a pipe has none)
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(1 << 16, maxBytes + 1 - total));
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
      if (total > maxBytes) throw tooLarge(name, stat.isFile() ? stat.size : undefined, maxBytes);
    }
    const text = Buffer.concat(chunks, total).toString("utf8");
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
