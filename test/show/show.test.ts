/**
 * labshow's text and SVG pictures and its command line: the tiles each picture shows are
 * the boards computed here independently (test/helpers/replay.ts); the pushed line is
 * marked; an invalid witness is drawn up to its step with the checker's words (exit 1);
 * without a witness the shortest solution is drawn; the board game shows its spare.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { GLYPH } from "../../src/core/grid-picture.js";
import { boardsAfter } from "../helpers/replay.js";
import { vastUnsolvableFacts } from "../helpers/slow.js";
import { tmpFile } from "../helpers/tmp.js";
import { runBin } from "../helpers/bin.js";

const ROOT = join(new URL("..", import.meta.url).pathname, "..");
const EXAMPLE = join(ROOT, "instances", "example-4x4.lp");
const show = (args: string[], input?: string) => runBin("labshow", args, { input });

/** The tiles of a text picture: glyphs by "row,col". */
function textTiles(block: string, n: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of block.split("\n")) {
    const m = /^(\d+) (.*)$/.exec(line);
    if (!m || Number(m[1]) > n || line.startsWith(" ")) continue;
    const row = Number(m[1]);
    const cells = m[2];
    for (let col = 1; col <= n; col++) out.set(`${row},${col}`, GLYPH.indexOf(cells[(col - 1) * 3 + 1]));
  }
  return out;
}

describe("labshow --format text", () => {
  it("every step's board is the witness's, the pushed line is marked, the verdict is last", () => {
    const r = show([EXAMPLE, "-"], "ANSWER\npush(1,w,1). push(3,s,2).\n");
    expect(r.code).toBe(0);
    const blocks = r.out.trim().split("\n\n");
    const boards = boardsAfter(EXAMPLE, [
      [1, "w"],
      [3, "s"],
    ]);
    expect(blocks.length).toBe(4);
    blocks.slice(0, 3).forEach((b, k) => expect(textTiles(b, 4), `step ${k}`).toEqual(boards[k]));
    expect(blocks[1]).toMatch(/^1 .*◂ row 1 pushed w$/m);
    expect(blocks[2]).toMatch(/▾ column 3 pushed s/);
    expect(blocks[3]).toBe("valid: 2 pushes");
  });
  it("an invalid witness: drawn up to the broken step, the checker's words, exit 1", () => {
    const r = show([EXAMPLE, "-"], "push(1,w,1). push(4,e,2).");
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/invalid at step 2: .*goal/);
    expect(r.err).toMatch(/^labshow: invalid at step 2/m);
  });
  it("without a witness: the shortest solution (2 pushes on the example)", () => {
    const r = show([EXAMPLE]);
    expect(r.code).toBe(0);
    expect(r.out.trim().split("\n").at(-1)).toBe("valid: 2 pushes");
  });
  it("without a witness, stopped by the time limit before any answer: the outcome's note, nothing drawn, exit 1 (both rule sets)", () => {
    const dir = mkdtempSync(join(tmpdir(), "show-limit-"));
    for (const [n, rules] of [
      [10, []],
      [16, ["--rules", "game"]],
    ] as const) {
      const file = join(dir, `vast-${n}.lp`);
      writeFileSync(file, vastUnsolvableFacts(n, 30));
      const r = show([...rules, file, "--time-limit", "1"]);
      expect(r.code, r.err).toBe(1);
      expect(r.out).toBe("");
      expect(r.err).toBe("labshow: no solution found within the time limit\n");
    }
  });
  it("the board game: its spare under every step, the exit marked", () => {
    const r = show([join(ROOT, "docs", "game-example.lp")]);
    expect(r.code).toBe(0);
    const blocks = r.out.trim().split("\n\n");
    for (const b of blocks.slice(0, -1)) expect(b).toMatch(/\nspare: \S$/);
    expect(blocks[0]).toMatch(/X/);
    expect(blocks.at(-1)).toMatch(/^valid: cost \d+$/);
  });
  it("bad input exits 65 at its place; -o never writes over an input", () => {
    const r = show(["-"], "field(1,1)");
    expect(r.code).toBe(65);
    expect(r.err).toMatch(/^<stdin>:1:\d+: error:/);
    const dir = mkdtempSync(join(tmpdir(), "show-"));
    const copy = join(dir, "i.lp");
    writeFileSync(copy, readFileSync(EXAMPLE, "utf8"));
    expect(show([copy, "-o", copy]).code).toBe(65);
    expect(readFileSync(copy, "utf8")).toBe(readFileSync(EXAMPLE, "utf8"));
  });
});

describe("labshow --format svg", () => {
  it("a strip with one group per step, whose tiles are the witness's boards, and the pushed line's arrow", () => {
    const r = show([EXAMPLE, "-", "--format", "svg"], "push(1,w,1). push(2,n,2).");
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    const boards = boardsAfter(EXAMPLE, [
      [1, "w"],
      [2, "n"],
    ]);
    const groups = r.out.split('<g class="step"').slice(1);
    expect(groups.length).toBe(3);
    groups.forEach((g, k) => {
      const tiles = new Map([...g.matchAll(/data-row="(\d+)" data-col="(\d+)" data-open="(\d+)"/g)].map((m) => [`${m[1]},${m[2]}`, Number(m[3])]));
      expect(tiles, `step ${k}`).toEqual(boards[k]);
    });
    expect(groups[1]).toMatch(/class="arrow"[^>]*>←</);
    expect(groups[2]).toMatch(/class="arrow"[^>]*>↑</);
  });
  it("--step K: one picture; the board game's spare beside the board", () => {
    const r = show([join(ROOT, "docs", "game-example.lp"), "--format", "svg", "--step", "1"]);
    expect(r.code).toBe(0);
    expect(r.out.match(/<svg /g)?.length).toBe(1);
    expect(r.out).toMatch(/class="spare" data-open="\d+"/);
    expect(show([EXAMPLE, "--format", "svg", "--step", "9"]).code).toBe(65);
  });
});

