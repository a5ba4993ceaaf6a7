/**
 * labsolve batch's results file and times: --resume refuses to add rows made with other
 * options or another version (the file's first line records them), and says so of a file
 * that records none; a row's `seconds` is what the user waits for (reading and parsing
 * included), the search's own time beside it, and the summary names the wall time and
 * the sum of the rows.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseFacts } from "../../src/core/facts.js";
import { generate, toFacts } from "../../src/push/competition/generate.js";
import { runBin } from "../helpers/bin.js";

const ROOT = new URL("../..", import.meta.url).pathname;
const A = join(ROOT, "instances/random-9x9-a.asp");
const B = join(ROOT, "instances/random-6x6-b.asp");

const labsolve = (args: string[]) => runBin("labsolve", args);
const lines = (file: string) => readFileSync(file, "utf8").trim().split("\n");

describe.skipIf(!existsSync(join(ROOT, "dist/src/cli/labsolve.js")))("labsolve batch: the results file records its options; rows' times", { timeout: 120_000 }, () => {
  it("--resume with other options is refused (65), naming each option that differs, and the file is left as it was", () => {
    const out = join(mkdtempSync(join(tmpdir(), "labbatch-")), "results.jsonl");
    const first = labsolve(["batch", A, "--out", out, "--time-limit", "10"]);
    expect(first.code, first.err).toBe(0);
    const before = readFileSync(out, "utf8");
    const other = labsolve(["batch", A, B, "--out", out, "--resume", "--any", "--time-limit", "3"]);
    expect(other.code).toBe(65);
    expect(other.err).toContain(`${out}:1:1: error: --resume`);
    expect(other.err).toContain("--time-limit 10 there, --time-limit 3 here");
    expect(other.err).toContain("--any here");
    expect(other.err).not.toMatch(/memory/);
    expect(readFileSync(out, "utf8")).toBe(before);
    // the same options: the missing instance is added
    const same = labsolve(["batch", A, B, "--out", out, "--resume", "--time-limit", "10", "--format", "json"]);
    expect(same.code, same.err).toBe(0);
    expect(JSON.parse(same.out).instances.map((r: { instance: string }) => r.instance).sort()).toEqual([B, A].sort());
  });

  it("--help says a row gets one search thread where labsolve takes every core; --threads gives more, is recorded, and gives the same rows", () => {
    const help = labsolve(["batch", "--help"]).out.replace(/\s+/g, " ");
    expect(help).toContain("--threads search threads each (default 1), where labsolve on one instance uses every core");
    const dir = mkdtempSync(join(tmpdir(), "labbatch-"));
    const one = labsolve(["batch", A, B, "--format", "json", "--out", join(dir, "one.jsonl")]);
    const two = labsolve(["batch", A, B, "--format", "json", "--threads", "2", "-j", "1", "--out", join(dir, "two.jsonl")]);
    expect(two.code, two.err).toBe(0);
    const rows = (r: typeof one) => JSON.parse(r.out).instances.map((x: { instance: string; status: string; upperBound: number; optimal: boolean }) => [x.instance, x.status, x.upperBound, x.optimal]);
    expect(rows(two)).toEqual(rows(one));
    expect(JSON.parse(lines(join(dir, "two.jsonl"))[0]).batch.threads).toBe(2);
    const other = labsolve(["batch", A, B, "--out", join(dir, "two.jsonl"), "--resume"]);
    expect(other.code).toBe(65);
    expect(other.err).toContain("--threads 2 there, --threads 1 here");
  });

  it("another version's file is refused, and so are a file of the older rows' shape and a file that records no options", () => {
    const dir = mkdtempSync(join(tmpdir(), "labbatch-"));
    const out = join(dir, "results.jsonl");
    expect(labsolve(["batch", A, "--out", out]).code).toBe(0);
    const [settings, ...rows] = lines(out);
    const recorded = JSON.parse(settings).batch;
    writeFileSync(out, [JSON.stringify({ batch: { ...recorded, version: "0.0.1" } }), ...rows, ""].join("\n"));
    const old = labsolve(["batch", A, B, "--out", out, "--resume"]);
    expect(old.code).toBe(65);
    expect(old.err).toContain("labyrinth 0.0.1 there");
    // the options line of a version whose rows had the older shape (status "solved", pushes)
    const { rows: _shape, ...older } = recorded;
    writeFileSync(out, [JSON.stringify({ batch: older }), ...rows, ""].join("\n"));
    const shape = labsolve(["batch", A, B, "--out", out, "--resume"]);
    expect(shape.code).toBe(65);
    expect(shape.err).toContain(`${out}:1:1: error: --resume: the rows of this file were made otherwise (rows of the older shape (status "solved", pushes) there, rows with the outcome's fields here)`);
    // rows alone, as files were before the options were recorded
    writeFileSync(out, [...rows, ""].join("\n"));
    const legacy = labsolve(["batch", A, B, "--out", out, "--resume"]);
    expect(legacy.code).toBe(65);
    expect(legacy.err).toMatch(/records no options/);
    expect(readFileSync(out, "utf8")).toBe([...rows, ""].join("\n"));
  });

  it("a row's seconds count reading and parsing (a large board, a trivial search); the summary names wall time and the sum of rows", () => {
    const dir = mkdtempSync(join(tmpdir(), "labbatch-"));
    const big = join(dir, "big.lp");
    // 96x96 fields, max_steps 0: a proof at once, after a long parse
    const text = toFacts(generate(96, 0, 3, "random"));
    writeFileSync(big, text);
    const t0 = performance.now();
    parseFacts(readFileSync(big, "utf8"), big);
    const parse = (performance.now() - t0) / 1000;
    const r = labsolve(["batch", big, A, "--format", "json", "-j", "2"]);
    expect(r.code, r.err).toBe(0);
    const report = JSON.parse(r.out);
    const row = report.instances.find((x: { instance: string }) => x.instance === big);
    expect(row.status).toBe("UNSATISFIABLE");
    // the batch read and parsed the same text (and more: the rule set's reader, the check)
    expect(row.seconds).toBeGreaterThanOrEqual(parse / 2);
    expect(row.statistics.seconds).toBeLessThan(row.seconds);
    // the batch's wall time covers its slowest row
    const slowest = Math.max(...report.instances.map((x: { seconds: number }) => x.seconds));
    expect(report.summary.wallSeconds).toBeGreaterThanOrEqual(slowest);
    expect(report.summary).toHaveProperty("rowSecondsSum");
    expect(report.summary).not.toHaveProperty("totalSeconds");
    const md = labsolve(["batch", A, B]);
    expect(md.out).toMatch(/\| wall time \(s\) \| sum of rows \(s\) \|/);
  });
});
