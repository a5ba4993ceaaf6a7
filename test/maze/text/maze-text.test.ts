/** The text maze format (src/core/maze-text.ts): the lab's sample, round trips, errors at LINE:COL. */
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { InputError } from "../../../src/core/errors.js";
import { looksLikeTextMaze, readTextMaze, writeTextMaze } from "../../../src/core/maze-text.js";

const SAMPLE = new URL("../../../../shared/mazes/sample-5x5.txt", import.meta.url).pathname;
const SMALL = ["+-+-+", "|S  |", "+ +-+", "| |E|", "+-+-+"].join("\n");

/** Walls read straight from the text, independently of the reader: is there a passage from (r,c) towards d? */
function passage(text: string, r: number, c: number, d: "n" | "e" | "s" | "w"): boolean {
  const lines = text.split("\n");
  const at = (i: number, k: number) => (lines[i] ?? "").padEnd(k + 1, " ")[k];
  const [i, k] = { n: [2 * r, 2 * c + 1], s: [2 * r + 2, 2 * c + 1], w: [2 * r + 1, 2 * c], e: [2 * r + 1, 2 * c + 2] }[d];
  return at(i, k) === " " || at(i, k) === "E";
}

describe("the text maze format", () => {
  it("reads a small maze: size, start, exit, passages as the text shows them", () => {
    const m = readTextMaze(SMALL, "small.txt");
    expect([m.rows, m.cols, m.start, m.exit, m.minotaur]).toEqual([2, 2, 0, 3, -1]);
    for (let r = 0; r < 2; r++)
      for (let c = 0; c < 2; c++)
        for (const [d, bit] of [["n", 1], ["s", 2], ["e", 4], ["w", 8]] as const) expect((m.open[r * 2 + c] & bit) !== 0).toBe(passage(SMALL, r, c, d));
  });

  it.skipIf(!existsSync(SAMPLE))("reads the lab's 5x5 sample (../shared/mazes) and writes it back unchanged", () => {
    const text = readFileSync(SAMPLE, "utf8");
    const m = readTextMaze(text, "sample-5x5.txt");
    expect([m.rows, m.cols]).toEqual([5, 5]);
    expect(writeTextMaze(m).trimEnd()).toBe(text.split("\n").map((l) => l.trimEnd()).join("\n").trimEnd());
  });

  it("round-trips openings in the border, T and M", () => {
    const level = ["+-+-+ +", "|T    |", "+ +-+ +", "   M  |", "+-+-+-+"].join("\n");
    const m = readTextMaze(level, "level.txt");
    expect([m.startMark, m.exit, m.minotaur]).toEqual(["T", -1, 4]);
    expect(writeTextMaze(m)).toBe(`${level}\n`);
  });

  it("tells a maze from facts and PDDL", () => {
    expect(looksLikeTextMaze(SMALL)).toBe(true);
    expect(looksLikeTextMaze("field(1,1). init_on(1,1).")).toBe(false);
    expect(looksLikeTextMaze("(define (problem p))")).toBe(false);
    expect(looksLikeTextMaze("")).toBe(false);
  });

  const bad: [string, string, number, number][] = [
    ["+-+-+\n|S x|\n+-+-+", "expected a cell", 2, 4],
    ["+-+-+\n|S  |\n+-+-+\n|  E|", "expected 2R+1 lines", 4, 1],
    ["+-+-+\n|S S|\n+-+-+", "a second start", 2, 4],
    ["+-+-+\n|   |\n+-+-+", "no start", 3, 6],
    ["+-+-+\n|S  |\n+-+-+", "no exit", 3, 6],
    ["+-+-+\n|S M|\n+-+ +", "needs a T", 2, 4],
    ["+-+-+\n|S  |\n+-*-+", "expected + at a corner", 3, 3],
    ["+-+-+\n|S  |x\n+- -+", "expected the end of the line", 2, 6],
  ];
  it.each(bad)("refuses %j: %s at its line and column", (text, message, line, column) => {
    let error: unknown;
    try {
      readTextMaze(text, "bad.txt");
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InputError);
    expect((error as Error).message).toContain(`bad.txt:${line}:${column}: error: `);
    expect((error as Error).message).toContain(message);
  });
});

describe("the searches' neighbour masks (core/maze-grid.ts passageMasks, four cells a word)", () => {
  it("match the opening bits cell by cell (lab order, border openings dropped) at every size and byte offset", async () => {
    const { passageMasks } = await import("../../../src/core/maze-grid.js");
    const { prng } = await import("../../../src/core/random.js");
    const rnd = prng(3);
    for (let k = 0; k < 300; k++) {
      const rows = 1 + Math.floor(rnd() * 9);
      const cols = 1 + Math.floor(rnd() * 9);
      const n = rows * cols;
      const offset = k % 4; // the opening bits in a view that starts off a word boundary
      const buffer = new Uint8Array(n + offset);
      for (let i = 0; i < buffer.length; i++) buffer[i] = Math.floor(rnd() * 256);
      const open = buffer.subarray(offset);
      const masks = passageMasks({ rows, cols, open });
      for (let cell = 0; cell < n; cell++) {
        const r = Math.floor(cell / cols);
        const c = cell % cols;
        const o = open[cell];
        const want = (o & 1 && r > 0 ? 1 : 0) | (o & 4 && c < cols - 1 ? 2 : 0) | (o & 2 && r < rows - 1 ? 4 : 0) | (o & 8 && c > 0 ? 8 : 0);
        expect(masks[cell], `${rows}x${cols} cell ${cell} bits ${o}`).toBe(want);
      }
    }
  });
});
