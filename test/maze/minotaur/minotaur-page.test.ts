/**
 * The Minotaur page (labshow --format html) in headless Chromium, read as a player sees it:
 * the shown solution stops at once at R, U, a move or the Stop button (never waits behind
 * the replay); an escaped Theseus is drawn whole, outside the walls and inside the picture;
 * a caught Theseus and the Minotaur are both visible (what lies under each one's centre is
 * that piece); the page says that labcheck's `w` is west while the W key moves up; a level
 * with Theseus on the opening says so. Skips, saying so, without a chromium.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runBin } from "../../helpers/bin.js";
import { CHROMIUM, openPage, sayWhyBrowserTestsSkip } from "../../helpers/browser.js";
import { losingLine, refRead, refStep, type RefLevel } from "../../helpers/minotaur-ref.js";

const ROOT = join(new URL("../..", import.meta.url).pathname, "..");
type Page = import("puppeteer-core").Page;
type Browser = import("puppeteer-core").Browser;

sayWhyBrowserTestsSkip("test/maze/minotaur/minotaur-page.test.ts");

function html(level: string, input?: string): string {
  const r = runBin("labshow", [level, "--format", "html"], { input });
  expect(r.code, r.err).toBe(0);
  return r.out;
}

function solutionOf(level: string): string[] {
  const r = runBin("labsolve", [level, "--format", "json"]);
  return (JSON.parse(r.out) as { models: { witness: string[] }[] }).models[0].witness;
}


const KEY: Record<string, string> = { north: "ArrowUp", east: "ArrowRight", south: "ArrowDown", west: "ArrowLeft", wait: "x" };

/** What the page shows: moves made, state, replaying, the Show button's label. */
function read(page: Page) {
  return page.evaluate(() => ({
    moves: Number(document.getElementById("moves")!.textContent),
    state: document.body.dataset.state,
    replay: document.body.dataset.replay ?? "",
    button: document.getElementById("show")!.textContent,
  }));
}
const idle = (page: Page) => page.waitForFunction(() => document.body.dataset.busy !== "1", { timeout: 30_000 });

