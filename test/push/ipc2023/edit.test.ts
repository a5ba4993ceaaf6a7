/**
 * The IPC 2023 board part (src/push/ipc2023/edit.ts): a problem read as an editable board and
 * written back is the same task (the planner's reader on both texts), the board's fields are
 * the problem's cards as its raw facts place them (read here by pattern, not by the reader),
 * a written problem solves to the original's optimum under labsolve plan, and an edit of one
 * card's openings that changes the optimum (found by trying them) is what labsolve sees too.
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { EditableBoard } from "../../../src/core/plugin.js";
import { ipcDomainText } from "../../../src/push/ipc2023/domain-text.js";
import { board } from "../../../src/push/ipc2023/edit.js";
import { generateIpcTask, ipcProblemText } from "../../../src/push/ipc2023/generate.js";
import { readIpcProblem } from "../../../src/push/ipc2023/problem.js";
import { inTaskCosts, type IpcTask } from "../../../src/push/ipc2023/task.js";
import { solveIpc } from "../../../src/push/ipc2023/search/index.js";
import { runBin } from "../../helpers/bin.js";

const ROOT = join(new URL("../..", import.meta.url).pathname, "..");
const OPT = join(ROOT, "..", "shared", "ipc2023-labyrinth", "opt");
const shared = existsSync(OPT);
const problems = shared ? readdirSync(OPT).filter((f) => /^p\d+\.pddl$/.test(f)).sort() : [];
const dir = mkdtempSync(join(tmpdir(), "ipc-edit-"));
const DOMAIN = ipcDomainText();
const domainFile = join(dir, "domain.pddl");
writeFileSync(domainFile, DOMAIN);

/** What read -> write -> read must keep: the task's fields, the file name aside. */
const kept = (t: IpcTask) => ({ size: t.size, tiles: [...t.tiles], robot: t.robot, cards: t.cards, positions: t.positions, actionCost: t.actionCost ?? 1, goalHolds: t.goalHolds ?? false });

/** The problem text written from the board read from `text`, read again. */
const roundTrip = (text: string, name: string): IpcTask => readIpcProblem(board.write(board.read(text, name)), `${name} (written)`);

/**
 * The board the raw facts make, read by pattern: (card-at C X Y) and (BLOCKED C D) with the
 * positions in NEXT order, row 1 the south row (y = N-1), OPEN bits n 1, s 2, e 4, w 8.
 */
function rawBoard(text: string): { tiles: number[]; start: { row: number; col: number } } {
  const next = [...text.matchAll(/\(\s*next\s+(\S+)\s+(\S+)\s*\)/gi)].map((m) => [m[1].toLowerCase(), m[2].toLowerCase()]);
  const min = /\(\s*min-pos\s+(\S+?)\s*\)/i.exec(text)![1].toLowerCase();
  const order = [min];
  while (order.length <= next.length) order.push(next.find(([, b]) => b === order.at(-1))![0]);
  const n = order.length;
  const field = new Map<string, number>();
  for (const m of text.matchAll(/\(\s*card-at\s+(\S+)\s+(\S+)\s+(\S+)\s*\)/gi)) {
    const x = order.indexOf(m[2].toLowerCase());
    const y = order.indexOf(m[3].toLowerCase());
    field.set(m[1].toLowerCase(), (n - 1 - y) * n + x);
  }
  const tiles = new Array<number>(n * n).fill(15);
  const bit: Record<string, number> = { n: 1, s: 2, e: 4, w: 8 };
  for (const m of text.matchAll(/\(\s*blocked\s+(\S+)\s+(\S+)\s*\)/gi)) tiles[field.get(m[1].toLowerCase())!] &= ~bit[m[2].toLowerCase()];
  const at = field.get(/\(\s*robot-at\s+(\S+?)\s*\)/i.exec(text)![1].toLowerCase())!;
  return { tiles, start: { row: Math.floor(at / n) + 1, col: (at % n) + 1 } };
}

/** labsolve plan's optimum (its `; cost = C` line) on a written problem, or null for exit 20 (no plan). */
function labsolveCost(text: string, name: string): number | null {
  const file = join(dir, name);
  writeFileSync(file, text);
  const r = runBin("labsolve", ["plan", "--threads", "1", domainFile, file]);
  if (r.code === 20) return null;
  expect(r.code, r.err).toBe(30);
  return Number(/^; cost = (\d+) /m.exec(r.out)![1]);
}

/** The planner's optimum in the task's costs (its search, in this process), or null when no plan exists. */
function optimum(problem: string, name: string): number | null {
  const task = readIpcProblem(problem, name);
  const r = inTaskCosts(task, solveIpc(task));
  expect(r.proven, name).toBe(true);
  return r.cost ?? null;
}

