/**
 * The board game's board part (src/push/game/edit.ts): read -> write -> read is the same
 * instance (the game's reader on both, no warnings on the written facts), on the example
 * and on random game instances (test/helpers/game.ts randomGame) varied as people write
 * them (no cost, no bound, comments, unknown facts, repeats, another order). The written
 * facts are also held against the generator's own facts, atom for atom, and the exact search
 * (searchGame, what labsolve runs) finds the same optimum on both; an edit (a tile's opening,
 * the spare's, the start, the goal) shows in the written facts as the fact the test expects.
 * labsolve itself on both: test/push/game/game-cli.test.ts.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { prng } from "../../../src/core/random.js";
import { board } from "../../../src/push/game/edit.js";
import { readGameInstance, type GameInstance } from "../../../src/push/game/instance.js";
import { searchGame } from "../../../src/push/game/search/deepening.js";
import { board as competitionBoard } from "../../../src/push/competition/edit.js";
import { randomGame, type GameCase, type GameCost } from "../../helpers/game.js";

const ROOT = new URL("../../..", import.meta.url).pathname;
const EXAMPLE = readFileSync(join(ROOT, "docs/game-example.lp"), "utf8");

/** The instance without its file name (compared across files). */
const same = (inst: GameInstance): Omit<GameInstance, "file"> => {
  const { file: _file, ...rest } = inst;
  return { ...rest, tiles: Uint8Array.from(rest.tiles) };
};

/** Atoms of a facts text, one per fact, as a sorted list (comments and blank lines dropped). */
const atoms = (text: string): string[] =>
  text
    .split("\n")
    .map((l) => l.replace(/%.*$/, "").trim())
    .filter((l) => l !== "")
    .flatMap((l) => l.split(/(?<=\.)\s+/))
    .sort();

/** Reads, writes, reads again: both instances, and the written facts' warnings. */
function roundTrip(text: string, name: string): { before: GameInstance; after: GameInstance; written: string; warnings: string[] } {
  const before = readGameInstance(text, name).instance;
  const written = board.write(board.read(text, name));
  const again = readGameInstance(written, `${name} (written)`);
  return { before, after: again.instance, written, warnings: again.warnings };
}

/** The random cases: shapes 2x2 to 4x4, every cost, rotate and no_reverse on and off. */
function cases(): GameCase[] {
  const out: GameCase[] = [];
  const costs: GameCost[] = ["pushes", "moves", "steps"];
  let seed = 9100;
  for (const [rows, cols] of [[2, 2], [2, 3], [3, 2], [3, 3], [3, 4], [4, 4]])
    for (const cost of costs)
      for (const rotate of [false, true])
        for (const noReverse of [false, true]) out.push({ seed: seed++, rows, cols, cost, rotate, noReverse, maxSteps: 4 });
  return out;
}

/** A random instance written differently: without cost/1 (the default, pushes) or max_steps/1, with comments, an unknown fact, repeats, shuffled. */
function varied(text: string, seed: number): string {
  const rand = prng(seed);
  let lines = text.split("\n");
  if (rand() < 0.3) lines = lines.filter((l) => l !== "cost(pushes).");
  if (rand() < 0.3) lines = lines.filter((l) => !l.startsWith("max_steps("));
  if (rand() < 0.5) lines.push(lines[Math.floor(rand() * lines.length)]);
  if (rand() < 0.5) lines.push("colour(red). % not a fact of the game");
  for (let i = lines.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [lines[i], lines[j]] = [lines[j], lines[i]];
  }
  return `% a game instance, varied\n${lines.join("\n")}\n`;
}