describe.skipIf(!CHROMIUM)("the Minotaur page as a player sees it", () => {
  let browser: Browser | undefined;
  afterEach(async () => {
    await browser?.close();
    browser = undefined;
  });

  it("Show the solution on level 29 (hundreds of moves) stops at R, at U, at a move key and at Stop, within the move being played", async () => {
    const level = join(ROOT, "instances", "minotaur", "29-10x10.txt");
    const solution = solutionOf(level);
    expect(solution.length).toBeGreaterThan(100);
    const opened = await openPage(html(level));
    browser = opened.browser;
    const page = opened.page;
    const started = async (k: number) => {
      await page.click("#show");
      expect((await read(page)).button).toBe("Stop");
      await page.waitForFunction((n) => Number(document.getElementById("moves")!.textContent) >= n, { timeout: 30_000 }, k);
    };
    // R: the next moves count the page shows is 0 (a restart), long before the replay could end in an escape
    await started(4);
    await page.keyboard.press("r");
    await page.waitForFunction(() => document.getElementById("moves")!.textContent === "0" || document.body.dataset.state === "won", { timeout: 30_000 });
    await idle(page);
    expect(await read(page)).toEqual({ moves: 0, state: "playing", replay: "", button: "Show the solution" });
    // U: one move taken back from where the replay stood, and it plays no further
    await started(5);
    await page.keyboard.press("u");
    await idle(page);
    const afterUndo = await read(page);
    expect(afterUndo).toMatchObject({ state: "playing", replay: "", button: "Show the solution" });
    expect(afterUndo.moves).toBeLessThan(10);
    // a move key: the replay stops and the player's move is played
    await started(3);
    await page.keyboard.press("x");
    await idle(page);
    const afterMove = await read(page);
    expect(afterMove).toMatchObject({ replay: "", button: "Show the solution" });
    expect(afterMove.moves).toBeLessThan(10);
    // the Stop button
    await started(3);
    await page.click("#show");
    await idle(page);
    const stopped = await read(page);
    expect(stopped).toMatchObject({ state: "playing", replay: "", button: "Show the solution" });
    expect(stopped.moves).toBeLessThan(10);
    expect(opened.errors).toEqual([]);
  }, 120_000);

  it("an escaped Theseus is drawn whole: outside the walls, inside the picture", async () => {
    const level = join(ROOT, "instances", "minotaur", "01-4x4.txt");
    const solution = solutionOf(level);
    const opened = await openPage(html(level));
    browser = opened.browser;
    const page = opened.page;
    for (const mv of solution) {
      await page.keyboard.press(KEY[mv] as import("puppeteer-core").KeyInput);
      await idle(page);
    }
    expect((await read(page)).state).toBe("won");
    // wait for the piece to reach its place (its transition ends), then read where it is drawn
    await page.waitForFunction(() => document.getAnimations().length === 0, { timeout: 10_000 });
    const box = await page.evaluate(() => {
      const rect = (e: Element) => { const r = e.getBoundingClientRect(); return { left: r.left, top: r.top, right: r.right, bottom: r.bottom }; };
      return { svg: rect(document.getElementById("board")!), theseus: rect(document.querySelector("#theseus circle")!), walls: rect(document.querySelector("#board path")!) };
    });
    const { svg, theseus, walls } = box;
    expect(theseus.left).toBeGreaterThanOrEqual(svg.left);
    expect(theseus.top).toBeGreaterThanOrEqual(svg.top);
    expect(theseus.right).toBeLessThanOrEqual(svg.right);
    expect(theseus.bottom).toBeLessThanOrEqual(svg.bottom);
    const cx = (theseus.left + theseus.right) / 2;
    const cy = (theseus.top + theseus.bottom) / 2;
    expect(cx < walls.left || cx > walls.right || cy < walls.top || cy > walls.bottom).toBe(true);
    expect(opened.errors).toEqual([]);
  }, 60_000);

  it("a caught Theseus and the Minotaur are both visible: under each one's centre lies that piece", async () => {
    const level = join(ROOT, "instances", "minotaur", "01-4x4.txt");
    const line = losingLine(refRead(readFileSync(level, "utf8")));
    const opened = await openPage(html(level));
    browser = opened.browser;
    const page = opened.page;
    for (const mv of line) {
      await page.keyboard.press(KEY[mv] as import("puppeteer-core").KeyInput);
      await idle(page);
    }
    expect((await read(page)).state).toBe("lost");
    await page.waitForFunction(() => document.getAnimations().length === 0, { timeout: 10_000 });
    const seen = await page.evaluate(() => {
      const under = (id: string) => {
        const r = document.querySelector(`#${id} circle`)!.getBoundingClientRect();
        const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
        return hit?.closest("g")?.id ?? null;
      };
      return { theseus: under("theseus"), minotaur: under("minotaur") };
    });
    expect(seen).toEqual({ theseus: "theseus", minotaur: "minotaur" });
    // undo: back to one piece a cell, full size
    await page.keyboard.press("u");
    await idle(page);
    expect((await read(page)).state).toBe("playing");
    expect(opened.errors).toEqual([]);
  }, 60_000);

  it("says that labcheck's letters are compass initials (w is west) beside the WASD keys (W up)", async () => {
    const opened = await openPage(html(join(ROOT, "instances", "minotaur", "01-4x4.txt")));
    browser = opened.browser;
    const text = await opened.page.evaluate(() => document.body.innerText);
    expect(text).toMatch(/W up/);
    expect(text).toMatch(/labcheck[^\n]*n e s w[^\n]*w is west/);
  }, 60_000);

  it("a level with Theseus on the opening says so", async () => {
    const level = "+-+-+-+\n|M   T \n+ +-+ +\n|     |\n+-+-+-+\n";
    const opened = await openPage(html("-", level));
    browser = opened.browser;
    const note = await opened.page.evaluate(() => document.getElementById("note")?.textContent ?? null);
    expect(note).toBe("Theseus starts on the opening at (1, 3): the level is solved by one move out.");
  }, 60_000);
});
