/**
 * The command-line tools under hostile conditions (issue 13): closed pipes, huge numbers,
 * huge files, millions of answers, signals. Each test runs the built commands (bin/) in a
 * child process, with a time limit and, where memory is the point, a small heap.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = new URL("..", import.meta.url).pathname;
const EXAMPLE = join(ROOT, "instances/example-4x4.lp");
const I0032 = join(ROOT, "instances/0032-labyrinth-8-0.asp");

/** Runs a shell command line in the project folder (bin/ on the PATH of the line itself). */
function bash(line: string, env: Record<string, string> = {}) {
  const r = spawnSync("bash", ["-c", line], { encoding: "utf8", cwd: ROOT, env: { ...process.env, ...env }, timeout: 60_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

function tmp(name: string, text: string): string {
  const file = join(mkdtempSync(join(tmpdir(), "labyrinth-")), name);
  writeFileSync(file, text);
  return file;
}

describe("a closed pipe ends the program quietly (issue 13, 2)", () => {
  it.each([
    ["labsolve -n 0", `bin/labsolve -n 0 ${I0032}`],
    ["labgen", "bin/labgen 100 6 --seed 1"],
  ])("%s | head -1: no stack trace, exit 141 (as a filter killed by SIGPIPE)", (_, command) => {
    const r = bash(`set -o pipefail; ${command} 2>"$ERR" | head -1; echo "status $?"; cat "$ERR"`, { ERR: tmp("err", "") });
    expect(r.out.split("\n")[1]).toBe("status 141");
    expect(r.out.split("\n").slice(2).join("\n")).toBe("");
  });
});

