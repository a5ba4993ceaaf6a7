/**
 * Inputs routed to the reader they belong to, with that reader's error at FILE:LINE:COL
 * (exit 65): an empty file, a level with M and no T, a broken wall line, a CSV without its
 * header; a UTF-8 byte order mark skipped for every kind of input (the answer is the one of
 * the same file without it); a level with Theseus on the opening said so; labgen minotaur's
 * -o naming a file refused before the generation.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { refRead, refSolve } from "../helpers/minotaur-ref.js";
import { runBin } from "../helpers/bin.js";

const ROOT = join(new URL("..", import.meta.url).pathname, "..");
const DIR = mkdtempSync(join(tmpdir(), "static-inputs-"));
const BOM = "\uFEFF";

/** Writes `text` to a file of that name in the test's folder; its path. */
function file(name: string, text: string): string {
  const path = join(DIR, name);
  writeFileSync(path, text);
  return path;
}

afterAll(() => rmSync(DIR, { recursive: true, force: true }));

describe("inputs reach their own reader", () => {
  it("an empty file (or one of blanks only) is no instance: one error for labsolve, labcheck and labshow", () => {
    for (const text of ["", "\n  \n"]) {
      const path = file("empty.lp", text);
      for (const [cmd, args] of [["labsolve", [path]], ["labcheck", [path, "-"]], ["labshow", [path]]] as const) {
        const r = runBin(cmd, [...args]);
        expect(r.code, `${cmd} ${r.err}`).toBe(65);
        expect(r.err).toMatch(new RegExp(`^${path}:\\d+:1: error: no instance: the input is empty`));
        expect(r.err).not.toMatch(/field\/2/);
      }
    }
  });

  it("a level with M and no T gets the level reader's error, not the facts reader's", () => {
    const path = file("m-only.txt", "+-+-+-+\n|M    \n+-+-+-+\n");
    const r = runBin("labsolve", [path]);
    expect(r.code).toBe(65);
    expect(r.err).toMatch(new RegExp(`^${path}:\\d+:\\d+: error: .*\\bT\\b`));
    expect(r.err).not.toMatch(/expected name/);
  });

  it("a maze with a broken wall line gets the maze reader's error at 1:1", () => {
    const path = file("broken.txt", "+-+-+-\n|S E|\n+-+-+\n");
    const r = runBin("labsolve", [path]);
    expect(r.code).toBe(65);
    expect(r.err).toMatch(new RegExp(`^${path}:1:1: error: expected a wall line`));
  });

  it("a transit-graph CSV without its header: the graph reader's error at 1:1, naming the header", () => {
    const path = file("no-header.csv", "0,1,2.0,u,d\n1,2,3.0,r,l\n");
    const r = runBin("labsolve", [path]);
    expect(r.code).toBe(65);
    expect(r.err).toMatch(new RegExp(`^${path}:1:1: error: expected the header node1,node2,weight,direction1,direction2, found '0,1,2.0,u,d'`));
  });

  it("a UTF-8 byte order mark is skipped: a maze, a level, a graph and facts solve as without it", () => {
    const inputs = [
      "instances/maze-8x12.txt",
      "instances/minotaur/02-4x4.txt",
      "instances/labyrinth-of-theseus-edges.csv",
      "instances/example-4x4.lp",
    ];
    for (const name of inputs) {
      const text = readFileSync(join(ROOT, name), "utf8");
      expect(text.charCodeAt(0)).not.toBe(0xfeff);
      const plain = runBin("labsolve", [file(`plain-${name.replace(/\//g, "_")}`, text)]);
      const marked = runBin("labsolve", [file(`bom-${name.replace(/\//g, "_")}`, BOM + text)]);
      expect(plain.code, plain.err).toBeGreaterThanOrEqual(10);
      expect(marked.err.replace(/bom-/g, "plain-"), name).toBe(plain.err);
      expect(marked.code, `${name}: ${marked.err}`).toBe(plain.code);
      expect(marked.out.replace(/bom-/g, "plain-").replace(/\d+(\.\d+)? ?(ms|s)\b/g, "T"), name).toBe(plain.out.replace(/\d+(\.\d+)? ?(ms|s)\b/g, "T"));
      // and on standard input
      const piped = runBin("labsolve", ["-"], BOM + text);
      expect(piped.code, `${name} on stdin: ${piped.err}`).toBe(plain.code);
    }
  });

  it("a BOM'd maze is checked and drawn as without it; an error after a BOM counts columns from the character after it", () => {
    const maze = readFileSync(join(ROOT, "instances/maze-8x12.txt"), "utf8");
    const path = file("bom-maze.txt", BOM + maze);
    const moves = runBin("labsolve", [join(ROOT, "instances/maze-8x12.txt")]);
    const check = runBin("labcheck", [path, "-"], moves.out);
    expect(check.code, check.err + check.out).toBe(0);
    const bad = file("bom-bad.txt", `${BOM}+-+-+-\n|S E|\n+-+-+\n`);
    expect(runBin("labsolve", [bad]).err).toMatch(/:1:1: error: expected a wall line/);
  });
});

