/**
 * The maze search page (labshow --format html on a text maze) in headless Chromium, read as
 * a user sees it: the arrow keys step and never scroll (a 50x80 maze, 40 presses), Home and
 * End go to the start and to the path, the maze fits the window (and a small one is drawn
 * larger), the legend names the states the algorithm has (no frontier for the wall follower
 * or dead-end filling, and no frontier cell on the page for them at any step), and the last
 * step shows no frontier cell. Skips, saying so, without a chromium.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { runBin } from "../../helpers/bin.js";
import { CHROMIUM, openPage, sayWhyBrowserTestsSkip } from "../../helpers/browser.js";

const ROOT = join(new URL("../..", import.meta.url).pathname, "..");
const DIR = mkdtempSync(join(tmpdir(), "maze-page-"));
type Page = import("puppeteer-core").Page;
type Browser = import("puppeteer-core").Browser;

sayWhyBrowserTestsSkip("test/maze/text/maze-page.test.ts");
afterAll(() => rmSync(DIR, { recursive: true, force: true }));

/** A maze labgen makes, written to a file; its path. */
function maze(rows: number, cols: number, braid?: string): string {
  const r = runBin("labgen", ["maze", String(rows), String(cols), "--algorithm", "backtracker", "--seed", "7", ...(braid ? ["--braid", braid] : [])]);
  expect(r.code, r.err).toBe(0);
  const path = join(DIR, `maze-${rows}x${cols}${braid ? "-braided" : ""}.txt`);
  writeFileSync(path, r.out);
  return path;
}

function html(file: string, algorithm: string): string {
  const r = runBin("labshow", [file, "--format", "html", "--algorithm", algorithm]);
  expect(r.code, r.err).toBe(0);
  return r.out;
}

const stepOf = (page: Page) => page.$eval("#step", (e) => Number(e.textContent));
const lastOf = (page: Page) => page.$eval("#last", (e) => Number(e.textContent));
const counts = (page: Page) =>
  page.$$eval(".cell", (els) => {
    const n: Record<string, number> = {};
    for (const e of els) {
      const s = (e as SVGElement).dataset.state ?? "";
      n[s] = (n[s] ?? 0) + 1;
    }
    return n;
  });

describe.skipIf(!CHROMIUM)("the maze search page as a user sees it", () => {
  let browser: Browser | undefined;
  afterEach(async () => {
    await browser?.close();
    browser = undefined;
  });

  it("a 50x80 maze in a 1280x800 window: fits it; 40 arrow presses step 40 and scroll nothing; Home and End", async () => {
    const opened = await openPage(html(maze(50, 80), "bfs"));
    browser = opened.browser;
    const page = opened.page;
    await page.setViewport({ width: 1280, height: 800 });
    await page.evaluate(() => window.dispatchEvent(new Event("resize")));
    const box = await page.$eval("svg", (e) => { const r = e.getBoundingClientRect(); return { right: r.right, bottom: r.bottom, width: r.width }; });
    expect(box.right).toBeLessThanOrEqual(1280);
    expect(box.bottom).toBeLessThanOrEqual(800);
    expect(box.width).toBeGreaterThan(600);
    for (let i = 0; i < 40; i++) await page.keyboard.press("ArrowRight");
    expect(await stepOf(page)).toBe(40);
    expect(await page.evaluate(() => [window.scrollX, window.scrollY])).toEqual([0, 0]);
    await page.keyboard.press("ArrowDown");
    expect(await stepOf(page)).toBe(30);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.keyboard.press("End");
    const last = await lastOf(page);
    expect(await stepOf(page)).toBe(last);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const atEnd = await counts(page);
    expect(atEnd.frontier ?? 0).toBe(0);
    expect(atEnd.path).toBeGreaterThan(1);
    await page.keyboard.press("Home");
    expect(await stepOf(page)).toBe(0);
    // the slider focused: one press, one step (not two)
    await page.focus("#slider");
    await page.keyboard.press("ArrowRight");
    expect(await stepOf(page)).toBe(1);
    expect(opened.errors).toEqual([]);
  }, 60_000);

  it("a small maze is drawn larger than its 24-pixel cells, still inside the window", async () => {
    const opened = await openPage(html(maze(4, 5), "bfs"));
    browser = opened.browser;
    const page = opened.page;
    await page.setViewport({ width: 1280, height: 800 });
    await page.evaluate(() => window.dispatchEvent(new Event("resize")));
    const box = await page.$eval("svg", (e) => { const r = e.getBoundingClientRect(); return { width: r.width, bottom: r.bottom }; });
    expect(box.width).toBeGreaterThan(5 * 24 + 4);
    expect(box.bottom).toBeLessThanOrEqual(800);
  }, 60_000);

  for (const [algorithm, words] of [["wall-follower", ["here", "walked", "path"]], ["dead-end-filling", ["just filled", "filled", "path"]], ["tremaux", ["here", "walked", "path"]]] as const) {
    it(`${algorithm}: the legend says ${words.join(", ")} and no frontier, and no step shows a frontier cell`, async () => {
      const opened = await openPage(html(maze(12, 16, "0.5"), algorithm));
      browser = opened.browser;
      const page = opened.page;
      const legend = await page.$eval("h1 + p", (e) => e.textContent ?? "");
      for (const w of words) expect(legend).toContain(w);
      expect(legend).not.toContain("frontier");
      // every step, read in the page (a key event a step, as the page's own listener takes it)
      const seen = await page.evaluate(() => {
        const last = Number(document.getElementById("last")!.textContent);
        const out: { step: number; frontier: number; current: number }[] = [];
        for (let k = 0; k <= last; k++) {
          const states = Array.from(document.querySelectorAll(".cell"), (e) => (e as SVGElement).dataset.state);
          out.push({ step: Number(document.getElementById("step")!.textContent), frontier: states.filter((x) => x === "frontier").length, current: states.filter((x) => x === "current").length });
          document.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight" }));
        }
        return { last, out };
      });
      expect(seen.last).toBeGreaterThan(5);
      seen.out.forEach((x, k) => {
        expect(x.step).toBe(k);
        expect(x.frontier, `step ${k}`).toBe(0);
        if (k > 0 && k < seen.last) expect(x.current, `step ${k}`).toBe(1);
      });
      expect(opened.errors).toEqual([]);
    }, 60_000);
  }

  it("bfs: the legend keeps taken, visited, frontier and path", async () => {
    const opened = await openPage(html(maze(6, 6), "bfs"));
    browser = opened.browser;
    const legend = await opened.page.$eval("h1 + p", (e) => e.textContent ?? "");
    for (const w of ["taken", "visited", "frontier", "path"]) expect(legend).toContain(w);
  }, 60_000);
});
