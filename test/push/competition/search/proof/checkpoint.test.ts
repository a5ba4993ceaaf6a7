/**
 * labsolve --checkpoint FILE (src/push/competition/search/proof/checkpoint.ts): a proof stopped by
 * SIGINT in the middle of a depth, even in the middle of a first push (from depth
 * PAIRS_FROM on the file records pairs of pushes), and resumed with the same file gives
 * what one run without a break gives (answer, bounds, exit code), searching less; a file
 * of version 1 (first pushes only) is read as all pairs below its first pushes; a file of
 * another instance or horizon, or no checkpoint at all, is refused (exit 65) and left as
 * it is.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { generate, toFacts } from "../../../../../src/push/competition/generate.js";
import { PAIRS_FROM } from "../../../../../src/push/competition/search/proof/prefixes.js";

const ROOT = new URL("../../../../..", import.meta.url).pathname;
const BIN = join(ROOT, "bin/labsolve");
const dir = mkdtempSync(join(tmpdir(), "labsolve-checkpoint-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * An 18x18 instance whose proof takes a few seconds on one thread: fewest pushes 6 (the
 * beam finds a solution of 6), depth 5 about a million states, more than a second.
 */
const instance = join(dir, "g18.lp");
/** first pushes of the 18x18 instance (4N) */
const M = 4 * 18;
writeFileSync(instance, toFacts(generate(18, 7, 8, "random")));
const other = join(dir, "other.lp");
writeFileSync(other, toFacts(generate(18, 7, 9, "random")));

interface Run {
  code: number | null;
  json: Record<string, unknown> & { statistics: { states: number; depths: { depth: number; milliseconds: number; nodes: number }[] } };
  stderr: string;
}

function run(args: string[]): Run {
  const r = spawnSync(BIN, ["-f", "json", ...args], { encoding: "utf8" });
  return { code: r.status, json: r.stdout ? JSON.parse(r.stdout) : {}, stderr: r.stderr };
}

/** Milliseconds `depth` took in a run: the interruptions below come at a share of it, whatever the machine's load. */
const took = (r: Run, depth: number): number => r.json.statistics.depths.find((d) => d.depth === depth)?.milliseconds ?? 0;

/** The json document without what depends on the run (time, nodes, depths searched). */
function answer(r: Run): Record<string, unknown> {
  const { statistics: _, ...rest } = r.json;
  return rest;
}

/** Per first push, how many of its pairs a checkpoint's done list (pairs m0 * M + m1) has. */
function pairsPerFirstPush(units: number[]): Map<number, number> {
  const by = new Map<number, number>();
  for (const u of units) {
    const m0 = Math.floor(u / M);
    by.set(m0, (by.get(m0) ?? 0) + 1);
  }
  return by;
}

/**
 * Runs labsolve with --stats and sends SIGINT `ms` milliseconds after stderr says that
 * `depth` was searched to the end, i.e. in the middle of the next depth.
 */
function interrupted(args: string[], depth: number, ms: number): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(BIN, ["-f", "json", "--stats", ...args]);
    let out = "";
    let err = "";
    let sent = false;
    child.stdout.on("data", (b: Buffer) => (out += b.toString()));
    child.stderr.on("data", (b: Buffer) => {
      err += b.toString();
      if (!sent && err.includes(`% depth ${depth}:`)) {
        sent = true;
        setTimeout(() => child.kill("SIGINT"), ms);
      }
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, json: out ? JSON.parse(out) : {}, stderr: err }));
  });
}

