/**
 * labshow's page in a real headless Chromium (Debian's chromium, driven by puppeteer-core):
 * no console errors; next/back buttons and the arrow keys change the board as the
 * witness says, read from the page's elements (data-row, data-col, data-open), against
 * boards computed here independently; a legend, row and column numbers, an arrow at the
 * pushed line, the exit's side, and the keys that step through the solution (Home, End)
 * do not scroll the page on a 22x22 board (with a screenshot, its path on stderr, to look
 * at). Skips, saying so, without a chromium.
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBin } from "../helpers/bin.js";
import { CHROMIUM, openBrowser, openPage, sayWhyBrowserTestsSkip } from "../helpers/browser.js";
import { boardsAfter } from "../helpers/replay.js";
import { tmpDir, tmpFile } from "../helpers/tmp.js";

const ROOT = join(new URL("..", import.meta.url).pathname, "..");
const EXAMPLE = join(ROOT, "instances", "example-4x4.lp");
const PUSHES: [number, string][] = [
  [1, "w"],
  [3, "s"],
];

type Page = import("puppeteer-core").Page;
type Browser = import("puppeteer-core").Browser;

/** labshow's page for `args` (and standard input). */
function labshowHtml(args: string[], input = ""): string {
  const r = runBin("labshow", [...args, "--format", "html"], input);
  if (r.code !== 0) throw new Error(`labshow failed: ${r.err}`);
  return r.out;
}

// a skip says why, on stderr as well as in the suite's name
sayWhyBrowserTestsSkip("show-browser.test.ts");

describe.skipIf(!CHROMIUM)(`labshow --format html in headless Chromium (${CHROMIUM ?? "no chromium: skipped"})`, () => {
  let browser: Browser;
  let page: Page;
  let errors: string[] = [];

  beforeAll(async () => {
    ({ browser, page, errors } = await openPage(labshowHtml([EXAMPLE, "-"], "push(1,w,1). push(3,s,2).")));
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  });

  const shown = async (): Promise<{ step: string; tiles: Map<string, number>; reachable: string[] }> => {
    const r = await page.$$eval("#board .tile", (els) =>
      els.map((e) => ({ key: `${(e as HTMLElement).dataset.row},${(e as HTMLElement).dataset.col}`, open: Number((e as HTMLElement).dataset.open), reachable: e.classList.contains("reachable") })),
    );
    const step = await page.$eval("#step", (e) => e.textContent ?? "");
    return { step, tiles: new Map(r.map((t) => [t.key, t.open])), reachable: r.filter((t) => t.reachable).map((t) => t.key) };
  };

  it("loads without console errors or network requests, at step 0 with the instance's board", async () => {
    const boards = boardsAfter(EXAMPLE, PUSHES);
    const s = await shown();
    expect(s.step).toBe("0");
    expect(s.tiles).toEqual(boards[0]);
    expect(s.reachable).toEqual(["3,2"]);
    expect(errors).toEqual([]);
  }, 60_000);

  it("next, next, back, the arrow keys, Home and End show the witness's boards", async () => {
    const boards = boardsAfter(EXAMPLE, PUSHES);
    await page.click("#next");
    expect(await shown()).toMatchObject({ step: "1", tiles: boards[1] });
    await page.click("#next");
    const last = await shown();
    expect(last).toMatchObject({ step: "2", tiles: boards[2] });
    // the goal rides on its tile: (1,4) -> (1,3) by push 1 -> (4,3) by push 2, reachable at the end
    const goal = await page.$eval("#board .goal", (e) => `${(e as HTMLElement).dataset.row},${(e as HTMLElement).dataset.col}`);
    expect(goal).toBe("4,3");
    expect(last.reachable).toContain("4,3");
    await page.click("#prev");
    expect(await shown()).toMatchObject({ step: "1", tiles: boards[1] });
    await page.keyboard.press("ArrowLeft");
    expect(await shown()).toMatchObject({ step: "0", tiles: boards[0] });
    await page.keyboard.press("ArrowRight");
    expect(await shown()).toMatchObject({ step: "1", tiles: boards[1] });
    await page.keyboard.press("End");
    expect(await shown()).toMatchObject({ step: "2", tiles: boards[2] });
    await page.keyboard.press("Home");
    expect(await shown()).toMatchObject({ step: "0", tiles: boards[0] });
    expect(errors).toEqual([]);
  }, 60_000);
});

describe.skipIf(!CHROMIUM)(`labshow's page: legend, coordinates, pushed line, exit side, keys (${CHROMIUM ?? "no chromium: skipped"})`, () => {
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
    await tab.setContent(labshowHtml([join(ROOT, "instances/example-4x4.lp"), "-"], "push(1,w,1). push(3,s,2)."), { waitUntil: "load" });
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
    // once the slide's transition has ended (the page's own animations, not a guess at their length)
    await tab.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
    const shot = join(tmpDir("labyrinth-shot-"), "example.png");
    await tab.screenshot({ path: shot, fullPage: true });
    process.stderr.write(`screenshot: ${shot}\n`);
  }, 60_000);

  it("the board game's exit: the tile says which side to leave by", async () => {
    await tab.setContent(labshowHtml([join(ROOT, "docs/game-example.lp")]), { waitUntil: "load" });
    const exit = await tab.$eval("#board .exit", (e) => [...e.classList].find((c) => c.startsWith("exit-")) ?? "");
    // docs/game-example.lp: exit(4,4,n)
    expect(exit).toBe("exit-n");
  }, 60_000);

  it("22x22: End and Home step through the solution without scrolling; the buttons stay on screen", async () => {
    const file = tmpFile("b22.lp", runBin("labgen", ["22", "22", "--seed", "3"]).out);
    const solved = runBin("labsolve", ["--any", file]);
    await tab.setContent(labshowHtml([file, "-"], solved.out), { waitUntil: "load" });
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
