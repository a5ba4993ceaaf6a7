/** The project's commands (bin/) run as a user runs them, without blocking the test's worker. */
import { spawn } from "node:child_process";
import { join } from "node:path";

const ROOT = new URL("../..", import.meta.url).pathname;

/** A finished run of a command: its exit code, standard output and standard error. */
export interface Run {
  code: number | null;
  out: string;
  err: string;
}

/**
 * Runs `bin/CMD ARGS` in the project's folder with `input` on standard input.
 * @returns the run, once the process has exited (waits on its end, never on the clock)
 */
export function bin(cmd: string, args: string[], input = ""): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(join(ROOT, "bin", cmd), args, { cwd: ROOT });
    let out = "";
    let err = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (out += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (err += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, out, err }));
    child.stdin.on("error", () => undefined); // a command that reads no input closes it early
    child.stdin.end(input);
  });
}
