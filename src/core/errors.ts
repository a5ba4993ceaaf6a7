/**
 * Errors in what a user gave us, and the exit codes the tools share with clingo.
 * Source of the codes: ../shared/spec/asp-competition-io.md ("Exit codes").
 */

/** clingo's bit-encoded exit codes. */
export const ExitCode = {
  /** a solution was found, search not exhausted */
  Satisfiable: 10,
  /** search exhausted, no solution */
  Unsatisfiable: 20,
  /** solutions found and search exhausted */
  Exhausted: 30,
  /** interrupted without a result */
  Interrupted: 1,
  /** interrupted after finding a solution */
  InterruptedWithAnswer: 11,
  /** the run could not start: syntax error, bad input */
  BadInput: 65,
  /** out of memory */
  OutOfMemory: 33,
} as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

/** A 1-based position in a text the user gave us. */
export interface SourcePosition {
  /** 1-based line */
  line: number;
  /** 1-based column */
  column: number;
}

/**
 * A problem with the user's input. `toString()` gives the compiler-style line
 * `FILE:LINE:COL: error: MESSAGE` that the command-line tools print before exiting 65.
 */
export class InputError extends Error {
  /**
   * @param file the file name as the user gave it (`<stdin>` for standard input)
   * @param position 1-based line and column, or undefined when the problem has no single place
   * @param problem what is wrong and what was expected, without the location prefix
   */
  constructor(
    readonly file: string,
    readonly position: SourcePosition | undefined,
    readonly problem: string,
  ) {
    super(formatDiagnostic(file, position, "error", problem));
    this.name = "InputError";
  }
}

/** `FILE:LINE:COL: KIND: MESSAGE`, or `FILE: KIND: MESSAGE` without a position. */
export function formatDiagnostic(
  file: string,
  position: SourcePosition | undefined,
  kind: "error" | "warning",
  message: string,
): string {
  const where = position ? `${file}:${position.line}:${position.column}` : file;
  return `${where}: ${kind}: ${message}`;
}
