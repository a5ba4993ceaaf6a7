/**
 * Issue 18 (what a new user hit): the wrong answers, exits and messages, one describe per
 * item. Each test runs the built commands (bin/) in a child process.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = new URL("..", import.meta.url).pathname;
const EXAMPLE = join(ROOT, "instances/example-4x4.lp");

/** Runs bin/CMD with args (and standard input). */
function sh(cmd: string, args: string[], input = "") {
  const r = spawnSync(join(ROOT, "bin", cmd), args, { input, encoding: "utf8", cwd: ROOT, timeout: 60_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** A file with `text` in a new temporary folder. */
function tmp(name: string, text: string): string {
  const file = join(mkdtempSync(join(tmpdir(), "labyrinth-18-")), name);
  writeFileSync(file, text);
  return file;
}

describe("item 4: exit codes are clingo's in every format (OPTIMUM FOUND exits 30)", () => {
  it("clingo format: OPTIMUM FOUND and exit 30", () => {
    const r = sh("labsolve", ["--format", "clingo", EXAMPLE]);
    expect(r.out).toContain("OPTIMUM FOUND");
    expect(r.code).toBe(30);
  });

  it.each(["competition", "json"])("%s format: a proven shortest solution exits 30", (format) => {
    const r = sh("labsolve", ["--format", format, EXAMPLE]);
    expect(r.code).toBe(30);
    if (format === "json") expect(JSON.parse(r.out)).toMatchObject({ optimal: true, exitCode: 30 });
  });

  it("-n 2 (an enumeration cut short, no optimum) exits 10; -n 0 exits 30", () => {
    const two = sh("labsolve", ["-n", "2", "--format", "json", EXAMPLE]);
    expect(two.code).toBe(10);
    expect(JSON.parse(two.out).exitCode).toBe(10);
    expect(sh("labsolve", ["-n", "0", EXAMPLE]).code).toBe(30);
  });
});

describe("item 3: a time limit past Node's longest timer (2147484 s and more) is no limit, not an instant stop", () => {
  it.each(["99999999", "2147484", "9".repeat(60)])("--time-limit %s: the run ends by itself (proven, exit 30), not interrupted", (limit) => {
    const r = sh("labsolve", ["--time-limit", limit, join(ROOT, "instances/0060-labyrinth-9-0.asp")]);
    expect(r.out).not.toContain("interrupted");
    expect(r.err).not.toContain("TimeoutOverflowWarning");
    expect(r.code).toBe(30);
  });

  it("batch --time-limit 99999999: the rows are solved, not unknown", () => {
    const out = join(mkdtempSync(join(tmpdir(), "labyrinth-18-")), "rows.csv");
    const r = sh("labsolve", ["batch", "--time-limit", "99999999", "--out", out, join(ROOT, "instances/0060-labyrinth-9-0.asp")]);
    expect(r.code).toBe(0);
    expect(JSON.parse(readFileSync(out, "utf8").trim())).toMatchObject({ status: "solved", optimal: true });
  });
});
