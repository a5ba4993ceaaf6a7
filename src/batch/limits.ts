/** Size caps of zip reading (src/batch/sources.ts), apart so that the CLI can show them without loading the zip reader. */

/** Size caps of zip reading, in bytes. */
export interface ZipLimits {
  /** largest uncompressed entry (default 16 MiB) */
  entryBytes: number;
  /** largest uncompressed total of an archive's instance entries (default 256 MiB) */
  totalBytes: number;
}
export const DEFAULT_ZIP_LIMITS: ZipLimits = { entryBytes: 16 * 1024 * 1024, totalBytes: 256 * 1024 * 1024 };
