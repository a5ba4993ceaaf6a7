/**
 * labshow's page in headless Chromium, issue 18 item 15: a legend, row and column
 * numbers, an arrow at the pushed line, the exit's side, and the keys that step through
 * the solution (Home, End, the arrows) do not scroll the page, so the buttons stay on
 * screen on a 22x22 board. Also writes a screenshot (its path on stderr) to look at.
 * Skips, saying so, without a chromium (as test/show-browser.test.ts).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM, openBrowser, sayWhyBrowserTestsSkip } from "./helpers/browser.js";

const ROOT = new URL("..", import.meta.url).pathname;
sayWhyBrowserTestsSkip("show-browser-18.test.ts");

type Page = import("puppeteer-core").Page;
type Browser = import("puppeteer-core").Browser;

function page(args: string[], input = ""): string {
  const r = spawnSync(join(ROOT, "bin", "labshow"), [...args, "--format", "html"], { input, encoding: "utf8", maxBuffer: 64 << 20 });
  if (r.status !== 0) throw new Error(`labshow failed: ${r.stderr}`);
  return r.stdout;
}

describe.skipIf(!CHROMIUM)(`labshow's page: legend, coordinates, pushed line, exit side, keys (issue 18, 15) (${CHROMIUM ?? "no chromium: skipped"})`, () => {
  let browser: Browser;
  let tab: Page;

  beforeAll(async () => {
    ({ browser, page: tab } = await openBrowser());
    await tab.setViewport({ width: 1000, height: 700 });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  });

  it("the 4x4 example: a legend, row and column numbers, and an arrow at the pushed line", async () => {
    await tab.setContent(page([join(ROOT, "instances/example-4x4.lp"), "-"], "push(1,w,1). push(3,s,2)."), { waitUntil: "load" });
    const legend = await tab.$eval("#legend", (e) => e.textContent ?? "");
    for (const word of ["reachable", "goal", "pushed"]) expect(legend).toContain(word);
    const labels = async (): Promise<string[]> => tab.$$eval("#board .label", (els) => els.map((e) => e.textContent ?? ""));
    // corner, columns 1..4, then each row's number from the north (4) down
    expect(await labels()).toEqual(["", "1", "2", "3", "4", "4", "3", "2", "1"]);
    await tab.click("#next");
    // push(1,w,1): row 1 pushed west
    expect(await tab.$$eval("#board .pushed-arrow", (els) => els.map((e) => [(e as HTMLElement).dataset.row, e.textContent]))).toEqual([["1", "1\u2190"]]);
    await tab.click("#next");
    // push(3,s,2): column 3 pushed south
    expect(await tab.$$eval("#board .pushed-arrow", (els) => els.map((e) => [(e as HTMLElement).dataset.col, e.textContent]))).toEqual([["3", "3\u2193"]]);
    // the first and last buttons use glyphs Debian's default fonts have (not U+23EE, U+23ED)
    const buttons = await tab.$$eval("#controls button", (els) => els.map((e) => e.textContent ?? ""));
    for (const b of buttons) expect(b).not.toMatch(/[\u23ee\u23ed]/);
    // after the slide's transition (0.35 s)
    await new Promise((r) => setTimeout(r, 600));
    const shot = join(mkdtempSync(join(tmpdir(), "labyrinth-shot-")), "example.png");
    await tab.screenshot({ path: shot, fullPage: true });
    process.stderr.write(`screenshot: ${shot}\n`);
  }, 60_000);

  it("the board game's exit: the tile says which side to leave by", async () => {
    await tab.setContent(page([join(ROOT, "docs/game-example.lp")]), { waitUntil: "load" });
    const exit = await tab.$eval("#board .exit", (e) => [...e.classList].find((c) => c.startsWith("exit-")) ?? "");
    // docs/game-example.lp: exit(4,4,n)
    expect(exit).toBe("exit-n");
  }, 60_000);

  it("22x22: End and Home step through the solution without scrolling; the buttons stay on screen", async () => {
    const gen = spawnSync(join(ROOT, "bin", "labgen"), ["22", "22", "--seed", "3"], { encoding: "utf8" });
    const file = join(mkdtempSync(join(tmpdir(), "labyrinth-22-")), "b22.lp");
    (await import("node:fs")).writeFileSync(file, gen.stdout);
    const solved = spawnSync(join(ROOT, "bin", "labsolve"), ["--any", file], { encoding: "utf8" });
    await tab.setContent(page([file, "-"], solved.stdout), { waitUntil: "load" });
    const steps = await tab.$eval("#steps", (e) => e.textContent ?? "");
    await tab.keyboard.press("End");
    expect(await tab.$eval("#step", (e) => e.textContent)).toBe(steps);
    expect(await tab.evaluate(() => window.scrollY)).toBe(0);
    const box = await tab.$eval("#last", (e) => e.getBoundingClientRect().top);
    expect(box).toBeGreaterThanOrEqual(0);
    await tab.keyboard.press("Home");
    expect(await tab.$eval("#step", (e) => e.textContent)).toBe("0");
    expect(await tab.evaluate(() => window.scrollY)).toBe(0);
  }, 60_000);
});
