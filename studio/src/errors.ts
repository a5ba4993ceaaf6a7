/**
 * Errors as the commands print them: an input error is already `FILE:LINE:COL: error:
 * ...` (src/core/errors.ts); anything else becomes `error: ...`.
 */

/** The message the page shows for a thrown value. */
export function describeError(e: unknown): string {
  if (e instanceof Error) return e.name === "InputError" || /^\S+:\d+:\d+: error: /.test(e.message) || /^\S+: error: /.test(e.message) ? e.message : `error: ${e.message}`;
  return `error: ${String(e)}`;
}

/** Where an error points: its file, 1-based line and column, when it names them. */
export interface ErrorPlace {
  file: string;
  line: number;
  column: number;
}

/** The place `FILE:LINE:COL: ` at the start of an error message, if any. */
export function errorPlace(message: string): ErrorPlace | undefined {
  const m = /^(.*?):(\d+):(\d+): (?:error|warning): /.exec(message.replace(/^Error: /, ""));
  return m ? { file: m[1], line: Number(m[2]), column: Number(m[3]) } : undefined;
}
