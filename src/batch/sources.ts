/**
 * The instances of a batch: from .zip archives (read in memory, never extracted), folders
 * (recursively, following symbolic links) and single files. Instances are the files and
 * entries the include globs match (default `*.lp` and `*.asp`) and no exclude glob does;
 * those without a field/2 fact (encodings, clingo's incmode.lp) are skipped, saying so.
 */
import { readFileSync, readdirSync, realpathSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import * as zlib from "node:zlib";
import { strFromU8, unzipSync, type UnzipFileInfo } from "fflate";
import picomatch from "picomatch";
import { InputError } from "../core/errors.js";
import { readTextCapped, tooLarge } from "../core/files.js";
import { DEFAULT_ZIP_LIMITS, type ZipLimits } from "./limits.js";

export { DEFAULT_ZIP_LIMITS, type ZipLimits } from "./limits.js";

/** One instance to run, an entry that was refused (an error row), or one skipped with a note (not an instance). */
export type BatchItem =
  | {
      kind: "instance";
      name: string;
      text: string;
      /** seconds spent reading it (a file read; a zip entry's share of the unzipping by size, its check and decoding) */
      readSeconds?: number;
      /** the file it was read from, when the name is not the file's (`FILE#K`, instance K of a file of several): messages point at the file */
      file?: string;
    }
  | { kind: "refused"; name: string; reason: string }
  | { kind: "skipped"; name: string; reason: string };

/** Which files of folders and zips are instances: picomatch globs, matched against the path below the folder or the entry name; a glob without `/` matches the file's own name. */
export interface InstanceFilter {
  /** default `*.lp`, `*.asp` */
  include?: readonly string[];
  exclude?: readonly string[];
}

export const DEFAULT_INCLUDE: readonly string[] = ["*.lp", "*.asp"];

/** A field/2 fact at the start of a line: `field(1,` (an encoding's `field(X,Y)` is no fact). */
const FIELD_FACT = /^[ \t]*field[ \t]*\([ \t]*-?\d/m;

/**
 * Lists the instances of every source, in order (folders and archives sorted by name).
 * A file given by name is read whatever its name; folders and zips are filtered.
 * @param sources paths of .zip files, folders or instance files
 * @throws InputError (exit 65) for a missing source, a corrupt zip, or an archive over the total cap
 */
export function collectInstances(sources: readonly string[], limits: ZipLimits = DEFAULT_ZIP_LIMITS, filter: InstanceFilter = {}): BatchItem[] {
  const items: BatchItem[] = [];
  const included = globMatcher(filter.include ?? DEFAULT_INCLUDE);
  const excluded = globMatcher(filter.exclude ?? []);
  const wanted = (path: string): boolean => included(path) && !excluded(path);
  for (const source of sources) {
    let stat;
    try {
      stat = statSync(source);
    } catch {
      throw new InputError(source, undefined, "cannot read: no such file or folder");
    }
    if (stat.isDirectory()) {
      for (const item of walkFolder(source, source, wanted, new Set([realpathSync(source)]))) {
        items.push(item.kind === "instance" ? readPlain(item.name, limits) : item);
      }
    } else if (/\.zip$/i.test(source)) {
      // (compressed, a zip is smaller than its instances' total: over it, it is refused unread)
      if (stat.size > limits.totalBytes) throw tooLarge(source, stat.size, limits.totalBytes);
      items.push(...readZip(source, readFileSync(source), limits, wanted));
    } else {
      items.push(readPlain(source, limits));
    }
  }
  return items.map(notAnInstance);
}

/**
 * One test of a path (relative to its folder, or a zip's entry name, `/`-separated) against
 * globs: a glob without `/` matches the file's own name, one with `/` the whole path.
 * (picomatch's `basename` option alone makes a glob with `/` match nothing.)
 * @returns false for every path when there are no globs
 */
function globMatcher(globs: readonly string[]): (path: string) => boolean {
  const byName = globs.filter((g) => !g.includes("/"));
  const byPath = globs.filter((g) => g.includes("/"));
  const name = byName.length > 0 ? picomatch(byName, { basename: true, dot: true }) : () => false;
  const path = byPath.length > 0 ? picomatch(byPath, { dot: true }) : () => false;
  return (p) => name(p) || path(p);
}

/** A rule (`:-`) or a directive (`#show`, `#include <incmode>`, `#program base.`): an ASP program. */
const PROGRAM = /:-|^[ \t]*#[a-z]+/m;
/** Control characters no text file holds: binary data, never an encoding. */
const BINARY = /[\x00-\x08\x0e-\x1a\x1c-\x1f]/;

/**
 * An instance item whose text has no field/2 fact and reads as an ASP program (an
 * encoding, incmode.lp) becomes a skipped one. Anything else without field/2 facts
 * (random bytes, a file of other facts) stays an instance: reading it gives its error row.
 */
function notAnInstance(item: BatchItem): BatchItem {
  if (item.kind !== "instance" || FIELD_FACT.test(item.text) || !PROGRAM.test(item.text) || BINARY.test(item.text)) return item;
  return { kind: "skipped", name: item.name, reason: "no field/2 facts: not an instance (an encoding?)" };
}

/** A plain instance file, or a refused item when it is over the entry cap (checked before reading) or unreadable. */
function readPlain(path: string, limits: ZipLimits): BatchItem {
  try {
    const started = performance.now();
    const text = readTextCapped(path, path, limits.entryBytes);
    return { kind: "instance", name: path, text, readSeconds: (performance.now() - started) / 1000 };
  } catch (e) {
    if (e instanceof InputError) return { kind: "refused", name: path, reason: e.problem };
    throw e;
  }
}

/**
 * The wanted files below `dir` (instance items without text yet) and the symbolic links
 * skipped with the reason. Links are followed, to files and to folders; a link to a
 * folder already on the way down (a loop) or already listed, and a broken link, are skipped.
 */
function walkFolder(root: string, dir: string, wanted: (path: string) => boolean, seen: Set<string>): BatchItem[] {
  const out: BatchItem[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(dir, entry.name);
    let isDir = entry.isDirectory();
    let isFile = entry.isFile();
    if (entry.isSymbolicLink()) {
      let target;
      try {
        target = statSync(path);
      } catch {
        if (wanted(relative(root, path))) out.push({ kind: "skipped", name: path, reason: "broken symbolic link" });
        continue;
      }
      isDir = target.isDirectory();
      isFile = target.isFile();
    }
    if (isDir) {
      const real = realpathSync(path);
      if (seen.has(real)) {
        out.push({ kind: "skipped", name: path, reason: `symbolic link to a folder already read (${real}): not read twice` });
        continue;
      }
      seen.add(real);
      out.push(...walkFolder(root, path, wanted, seen));
    } else if (isFile && wanted(relative(root, path))) {
      out.push({ kind: "instance", name: path, text: "" });
    }
  }
  return out;
}

/** True for names that could escape a folder when extracted: absolute, drive letters, `..` parts. */
export function unsafeEntryName(name: string): boolean {
  return name.startsWith("/") || name.startsWith("\\") || /^[A-Za-z]:/.test(name) || name.split(/[\\/]/).includes("..");
}

/**
 * The CRC-32 of each entry of a zip's central directory, in order (APPNOTE.TXT 4.3.12,
 * 4.3.16); undefined when the directory cannot be found (fflate then reports the archive).
 */
function centralCrcs(data: Uint8Array): number[] | undefined {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  for (let end = data.length - 22; end >= Math.max(0, data.length - 22 - 65535); end--) {
    if (view.getUint32(end, true) !== 0x06054b50) continue;
    const count = view.getUint16(end + 10, true);
    const crcs: number[] = [];
    for (let i = 0, at = view.getUint32(end + 16, true); i < count; i++) {
      if (at + 46 > data.length || view.getUint32(at, true) !== 0x02014b50) return undefined;
      crcs.push(view.getUint32(at + 16, true));
      at += 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    }
    return crcs;
  }
  return undefined;
}

/**
 * The instance entries of a zip archive, decompressed in memory. Unsafe names, entries
 * over the entry cap and entries whose content does not match their header (size or
 * CRC-32: a corrupt or doctored archive) are returned as refused items; nothing touches
 * the disk.
 * @param zipName the archive's path, used in instance names (`ARCHIVE:ENTRY`)
 * @param wanted which entry names are instances (default: `.lp` and `.asp`)
 * @throws InputError for a corrupt archive or one whose instance entries exceed the total cap
 */
export function readZip(zipName: string, data: Uint8Array, limits: ZipLimits = DEFAULT_ZIP_LIMITS, wanted: (name: string) => boolean = (n) => /\.(lp|asp)$/i.test(n)): BatchItem[] {
  const refused: BatchItem[] = [];
  const accepted: { file: UnzipFileInfo; crc: number | undefined }[] = [];
  const crcs = centralCrcs(data);
  let index = -1;
  let total = 0;
  let files: Record<string, Uint8Array>;
  const unzipping = performance.now();
  try {
    files = unzipSync(data, {
      filter: (file) => {
        index++;
        if (file.name.endsWith("/") || !wanted(file.name)) return false;
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
        accepted.push({ file, crc: crcs?.[index] });
        return true;
      },
    });
  } catch (e) {
    if (e instanceof InputError) throw e;
    throw new InputError(zipName, undefined, `not a readable zip archive (${e instanceof Error ? e.message : String(e)})`);
  }
  const items: BatchItem[] = [...refused];
  const unzipSeconds = (performance.now() - unzipping) / 1000;
  for (const { file, crc } of accepted.sort((a, b) => a.file.name.localeCompare(b.file.name))) {
    const started = performance.now();
    const name = `${zipName}:${file.name}`;
    const bytes = files[file.name];
    if (!bytes || bytes.length !== file.originalSize || bytes.length > limits.entryBytes) {
      items.push({ kind: "refused", name, reason: `entry size differs from its header's ${file.originalSize} bytes: skipped` });
      continue;
    }
    // (zlib.crc32: Node 20.15 and later; older ones check the size only)
    if (crc !== undefined && typeof zlib.crc32 === "function" && zlib.crc32(bytes) >>> 0 !== crc) {
      items.push({ kind: "refused", name, reason: `entry does not match its header's size and CRC-32 (${file.originalSize} bytes): corrupt or altered archive, skipped` });
      continue;
    }
    const text = strFromU8(bytes);
    const share = total > 0 ? (unzipSeconds * file.originalSize) / total : 0;
    items.push({ kind: "instance", name, text, readSeconds: share + (performance.now() - started) / 1000 });
  }
  return items;
}
