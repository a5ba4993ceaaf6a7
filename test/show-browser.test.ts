/**
 * labshow's page in a real headless Chromium (Debian's chromium, driven by puppeteer-core):
 * no console errors; next/back buttons and the arrow keys change the board as the
 * witness says, read from the page's elements (data-row, data-col, data-open), against
 * boards computed here independently. Skips, saying so, without a chromium.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM, openPage, sayWhyBrowserTestsSkip } from "./helpers/browser.js";
import { boardsAfter } from "./helpers/replay.js";

const ROOT = join(new URL(".", import.meta.url).pathname, "..");
const EXAMPLE = join(ROOT, "instances", "example-4x4.lp");
const PUSHES: [number, string][] = [
  [1, "w"],
  [3, "s"],
];

type Page = import("puppeteer-core").Page;
type Browser = import("puppeteer-core").Browser;

// a skip says why, on stderr as well as in the suite's name (issue 18, 18)
sayWhyBrowserTestsSkip("show-browser.test.ts");

describe.skipIf(!CHROMIUM)(`labshow --format html in headless Chromium (${CHROMIUM ?? "no chromium: skipped"})`, () => {
  let browser: Browser;
  let page: Page;
  let errors: string[] = [];

  beforeAll(async () => {
    const html = spawnSync(join(ROOT, "bin", "labshow"), [EXAMPLE, "-", "--format", "html"], { input: "push(1,w,1). push(3,s,2).", encoding: "utf8" });
    expect(html.status).toBe(0);
    ({ browser, page, errors } = await openPage(html.stdout));
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