describe("labsolve --checkpoint", () => {
  it("SIGINT in the middle of a depth, then a run with the same file: the answer, bounds and exit code of one run without a break", async () => {
    const whole = run(["--threads", "1", instance]);
    expect(whole.code).toBe(30);
    expect(whole.json).toMatchObject({ optimal: true, lowerBound: 6, upperBound: 6 });

    const file = join(dir, "proof.json");
    const stopped = await interrupted(["--threads", "1", "--checkpoint", file, instance], 4, 0.4 * took(whole, 5));
    // interrupted with the beam's solution in hand: exit 11, proven >= 5
    expect(stopped.code, stopped.stderr).toBe(11);
    expect(stopped.json).toMatchObject({ interrupted: true, lowerBound: 5, upperBound: 6, optimal: false });
    const saved = JSON.parse(readFileSync(file, "utf8"));
    expect(saved.finished).toBe(4);
    // some pairs of pushes of depth 5 done, not all (depth 5 is the first of pairs)
    expect(PAIRS_FROM).toBe(5);
    expect(saved).toMatchObject({ format: "labsolve proof checkpoint 2", pairs_from: 5 });
    expect(saved.done["5"].length).toBeGreaterThan(0);
    expect(saved.done["5"].length).toBeLessThan(M * M);
    expect(saved.best).toHaveLength(6);
    // written whole and renamed: no temporary file left beside it
    expect(readdirSync(dir).filter((f) => f.includes(".tmp"))).toEqual([]);

    const resumed = run(["--threads", "1", "--checkpoint", file, instance]);
    expect(resumed.code).toBe(30);
    expect(answer(resumed)).toEqual(answer(whole));
    // it went on from depth 5 without the first pushes done there
    expect(resumed.json.statistics.depths.map((d) => d.depth)).toEqual([5]);
    expect(resumed.json.statistics.states).toBeLessThan(whole.json.statistics.states);
    // the proof is recorded as finished: a third run answers at once, the same
    expect(JSON.parse(readFileSync(file, "utf8")).finished).toBe(5);
    const again = run(["--threads", "2", "--checkpoint", file, instance]);
    expect(again.code).toBe(30);
    expect(answer(again)).toEqual(answer(whole));
    expect(again.json.statistics.states).toBe(0);
  }, 60_000);

  it("SIGINT in the middle of a first push: the pairs done below it are kept, and the run with the same file searches only the rest", async () => {
    const whole = run(["--threads", "1", instance]);
    expect(whole.code).toBe(30);
    // a first push of depth 5 takes about 1/72 of it: a break lands inside one almost
    // always; tried at other moments if it lands between two
    let partial: number | undefined;
    let file = "";
    let units: number[] = [];
    for (let attempt = 0; attempt < 4 && partial === undefined; attempt++) {
      file = join(dir, `middle-${attempt}.json`);
      const stopped = await interrupted(["--threads", "1", "--checkpoint", file, instance], 4, (0.2 + 0.15 * attempt) * took(whole, 5));
      expect(stopped.code, stopped.stderr).toBe(11);
      units = JSON.parse(readFileSync(file, "utf8")).done["5"] ?? [];
      // (past the first first push, so that pairs and first pushes differ)
      partial = [...pairsPerFirstPush(units)].find(([m, n]) => m > 0 && n < M)?.[0];
    }
    expect(partial, "a first push other than the first with some of its pairs done").toBeDefined();
    // one search, in order: the first pushes before it have all their pairs done (or none:
    // a first push whose state is cut has no pairs searched), none after it has any
    const by = pairsPerFirstPush(units);
    const cut = partial ?? 0;
    for (const [m, n] of by) {
      if (m < cut) expect(n, `first push ${m}, before the one interrupted`).toBe(M);
      else expect(m, "no first push after the one interrupted has pairs done").toBe(cut);
    }

    // two threads sharing the pairs left
    const resumed = run(["--threads", "2", "--checkpoint", file, instance]);
    expect(resumed.code).toBe(30);
    expect(answer(resumed)).toEqual(answer(whole));
    expect(resumed.json.statistics.depths[0].depth).toBe(5);
    expect(resumed.json.statistics.states).toBeLessThan(whole.json.statistics.states);
  }, 60_000);

  it("reads a version-1 file (first pushes only) as all the pairs below its first pushes", () => {
    const whole = run(["--threads", "1", instance]);
    const file = join(dir, "v1.json");
    expect(run(["--checkpoint", file, "--max-steps", "3", instance]).code).toBe(20);
    const v2 = JSON.parse(readFileSync(file, "utf8"));
    // the first 40 first pushes of depth 5 done, in the old format, and depth 4 not
    const { pairs_from: _, ...rest } = v2;
    const v1 = { ...rest, format: "labsolve proof checkpoint 1", horizon: 7, finished: 4, done: { "5": Array.from({ length: 40 }, (_, m) => m) }, best: null };
    writeFileSync(file, JSON.stringify(v1));
    const resumed = run(["--threads", "1", "--checkpoint", file, instance]);
    expect(resumed.code).toBe(30);
    expect(answer(resumed)).toEqual(answer(whole));
    // the same search as from a version-2 file with all the pairs below first pushes 0..39
    const explicit = join(dir, "v2.json");
    writeFileSync(explicit, JSON.stringify({ ...v2, horizon: 7, finished: 4, done: { "5": Array.from({ length: 40 * M }, (_, u) => u) }, best: null }));
    const fromPairs = run(["--threads", "1", "--checkpoint", explicit, instance]);
    expect(answer(fromPairs)).toEqual(answer(whole));
    const depth5 = (r: Run): number => r.json.statistics.depths.find((d) => d.depth === 5)?.nodes ?? 0;
    expect(depth5(resumed)).toBe(depth5(fromPairs));
    // depth 5 searched only below first pushes 40..71
    expect(depth5(resumed)).toBeLessThan(depth5(whole));
    expect(depth5(resumed)).toBeGreaterThan(0);
    // written again in version 2, the proof finished
    expect(JSON.parse(readFileSync(file, "utf8"))).toMatchObject({ format: "labsolve proof checkpoint 2", pairs_from: 5, finished: 5 });
  }, 60_000);

  it("with two threads and no solution within --max-steps: INCONSISTENT (exit 20) after the break as without", async () => {
    const whole = run(["--threads", "2", "--max-steps", "5", instance]);
    expect(whole.code).toBe(20);
    const file = join(dir, "unsat.json");
    const stopped = await interrupted(["--threads", "2", "--max-steps", "5", "--checkpoint", file, instance], 4, 0.4 * took(whole, 5));
    expect(stopped.code, stopped.stderr).toBe(1);
    expect(JSON.parse(readFileSync(file, "utf8")).finished).toBe(4);
    const resumed = run(["--threads", "2", "--max-steps", "5", "--checkpoint", file, instance]);
    expect(resumed.code).toBe(20);
    expect(answer(resumed)).toEqual(answer(whole));
  }, 60_000);

  it("records the states each unit took: the finished depth's add up to its states, and a damaged record is refused", () => {
    const file = join(dir, "states.json");
    const whole = run(["--threads", "2", "--max-steps", "5", "--checkpoint", file, instance]);
    expect(whole.code).toBe(20);
    const data = JSON.parse(readFileSync(file, "utf8"));
    expect(data.finished).toBe(5);
    // only the deepest finished depth's states are kept: the next depth's progress weighs its units by them
    expect(Object.keys(data.states)).toEqual(["5"]);
    const states = Object.values(data.states["5"] as Record<string, number>);
    const nodes = whole.json.statistics.depths.find((d) => d.depth === 5)?.nodes ?? 0;
    expect(nodes).toBeGreaterThan(100_000);
    expect(states.every((s) => Number.isSafeInteger(s) && s >= 0)).toBe(true);
    // each worker counts the states between its reports: together, the depth's (but for the
    // states a worker made after its last unit, the first pushes of pairs all taken by the other)
    const sum = states.reduce((a, b) => a + b, 0);
    expect(sum).toBeLessThanOrEqual(nodes);
    expect(sum).toBeGreaterThan(0.99 * nodes);
    for (const bad of [{ "5": { "0": -1 } }, { "5": { [String(M * M)]: 3 } }, { "4": { "0": 3 } }, []]) {
      const damaged = join(dir, "damaged.json");
      const text = JSON.stringify({ ...data, states: bad });
      writeFileSync(damaged, text);
      const r = spawnSync(BIN, ["--max-steps", "5", "--checkpoint", damaged, instance], { encoding: "utf8" });
      expect(r.status).toBe(65);
      expect(r.stderr).toMatch(/damaged checkpoint: "states"/);
      expect(readFileSync(damaged, "utf8")).toBe(text);
    }
  }, 60_000);

  it("refuses a checkpoint of another instance or horizon, and a file that is no checkpoint, leaving each as it is (exit 65)", () => {
    const file = join(dir, "refuse.json");
    expect(run(["--checkpoint", file, "--max-steps", "3", instance]).code).toBe(20);
    const before = readFileSync(file, "utf8");
    const cases: [string[], RegExp][] = [
      [["--checkpoint", file, "--max-steps", "3", other], /^.*refuse\.json: error: the checkpoint is of another instance/],
      [["--checkpoint", file, "--max-steps", "4", instance], /^.*refuse\.json: error: the checkpoint is of a search up to 3 pushes, this one goes up to 4/],
    ];
    for (const [args, message] of cases) {
      const r = spawnSync(BIN, args, { encoding: "utf8" });
      expect(r.status).toBe(65);
      expect(r.stdout).toBe("");
      expect(r.stderr).toMatch(message);
      expect(readFileSync(file, "utf8")).toBe(before);
    }
    // the instance given as the checkpoint by mistake
    const text = readFileSync(other, "utf8");
    const r = spawnSync(BIN, ["--checkpoint", other, instance], { encoding: "utf8" });
    expect(r.status).toBe(65);
    expect(r.stderr).toBe(`${other}: error: not a labsolve checkpoint (not JSON); the file is left as it is (give another --checkpoint file, or remove this one to start afresh)\n`);
    expect(readFileSync(other, "utf8")).toBe(text);
    // a file far larger than any checkpoint is not read into memory
    const huge = join(dir, "huge.json");
    writeFileSync(huge, Buffer.alloc((1 << 24) + 1, 32));
    const h = spawnSync(BIN, ["--checkpoint", huge, instance], { encoding: "utf8" });
    expect(h.status).toBe(65);
    expect(h.stderr).toMatch(/huge\.json: error: not a labsolve checkpoint \(larger than 16777216 bytes\)/);
    // a damaged best solution is not taken on trust
    const damaged = { ...JSON.parse(before), horizon: 7, finished: 2, best: [[1, "e"], [1, "w"], [1, "e"], [1, "w"]] };
    writeFileSync(file, JSON.stringify(damaged));
    const d = spawnSync(BIN, ["--checkpoint", file, instance], { encoding: "utf8" });
    expect(d.status).toBe(65);
    expect(d.stderr).toMatch(/damaged checkpoint/);
    // an unwritable place fails before the search
    const nowhere = join(dir, "no-such-folder", "c.json");
    const w = spawnSync(BIN, ["--checkpoint", nowhere, instance], { encoding: "utf8" });
    expect(w.status).toBe(65);
    expect(w.stderr).toMatch(/cannot write the checkpoint: ENOENT/);
    expect(existsSync(nowhere)).toBe(false);
    // enumerations are not checkpointed
    const n = spawnSync(BIN, ["-n", "0", "--checkpoint", join(dir, "n.json"), instance], { encoding: "utf8" });
    expect(n.status).toBe(65);
    expect(n.stderr).toMatch(/--checkpoint .* -n other than 1/);
  }, 60_000);
});
