/**
 * The project's Minotaur levels (instances/minotaur/) against their optima in
 * expected/minotaur/ (computed by the independent search of test/helpers/minotaur-ref.ts,
 * scripts/make-minotaur-levels.ts), and the commands end to end: labsolve (words, json,
 * -n 0, --no-wait, exit codes), labcheck (escaped, a wall, caught, inside), labgen minotaur.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readLevel } from "../../../src/maze/minotaur/level.js";
import { allOptimal, MOVE_WORDS, solveLevel } from "../../../src/maze/minotaur/search/bfs.js";
import { refRead, refSolve, refStep } from "../../helpers/minotaur-ref.js";
import { runBin } from "../../helpers/bin.js";

const ROOT = join(new URL("../..", import.meta.url).pathname, "..");
const LEVELS = join(ROOT, "instances", "minotaur");
const NAMES = readdirSync(LEVELS).filter((f) => f.endsWith(".txt")).sort();

interface Expected {
  fewest: number;
  optimalSolutions: number;
  fewestWithoutWait: number;
}

describe("the project's Minotaur levels", () => {
  it("has about 30 levels from 4x4 to 10x10, each with its expected optimum", () => {
    expect(NAMES.length).toBeGreaterThanOrEqual(30);
    const sizes = NAMES.map((n) => readLevel(readFileSync(join(LEVELS, n), "utf8"), n)).map((l) => l.rows * l.cols);
    expect(Math.min(...sizes)).toBe(16);
    expect(Math.max(...sizes)).toBe(100);
  });

  for (const name of NAMES) {
    it(`${name}: the solver's optimum, count and no-wait optimum are the expected ones`, () => {
      const text = readFileSync(join(LEVELS, name), "utf8");
      const exp = JSON.parse(readFileSync(join(ROOT, "expected", "minotaur", name.replace(/\.txt$/, ".json")), "utf8")) as Expected;
      const level = readLevel(text, name);
      const best = solveLevel(level, { wait: true });
      expect(best.fewest).toBe(exp.fewest);
      expect(solveLevel(level, { wait: false }).fewest).toBe(exp.fewestWithoutWait);
      expect(allOptimal(level, { wait: true }, 10).count).toBe(exp.optimalSolutions);
      // the solution escapes by the independent simulation
      const L = refRead(text);
      let state = { t: L.t, m: L.m };
      best.moves.forEach((k, i) => {
        const r = refStep(L, state.t, state.m, MOVE_WORDS[k]);
        if (i === best.moves.length - 1) expect(r).toBe("escaped");
        else {
          expect(typeof r).toBe("object");
          state = r as typeof state;
        }
      });
    });
  }
});

describe("the commands on Minotaur levels", () => {
  const level = join(LEVELS, NAMES[3]);
  const exp = JSON.parse(readFileSync(join(ROOT, "expected", "minotaur", NAMES[3].replace(/\.txt$/, ".json")), "utf8")) as Expected;

  it("labsolve prints ANSWER and the moves as words, a proven optimum (exit 30), json the outcome with fewest, the witness and states; labcheck accepts them", () => {
    const words = runBin("labsolve", [level]);
    expect(words.code).toBe(30);
    expect(words.out).toMatch(new RegExp(`^ANSWER\\n[a-z ]+\\n% escape in ${exp.fewest} moves \\(fewest\\); \\d+ states visited\\n$`));
    const moves = words.out.split("\n")[1].split(" ");
    expect(moves.length).toBe(exp.fewest);
    expect(moves.every((m) => ["north", "east", "south", "west", "wait"].includes(m))).toBe(true);
    const json = runBin("labsolve", [level, "--format", "json"]);
    const doc = JSON.parse(json.out) as { rules: string; status: string; exitCode: number; fewest: number; models: { cost: number; witness: string[] }[]; statistics: { states: number } };
    expect(json.code).toBe(30);
    expect([doc.rules, doc.status, doc.exitCode]).toEqual(["minotaur", "OPTIMUM FOUND", 30]);
    expect(doc.fewest).toBe(exp.fewest);
    expect(doc.models).toEqual([{ cost: exp.fewest, witness: moves }]);
    expect(doc.statistics.states).toBeGreaterThan(exp.fewest);
    const check = runBin("labcheck", [level, "-"], words.out);
    expect(check.code).toBe(0);
    expect(check.out).toMatch(new RegExp(`^valid: escaped after ${exp.fewest} moves`));
    expect(runBin("labcheck", [level, "-"], json.out).code).toBe(0);
    const verdict = JSON.parse(runBin("labcheck", [level, "-", "--json"], words.out).out) as Record<string, unknown>;
    expect(verdict).toMatchObject({ rules: "minotaur", valid: true, outcome: "escaped", cost: exp.fewest, costKind: "moves", theseus: null });
  });

  it("labsolve exits 20 when no escape exists, with and without --no-wait", () => {
    const noWait = NAMES.find((n) => (JSON.parse(readFileSync(join(ROOT, "expected", "minotaur", n.replace(/\.txt$/, ".json")), "utf8")) as Expected).fewestWithoutWait < 0)!;
    const r = runBin("labsolve", [join(LEVELS, noWait), "--no-wait"]);
    expect(r.code).toBe(20);
    expect(r.out).toMatch(/^% no escape without waiting: proven, all \d+ reachable states visited\nINCONSISTENT\n$/);
    expect(runBin("labsolve", [join(LEVELS, noWait), "--no-wait", "--stats"]).code).toBe(20); // the full command line too
    // Theseus beside the Minotaur in a corridor: caught whatever he does
    const caged = "+-+-+-+\n|T M   \n+-+-+-+\n";
    expect(refSolve(refRead(caged)).fewest).toBe(-1);
    const c = runBin("labsolve", ["-"], caged);
    expect(c.code, c.err).toBe(20);
  });

  it("labsolve -n 0 lists every optimal solution (exit 30)", () => {
    const many = NAMES.find((n) => {
      const e = JSON.parse(readFileSync(join(ROOT, "expected", "minotaur", n.replace(/\.txt$/, ".json")), "utf8")) as Expected;
      return e.optimalSolutions > 1;
    })!;
    const e = JSON.parse(readFileSync(join(ROOT, "expected", "minotaur", many.replace(/\.txt$/, ".json")), "utf8")) as Expected;
    const r = runBin("labsolve", [join(LEVELS, many), "-n", "0"]);
    expect(r.code).toBe(30);
    const lines = r.out.trim().split("\n").filter((l) => !l.startsWith("%") && l !== "ANSWER");
    expect(lines.length).toBe(e.optimalSolutions);
    // -n N with exactly N optimal solutions: every one listed, the enumeration ended (30; -n N cut at N: 10 below)
    expect(runBin("labsolve", [join(LEVELS, many), "-n", String(e.optimalSolutions)]).code).toBe(30);
    expect(new Set(lines).size).toBe(e.optimalSolutions);
    for (const l of lines) expect(runBin("labcheck", [join(LEVELS, many), "-"], l).code).toBe(0);
  });

  it("labsolve -n 0 counts the optimal solutions when there are too many to list; -n K lists K", () => {
    // an open 8x8 room, the Minotaur shut in the south-west corner, the opening east of (8, 8)
    const rows: string[] = ["+-+-+-+-+-+-+-+-+", "|T              |"];
    for (let r = 2; r <= 8; r++) rows.push(r === 8 ? "+-+ + + + + + + +" : "+ + + + + + + + +", r === 8 ? "|M|             " : "|               |");
    rows.push("+-+-+-+-+-+-+-+-+");
    const room = `${rows.join("\n")}\n`;
    const ref = refSolve(refRead(room));
    expect(ref.count).toBeGreaterThan(1000);
    const r = runBin("labsolve", ["-", "-n", "0"], room);
    expect(r.code).toBe(10);
    expect(r.out).toContain(`% ${ref.count} optimal solutions: too many to list (more than 1000); one of them is listed`);
    const five = runBin("labsolve", ["-", "-n", "5"], room);
    expect(five.code).toBe(10);
    const lines = five.out.trim().split("\n").filter((l) => !l.startsWith("%") && l !== "ANSWER");
    expect(new Set(lines).size).toBe(5);
    expect(five.out).toContain(`% ${ref.count} optimal solutions, the first 5 listed`);
    const json = JSON.parse(runBin("labsolve", ["-", "-n", "0", "--format", "json"], room).out) as { fewest: number; optimalSolutions: number; models: unknown[] };
    expect(json).toMatchObject({ fewest: ref.fewest, optimalSolutions: ref.count, exitCode: 10 });
    expect(json.models).toHaveLength(1);
  });

  it("labcheck names the step of a wall, of the capture, and moves that end inside, with a picture", () => {
    const text = "+-+-+-+\n|T    |\n+-+ + +\n|    M|\n+ +-+-+\n";
    const dir = mkdtempSync(join(tmpdir(), "minotaur-"));
    const file = join(dir, "level.txt");
    writeFileSync(file, text);
    const lvl = (moves: string) => runBin("labcheck", [file, "-"], moves);
    const wall = lvl("north");
    expect(wall.code).toBe(1);
    expect(wall.out).toMatch(/^invalid: step 1: north from \(1, 1\) goes through a wall/);
    expect(wall.out).toContain("|T    |");
    const caught = lvl("east east");
    expect(caught.code).toBe(1);
    expect(caught.out).toMatch(/^invalid: step \d: the Minotaur catches Theseus at/);
    expect(caught.out).toContain("X");
    const caughtJson = runBin("labcheck", [file, "-", "--json"], "east east");
    const cj = JSON.parse(caughtJson.out) as { valid: boolean; outcome: string; theseus: number[]; minotaur: number[] };
    expect(cj).toMatchObject({ valid: false, outcome: "caught" });
    expect(cj.theseus).toEqual(cj.minotaur);
    expect(cj.theseus.every((x) => x >= 1 && x <= 4)).toBe(true);
    const inside = lvl("wait");
    expect(inside.out).toMatch(/^invalid: step 1: the moves end inside after 1 move: Theseus at \(1, 1\), the Minotaur at \(\d, \d\)/);
    const bad = lvl("north jump");
    expect(bad.code).toBe(65);
    expect(bad.err).toMatch(/:1:7: error: expected a move/);
    rmSync(dir, { recursive: true, force: true });
  });

  it("labshow draws the optimal solution, or a move list, as a text or SVG strip", () => {
    const t = runBin("labshow", [level]);
    expect(t.code).toBe(0);
    expect(t.out).toMatch(new RegExp(`escaped after ${exp.fewest} moves`));
    expect(t.out.match(/^start/gm)?.length).toBe(1);
    expect(t.out.match(/(^| )\d+ (north|east|south|west|wait)/gm)?.length).toBe(exp.fewest);
    const svg = runBin("labshow", [level, "--format", "svg"]);
    expect(svg.out.startsWith("<svg")).toBe(true);
    expect(svg.out.match(/<rect /g)?.length).toBe(exp.fewest + 1);
    const wrong = runBin("labshow", [level, "-"], "wait wait wait wait wait wait wait wait wait");
    expect(wrong.code).toBe(1);
    expect(wrong.out).toMatch(/INVALID|caught|inside|catches/);
  });

  it("labgen minotaur ROWS COLS --seed S makes a solvable level of that size", () => {
    const g = runBin("labgen", ["minotaur", "5", "6", "--seed", "4", "--iterations", "1500"]);
    expect(g.code, g.err).toBe(0);
    const L = refRead(g.out);
    expect([L.R, L.C]).toEqual([5, 6]);
    expect(refSolve(L).fewest).toBeGreaterThan(10);
    expect(runBin("labgen", ["minotaur", "5", "6", "--seed", "4", "--iterations", "1500"]).out).toBe(g.out);
    expect(runBin("labgen", ["minotaur", "1", "6", "--seed", "4"]).code).not.toBe(0);
  });
});
