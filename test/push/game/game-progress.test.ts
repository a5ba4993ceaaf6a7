/**
 * The board game's progress line (src/push/game/solve.ts, src/core/status-line.ts): on a
 * terminal, `cost C | R nodes/s | [C;?] | TIME` redrawn in place at each cost bound's end
 * and every 250 ms while one runs; nothing of it when the reporter is no terminal. Through
 * the library's solve with a fake terminal (the search in the caller's thread, as in the
 * studio), and through bin/labsolve in a real pseudo-terminal (util-linux `script`: the
 * search in its worker thread, posting its nodes). The optimum the lower bound is held
 * against is labsolve's `-f json` answer.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readInstance, solve } from "../../../src/library.js";
import { generate, toFacts } from "../../../src/push/competition/generate.js";

const ROOT = new URL("../../..", import.meta.url).pathname;
const BIN = join(ROOT, "bin/labsolve");
const dir = mkdtempSync(join(tmpdir(), "game-progress-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * labgen 10 8 --seed 10 (maze tiles) under the game's rules with cost moves: cheapest 5, the
 * bounds 1 to 5, cost 5 about 21 million nodes (2.3 s on this 2-core machine, 2026-12): lines
 * while that bound runs, not only at the bounds' ends.
 */
const text = `${toFacts(generate(10, 8, 10, "maze"))}cost(moves).\n`;
const FILE = join(dir, "g10-10-moves.lp");
writeFileSync(FILE, text);

/** One progress line as drawn: carriage return, the text, clear to the end of the line. */
const LINE = /\r(cost (\d+) \| [\d.]+[kMG]? nodes\/s \| \[(\d+);(\d+|\?)\] \| \d+:\d\d)\x1b\[K/g;

const hasScript = spawnSync("script", ["--version"], { encoding: "utf8" }).status === 0;

/** labsolve's cheapest cost of FILE (its worker thread, no terminal). */
function fewest(): number {
  const r = spawnSync(BIN, ["-f", "json", FILE], { encoding: "utf8" });
  expect(r.status).toBe(30);
  return (JSON.parse(r.stdout) as { fewest: number }).fewest;
}

/** The lines' bounds rise, each line's lower bound is its bound (proven), none past the optimum, no upper bound known. */
function expectRising(lines: RegExpMatchArray[], optimum: number): void {
  const bounds = lines.map((l) => Number(l[2]));
  expect(bounds).toEqual([...bounds].sort((a, b) => a - b));
  expect(new Set(bounds).size).toBeGreaterThan(1);
  for (const [, , bound, lower, upper] of lines) {
    expect(Number(lower)).toBe(Number(bound));
    expect(Number(lower)).toBeLessThanOrEqual(optimum);
    expect(upper).toBe("?");
  }
  // drawn while the last bound ran, not only at the bounds' ends
  expect(bounds.filter((b) => b === optimum).length).toBeGreaterThan(1);
}

describe("the board game's progress line", () => {
  const optimum = fewest();

  it("the library's solve on a terminal: lines of rising cost bounds, never past the optimum, cleared at the end", async () => {
    expect(optimum).toBe(5);
    const written: string[] = [];
    const outcome = await solve(readInstance(text, FILE), { reporter: { isTTY: true, columns: 120, write: (s: string) => written.push(s) } });
    expect(outcome.fewest).toBe(optimum);
    const all = written.join("");
    const lines = [...all.matchAll(LINE)];
    expect(lines.length, all).toBeGreaterThan(2);
    expectRising(lines, optimum);
    // nothing but the line was written, and it is cleared last
    expect(all.replace(LINE, "").replace(/\r\x1b\[K/g, "")).toBe("");
    expect(written.at(-1)).toBe("\r\x1b[K");
  }, 60_000);

  it("nothing is written when the reporter is no terminal", async () => {
    const written: string[] = [];
    const outcome = await solve(readInstance(text, FILE), { reporter: { isTTY: false, columns: 120, write: (s: string) => written.push(s) } });
    expect(outcome.fewest).toBe(optimum);
    expect(written).toEqual([]);
  }, 60_000);

  it.skipIf(!hasScript)("labsolve in a pseudo-terminal (the search's worker thread): the lines, cleared before the --stats lines and the answer", () => {
    const r = spawnSync("script", ["-qfec", `${BIN} --stats ${FILE}`, "/dev/null"], { encoding: "utf8", timeout: 50_000 });
    expect(r.status).toBe(30);
    const lines = [...r.stdout.matchAll(LINE)];
    expect(lines.length, r.stdout).toBeGreaterThan(2);
    expectRising(lines, optimum);
    // each --stats line and the answer start on a cleared line
    expect(r.stdout).toMatch(/\r\x1b\[K% cost 5: /);
    expect(r.stdout).toMatch(/\r\x1b\[K(?:% total[^\n]*\n)?ANSWER\r?\n(?:push|walk)\(/);
    // a line drawn (its text, then ESC [ K) is never followed at once by other text: it is cleared first
    expect(r.stdout).not.toMatch(/[^\r]\x1b\[K[%A]/);
  }, 60_000);
});