describe("labshow plan (IPC 2023)", () => {
  const domain = join(ROOT, "docs", "ipc2023", "domain.pddl");
  const problem = join(ROOT, "docs", "ipc2023", "example.pddl");
  it("a picture per step and per whole push, replayed by labcheck plan's simulation; the robot ends on the exit's field", () => {
    const dir = mkdtempSync(join(tmpdir(), "show-plan-"));
    const plan = join(dir, "p.plan");
    expect(runBin("labsolve", ["plan", domain, problem, "-o", plan]).code).toBe(30);
    const moves = readFileSync(plan, "utf8").split("\n").filter((l) => /^\((start-move-card|move-(north|south|east|west) )/.test(l)).length;
    const r = show(["plan", domain, problem, plan]);
    expect(r.code).toBe(0);
    const blocks = r.out.trim().split("\n\n");
    expect(blocks.length).toBe(moves + 2); // the start, each move, the verdict
    expect(blocks.at(-1)).toMatch(/^valid cost=\d+$/);
    expect(blocks.at(-2)).toMatch(/^1 .*\*\S$/m); // row 1 ends with the robot on the exit's field
    // the start picture is the problem's board: the robot's card0 at (pos0, pos0) = row 5, column 1
    expect(blocks[0]).toMatch(/^5 @/m);
    const broken = join(dir, "broken.plan");
    writeFileSync(broken, readFileSync(plan, "utf8").split("\n").slice(1).join("\n"));
    const b = show(["plan", domain, problem, broken]);
    expect(b.code).toBe(1);
    expect(b.err).toMatch(/labshow: invalid: action 1 .*precondition/);
  });
});

describe("labshow without a witness has a time limit and says whether it drew the shortest", () => {
  it("a 20x20 instance whose proof takes about a minute: --time-limit 2 draws the best solution found, not proven shortest", () => {
    const gen = runBin("labgen", ["20", "20", "--seed", "1020", "--style", "random"]);
    const file = tmpFile("r20.lp", gen.out);
    const started = performance.now();
    const r = runBin("labshow", ["--time-limit", "2", file]);
    expect((performance.now() - started) / 1000).toBeLessThan(20);
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/labshow: the best solution found within the time limit \(\d+ pushes; not proven shortest: shortest >= \d+\)/);
    expect(r.out).toMatch(/valid: \d+ pushes/);
  });

  it("a small instance: the shortest solution, proven, and labshow says so", () => {
    const r = runBin("labshow", ["--time-limit", "30", EXAMPLE]);
    expect(r.code).toBe(0);
    expect(r.err).toContain("labshow: the shortest solution (2 pushes, proven)");
  });
});

describe("the IPC plan pictures use one coordinate system, the PDDL names beside", () => {
  const domain = join(ROOT, "docs/ipc2023/domain.pddl");
  const problem = join(ROOT, "docs/ipc2023/example.pddl");
  const plan = (): string => {
    const file = join(mkdtempSync(join(tmpdir(), "labyrinth-")), "example.plan");
    expect(runBin("labsolve", ["plan", domain, problem, "-o", file]).code).toBe(30);
    return file;
  };

  it("text: a push's heading names the line the arrow names (rows from the south), the PDDL action in brackets", () => {
    const steps = runBin("labshow", ["plan", domain, problem, plan()]).out.split("\n\n");
    let pushes = 0;
    for (const step of steps) {
      const head = /^step \d+: push (row|column) (\d+) (north|south|east|west)\s+\[\(start-move-card-\w+ [^\]]+\)\]$/m.exec(step);
      const arrow = /(row|column) (\d+) pushed ([nsew])$/m.exec(step);
      if (!head) {
        expect(arrow, step).toBeNull();
        continue;
      }
      pushes++;
      expect(arrow, step).not.toBeNull();
      expect([arrow![1], arrow![2], arrow![3]]).toEqual([head[1], head[2], head[3][0]]);
    }
    expect(pushes).toBeGreaterThan(0);
    expect(steps.join("\n")).not.toMatch(/push (row|column) pos\d/);
  });

  it("svg: every caption fits its step's width; the PDDL action is a second, smaller label", () => {
    const svg = runBin("labshow", ["plan", "--format", "svg", domain, problem, plan()]).out;
    const width = Number(/width="(\d+)"/.exec(svg)![1]) / (svg.match(/<g class="step"/g) ?? []).length;
    const captions = [...svg.matchAll(/<text class="(caption|detail)"[^>]*font-size="(\d+)"[^>]*><title>[^<]*<\/title>([^<]*)</g)];
    expect(captions.length).toBeGreaterThan(10);
    for (const [, kind, size, text] of captions) {
      // at most 0.6 em a character: no caption runs into the next step's picture
      expect(text.length * 0.6 * Number(size), `${kind}: ${text}`).toBeLessThanOrEqual(width - 30);
    }
    expect(captions.some(([, kind, , text]) => kind === "detail" && text.startsWith("(move-"))).toBe(true);
  });
});
