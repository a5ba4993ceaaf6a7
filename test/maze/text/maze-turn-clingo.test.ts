/**
 * `--rule turn` (src/maze/text/search/turn.ts) against clingo with an ASP encoding of the
 * turn rule written from the spec (test/asp/turn-maze.lp, ../shared/spec/text-maze.md,
 * section 2). The facts come from the maze's characters, read here, not by our reader. On
 * random small mazes (perfect, braided, random walls; S and E anywhere): the same fewest
 * moves (clingo's optimum over walks that repeat no state), or both none; the same number
 * of acyclic paths under both definitions (clingo's count of answer sets).
 */
import { readFileSync } from "node:fs";
import { run } from "clingo-wasm";
import { describe, expect, it } from "vitest";
import { readTextMaze, writeTextMaze, type TextMaze } from "../../../src/core/maze-text.js";
import { prng } from "../../../src/core/random.js";
import { generateMaze } from "../../../src/maze/text/generate.js";
import { SPANNING } from "../../../src/maze/text/generate/algorithms.js";
import { searchProblem } from "../../../src/maze/text/search/problem.js";
import { turnAcyclicPaths, turnShortest } from "../../../src/maze/text/search/turn.js";

const ENCODING = readFileSync(new URL("../../asp/turn-maze.lp", import.meta.url), "utf8");

interface Outcome {
  Result: string;
  Models?: { Number: number; More: string };
  Call?: { Witnesses?: { Value: string[]; Costs?: number[] }[] }[];
  Error?: string;
}

async function clingo(program: string, models: number): Promise<Outcome> {
  const r = (await run(program, models)) as Outcome;
  if (r.Result === "ERROR" || r.Error) throw new Error(`clingo: ${r.Error ?? r.Result}`);
  return r;
}

/** The facts of a text maze, from its characters: passage/3 (rows and columns 1-based), start/2, exit/2. */
function facts(text: string): string {
  const lines = text.trimEnd().split("\n");
  const ch = (i: number, k: number): string => (lines[i] ?? "").padEnd(k + 1, " ")[k];
  const rows = (lines.length - 1) / 2;
  const cols = (lines[0].length - 1) / 2;
  const out: string[] = [];
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) {
      const mark = ch(2 * r + 1, 2 * c + 1);
      if (mark === "S") out.push(`start(${r + 1},${c + 1}).`);
      if (mark === "E") out.push(`exit(${r + 1},${c + 1}).`);
      // a space between two cells is a passage both ways; the border is never a passage here
      if (r > 0 && ch(2 * r, 2 * c + 1) === " ") out.push(`passage(${r + 1},${c + 1},n).`);
      if (r < rows - 1 && ch(2 * r + 2, 2 * c + 1) === " ") out.push(`passage(${r + 1},${c + 1},s).`);
      if (c > 0 && ch(2 * r + 1, 2 * c) === " ") out.push(`passage(${r + 1},${c + 1},w).`);
      if (c < cols - 1 && ch(2 * r + 1, 2 * c + 2) === " ") out.push(`passage(${r + 1},${c + 1},e).`);
    }
  return out.join("\n");
}

/** Random mazes of rows and columns in [2, max]: perfect, braided, random walls; S and E anywhere (distinct). */
function randomMazes(count: number, max: number, seed: number): string[] {
  const rnd = prng(seed);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const rows = 2 + Math.floor(rnd() * (max - 1));
    const cols = 2 + Math.floor(rnd() * (max - 1));
    let m: TextMaze;
    if (i % 3 === 2) {
      const open = new Uint8Array(rows * cols);
      for (let r = 0; r < rows; r++)
        for (let c = 0; c < cols; c++) {
          if (c < cols - 1 && rnd() < 0.6) { open[r * cols + c] |= 4; open[r * cols + c + 1] |= 8; }
          if (r < rows - 1 && rnd() < 0.6) { open[r * cols + c] |= 2; open[(r + 1) * cols + c] |= 1; }
        }
      m = { rows, cols, open, start: 0, startMark: "S", exit: rows * cols - 1, minotaur: -1 };
    } else m = generateMaze(rows, cols, SPANNING[i % SPANNING.length].name, rnd, i % 3 === 1 ? 0.3 + 0.7 * rnd() : 0);
    const n = rows * cols;
    m.start = Math.floor(rnd() * n);
    do m.exit = Math.floor(rnd() * n); while (m.exit === m.start);
    out.push(writeTextMaze(m));
  }
  return out;
}

describe("the turn rule against clingo (an encoding written from the spec)", () => {
  it("fewest moves on 150 random mazes up to 6 x 6", async () => {
    let found = 0;
    let none = 0;
    for (const text of randomMazes(150, 6, 21)) {
      const m = readTextMaze(text, "t");
      const ours = turnShortest(m, searchProblem(m));
      const r = await clingo(`${ENCODING}\n${facts(text)}\n#minimize { 1,X,Y : use(X,Y) }.`, 0);
      const theirs = r.Result === "UNSATISFIABLE" ? -1 : r.Call?.[0]?.Witnesses?.at(-1)?.Costs?.[0];
      expect(theirs, `clingo's answer on\n${text}`).not.toBeUndefined();
      expect(ours === undefined ? -1 : ours.length, text).toBe(theirs);
      if (ours) found++;
      else none++;
    }
    expect(found).toBeGreaterThan(30);
    expect(none).toBeGreaterThan(10);
  }, 120_000);

  it("acyclic path counts (no state twice; no cell twice) on 120 random mazes up to 4 x 4", async () => {
    let many = 0;
    let stricter = 0;
    for (const text of randomMazes(120, 4, 22)) {
      const m = readTextMaze(text, "t");
      const ours = turnAcyclicPaths(m, searchProblem(m));
      expect(ours.exhausted).toBe(true);
      const byState = await clingo(`${ENCODING}\n${facts(text)}`, 0);
      const byCell = await clingo(`${ENCODING}\n${facts(text)}\ncells.`, 0);
      const count = (o: Outcome): number => (o.Result === "UNSATISFIABLE" ? 0 : o.Models!.Number);
      expect([ours.byState, ours.byCell], text).toEqual([count(byState), count(byCell)]);
      if (ours.byState > 1) many++;
      if (ours.byCell < ours.byState) stricter++;
    }
    expect(many).toBeGreaterThan(10);
    expect(stricter).toBeGreaterThan(3);
  }, 120_000);
});
