/**
 * scripts/depth-nodes.ts end to end (the numbers BENCHMARKS.md quotes): its options as
 * commander reads them, its line per instance, and bad input as every command reports
 * it (`FILE:LINE:COL: error:` or `depth-nodes: error:`, exit 65, no stack trace).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../../../../..");
const SCRIPT = join(ROOT, "dist/scripts/depth-nodes.js");
const EXAMPLE = join(ROOT, "instances/example-4x4.lp");
const run = (...args: string[]): ReturnType<typeof spawnSync> => spawnSync(process.execPath, [SCRIPT, ...args], { encoding: "utf8" });

describe("scripts/depth-nodes", () => {
  it("searches to --depth and stops at the first solution; --models 0 counts them all", () => {
    // the example's fewest is 2 pushes: depth 2 holds the first solution
    const one = run("--depth", "3", EXAMPLE);
    expect(one.status).toBe(0);
    expect(String(one.stdout)).toMatch(/^example-4x4\.lp 0:\d+ 1:\d+ 2:\d+\+? solutions=1 /);
    const all = run("--depth", "2", "--models", "0", "--plies", EXAMPLE);
    expect(all.status).toBe(0);
    expect(String(all.stdout)).toMatch(/ 2:\d+ solutions=([2-9]|\d\d+) .* plies=\d+,\d+$/m);
  }, 60_000);

  it("--help lists the rules' switches; a bad option, value or file is an error with exit 65 and no stack trace", () => {
    const help = run("--help");
    expect(help.status).toBe(0);
    expect(String(help.stdout)).toMatch(/--no-second/);
    const bogus = run("--bogus", EXAMPLE);
    expect(bogus.status).toBe(65);
    expect(String(bogus.stderr)).toMatch(/^depth-nodes: error: unknown option '--bogus'/);
    const depth = run("--depth", "x", EXAMPLE);
    expect(depth.status).toBe(65);
    expect(String(depth.stderr)).toMatch(/^depth-nodes: error: option '--depth <d>' argument 'x' is invalid/);
    const dir = mkdtempSync(join(tmpdir(), "depth-nodes-"));
    const bad = join(dir, "bad.lp");
    writeFileSync(bad, "row(1).\nfoo(");
    const broken = run(bad);
    expect(broken.status).toBe(65);
    expect(String(broken.stderr)).toMatch(new RegExp(`^${bad.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:2:5: error: `));
    for (const r of [bogus, depth, broken]) expect(String(r.stderr)).not.toMatch(/\n\s+at /);
  }, 60_000);
});
