/**
 * The text mazes' defects of issue 52 (labgen maze's arguments and files, a maze whose exit
 * is an opening in the border, the turn rule's enumeration, several mazes a file, the
 * readers' caps, the pictures' size), end to end through bin/ (built by `npm run build`).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = new URL("..", import.meta.url).pathname;

function sh(cmd: string, args: string[], input = "", env: Record<string, string> = {}) {
  const r = spawnSync(join(ROOT, "bin", cmd), args, { input, encoding: "utf8", cwd: ROOT, maxBuffer: 256 << 20, env: { ...process.env, ...env } });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

const tmp = (): string => mkdtempSync(join(tmpdir(), "maze-defects-"));

describe("labgen maze: bad arguments and existing files are usage errors, checked before generating", () => {
  it("--braid outside [0, 1] or not a number: one line naming the option, exit 65, no stack trace", () => {
    for (const p of ["1.5", "-0.1", "abc", ""]) {
      const r = sh("labgen", ["maze", "3", "3", "--algorithm", "prim", "--seed", "1", "--braid", p]);
      expect(r.code, r.err).toBe(65);
      expect(r.err).toMatch(/^labgen( maze)?: error: .*--braid/);
      expect(r.err.trim().split("\n")).toHaveLength(1);
      expect(r.out).toBe("");
    }
    expect(sh("labgen", ["maze", "3", "3", "--algorithm", "prim", "--seed", "1", "--braid", "0.5"]).code).toBe(0);
  });

  it("-o EXISTING: labgen: error naming the file, exit 65, the file untouched", () => {
    const dir = tmp();
    const file = join(dir, "mine.txt");
    writeFileSync(file, "my notes\n");
    const r = sh("labgen", ["maze", "3", "3", "--algorithm", "prim", "--seed", "1", "-o", file]);
    expect(r.code).toBe(65);
    expect(r.err).toMatch(/^labgen: error: -o .*mine\.txt: the file exists/);
    expect(r.err).not.toMatch(/EEXIST/);
    expect(readFileSync(file, "utf8")).toBe("my notes\n");
    const missing = sh("labgen", ["maze", "3", "3", "--algorithm", "prim", "--seed", "1", "-o", join(dir, "no/such/folder.txt")]);
    expect(missing.code).toBe(65);
    expect(missing.err).toMatch(/^labgen: error: -o .*: no such folder/);
  });

  it("checks the file before generating: a huge maze to an existing file is refused at once", () => {
    const dir = tmp();
    const file = join(dir, "big.txt");
    writeFileSync(file, "x");
    const t0 = Date.now();
    const r = sh("labgen", ["maze", "20000", "20000", "--algorithm", "binary-tree", "--seed", "1", "-o", file]);
    expect(r.code).toBe(65);
    expect(Date.now() - t0).toBeLessThan(5000); // 4e8 cells take far longer than this to generate
    expect(readFileSync(file, "utf8")).toBe("x");
  });
});

describe("several mazes: --count K -o DIR writes one file each; a file holding two mazes is refused by name", () => {
  it("-o DIR with --count 3: three files, the same mazes as on standard output, each read back by labsolve and labcheck", () => {
    const dir = join(tmp(), "out");
    const args = ["maze", "4", "5", "--algorithm", "wilson", "--seed", "7", "--count", "3"];
    const r = sh("labgen", [...args, "-o", dir]);
    expect(r.code, r.err).toBe(0);
    const files = readdirSync(dir).sort();
    expect(files).toEqual(["maze-4x5-wilson-7-1.txt", "maze-4x5-wilson-7-2.txt", "maze-4x5-wilson-7-3.txt"]);
    expect(r.out.trim().split("\n")).toEqual(files.map((f) => join(dir, f)));
    const stdout = sh("labgen", args).out.split("\n\n").filter((m) => m.trim() !== "");
    files.forEach((f, k) => {
      const path = join(dir, f);
      expect(readFileSync(path, "utf8").trim()).toBe(stdout[k].trim());
      const solved = sh("labsolve", [path]);
      expect(solved.code, solved.err).not.toBe(65);
      expect(sh("labcheck", [path, "-"], solved.out).code).toBe(0);
    });
    // again: every file exists, nothing is overwritten
    const again = sh("labgen", [...args, "-o", dir]);
    expect(again.code).toBe(65);
    expect(again.err).toMatch(/maze-4x5-wilson-7-1\.txt exists/);
    const onFile = sh("labgen", [...args, "-o", join(dir, files[0])]);
    expect(onFile.code).toBe(65);
    expect(onFile.err).toMatch(/with --count 3, -o names a folder/);
  });

  it("labsolve on --count output in one file: FILE:LINE:COL at the second maze's first line, exit 65", () => {
    const dir = tmp();
    const file = join(dir, "three.txt");
    const text = sh("labgen", ["maze", "3", "4", "--algorithm", "prim", "--seed", "2", "--count", "3"]).out;
    writeFileSync(file, text);
    const r = sh("labsolve", [file]);
    expect(r.code).toBe(65);
    expect(r.err).toBe(`${file}:9:1: error: a second maze starts here: a file holds one maze (labgen maze --count K -o DIR writes one file each)\n`);
    expect(sh("labcheck", [file], "[east]").code).toBe(65);
  });

  it("a blank line that is a row of open cells is still read as one (not a second maze)", () => {
    // row 2 is open on both sides, no walls inside: its line is all spaces, trimmed to nothing
    const maze = "+-+-+\n|S  |\n+ + +\n\n+ + +\n|  E|\n+-+-+\n";
    const r = sh("labsolve", ["-"], maze);
    expect(r.code, r.err).toBe(10);
  });

  it("labgen maze --help says what -o does with --count and that the readers take one maze a file", () => {
    const help = sh("labgen", ["maze", "--help"]).out.replace(/\s+/g, " ");
    expect(help).toContain("one file each into the folder DIR");
    expect(help).toContain("read one maze a file");
  });
});