describe("a level with Theseus on the opening", () => {
  // Theseus at (1, 3), the opening east of him
  const level = "+-+-+-+\n|M   T \n+ +-+ +\n|     |\n+-+-+-+\n";

  it("is solved by one move out, and labsolve (text and json) and labshow say so", () => {
    expect(refSolve(refRead(level)).fewest).toBe(1);
    const r = runBin("labsolve", ["-"], level);
    expect(r.code, r.err).toBe(30);
    expect(r.out).toContain("% Theseus starts on the opening at (1, 3): the level is solved by one move out");
    expect(r.out.split("\n").filter((l) => l !== "" && !l.startsWith("%"))).toEqual(["ANSWER", "east"]);
    const j = JSON.parse(runBin("labsolve", ["-", "--format", "json"], level).out) as { note?: string };
    expect(j.note).toMatch(/^Theseus starts on the opening at \(1, 3\)/);
    const shown = runBin("labshow", ["-"], level);
    expect(shown.out.split("\n")[0]).toContain("escaped after 1 move (Theseus starts on the opening at (1, 3): the level is solved by one move out)");
  });

  it("a level beside it without the note: Theseus one cell further in", () => {
    const inside = "+-+-+-+\n|M T   \n+ +-+ +\n|     |\n+-+-+-+\n";
    const r = runBin("labsolve", ["-"], inside);
    expect(r.out).not.toContain("starts on the opening");
  });

  it("labgen minotaur never makes one: 2x2 levels from many seeds, random starts (--iterations 0) and climbed, read here by hand", () => {
    for (let seed = 1; seed <= 16; seed++) {
      const r = runBin("labgen", ["minotaur", "2", "2", "--seed", String(seed), "--iterations", seed % 2 === 0 ? "0" : "300"]);
      expect(r.code, r.err).toBe(0);
      const L = refRead(r.out);
      const [tr, tc] = L.t;
      const side = (dr: number, dc: number) => L.lines[2 * tr + 1 + dr][2 * tc + 1 + dc] === " ";
      const onOpening = (tr === 0 && side(-1, 0)) || (tr === L.R - 1 && side(1, 0)) || (tc === 0 && side(0, -1)) || (tc === L.C - 1 && side(0, 1));
      expect(onOpening, r.out).toBe(false);
      expect(refSolve(L).fewest).toBeGreaterThan(1);
    }
  });
});

describe("labgen minotaur -o", () => {
  it("-o naming an existing file is refused before the generation (a generation of 10^9 changes would never end): labgen: error, exit 65", () => {
    const path = file("a-file", "x");
    const r = runBin("labgen", ["minotaur", "20", "20", "--seed", "1", "--iterations", "1000000000", "-o", path]);
    expect(r.code, r.err).toBe(65);
    expect(r.err).toBe(`labgen: error: -o ${path}: a file of that name exists; -o names the folder to write into\n`);
    const under = runBin("labgen", ["minotaur", "20", "20", "--seed", "1", "--iterations", "1000000000", "-o", join(path, "sub")]);
    expect(under.code, under.err).toBe(65);
    expect(under.err).toMatch(/^labgen: error: -o .*: cannot make the folder/);
  });

  it("-o DIR writes the level into DIR", () => {
    const out = join(DIR, "levels");
    const r = runBin("labgen", ["minotaur", "3", "3", "--seed", "2", "--iterations", "200", "-o", out]);
    expect(r.code, r.err).toBe(0);
    expect(readFileSync(r.out.trim(), "utf8")).toMatch(/T/);
  });
});
