/**
 * The instances of a batch: from .zip archives (read in memory, never extracted), folders
 * (recursively) and single files. Instances are the .lp and .asp entries.
 */
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { strFromU8, unzipSync, type UnzipFileInfo } from "fflate";
import { InputError } from "../errors.js";
import { readTextCapped, tooLarge } from "../files.js";
import { DEFAULT_ZIP_LIMITS, type ZipLimits } from "./limits.js";

export { DEFAULT_ZIP_LIMITS, type ZipLimits } from "./limits.js";

/** One instance to run, or an entry that was refused. */
export type BatchItem =
  | { kind: "instance"; name: string; text: string }
  | { kind: "refused"; name: string; reason: string };

const INSTANCE = /\.(lp|asp)$/i;

/**
 * Lists the instances of every source, in order (folders and archives sorted by name).
 * @param sources paths of .zip files, folders or instance files
 * @throws InputError (exit 65) for a missing source, a corrupt zip, or an archive over the total cap
 */
export function collectInstances(sources: readonly string[], limits: ZipLimits = DEFAULT_ZIP_LIMITS): BatchItem[] {
  const items: BatchItem[] = [];
  for (const source of sources) {
    let stat;
    try {
      stat = statSync(source);
    } catch {
      throw new InputError(source, undefined, "cannot read: no such file or folder");
    }
    if (stat.isDirectory()) {
      for (const path of walkFolder(source)) items.push(readPlain(path, limits));
    } else if (/\.zip$/i.test(source)) {
      if (stat.size > limits.totalBytes) throw tooLarge(source, stat.size, limits.totalBytes);
      items.push(...readZip(source, readFileSync(source), limits));
    } else {
      items.push(readPlain(source, limits));
    }
  }
  return items;
}

/** A plain instance file, or a refused item when it is over the entry cap (checked before reading) or unreadable. */
function readPlain(path: string, limits: ZipLimits): BatchItem {
  try {
    return { kind: "instance", name: path, text: readTextCapped(path, path, limits.entryBytes) };
  } catch (e) {
    if (e instanceof InputError) return { kind: "refused", name: path, reason: e.problem };
    throw e;
  }
}

function walkFolder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...walkFolder(path));
    else if (entry.isFile() && INSTANCE.test(entry.name)) out.push(path);
  }
  return out;
}

/** True for names that could escape a folder when extracted: absolute, drive letters, `..` parts. */
export function unsafeEntryName(name: string): boolean {
  return name.startsWith("/") || name.startsWith("\\") || /^[A-Za-z]:/.test(name) || name.split(/[\\/]/).includes("..");
}

/**
 * The instance entries of a zip archive, decompressed in memory. Unsafe names and
 * entries over the entry cap are returned as refused items; nothing touches the disk.
 * @param zipName the archive's path, used in instance names (`ARCHIVE:ENTRY`)
 * @throws InputError for a corrupt archive or one whose instance entries exceed the total cap
 */
export function readZip(zipName: string, data: Uint8Array, limits: ZipLimits = DEFAULT_ZIP_LIMITS): BatchItem[] {
  const refused: BatchItem[] = [];
  const accepted: UnzipFileInfo[] = [];
  let total = 0;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(data, {
      filter: (file) => {
        if (file.name.endsWith("/") || !INSTANCE.test(file.name)) return false;
        const name = `${zipName}:${file.name}`;
        if (unsafeEntryName(file.name)) {
          refused.push({ kind: "refused", name, reason: "unsafe entry name (absolute or with ..): skipped" });
          return false;
        }
        if (file.originalSize > limits.entryBytes) {
          refused.push({ kind: "refused", name, reason: `entry of ${file.originalSize} bytes uncompressed is over the cap of ${limits.entryBytes}: skipped` });
          return false;
        }
        total += file.originalSize;
        if (total > limits.totalBytes) {
          throw new InputError(zipName, undefined, `the archive's instances exceed ${limits.totalBytes} bytes uncompressed: refused`);
        }
        accepted.push(file);
        return true;
      },
    });
  } catch (e) {
    if (e instanceof InputError) throw e;
    throw new InputError(zipName, undefined, `not a readable zip archive (${e instanceof Error ? e.message : String(e)})`);
  }
  const items: BatchItem[] = [...refused];
  for (const file of accepted.sort((a, b) => a.name.localeCompare(b.name))) {
    const bytes = files[file.name];
    if (!bytes || bytes.length > limits.entryBytes) {
      items.push({ kind: "refused", name: `${zipName}:${file.name}`, reason: "entry larger than its header says: skipped" });
      continue;
    }
    items.push({ kind: "instance", name: `${zipName}:${file.name}`, text: strFromU8(bytes) });
  }
  return items;
}
