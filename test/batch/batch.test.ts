/** labsolve batch: zips, folders, bad entries, results file and resume. */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { generate, toFacts } from "../../src/push/competition/generate.js";
import { vastUnsolvableFacts } from "../helpers/slow.js";
import type { BatchRow } from "../../src/core/plugin.js";
import { runBin } from "../helpers/bin.js";

const ROOT = new URL("../..", import.meta.url).pathname;
const EXAMPLE_FILE = join(ROOT, "instances/example-4x4.lp");
const SHARED_ZIP = join(ROOT, "..", "shared", "instances", "aspcomp2013-labyrinth-15.zip");
const EXAMPLE = readFileSync(join(ROOT, "instances/example-4x4.lp"), "utf8");

const batch = (args: string[]) => runBin("labsolve", ["batch", ...args]);

/** one line of the results file, as the product declares it */
type Row = BatchRow;

const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
ajv.addSchema(JSON.parse(readFileSync(join(ROOT, "schema/outcome.schema.json"), "utf8")) as object);
const validateRow = ajv.compile(JSON.parse(readFileSync(join(ROOT, "schema/batch-row.schema.json"), "utf8")) as object);

/** The --format json report; every row valid against schema/batch-row.schema.json. */
function report(out: string): { summary: Record<string, number>; instances: Row[] } {
  const r = JSON.parse(out) as { summary: Record<string, number>; instances: Row[] };
  for (const row of r.instances) expect(validateRow(row) ? [] : validateRow.errors, row.instance).toEqual([]);
  return r;
}

const tmp = () => mkdtempSync(join(tmpdir(), "labbatch-"));

