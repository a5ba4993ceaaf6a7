/**
 * The proof checkpoints kept in expected/proofs/ (README: "Proof checkpoints are kept in
 * expected/proofs/; copy one and pass the copy to --checkpoint to go on from it, or, for a
 * finished proof, to print its answer"; BENCHMARKS.md, "Proven optima"). Each names a shared
 * competition instance by the SHA-256 of its text and its horizon by the instance's
 * max_steps; its best answer is valid by labcheck (the referee, not the search) and is not
 * shorter than the depths it says were searched to the end allow; a finished proof, run again
 * from a copy, answers at once with exit 30 and the same answer, and the kept file is left
 * as it is. Needs ../shared (the instances): skipped without it.
 */
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readTiles } from "../../../../helpers/replay.js";
import { runBin } from "../../../../helpers/bin.js";

const ROOT = new URL("../../../../..", import.meta.url).pathname;
const PROOFS = join(ROOT, "expected/proofs");
const SHARED = join(ROOT, "../shared/instances/aspcomp2013");
const dir = mkdtempSync(join(tmpdir(), "labsolve-proof-records-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface KeptProof {
  format: string;
  instance: string;
  horizon: number;
  finished: number;
  /** format 2: the first depth whose units are pairs m0 * 4N + m1 */
  pairs_from?: number;
  done: { [depth: string]: number[] };
  best: [number, string][] | null;
}

const records = existsSync(PROOFS) ? readdirSync(PROOFS).filter((f) => f.endsWith(".ckpt")) : [];

/** A kept checkpoint's content. */
const read = (name: string): KeptProof => JSON.parse(readFileSync(join(PROOFS, name), "utf8")) as KeptProof;

/** An answer's pushes as push/3 atoms (1-based steps), as labcheck reads them and labsolve prints them. */
const atoms = (pushes: [number, string][]): string[] => pushes.map(([line, d], i) => `push(${line},${d},${i + 1})`);

let byHash: Map<string, string> | undefined;

/** The shared instances by the SHA-256 of their text (hashed once). */
function instancesByHash(): Map<string, string> {
  if (byHash !== undefined) return byHash;
  byHash = new Map<string, string>();
  for (const f of readdirSync(SHARED)) {
    if (!f.endsWith(".asp")) continue;
    const file = join(SHARED, f);
    byHash.set(createHash("sha256").update(readFileSync(file)).digest("hex"), file);
  }
  return byHash;
}

describe.skipIf(!existsSync(SHARED))("the proof checkpoints in expected/proofs/ (needs ../shared)", () => {
  it("there are some", () => {
    expect(records.length).toBeGreaterThan(0);
  });

  it.each(records)("%s: names a shared instance and its horizon; its answer is valid and no shorter than the settled depths allow", (name) => {
    const record = read(name);
    // format 2 records pairs of pushes from pairs_from on; format 1 first pushes only
    expect(["labsolve proof checkpoint 1", "labsolve proof checkpoint 2"]).toContain(record.format);
    const pairsFrom = record.format.endsWith(" 2") ? record.pairs_from : Infinity;
    if (record.format.endsWith(" 2")) expect(pairsFrom).toBe(5);
    const file = instancesByHash().get(record.instance);
    expect(file, `no shared instance has the hash ${record.instance}`).toBeDefined();
    const text = readFileSync(file!, "utf8");
    // the file's name starts with the instance's number
    expect(file!.split("/").pop()!.slice(0, 4)).toBe(name.slice(0, 4));
    const maxSteps = Number(/max_steps\((\d+)\)/.exec(text)?.[1]);
    expect(record.horizon).toBe(maxSteps);
    const { n } = readTiles(file!);
    for (const [depth, units] of Object.entries(record.done)) {
      expect(Number(depth)).toBeGreaterThan(record.finished);
      expect(new Set(units).size).toBe(units.length);
      const count = Number(depth) >= (pairsFrom ?? Infinity) ? (4 * n) ** 2 : 4 * n;
      for (const u of units) expect(u >= 0 && u < count).toBe(true);
    }
    expect(record.best).not.toBeNull();
    const pushes = record.best!;
    const witness = join(dir, `${name}.witness`);
    writeFileSync(witness, atoms(pushes).map((a) => `${a}.`).join(" ") + "\n");
    const check = runBin("labcheck", [file!, witness]);
    expect(check.code, check.out + check.err).toBe(0);
    expect(check.out).toContain(`valid: ${pushes.length} pushes`);
    // every depth up to `finished` has no solution, so the best answer is longer
    expect(pushes.length).toBeGreaterThan(record.finished);
  });

  const finished = records.filter((name) => {
    const record = read(name);
    return record.best !== null && record.best.length === record.finished + 1;
  });

  it.each(finished)("%s, a finished proof: labsolve from a copy answers with exit 30 and the recorded answer, and the kept file is unchanged", (name) => {
    const kept = join(PROOFS, name);
    const before = readFileSync(kept, "utf8");
    const record = JSON.parse(before) as KeptProof;
    const file = instancesByHash().get(record.instance)!;
    const copy = join(dir, name);
    copyFileSync(kept, copy);
    const r = runBin("labsolve", ["-f", "json", "--threads", "1", "--checkpoint", copy, file], { timeout: 120_000 });
    expect(r.code, r.err).toBe(30);
    const json = JSON.parse(r.out) as { optimal: boolean; lowerBound: number; upperBound: number; models: { witness: string[] }[] };
    expect(json).toMatchObject({ optimal: true, fewest: record.best!.length, lowerBound: record.best!.length, upperBound: record.best!.length });
    expect(json.models[0].witness).toEqual(atoms(record.best!));
    expect(readFileSync(kept, "utf8")).toBe(before);
  }, 150_000);
});
