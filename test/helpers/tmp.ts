/** Temporary files for the tests, each in a folder of its own under the system's temporary folder. */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A new empty folder under the system's temporary folder, its name starting with `prefix`; its path. */
export function tmpDir(prefix = "labyrinth-"): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** A file named `name` holding `text`, in a new temporary folder; its path. */
export function tmpFile(name: string, text: string | Uint8Array): string {
  const file = join(tmpDir(), name);
  writeFileSync(file, text);
  return file;
}