describe("labsolve batch", () => {
  it("solves a folder and agrees with clingo's expected outcomes", () => {
    const r = batch(["instances", "--format", "json", "--jobs", "2"]);
    expect(r.code).toBe(0);
    const { summary, instances } = report(r.out);
    const names = readdirSync(join(ROOT, "instances")).filter((f) => /\.(lp|asp)$/.test(f)); // subfolders hold other rule sets' levels
    expect(summary.instances).toBe(names.length);
    for (const row of instances) {
      const base = row.instance.replace(/^instances\//, "").replace(/\.(lp|asp)$/, "");
      const expected = JSON.parse(readFileSync(join(ROOT, "expected", `${base}.json`), "utf8"));
      expect(row.upperBound, row.instance).toBe(expected.fewest);
      expect(row.fewest, row.instance).toBe(expected.fewest);
      expect(row.status, row.instance).toBe(expected.status === "SATISFIABLE" ? "OPTIMUM FOUND" : "UNSATISFIABLE");
      expect(row.rules).toBe("competition");
      if (row.status === "OPTIMUM FOUND") {
        expect(row.verified).toBe(true);
        // every one is proven shortest here: the lower bound is the optimum
        expect(row).toMatchObject({ optimal: true, lowerBound: expected.fewest });
      } else {
        expect(row).toMatchObject({ optimal: false, exitCode: 20, witness: null, lowerBound: (row.max_steps as number) + 1 });
      }
    }
    const md = batch(["instances", "--jobs", "2"]).out;
    expect(md).toMatch(/\| instance \| rules \| status \| exit \| cost \| answer \| fewest \| seconds \| search \| verified \|/);
    expect(md).toMatch(/\| instances\/example-4x4\.lp \| competition \| OPTIMUM FOUND \| 30 \| pushes \| 2 \| 2 \| [\d.]+ \| [\d.]+ \| yes \|/);
    expect(r.err).toMatch(/^\[1\/11\] instances\//); // plain progress lines when stderr is not a terminal
  });

  it.skipIf(!existsSync(SHARED_ZIP))("reads the competition's zip in memory (skips without ../shared)", () => {
    const r = batch([SHARED_ZIP, "--max-steps", "3", "--format", "json"]);
    expect(r.code).toBe(0);
    const { summary, instances } = report(r.out);
    expect(summary.instances).toBe(15);
    expect(summary.errors).toBe(0);
    // clingo needs 4, 4 and 5 pushes for these (issue #3): none within 3
    for (const id of ["0025", "0045", "0060"]) {
      expect(instances.find((x) => x.instance.includes(`labyrinth/${id}-`))?.status).toBe("UNSATISFIABLE");
    }
    expect(instances.every((x) => x.instance.startsWith(`${SHARED_ZIP}:labyrinth/`))).toBe(true);
  }, 30_000);

  it("reports bad entries of a zip as errors and goes on: broken instance, traversal names, oversized entry", () => {
    const dir = tmp();
    const zip = join(dir, "mixed.zip");
    writeFileSync(
      zip,
      zipSync({
        "set/good.lp": strToU8(EXAMPLE),
        "set/deep/nested/good2.asp": strToU8(EXAMPLE),
        "set/broken.lp": strToU8("field(1,1) field(1,2)."),
        "set/square.lp": strToU8("field(1,1). field(1,2). init_on(1,1). goal_on(1,1). max_steps(1)."),
        "../evil.lp": strToU8(EXAMPLE),
        "/etc/abs.lp": strToU8(EXAMPLE),
        "set/huge.lp": new Uint8Array(17 * 1024 * 1024).fill(0x20),
        "set/wide.lp": strToU8(toFacts(generate(129, 1, 1, "random"))),
        "set/readme.txt": strToU8("not an instance"),
      }),
    );
    const r = batch([zip, "--format", "json"]);
    expect(r.code).toBe(65);
    const rows = new Map(report(r.out).instances.map((x) => [x.instance.slice(zip.length + 1), x]));
    expect([...rows.keys()].sort()).toEqual(["../evil.lp", "/etc/abs.lp", "set/broken.lp", "set/deep/nested/good2.asp", "set/good.lp", "set/huge.lp", "set/square.lp", "set/wide.lp"]);
    expect(rows.get("set/good.lp")).toMatchObject({ status: "OPTIMUM FOUND", upperBound: 2, verified: true });
    expect(rows.get("set/deep/nested/good2.asp")).toMatchObject({ status: "OPTIMUM FOUND", upperBound: 2 });
    expect(rows.get("set/broken.lp")?.error).toBe(`${zip}:set/broken.lp:1:12: error: expected ".", found "f"`);
    expect(rows.get("set/square.lp")?.error).toMatch(/the board is not a complete 2x2 square/);
    expect(rows.get("../evil.lp")).toMatchObject({ errorKind: "input", exitCode: 65, rules: null, error: "unsafe entry name (absolute or with ..): skipped" });
    expect(rows.get("/etc/abs.lp")?.errorKind).toBe("input");
    expect(rows.get("set/huge.lp")?.error).toBe("entry of 17825792 bytes uncompressed is over the cap of 16777216: skipped");
    expect(rows.get("set/wide.lp")).toMatchObject({ errorKind: "input", rules: "competition", N: 129, error: `${zip}:set/wide.lp:129:1: error: the board is 129x129; labsolve handles boards up to 128x128` });
    expect(existsSync(join(dir, "..", "evil.lp"))).toBe(false);
    expect(readdirSync(dir)).toEqual(["mixed.zip"]); // nothing extracted
  });

  it("refuses an archive over the total cap, and a corrupt zip, with exit 65", () => {
    const dir = tmp();
    const big = join(dir, "big.zip");
    writeFileSync(big, zipSync({ "a.lp": new Uint8Array(2 * 1024 * 1024).fill(0x20), "b.lp": new Uint8Array(2 * 1024 * 1024).fill(0x20) }));
    expect(batch([big, "--max-zip-mb", "3"])).toMatchObject({ code: 65, err: `${big}: error: the archive's instances exceed 3145728 bytes uncompressed: refused\n` });
    const corrupt = join(dir, "corrupt.zip");
    writeFileSync(corrupt, Buffer.from("PK\u0003\u0004 this is not really a zip archive at all"));
    const r = batch([corrupt]);
    expect(r.code).toBe(65);
    expect(r.err).toMatch(new RegExp(`^${corrupt}: error: not a readable zip archive`));
  });

  it("exits 1 when some instance ran out of time", () => {
    const dir = tmp();
    writeFileSync(join(dir, "slow.lp"), vastUnsolvableFacts(20, 30));
    writeFileSync(join(dir, "quick.lp"), EXAMPLE);
    const r = batch([dir, "--time-limit", "0.3", "--format", "csv"]);
    expect(r.code).toBe(1);
    expect(r.out.split("\n")[0]).toBe("instance,rules,status,exitCode,cost,upperBound,fewest,optimal,lowerBound,seconds,searchSeconds,states,verified,interruptedBy,errorKind,error");
    expect(r.out).toMatch(/slow\.lp,competition,UNKNOWN,1,pushes,,,false,\d+,[\d.]+,[\d.]+,\d+,,time limit,,no answer: interrupted: time limit\n/);
    expect(r.out).toMatch(/quick\.lp,competition,OPTIMUM FOUND,30,pushes,2,2,true,2,[\d.]+,[\d.]+,\d+,true,,,\n/);
  });

  it("an interrupted batch resumed with --resume ends with the same results as an uninterrupted one", async () => {
    const dir = tmp();
    const set = join(dir, "set");
    mkdirSync(join(set, "nested", "deeper"), { recursive: true });
    for (let k = 0; k < 4; k++) {
      writeFileSync(join(set, `quick${k}.lp`), toFacts(generate(5, 3, 300 + k, "maze")));
      writeFileSync(join(set, "nested", "deeper", `slow${k}.lp`), vastUnsolvableFacts(18, 30, 400 + k));
    }
    const args = [set, "--jobs", "1", "--time-limit", "0.4", "--format", "json"];
    const whole = join(dir, "whole.jsonl");
    batch([...args, "--out", whole]);

    const parts = join(dir, "parts.jsonl");
    const child = spawn(join(ROOT, "bin/labsolve"), ["batch", ...args, "--out", parts], { cwd: ROOT, stdio: "ignore" });
    const exited = new Promise((r) => child.on("exit", r));
    // (the file's first line records the options; rows follow)
    const rowsIn = (file: string) => readFileSync(file, "utf8").split("\n").filter((l) => l.includes('"instance"')).length;
    while (!existsSync(parts) || rowsIn(parts) < 2) await new Promise((r) => setTimeout(r, 20));
    child.kill("SIGKILL");
    await exited;
    const cut = rowsIn(parts);
    expect(cut).toBeGreaterThanOrEqual(2);
    expect(cut).toBeLessThan(8); // really interrupted

    // without --resume the file is not touched
    const before = readFileSync(parts, "utf8");
    expect(batch([...args, "--out", parts]).code).toBe(65);
    expect(readFileSync(parts, "utf8")).toBe(before);

    batch([...args, "--out", parts, "--resume"]);
    const stable = (file: string) =>
      readFileSync(file, "utf8")
        .trim()
        .split("\n")
        .map((l) => {
          // (how far a timed-out search got depends on the machine's speed)
          const { seconds: _s, statistics: _st, lowerBound, ...rest } = JSON.parse(l);
          return JSON.stringify(rest.status === "UNKNOWN" ? rest : { ...rest, lowerBound });
        })
        .sort();
    expect(stable(parts)).toEqual(stable(whole));
    expect(stable(whole)).toHaveLength(9); // the options' line and 8 rows
    expect(stable(whole).filter((l) => l.includes("/nested/deeper/slow"))).toHaveLength(4); // folders are read recursively
  }, 60_000);
});

describe("labsolve batch: what is an instance, what is said, what the exit code says", { timeout: 60_000 }, () => {
  it("follows symbolic links to files and folders, and says which links it skipped and why (broken, a loop)", () => {
    const dir = tmp();
    const other = tmp();
    writeFileSync(join(other, "linked.asp"), EXAMPLE);
    mkdirSync(join(dir, "sub"));
    writeFileSync(join(dir, "real.lp"), EXAMPLE);
    symlinkSync(join(other, "linked.asp"), join(dir, "linked.asp"));
    symlinkSync(other, join(dir, "elsewhere"));
    symlinkSync("nowhere.lp", join(dir, "broken.lp"));
    symlinkSync("..", join(dir, "sub", "up"));
    const r = batch([dir, "--format", "json"]);
    expect(r.code).toBe(0);
    expect(report(r.out).instances.map((x) => [x.instance.slice(dir.length + 1), x.status])).toEqual([
      ["elsewhere/linked.asp", "OPTIMUM FOUND"],
      ["linked.asp", "OPTIMUM FOUND"],
      ["real.lp", "OPTIMUM FOUND"],
    ]);
    expect(r.err).toContain(`note: ${join(dir, "broken.lp")}: skipped: broken symbolic link\n`);
    expect(r.err).toContain(`note: ${join(dir, "sub", "up")}: skipped: symbolic link to a folder already read`);
  });

  it("no instance at all is an error (exit 65): an empty folder, a folder of encodings", () => {
    const empty = tmp();
    const r = batch([empty]);
    expect(r.code).toBe(65);
    expect(r.err).toBe(`${empty}: error: no instances found: expected .lp or .asp files with field/2 facts, or the files --include chooses (text mazes, levels, CSV graphs)\n`);
    const encodings = tmp();
    writeFileSync(join(encodings, "encoding.asp"), "reach(X,Y) :- field(X,Y), init_on(X,Y).\n");
    const e = batch([encodings]);
    expect(e.code).toBe(65);
    expect(e.err).toMatch(/note: .*encoding\.asp: skipped: no field\/2 facts: not an instance \(an encoding\?\)\n.*error: no instances found \(1 file\(s\) skipped/s);
  });

  it("the competition's folder: encodings and incmode.lp are skipped with a note, not errors; --include and --exclude choose the files", () => {
    const dir = tmp();
    writeFileSync(join(dir, "0001-labyrinth-4-0.asp"), EXAMPLE);
    writeFileSync(join(dir, "0002-labyrinth-4-0.lp"), EXAMPLE);
    writeFileSync(join(dir, "encoding.asp"), "reach(X,Y) :- field(X,Y), init_on(X,Y).\n#show push/3.\n");
    writeFileSync(join(dir, "encoding_single.asp"), "field(X,Y) :- cell(X,Y).\n");
    writeFileSync(join(dir, "incmode.lp"), "#include <incmode>.\n#program base.\n");
    const r = batch([dir, "--format", "json"]);
    expect(r.code).toBe(0);
    expect(report(r.out).instances.map((x) => x.instance.slice(dir.length + 1))).toEqual(["0001-labyrinth-4-0.asp", "0002-labyrinth-4-0.lp"]);
    for (const f of ["encoding.asp", "encoding_single.asp", "incmode.lp"]) expect(r.err).toContain(`note: ${join(dir, f)}: skipped: no field/2 facts`);
    const chosen = batch([dir, "--include", "*.asp", "--exclude", "encoding*", "--format", "json"]);
    expect(chosen.code).toBe(0);
    expect(report(chosen.out).instances.map((x) => x.instance.slice(dir.length + 1))).toEqual(["0001-labyrinth-4-0.asp"]);
    expect(chosen.err).not.toContain("skipped");
  });

  it("shortest mode: an answer cut off by --time-limit is not proven shortest and the batch exits 1, as labsolve exits 11", () => {
    const dir = tmp();
    // 28x28: the beam answers in well under a second, proving its optimum takes far longer than
    // the limit (a 20x20 board with a 2 s limit was proven on a quiet machine, or not answered on a loaded one)
    writeFileSync(join(dir, "maze-28.lp"), toFacts(generate(28, 30, 7, "maze")));
    const r = batch([dir, "--time-limit", "8", "--format", "json"]);
    expect(r.code).toBe(1);
    const [row] = report(r.out).instances;
    expect(row).toMatchObject({ status: "SATISFIABLE", exitCode: 11, optimal: false, fewest: null, verified: true, interrupted: true, interruptedBy: "time limit" });
    expect(row.lowerBound).toBeLessThan(row.upperBound as number);
    const single = spawnSync(join(ROOT, "bin/labsolve"), ["--time-limit", "8", join(dir, "maze-28.lp")], { encoding: "utf8" });
    expect(single.status).toBe(11);
    // --any: the task is done with any answer
    expect(batch([dir, "--any", "--time-limit", "20"]).code).toBe(0);
  });

  it("a zip entry longer than its header says is refused for its size and checksum, not read as a cut instance", () => {
    const dir = tmp();
    const zip = join(dir, "doctored.zip");
    const data = zipSync({ "set/good.lp": strToU8(EXAMPLE), "set/long.lp": strToU8(EXAMPLE) });
    const view = new DataView(data.buffer);
    // the second entry's uncompressed size, in its local header and in the central directory: 100
    const local = [...Array(data.length - 4).keys()].filter((i) => view.getUint32(i, true) === 0x04034b50);
    const central = [...Array(data.length - 4).keys()].filter((i) => view.getUint32(i, true) === 0x02014b50);
    view.setUint32(local[1] + 22, 100, true);
    view.setUint32(central[1] + 24, 100, true);
    writeFileSync(zip, data);
    const r = batch([zip, "--format", "json"]);
    expect(r.code).toBe(65);
    const rows = report(r.out).instances;
    expect(rows.map((x) => [x.instance.slice(zip.length + 1), x.status, x.errorKind])).toEqual([
      ["set/good.lp", "OPTIMUM FOUND", undefined],
      ["set/long.lp", "UNKNOWN", "input"],
    ]);
    expect(rows[1].error).toBe("entry does not match its header's size and CRC-32 (100 bytes): corrupt or altered archive, skipped");
  });

  it("--resume with nothing left says so and counts from the instances already done", () => {
    const dir = tmp();
    writeFileSync(join(dir, "a.lp"), EXAMPLE);
    writeFileSync(join(dir, "b.lp"), EXAMPLE);
    const out = join(tmp(), "results.jsonl");
    expect(batch([join(dir, "a.lp"), "--out", out]).code).toBe(0);
    const half = batch([dir, "--out", out, "--resume"]);
    expect(half.code).toBe(0);
    expect(half.err).toContain(`resuming: 1 of 2 instance(s) already in ${out}\n`);
    expect(half.err).toContain(`[2/2] ${join(dir, "b.lp")}: competition: OPTIMUM FOUND, 2 pushes (proven fewest), verified, exit 30,`);
    const none = batch([dir, "--out", out, "--resume"]);
    expect(none.code).toBe(0);
    expect(none.err).toBe(`resuming: 2 of 2 instance(s) already in ${out}; nothing left to run\n`);
  });
});

/** The rows of a batch results file: its lines after the first, which records the batch's version and options. */
function resultRows(file: string): Record<string, unknown>[] {
  const lines = readFileSync(file, "utf8").trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>);
  expect(lines[0]).toHaveProperty("batch");
  return lines.slice(1);
}

describe("batch gives a file that does not parse an error row (exit 65), as labsolve does", () => {
  it("random bytes: an error row at FILE:1:1, the other instance still solved, exit 65", () => {
    // bytes of a fixed pseudo-random sequence, some of them ':' '-' '#' (never skipped as an encoding)
    const bytes = Buffer.alloc(3000);
    for (let i = 0, x = 12345; i < bytes.length; i++) bytes[i] = (x = (Math.imul(x, 1103515245) + 12345) >>> 0) >>> 24;
    const dir = mkdtempSync(join(tmpdir(), "labyrinth-"));
    const garbage = join(dir, "garbage.lp");
    writeFileSync(garbage, bytes);
    expect(runBin("labsolve", [garbage]).code).toBe(65);
    const out = join(dir, "rows.jsonl");
    const r = runBin("labsolve", ["batch", "--out", out, garbage, EXAMPLE_FILE]);
    expect(r.code).toBe(65);
    const rows = resultRows(out);
    expect(rows[0]).toMatchObject({ exitCode: 65, errorKind: "input" });
    expect(rows[0].error).toMatch(/garbage\.lp:1:\d+: error: /);
    expect(rows[1]).toMatchObject({ status: "OPTIMUM FOUND", verified: true });
  });

  it("a text file of other facts (no field/2) is an error row too; an encoding is still skipped with a note", () => {
    const dir = mkdtempSync(join(tmpdir(), "labyrinth-"));
    writeFileSync(join(dir, "other.lp"), "colour(red). colour(blue).\n");
    writeFileSync(join(dir, "encoding.asp"), "reach(X,Y) :- field(X,Y), init_on(X,Y).\n");
    writeFileSync(join(dir, "0001.lp"), readFileSync(EXAMPLE_FILE, "utf8"));
    const r = runBin("labsolve", ["batch", "--out", join(dir, "rows.jsonl"), dir]);
    expect(r.code).toBe(65);
    expect(r.err).toContain("encoding.asp: skipped");
    expect(r.err).not.toContain("other.lp: skipped");
  });
});

describe("batch --resume reports the whole results file", () => {
  it("after a run of time-limited rows: the table lists them and the batch exits 1; new rows join the table", () => {
    const dir = mkdtempSync(join(tmpdir(), "labyrinth-"));
    const out = join(dir, "rows.jsonl");
    const hard = join(ROOT, "instances/random-9x9-a.asp");
    const first = runBin("labsolve", ["batch", "--time-limit", "0.001", "--out", out, hard]);
    expect(first.code).toBe(1);
    expect(resultRows(out)).toEqual([expect.objectContaining({ status: "UNKNOWN", interrupted: true })]);
    // resumed with the options the file records (other options are refused: test/batch-results)
    const again = runBin("labsolve", ["batch", "--resume", "--time-limit", "0.001", "--out", out, "--format", "json", hard]);
    expect(again.err).toContain("nothing left to run");
    expect(again.code).toBe(1);
    expect(JSON.parse(again.out).instances).toHaveLength(1);
    const more = runBin("labsolve", ["batch", "--resume", "--time-limit", "0.001", "--out", out, "--format", "json", hard, EXAMPLE_FILE]);
    expect(more.code).toBe(1);
    const doc = JSON.parse(more.out) as { instances: { instance: string; status: string }[] };
    // the new row joins the table (its status depends on what 1 ms allows: solved, or unknown on a slow machine)
    expect(doc.instances).toHaveLength(2);
    expect(doc.instances.find((r) => r.instance === hard)?.status).toBe("UNKNOWN");
    expect(doc.instances.find((r) => r.instance === EXAMPLE_FILE)).toBeDefined();
  });
});

describe("labsolve batch: a time limit past Node's longest timer (2147484 s and more) is no limit", () => {
  it("batch --time-limit 99999999: the rows are solved, not unknown", () => {
    const out = join(mkdtempSync(join(tmpdir(), "labyrinth-")), "rows.csv");
    const r = runBin("labsolve", ["batch", "--time-limit", "99999999", "--out", out, join(ROOT, "instances/random-9x9-a.asp")]);
    expect(r.code).toBe(0);
    expect(resultRows(out)).toEqual([expect.objectContaining({ status: "OPTIMUM FOUND", optimal: true, interrupted: false })]);
  });
});
