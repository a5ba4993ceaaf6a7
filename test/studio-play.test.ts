/**
 * The studio's play for the push labyrinths (the competition's and the board game's), in
 * headless Chromium, as a person plays: labsolve's optimal answer, found in Node, is played
 * in the page by clicking a field of the board and pressing an arrow (its row or column is
 * pushed) or Enter (the pawn walks there), or by the arrow buttons; the page's checker
 * (the library's) judges the line and its end message is read: "solved in F, the fewest
 * is F". A push that breaks a rule is named by the checker, and u takes it back.
 * Skips without a chromium.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CHROMIUM, sayWhyBrowserTestsSkip } from "./helpers/browser.js";
import { labsolve, ROOT, studioBrowser, studioLink, textOf, waitForText, watchedPage } from "./helpers/studio.js";

type Page = import("puppeteer-core").Page;
type KeyInput = import("puppeteer-core").KeyInput;

sayWhyBrowserTestsSkip("studio-play.test.ts");

/** Clicks the middle of the tile at a field (1-based), as the picture names it. */
async function clickField(page: Page, row: number, col: number): Promise<void> {
  const box = await page.$eval(`#board rect.tile[data-row="${row}"][data-col="${col}"]`, (e) => {
    e.scrollIntoView({ block: "center" });
    const b = e.getBoundingClientRect();
    return { x: b.left + b.width / 2, y: b.top + b.height / 2 };
  });
  await page.mouse.click(box.x, box.y);
  await waitForText(page, "#selected", `field (${row},${col})`);
}

/** Selects a field with Shift and the arrow keys only, moving toward it on the screen one field at a time. */
async function selectByKeys(page: Page, row: number, col: number): Promise<void> {
  for (let presses = 0; presses < 60; presses++) {
    const where = await page.evaluate(
      (r: number, c: number) => {
        const centre = (e: Element | null) => {
          const b = e?.getBoundingClientRect();
          return b ? { x: b.left + b.width / 2, y: b.top + b.height / 2 } : undefined;
        };
        const said = /field \((\d+),(\d+)\)/.exec(document.querySelector("#selected")?.textContent ?? "");
        const from = said ? centre(document.querySelector(`#board rect.tile[data-row="${said[1]}"][data-col="${said[2]}"]`)) : undefined;
        return { from, to: centre(document.querySelector(`#board rect.tile[data-row="${r}"][data-col="${c}"]`)), done: said !== null && Number(said[1]) === r && Number(said[2]) === c };
      },
      row,
      col,
    );
    if (where.done) return;
    const before = await textOf(page, "#selected");
    const key: KeyInput = !where.from || !where.to ? "ArrowRight" : Math.abs(where.to.x - where.from.x) > 1 ? (where.to.x > where.from.x ? "ArrowRight" : "ArrowLeft") : where.to.y > where.from.y ? "ArrowDown" : "ArrowUp";
    await page.keyboard.down("Shift");
    await page.keyboard.press(key);
    await page.keyboard.up("Shift");
    await page.waitForFunction((b: string) => (document.querySelector("#selected")?.textContent ?? "") !== b, {}, before);
  }
  throw new Error(`Shift and the arrows did not reach field (${row},${col})`);
}

const KEY = { n: "ArrowUp", e: "ArrowRight", s: "ArrowDown", w: "ArrowLeft" } as const;

describe.skipIf(!CHROMIUM)(`playing a push labyrinth in the studio (${CHROMIUM ?? "no chromium: skipped"})`, () => {
  const env = studioBrowser("studio-play-");

  for (const { file, buttons, keysOnly } of [
    { file: "instances/example-4x4.lp", buttons: false, keysOnly: false },
    { file: "instances/random-9x9-a.asp", buttons: true, keysOnly: false },
    { file: "docs/game-example.lp", buttons: false, keysOnly: false },
    { file: "instances/random-9x9-a.asp", buttons: false, keysOnly: true },
    { file: "docs/game-example.lp", buttons: false, keysOnly: true },
  ]) {
    it(`${file}: labsolve's answer played by ${buttons ? "the arrow buttons" : keysOnly ? "the keyboard alone (Shift and the arrows select)" : "clicks and keys"} ends with "solved in F, the fewest is F"`, async () => {
      const choose = keysOnly ? selectByKeys : clickField;
      const node = labsolve(join(ROOT, file));
      const fewest = node.fewest ?? -1;
      expect(fewest).toBeGreaterThan(0);
      const { page, errors } = await watchedPage(env.browser);
      await page.goto(studioLink(env.out, join(ROOT, file)), { waitUntil: "load" });
      await waitForText(page, "#rules", "rules:");
      await page.click("#solve");
      await page.waitForSelector("#play-mode", { timeout: 50_000 });
      await page.click("#play-mode");
      await waitForText(page, "#played", "your move");
      // the arrow keys and Enter push and walk, and never scroll the page: the page cancels the browser's own use of each
      await page.evaluate(() => {
        const seen: string[] = [];
        (window as unknown as { keysLeftToTheBrowser: string[] }).keysLeftToTheBrowser = seen;
        // read once the event has been through every listener (the page's are added again as it renders)
        window.addEventListener("keydown", (e) => {
          setTimeout(() => {
            // a modifier alone does nothing in a browser; every other key the test presses must be the page's
            if (!e.defaultPrevented && e.key !== "Shift") seen.push(e.key);
          });
        });
      });
      let k = 0;
      for (const atom of node.models[0].witness) {
        k++;
        const push = /^push\((\d+),([nesw]),\d+\)$/.exec(atom);
        const walk = /^walk\((\d+),(\d+),\d+\)$/.exec(atom);
        if (push) {
          const line = Number(push[1]);
          const dir = push[2] as keyof typeof KEY;
          // any field of the pushed row (east, west) or column (north, south)
          if (dir === "e" || dir === "w") await choose(page, line, 1);
          else await choose(page, 1, line);
          if (buttons) await page.click(`#push-${dir}`);
          else await page.keyboard.press(KEY[dir]);
        } else if (walk) {
          await choose(page, Number(walk[1]), Number(walk[2]));
          if (buttons) await page.click("#walk");
          else await page.keyboard.press("Enter");
        } else throw new Error(`an atom the test cannot play: ${atom}`);
        if (k < fewest) await waitForText(page, "#played", `${k} moves; `);
      }
      await page.waitForFunction((want: string) => document.querySelector("#played")?.textContent === want, { timeout: 30_000 }, `solved in ${fewest}, the fewest is ${fewest}`);
      expect(await page.evaluate(() => (window as unknown as { keysLeftToTheBrowser: string[] }).keysLeftToTheBrowser)).toEqual([]);
      // one more push: the line no longer ends on the goal (or the push is not allowed), the checker says so; u takes it back
      await choose(page, 1, 1);
      await page.keyboard.press("ArrowUp");
      await waitForText(page, "#played", `${fewest + 1} moves; `);
      await page.keyboard.press("u");
      await page.waitForFunction((want: string) => document.querySelector("#played")?.textContent === want, {}, `solved in ${fewest}, the fewest is ${fewest}`);
      expect(errors).toEqual([]);
      await page.close();
    }, 90_000);
  }
});
