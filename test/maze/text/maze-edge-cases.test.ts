/**
 * The text mazes' edge cases (labgen maze's arguments and files, a maze whose exit
 * is an opening in the border, the turn rule's enumeration, several mazes a file, the
 * readers' caps, the pictures' size), end to end through bin/ (built by `npm run build`).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readTextMaze, writeTextMaze } from "../../../src/core/maze-text.js";
import { bfs } from "../../../src/maze/text/search/graph-search.js";
import { searchProblem } from "../../../src/maze/text/search/problem.js";
import { walk } from "../../../src/maze/text/check.js";
import { mazeStats } from "../../../src/maze/text/stats.js";
import { turnAcyclicPaths } from "../../../src/maze/text/search/turn.js";
import { generateMaze } from "../../../src/maze/text/generate.js";
import { SPANNING } from "../../../src/maze/text/generate/algorithms.js";
import { prng } from "../../../src/core/random.js";
import { runBin } from "../../helpers/bin.js";

const ROOT = new URL("../../..", import.meta.url).pathname;

const tmp = (): string => mkdtempSync(join(tmpdir(), "maze-"));

describe("labgen maze: bad arguments and existing files are usage errors, checked before generating", () => {
  it("--braid outside [0, 1] or not a number: one line naming the option, exit 65, no stack trace", () => {
    for (const p of ["1.5", "-0.1", "abc", ""]) {
      const r = runBin("labgen", ["maze", "3", "3", "--algorithm", "prim", "--seed", "1", "--braid", p]);
      expect(r.code, r.err).toBe(65);
      expect(r.err).toMatch(/^labgen( maze)?: error: .*--braid/);
      expect(r.err.trim().split("\n")).toHaveLength(1);
      expect(r.out).toBe("");
    }
    expect(runBin("labgen", ["maze", "3", "3", "--algorithm", "prim", "--seed", "1", "--braid", "0.5"]).code).toBe(0);
  });

  it("-o EXISTING: labgen: error naming the file, exit 65, the file untouched", () => {
    const dir = tmp();
    const file = join(dir, "mine.txt");
    writeFileSync(file, "my notes\n");
    const r = runBin("labgen", ["maze", "3", "3", "--algorithm", "prim", "--seed", "1", "-o", file]);
    expect(r.code).toBe(65);
    expect(r.err).toMatch(/^labgen: error: -o .*mine\.txt: the file exists/);
    expect(r.err).not.toMatch(/EEXIST/);
    expect(readFileSync(file, "utf8")).toBe("my notes\n");
    const missing = runBin("labgen", ["maze", "3", "3", "--algorithm", "prim", "--seed", "1", "-o", join(dir, "no/such/folder.txt")]);
    expect(missing.code).toBe(65);
    expect(missing.err).toMatch(/^labgen: error: -o .*: no such folder/);
  });

  it("checks the file before generating: a huge maze to an existing file is refused at once", () => {
    const dir = tmp();
    const file = join(dir, "big.txt");
    writeFileSync(file, "x");
    const t0 = Date.now();
    const r = runBin("labgen", ["maze", "20000", "20000", "--algorithm", "binary-tree", "--seed", "1", "-o", file]);
    expect(r.code).toBe(65);
    expect(Date.now() - t0).toBeLessThan(5000); // 4e8 cells take far longer than this to generate
    expect(readFileSync(file, "utf8")).toBe("x");
  });
});

describe("several mazes: --count K -o DIR writes one file each; a file holding two mazes is refused by name", () => {
  it("-o DIR with --count 3: three files, the same mazes as on standard output, each read back by labsolve and labcheck", () => {
    const dir = join(tmp(), "out");
    const args = ["maze", "4", "5", "--algorithm", "wilson", "--seed", "7", "--count", "3"];
    const r = runBin("labgen", [...args, "-o", dir]);
    expect(r.code, r.err).toBe(0);
    const files = readdirSync(dir).sort();
    expect(files).toEqual(["maze-4x5-wilson-7-1.txt", "maze-4x5-wilson-7-2.txt", "maze-4x5-wilson-7-3.txt"]);
    expect(r.out.trim().split("\n")).toEqual(files.map((f) => join(dir, f)));
    const stdout = runBin("labgen", args).out.split("\n\n").filter((m) => m.trim() !== "");
    files.forEach((f, k) => {
      const path = join(dir, f);
      expect(readFileSync(path, "utf8").trim()).toBe(stdout[k].trim());
      const solved = runBin("labsolve", [path]);
      expect(solved.code, solved.err).not.toBe(65);
      expect(runBin("labcheck", [path, "-"], solved.out).code).toBe(0);
    });
    // again: every file exists, nothing is overwritten
    const again = runBin("labgen", [...args, "-o", dir]);
    expect(again.code).toBe(65);
    expect(again.err).toMatch(/maze-4x5-wilson-7-1\.txt exists/);
    const onFile = runBin("labgen", [...args, "-o", join(dir, files[0])]);
    expect(onFile.code).toBe(65);
    expect(onFile.err).toMatch(/with --count 3, -o names a folder/);
  });

  it("labsolve on --count output in one file: FILE:LINE:COL at the second maze's first line, exit 65", () => {
    const dir = tmp();
    const file = join(dir, "three.txt");
    const text = runBin("labgen", ["maze", "3", "4", "--algorithm", "prim", "--seed", "2", "--count", "3"]).out;
    writeFileSync(file, text);
    const r = runBin("labsolve", [file]);
    expect(r.code).toBe(65);
    expect(r.err).toBe(`${file}:9:1: error: a second maze starts here: a file holds one maze (labgen maze --count K -o DIR writes one file each)\n`);
    expect(runBin("labcheck", [file], "[east]").code).toBe(65);
  });

  it("a blank line that is a row of open cells is still read as one (not a second maze)", () => {
    // row 2 is open on both sides, no walls inside: its line is all spaces, trimmed to nothing
    const maze = "+-+-+\n|S  |\n+ + +\n\n+ + +\n|  E|\n+-+-+\n";
    const r = runBin("labsolve", ["-"], maze);
    expect(r.code, r.err).toBe(30);
  });

  it("labgen maze --help says what -o does with --count and that the readers take one maze a file", () => {
    const help = runBin("labgen", ["maze", "--help"]).out.replace(/\s+/g, " ");
    expect(help).toContain("one file each into the folder DIR");
    expect(help).toContain("read one maze a file");
  });
});

describe("a maze whose exit is an opening in the border: every part counts the move out", () => {
  // the maze: no E cell; the exit is the opening east of (2, 3), and the only one
  const OPEN = "+-+-+-+\n|S    |\n+ +-+ +\n|      \n+-+-+-+\n";
  const file = (): string => {
    const path = join(tmp(), "open.txt");
    writeFileSync(path, OPEN);
    return path;
  };

  /** The fewest moves out, by a plain breadth-first search over the text written here: the move through the opening counts. */
  function fewestOut(text: string): number {
    const lines = text.split("\n");
    const rows = (lines.length - 2) / 2;
    const cols = (lines[0].length - 1) / 2;
    const ch = (y: number, x: number): string => (lines[y] ?? "").padEnd(2 * cols + 1, " ")[x];
    const seen = new Map<string, number>([["0,0", 0]]);
    const queue: [number, number][] = [[0, 0]];
    for (let h = 0; h < queue.length; h++) {
      const [r, c] = queue[h];
      const d = seen.get(`${r},${c}`)!;
      for (const [dr, dc] of [[-1, 0], [0, 1], [1, 0], [0, -1]]) {
        if (ch(2 * r + 1 + dr, 2 * c + 1 + dc) !== " ") continue;
        const nr = r + dr;
        const nc = c + dc;
        if (nr < 0 || nc < 0 || nr >= rows || nc >= cols) return d + 1;
        if (!seen.has(`${nr},${nc}`)) {
          seen.set(`${nr},${nc}`, d + 1);
          queue.push([nr, nc]);
        }
      }
    }
    return -1;
  }

  it("on 300 random mazes with openings: the solver, the referee's walk and the statistics agree with a plain search written here", () => {
    let seed = 12345;
    const rnd = (): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    let solvable = 0;
    for (let t = 0; t < 300; t++) {
      const rows = 1 + Math.floor(rnd() * 6);
      const cols = 2 + Math.floor(rnd() * 6);
      const lines: string[] = [];
      for (let y = 0; y <= 2 * rows; y++) {
        let line = "";
        for (let x = 0; x <= 2 * cols; x++) {
          const border = y === 0 || y === 2 * rows || x === 0 || x === 2 * cols;
          if (y % 2 === 0 && x % 2 === 0) line += "+";
          else if (y % 2 === 1 && x % 2 === 1) line += y === 1 && x === 1 ? "S" : " ";
          else line += rnd() < (border ? 0.08 : 0.6) ? " " : y % 2 === 0 ? "-" : "|";
        }
        lines.push(line);
      }
      if (!lines.some((l, y) => (y === 0 || y === 2 * rows ? l.includes(" ") : l[0] === " " || l[2 * cols] === " "))) lines[1] = `${lines[1].slice(0, -1)} `;
      const text = `${lines.join("\n")}\n`;
      const maze = readTextMaze(text, "random.txt");
      const fewest = fewestOut(text);
      const r = bfs(searchProblem(maze));
      expect(r.found ? r.moves.length : -1, text).toBe(fewest);
      expect(mazeStats(maze).solution, text).toBe(fewest);
      if (r.found) {
        solvable++;
        expect(walk(maze, Array.from(r.moves)).valid, text).toBe(true);
      }
    }
    expect(solvable).toBeGreaterThan(50);
  });

  it("labsolve and labcheck: the fewest moves include the move out (4 here), and labcheck accepts that walk", () => {
    const path = file();
    const fewest = fewestOut(OPEN);
    expect(fewest).toBe(4);
    const r = runBin("labsolve", [path]);
    expect(r.out).toMatch(/south|east/);
    const words = r.out.match(/\b(north|east|south|west)\b/g)!;
    expect(words).toHaveLength(fewest);
    const c = runBin("labcheck", [path, "-"], r.out);
    expect(c.code, c.out).toBe(0);
    expect(c.out).toMatch(new RegExp(`^valid: ${fewest} moves`));
  });

  it("labshow text: the same count as labsolve, and the opening drawn as E (the format's mark for an opening)", () => {
    const path = file();
    const t = runBin("labshow", [path]);
    expect(t.code, t.err).toBe(0);
    expect(t.out).toContain(`${fewestOut(OPEN)} moves`);
    const picture = t.out.split("\n").slice(0, 5);
    expect(picture[3]).toMatch(/E$/);
    // a witness drawn: its moves counted, the move out included
    const w = runBin("labshow", [path, "-"], "[south, east, east, east]");
    expect(w.code, w.err).toBe(0);
    expect(w.out).toContain("4 moves");
  });

  it("labshow svg: E at the opening and the path drawn out through it", () => {
    const path = file();
    const svg = runBin("labshow", [path, "--format", "svg"]);
    expect(svg.code, svg.err).toBe(0);
    const points = svg.out.match(/<polyline class="path" points="([^"]*)"/)![1].split(" ");
    expect(points).toHaveLength(fewestOut(OPEN) + 1);
    const [x, y] = points[points.length - 1].split(",").map(Number);
    expect(x).toBeGreaterThan(3 * 20); // right of the grid's east border, on row 2
    expect(y).toBe(20 + 10);
    const e = svg.out.match(/<text class="mark" x="([\d.]+)" y="[\d.]+"[^>]*>E</);
    expect(e).not.toBeNull();
    expect(Number(e![1])).toBeGreaterThan(3 * 20);
  });

  it("labcheck's statistics: the way out counted, not 'no path'", () => {
    const path = file();
    const c = runBin("labcheck", [path], "");
    const all = `${c.out}${c.err}`;
    // however labcheck is asked for the statistics (the instance alone, or --instance)
    const stats = /S to/.test(all) ? all : (() => {
      const i = runBin("labcheck", ["--instance", path]);
      return `${i.out}${i.err}`;
    })();
    expect(stats).not.toContain("no path");
    expect(stats).toMatch(new RegExp(`S to the exit: ${fewestOut(OPEN)} moves`));
  });
});