describe("the game's board part", () => {
  it("docs/game-example.lp: read -> write -> read is the same instance, its facts atom for atom, the same optimum", () => {
    const { before, after, written, warnings } = roundTrip(EXAMPLE, "game-example.lp");
    expect(warnings).toEqual([]);
    expect(same(after)).toEqual(same(before));
    expect(atoms(written)).toEqual(atoms(EXAMPLE));
    expect(searchGame(after, { memoryMegabytes: 16 }).actions?.length).toBe(searchGame(before, { memoryMegabytes: 16 }).actions?.length);
  });

  it("144 random instances and their varied copies: the same instance, no warnings; the generator's facts atom for atom", () => {
    let exits = 0;
    let withInserts = 0;
    for (const c of cases()) {
      const facts = randomGame(c);
      const label = `seed ${c.seed} (${c.rows}x${c.cols}, ${c.cost})`;
      const plain = roundTrip(facts, label);
      expect(plain.warnings, label).toEqual([]);
      expect(same(plain.after), label).toEqual(same(plain.before));
      expect(atoms(plain.written), label).toEqual(atoms(facts));
      if (plain.before.goal.kind === "exit") exits++;
      if (facts.includes("insert(")) withInserts++;
      const text = varied(facts, c.seed);
      const v = roundTrip(text, `${label}, varied`);
      expect(v.warnings, label).toEqual([]);
      expect(same(v.after), `${label}, varied`).toEqual(same(v.before));
    }
    // the cases are not all of one kind
    expect(exits).toBeGreaterThan(30);
    expect(withInserts).toBeGreaterThan(30);
  });

  it("36 random instances: the exact search finds the same optimum (or none) on the written facts", () => {
    let solved = 0;
    for (const c of cases().filter((_, i) => i % 4 === 0)) {
      const { before, after } = roundTrip(randomGame(c), `seed ${c.seed}`);
      const a = searchGame(before, { memoryMegabytes: 16 });
      const b = searchGame(after, { memoryMegabytes: 16 });
      expect(a.interrupted || b.interrupted).toBe(false);
      expect(b.actions?.length, `seed ${c.seed}`).toBe(a.actions?.length);
      if (a.actions) solved++;
    }
    expect(solved).toBeGreaterThan(5);
  });

  it("an edit shows as the game's fact: a tile's opening, the spare's, the start, the goal tile, an exit", () => {
    const b = board.read(EXAMPLE, "game-example.lp");
    expect(b.size).toBe(4);
    expect(b.cols).toBe(4);
    // connect(1,2,e) is in the example: the tile of field (1,2) (index 1) loses its east opening (OPEN e = 4)
    const tiles = Uint8Array.from(b.tiles);
    tiles[1] ^= 4;
    const lessOpen = board.write({ ...b, tiles });
    expect(atoms(lessOpen)).toEqual(atoms(EXAMPLE).filter((a) => a !== "connect(1,2,e)."));
    // the spare opens south too (OPEN s = 2)
    expect(atoms(board.write({ ...b, spare: b.spare! | 2 }))).toEqual(atoms(`${EXAMPLE}\nspare(s).`));
    const moved = board.write({ ...b, start: { row: 2, col: 3 } });
    expect(moved).toContain("init_on(2,3).");
    expect(moved).not.toContain("init_on(1,1).");
    // the exit's field and side; then a goal tile instead
    expect(board.write({ ...b, goal: { row: 1, col: 4 }, exit: "e" })).toContain("exit(1,4,e).");
    const tile = board.write({ ...b, exit: undefined });
    expect(tile).toContain("goal_on(4,4).");
    expect(tile).not.toContain("exit(");
    expect(readGameInstance(tile, "tile.lp").instance.goal).toEqual({ kind: "tile", field: { row: 4, col: 4 } });
  });

  it("refuses what the game cannot have; the competition's part refuses the game's board", () => {
    const b = board.read(EXAMPLE, "game-example.lp");
    expect(() => board.write({ ...b, spare: undefined })).toThrow(/spare tile/);
    expect(() => board.write({ ...b, start: { row: 5, col: 1 } })).toThrow(/fields of the 4x4 board/);
    expect(() => board.write({ ...b, tiles: new Uint8Array(3) })).toThrow(/16 tiles/);
    expect(() => competitionBoard.write(b)).toThrow(/competition/);
    expect(() => board.read("field(1,1). connect(1,1,q).", "bad.lp")).toThrow(/bad\.lp:1:\d+: .*direction/);
  });
});
