/**
 * The project's commands (bin/labsolve, labcheck, labgen, labshow, labbench) run as a user
 * runs them: `runBin` waits for the exit (the test's worker blocked meanwhile), `bin` without
 * blocking it (for tests that run commands side by side). Both wait on the process's end,
 * never on the clock.
 */
import { spawn, spawnSync } from "node:child_process";
import { join } from "node:path";

/** The project's folder (the commands' default working directory), with a trailing slash. */
export const ROOT = new URL("../..", import.meta.url).pathname;

/** The path of the command `cmd` in bin/ (e.g. "labsolve"). */
export function binPath(cmd: string): string {
  return join(ROOT, "bin", cmd);
}

/** A finished run of a command: its exit code (null when a signal ended it), standard output and standard error. */
export interface Run {
  code: number | null;
  out: string;
  err: string;
}

/** How to run a command; every field optional. */
export interface BinOptions {
  /** the text on its standard input (default: none, standard input closed at once) */
  input?: string;
  /** variables added to (or, as undefined, removed from) the test's own environment */
  env?: Record<string, string | undefined>;
  /** its working directory (default: the project's folder) */
  cwd?: string;
  /** a safety cap in milliseconds after which spawnSync kills it (SIGTERM; code null): for commands that might hang */
  timeout?: number;
}

const options = (o: BinOptions | string): BinOptions => (typeof o === "string" ? { input: o } : o);
const environment = (env: BinOptions["env"]): NodeJS.ProcessEnv | undefined => (env ? { ...process.env, ...env } : undefined);

/**
 * Runs `bin/CMD ARGS` and waits for its exit. `opts` is the options or, for short, the text
 * on standard input.
 * @returns the run (outputs up to 256 MiB each)
 */
export function runBin(cmd: string, args: readonly string[], opts: BinOptions | string = {}): Run {
  const o = options(opts);
  const r = spawnSync(binPath(cmd), args, { input: o.input ?? "", cwd: o.cwd ?? ROOT, env: environment(o.env), encoding: "utf8", maxBuffer: 256 << 20, timeout: o.timeout });
  if (r.error && r.status === null && r.signal === null) throw r.error;
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/**
 * Runs `bin/CMD ARGS` without blocking the test's worker, as runBin does otherwise.
 * @returns the run, once the process has exited
 */
export function bin(cmd: string, args: readonly string[], opts: BinOptions | string = {}): Promise<Run> {
  const o = options(opts);
  return new Promise((resolve, reject) => {
    const child = spawn(binPath(cmd), args, { cwd: o.cwd ?? ROOT, env: environment(o.env) });
    let out = "";
    let err = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (out += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (err += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, out, err }));
    child.stdin.on("error", () => undefined); // a command that reads no input closes it early
    child.stdin.end(o.input ?? "");
  });
}