describe("pictures of large mazes: streamed, bounded, refused past what a viewer shows", () => {
  /** A maze written by labgen into a fresh folder. */
  const generated = (rows: number, cols: number): string => {
    const path = join(tmp(), `m-${rows}x${cols}.txt`);
    const r = runBin("labgen", ["maze", String(rows), String(cols), "--algorithm", "binary-tree", "--seed", "3", "-o", path]);
    expect(r.code, r.err).toBe(0);
    return path;
  };

  it("svg of a 1000x1000 maze in a 160 MB heap: written by chunks, no shading (said on stderr), walls, the path, S and E", () => {
    const path = generated(1000, 1000);
    const r = spawnSync(process.execPath, ["--max-old-space-size=160", join(ROOT, "dist/src/cli/labshow.js"), path, "--format", "svg"], { encoding: "utf8", maxBuffer: 256 << 20 });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^labshow: note: a maze of 1000000 cells: the SVG leaves out the distance shading/);
    expect(r.stdout).toMatch(/^<svg [^>]*width="20002" height="20002"/);
    expect(r.stdout).not.toContain("<rect");
    expect(r.stdout).toContain('<polyline class="path"');
    expect(r.stdout.endsWith("</svg>\n")).toBe(true);
  });

  it("svg past 1000000 cells and the page past 100000: labshow: error saying what to do, exit 65, nothing written", () => {
    const big = generated(1001, 1000);
    const svg = runBin("labshow", [big, "--format", "svg"]);
    expect(svg.code).toBe(65);
    expect(svg.err).toMatch(/^labshow: error: a 1001x1000 maze \(1001000 cells\) is too large for an SVG picture .*--format text/);
    expect(svg.out).toBe("");
    const page = generated(400, 251);
    const out = join(tmp(), "page.html");
    const html = runBin("labshow", [page, "--format", "html", "-o", out]);
    expect(html.code).toBe(65);
    expect(html.err).toMatch(/^labshow: error: a 400x251 maze \(100400 cells\) is too large for the search page .*--format svg/);
    expect(existsSync(out)).toBe(false);
    // just under the caps: drawn
    expect(runBin("labshow", [generated(400, 250), "--format", "html", "-o", out]).code).toBe(0);
  });
});

