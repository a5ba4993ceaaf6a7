/**
 * The transposition table shared by the search threads (src/push/competition/search/exact/table.ts):
 * entries one search stores are seen by another on the same memory; a slot whose two words
 * come from two different entries (two threads writing it at once) is a miss, never a
 * wrong hit; and searches sharing one table (as the workers do, each with its share of the
 * first pushes) find exactly the solutions of one search with a table of its own.
 */
import { describe, expect, it } from "vitest";
import type { Push } from "../../../../../src/push/competition/board.js";
import { solutionAtoms } from "../../../../../src/push/competition/format.js";
import { generate, toFacts } from "../../../../../src/push/competition/generate.js";
import { readInstance } from "../../../../../src/push/competition/instance.js";
import { searchInstance } from "../../../../../src/push/competition/search/exact/engine.js";
import { TranspositionTable } from "../../../../../src/push/competition/search/exact/table.js";
import { canonical } from "../../../../helpers/clingo.js";

const WORDS = 8;

/** A table on `buffer` with the state `values` hashed. */
function hashed(buffer: SharedArrayBuffer, values: number[]): TranspositionTable {
  const t = new TranspositionTable(0, WORDS, buffer);
  t.hash(Int32Array.from({ length: WORDS }, (_, i) => values[i % values.length] + i), 0);
  return t;
}

describe("TranspositionTable on shared memory", () => {
  it("an entry stored through one table is found through another on the same buffer, with its bound", () => {
    const buffer = TranspositionTable.sharedBuffer(1);
    expect(buffer.byteLength).toBe(TranspositionTable.slotsFor(1) * TranspositionTable.ENTRY_BYTES);
    const a = hashed(buffer, [1, 2, 3]);
    const b = hashed(buffer, [1, 2, 3]);
    expect(b.provenAbove(0)).toBe(false);
    a.storeAbove(5);
    expect(b.provenAbove(5)).toBe(true);
    expect(b.provenAbove(6)).toBe(false);
    // another state is not found
    expect(hashed(buffer, [1, 2, 4]).provenAbove(0)).toBe(false);
    // a table of its own does not see it
    const own = new TranspositionTable(1, WORDS);
    own.hash(Int32Array.from({ length: WORDS }, (_, i) => [1, 2, 3][i % 3] + i), 0);
    expect(own.provenAbove(0)).toBe(false);
  });

  it("a slot holding the first word of one entry and the second of another (a torn pair of writes) is a miss", () => {
    const buffer = TranspositionTable.sharedBuffer(0);
    const words = new Int32Array(buffer);
    const slots = TranspositionTable.slotsFor(0);
    // two states of the same slot: hash until two land on one
    const seen = new Map<number, { values: number[]; pair: [number, number] }>();
    let pair: [{ values: number[]; pair: [number, number] }, { values: number[]; pair: [number, number] }] | undefined;
    for (let v = 0; pair === undefined; v++) {
      const values = [v, 7 * v + 1, 13];
      words.fill(0);
      hashed(buffer, values).storeAbove(9);
      const slot = words.findIndex((w, i) => i % 2 === 1 && w !== 0) >> 1;
      const entry = { values, pair: [words[2 * slot], words[2 * slot + 1]] as [number, number] };
      const other = seen.get(slot);
      if (other) pair = [other, entry];
      else seen.set(slot, entry);
      expect(slot).toBeLessThan(slots);
    }
    const [x, y] = pair;
    const slot = [...seen.entries()].find(([, e]) => e === x)?.[0] as number;
    for (const [first, second] of [
      [x.pair[0], y.pair[1]],
      [y.pair[0], x.pair[1]],
    ]) {
      words.fill(0);
      words[2 * slot] = first;
      words[2 * slot + 1] = second;
      expect(hashed(buffer, x.values).provenAbove(0)).toBe(false);
      expect(hashed(buffer, y.values).provenAbove(0)).toBe(false);
    }
    // whole entries are hits
    words[2 * slot] = y.pair[0];
    words[2 * slot + 1] = y.pair[1];
    expect(hashed(buffer, y.values).provenAbove(8)).toBe(true);
  });

  it("searches sharing one table, each with its share of the first pushes, find the solutions and fewest pushes of one search, on 24 random instances", () => {
    const key = (s: readonly Push[]) => canonical(solutionAtoms(s));
    for (let seed = 0; seed < 24; seed++) {
      const { instance } = readInstance(toFacts(generate(3 + (seed % 2), 3 + (seed % 3), 9100 + seed, seed % 2 ? "maze" : "random")), `seed ${seed}`);
      const whole = searchInstance(instance, { models: 0 }).solutions.map(key).sort();
      const first = searchInstance(instance, {}).fewest;
      for (const count of [2, 3]) {
        // a tiny table, so that the searches overwrite each other's entries
        const table = TranspositionTable.sharedBuffer(0);
        const parts = Array.from({ length: count }, (_, index) => searchInstance(instance, { models: 0, rootShare: { index, count }, sharedTable: table }).solutions.map(key)).flat().sort();
        expect(parts, `seed ${seed}, ${count} shares`).toEqual(whole);
        const shared = TranspositionTable.sharedBuffer(1);
        const fewest = Array.from({ length: count }, (_, index) => searchInstance(instance, { rootShare: { index, count }, sharedTable: shared }).fewest).filter((f) => f !== undefined);
        expect(fewest.length === 0 ? undefined : Math.min(...fewest), `seed ${seed}`).toBe(first);
      }
    }
  }, 60_000);
});