describe.skipIf(!shared)("the IPC's 20 problems (skips without ../shared)", () => {
  it("read -> write -> read gives the same task; the board is the raw facts' cards, robot and the domain's goal", () => {
    expect(problems).toHaveLength(20);
    for (const p of problems) {
      const text = readFileSync(join(OPT, p), "utf8");
      expect(kept(roundTrip(text, p)), p).toEqual(kept(readIpcProblem(text, p)));
      const b = board.read(text, p);
      const raw = rawBoard(text);
      expect([...b.tiles], p).toEqual(raw.tiles);
      expect(b.start, p).toEqual(raw.start);
      expect({ goal: b.goal, exit: b.exit, fixedGoal: b.fixedGoal }, p).toEqual({ goal: { row: 1, col: b.size }, exit: "s", fixedGoal: true });
    }
  });

  it("a written problem solves under labsolve plan to the original's optimum (p01-p03)", () => {
    for (const p of problems.slice(0, 3)) {
      const text = readFileSync(join(OPT, p), "utf8");
      const written = board.write(board.read(text, p));
      expect(labsolveCost(written, `written-${p}`), p).toBe(optimum(text, p));
    }
  });
});

describe("generated tasks", () => {
  const tasks = [3, 4, 5, 7, 12].flatMap((n) => [1, 2, 3].map((seed) => generateIpcTask(n, seed, n)));

  it("read -> write -> read gives the same task (tiles, robot, size, action cost, names)", () => {
    for (const [i, task] of tasks.entries()) {
      // the robot elsewhere and a cost of 3 on some: the conversion of both is tested
      if (i % 2) {
        task.robot = { x: i % task.size, y: (i * 7) % task.size };
        task.actionCost = 3;
      }
      const text = ipcProblemText(task);
      const original = readIpcProblem(text, task.file);
      expect(kept(roundTrip(text, task.file)), task.file).toEqual(kept(original));
      expect(board.read(text, task.file).start, task.file).toEqual(rawBoard(text).start);
    }
  });

  it("a written problem with an action cost of 2 solves under labsolve plan to the original's optimum, twice the unit cost one's", () => {
    const task = generateIpcTask(4, 2, 4);
    const unit = optimum(ipcProblemText(task), "g4-unit");
    task.actionCost = 2;
    const text = ipcProblemText(task);
    const written = board.write(board.read(text, "g4-cost2"));
    expect(unit).not.toBeNull();
    expect(labsolveCost(written, "g4-cost2.pddl")).toBe(2 * unit!);
    expect(optimum(text, "g4-cost2")).toBe(2 * unit!);
  });

  it("the writer refuses a moved goal, a turned exit, a spare tile, a non-square board", () => {
    const text = ipcProblemText(generateIpcTask(4, 1, 4));
    const b = board.read(text, "g4");
    expect(() => board.write({ ...b, goal: { row: 2, col: 4 } })).toThrow(/fixes the goal/);
    expect(() => board.write({ ...b, exit: "e" })).toThrow(/fixes the goal/);
    expect(() => board.write({ ...b, spare: 3 })).toThrow(/spare/);
    expect(() => board.write({ ...b, cols: 5 })).toThrow(/N x N/);
  });

  it("an edit of one card's openings that changes the optimum (found by trying them) is what labsolve plan finds on the written problem", () => {
    let found: { before: number | null; after: number | null; written: string; what: string } | undefined;
    for (const seed of [1, 2, 3, 4, 5]) {
      const text = ipcProblemText(generateIpcTask(3, seed, 4));
      const before = optimum(text, `g3-${seed}`);
      const b = board.read(text, `g3-${seed}`);
      for (let i = 0; i < b.tiles.length && !found; i++)
        for (const bit of [1, 2, 4, 8]) {
          const tiles = Uint8Array.from(b.tiles);
          tiles[i] ^= bit;
          const edited: EditableBoard = { ...b, tiles };
          const written = board.write(edited);
          const after = optimum(written, "edited");
          if (after === before) continue;
          // the edited board read back is the edit: that card alone changed, by that bit
          const back = board.read(written, "edited");
          expect([...back.tiles]).toEqual([...tiles]);
          found = { before, after, written, what: `seed ${seed}, tile ${i}, bit ${bit}` };
          break;
        }
      if (found) break;
    }
    expect(found, "no single opening changed the optimum of the tasks tried").toBeDefined();
    expect(found!.after, found!.what).not.toBe(found!.before);
    expect(labsolveCost(found!.written, "edited.pddl"), found!.what).toBe(found!.after);
  });
});