describe("the turn rule's enumeration: fewest first, cut at N is not all, the time limit honoured", () => {
  const DR = [-1, 0, 1, 0];
  const DC = [0, 1, 0, -1];
  const BIT = [1, 4, 2, 8];

  /** Every acyclic walk (no (cell, direction) twice) to the E cell under the turn rule, by a plain recursive search written here: its move lists. */
  function allWalks(m: { rows: number; cols: number; open: Uint8Array; start: number; exit: number }): number[][] {
    const out: number[][] = [];
    const used = new Set<number>();
    const moves: number[] = [];
    const go = (r: number, c: number, last: number): void => {
      if (r * m.cols + c === m.exit) {
        out.push([...moves]);
        return;
      }
      for (let d = 0; d < 4; d++) {
        if (last >= 0 && (d === last || d === (last + 2) % 4)) continue;
        const nr = r + DR[d];
        const nc = c + DC[d];
        if (!(m.open[r * m.cols + c] & BIT[d]) || nr < 0 || nc < 0 || nr >= m.rows || nc >= m.cols) continue;
        const key = (nr * m.cols + nc) * 4 + d;
        if (used.has(key)) continue;
        used.add(key);
        moves.push(d);
        go(nr, nc, d);
        moves.pop();
        used.delete(key);
      }
    };
    go((m.start / m.cols) | 0, m.start % m.cols, -1);
    return out;
  }

  it("-n N reports the N walks of fewest moves, in nondecreasing length, and says exhausted only when no more exist (200 braided mazes)", () => {
    const rnd = prng(9);
    let cut = 0;
    let exact = 0;
    for (let i = 0; i < 200; i++) {
      const m = generateMaze(2 + (i % 3), 2 + ((i >> 1) % 3), SPANNING[i % SPANNING.length].name, rnd, 1);
      const all = allWalks(m);
      const lengths = all.map((w) => w.length).sort((a, b) => a - b);
      const keys = new Set(all.map((w) => w.join("")));
      for (const n of [1, 2, 3, all.length, 0]) {
        const got: number[][] = [];
        const e = turnAcyclicPaths(m, searchProblem(m), { models: n, onPath: (w) => got.push(Array.from(w)) });
        const want = n === 0 ? all.length : Math.min(n, all.length);
        expect(got.map((w) => w.length), writeTextMaze(m)).toEqual(lengths.slice(0, want));
        for (const w of got) expect(keys.has(w.join(""))).toBe(true);
        expect(new Set(got.map((w) => w.join(""))).size).toBe(got.length);
        expect(e.exhausted).toBe(n === 0 || all.length <= n);
        expect(e.interrupted).toBe(false);
        if (n > 0 && all.length > n) cut++;
        if (n > 0 && all.length === n) exact++;
      }
    }
    expect(cut).toBeGreaterThan(50);
    expect(exact).toBeGreaterThan(50);
  });

  it("stops when asked (polled), reporting interrupted, not exhausted, and what was complete", () => {
    const room = openRoom(8, 8);
    const m = readTextMaze(room, "room");
    let polls = 0;
    const e = turnAcyclicPaths(m, searchProblem(m), { shouldStop: () => ++polls >= 50 });
    expect(e.interrupted).toBe(true);
    expect(e.exhausted).toBe(false);
    expect(polls).toBe(50);
    expect(e.nodes).toBeLessThan(51 * 1024);
    expect(e.completeBelow).toBeGreaterThanOrEqual(14);
  });

  it("labsolve --rule turn -n 0 --time-limit 1 on an open 8x8 room: stops at the limit, exit 11, says so; paths fewest first", () => {
    const path = join(tmp(), "room.txt");
    writeFileSync(path, openRoom(8, 8));
    const t0 = Date.now();
    const r = runBin("labsolve", ["--rule", "turn", "-n", "0", "--time-limit", "1", path]);
    const seconds = (Date.now() - t0) / 1000;
    expect(r.code, r.err).toBe(11);
    expect(r.out).toMatch(/interrupted at the time limit/);
    expect(r.out).not.toMatch(/step limit/);
    expect(seconds).toBeLessThan(1 + 4); // the old enumeration ignored the limit and ran to its step limit
    const lengths = [...r.out.matchAll(/^ANSWER\n(.*)$/gm)].map((x) => x[1].split(" ").length);
    expect(lengths.length).toBeGreaterThan(100);
    for (let i = 1; i < lengths.length; i++) expect(lengths[i]).toBeGreaterThanOrEqual(lengths[i - 1]);
    const fewest = runBin("labsolve", ["--rule", "turn", "-f", "json", path]);
    const best = (fewest.out.match(/\b(north|east|south|west)\b/g) ?? []).length;
    expect(lengths[0]).toBe(best);
  });

  it("labsolve --rule turn -n 5: the five fewest, exit 10 (cut at 5: more exist)", () => {
    const path = join(tmp(), "room.txt");
    writeFileSync(path, openRoom(8, 8));
    const r = runBin("labsolve", ["--rule", "turn", "-n", "5", path]);
    expect(r.code).toBe(10);
    const lengths = [...r.out.matchAll(/^ANSWER\n(.*)$/gm)].map((x) => x[1].split(" ").length);
    expect(lengths).toHaveLength(5);
    for (let i = 1; i < lengths.length; i++) expect(lengths[i]).toBeGreaterThanOrEqual(lengths[i - 1]);
    const fewest = runBin("labsolve", ["--rule", "turn", "-f", "json", path]);
    expect(lengths[0]).toBe((fewest.out.match(/\b(north|east|south|west)\b/g) ?? []).length);
  });
});

/** An open room of rows x cols cells: no inner walls, S top-left, E bottom-right. */
function openRoom(rows: number, cols: number): string {
  const lines = [`+${"-+".repeat(cols)}`];
  for (let r = 0; r < rows; r++) {
    let row = "|";
    for (let c = 0; c < cols; c++) row += `${r === 0 && c === 0 ? "S" : r === rows - 1 && c === cols - 1 ? "E" : " "}${c < cols - 1 ? " " : "|"}`;
    lines.push(row, `+${(r === rows - 1 ? "-+" : " +").repeat(cols)}`);
  }
  return `${lines.join("\n")}\n`;
}

describe("the readers take the mazes labgen writes: text mazes past 16 MiB, every cap settable", () => {
  it("a 2100x2100 maze (17.7 MB of text): labsolve solves it, labcheck checks the answer, from a file and from a pipe", () => {
    const path = join(tmp(), "big.txt");
    expect(runBin("labgen", ["maze", "2100", "2100", "--algorithm", "binary-tree", "--seed", "5", "-o", path]).code).toBe(0);
    const size = readFileSync(path).length;
    expect(size).toBeGreaterThan(16 * 2 ** 20);
    const r = runBin("labsolve", [path]);
    expect(r.code, r.err).not.toBe(65);
    expect(r.out).toMatch(/\b(south|east)\b/);
    const c = runBin("labcheck", [path, "-"], r.out);
    expect(c.code, c.out.slice(0, 300)).toBe(0);
    const piped = spawnSync("sh", ["-c", `cat '${path}' | '${join(ROOT, "bin/labsolve")}' -`], { encoding: "utf8", maxBuffer: 64 << 20 });
    expect(piped.status, piped.stderr).toBe(r.code);
    expect(piped.stdout).toBe(r.out);
  });

  it("LABYRINTH_MAX_INPUT_MB sets every cap: a maze over it is refused naming the variable; a bad value is a usage error", () => {
    const path = join(tmp(), "m.txt");
    expect(runBin("labgen", ["maze", "300", "300", "--algorithm", "binary-tree", "--seed", "5", "-o", path]).code).toBe(0);
    const r = runBin("labsolve", [path], { env: { LABYRINTH_MAX_INPUT_MB: "0.25" } });
    expect(r.code).toBe(65);
    expect(r.err).toMatch(/^.*m\.txt: error: the file is \d+ bytes, over the cap of 256 KiB \(262144 bytes\): not read; LABYRINTH_MAX_INPUT_MB=MiB sets the cap\n$/);
    expect(runBin("labsolve", [path], { env: { LABYRINTH_MAX_INPUT_MB: "1" } }).code).not.toBe(65);
    const bad = runBin("labsolve", [path], { env: { LABYRINTH_MAX_INPUT_MB: "lots" } });
    expect(bad.code).toBe(65);
    expect(bad.err).toBe("labsolve: error: LABYRINTH_MAX_INPUT_MB=lots: expected a positive number of MiB\n");
  });

  it("a file over 16 MiB that is no maze is still refused at the default cap", () => {
    const path = join(tmp(), "facts.lp");
    writeFileSync(path, "% padding\n".repeat(1_800_000));
    const r = runBin("labsolve", [path]);
    expect(r.code).toBe(65);
    expect(r.err).toMatch(/over the cap of 16 MiB .*LABYRINTH_MAX_INPUT_MB=MiB sets the cap \(text mazes are read up to 500 MiB\)/);
  });

  it("labgen maze --help names the readers' cap and its variable; labsolve, labcheck and labshow --help name every cap", () => {
    const help = runBin("labgen", ["maze", "--help"]).out.replace(/\s+/g, " ");
    expect(help).toContain("LABYRINTH_MAX_INPUT_MB");
    for (const cmd of ["labsolve", "labcheck", "labshow"]) {
      const h = runBin(cmd, ["--help"]).out.replace(/\s+/g, " ");
      expect(h, cmd).toContain("Input caps: an instance file 16 MiB, a text maze 500 MiB, a solver output 256 MiB; the environment variable LABYRINTH_MAX_INPUT_MB=MiB sets every cap");
    }
  });
});
