/**
 * The Minotaur's hint in the studio, in headless Chromium: from a position reached by a few
 * moves off every optimal line (chosen with the tests' own independent Minotaur,
 * test/helpers/minotaur-ref.ts, which shares no code with src/), the hint's move is
 * followed, hint after hint, until the page says "solved in K": the hints take exactly the
 * fewest moves from that position that the independent search finds, and each hint names
 * the fewest from where it stands. Skips without a chromium.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CHROMIUM, sayWhyBrowserTestsSkip } from "./helpers/browser.js";
import { refRead, refSolve, refStep, type RefLevel } from "./helpers/minotaur-ref.js";
import { ROOT, studioBrowser, studioLink, textOf, waitForText, watchedPage } from "./helpers/studio.js";

type KeyInput = import("puppeteer-core").KeyInput;

sayWhyBrowserTestsSkip("studio-hint.test.ts");

const MOVES = ["north", "east", "south", "west", "wait"] as const;
const KEY: Record<string, KeyInput> = { north: "ArrowUp", east: "ArrowRight", south: "ArrowDown", west: "ArrowLeft", wait: "w" };

/** A line of `length` moves that keeps Theseus inside and alive but off every optimal line, and the fewest moves left after it. */
function detour(L: RefLevel, length: number): { line: string[]; left: number } | undefined {
  const fewest = refSolve(L).fewest;
  const walk = (t: [number, number], m: [number, number], line: string[]): { line: string[]; left: number } | undefined => {
    if (line.length === length) {
      const left = refSolve({ ...L, t, m }).fewest;
      return left > 0 && line.length + left > fewest ? { line, left } : undefined;
    }
    for (const mv of MOVES) {
      const r = refStep(L, t, m, mv);
      if (typeof r !== "object") continue;
      const found = walk(r.t, r.m, [...line, mv]);
      if (found) return found;
    }
    return undefined;
  };
  return walk(L.t, L.m, []);
}

describe.skipIf(!CHROMIUM)(`the Minotaur's hint in the studio (${CHROMIUM ?? "no chromium: skipped"})`, () => {
  const env = studioBrowser("studio-hint-");

  for (const file of ["instances/minotaur/10-6x6.txt", "instances/minotaur/20-8x8.txt"]) {
    it(`${file}: after a detour of 3 moves, the hints win in the fewest moves from there`, async () => {
      const L = refRead(readFileSync(join(ROOT, file), "utf8"));
      const fewest = refSolve(L).fewest;
      const off = detour(L, 3);
      expect(off).toBeDefined();
      const { line, left } = off!;
      const { page, errors } = await watchedPage(env.browser);
      await page.goto(studioLink(env.out, join(ROOT, file)), { waitUntil: "load" });
      await waitForText(page, "#rules", "rules: minotaur");
      await page.click("#solve");
      await page.waitForSelector("#play-mode", { timeout: 50_000 });
      await page.click("#play-mode");
      await waitForText(page, "#played", "your move");
      for (const [i, mv] of line.entries()) {
        await page.keyboard.press(KEY[mv]);
        await waitForText(page, "#played", `${i + 1} moves; `);
      }
      let hints = 0;
      for (;;) {
        await page.keyboard.press("h");
        await waitForText(page, "#hint-text", "hint: ");
        const shown = /^hint: (\w+) \(the fewest from here is (\d+)\)$/.exec(await textOf(page, "#hint-text"));
        expect(shown).not.toBeNull();
        expect(Number(shown![2])).toBe(left - hints);
        await page.keyboard.press(KEY[shown![1]]);
        hints++;
        if (hints === left) break;
        await waitForText(page, "#played", `${line.length + hints} moves; `);
      }
      await page.waitForFunction((want: string) => document.querySelector("#played")?.textContent === want, {}, `solved in ${line.length + left}, the fewest is ${fewest}`);
      expect(errors).toEqual([]);
      await page.close();
    }, 90_000);
  }
});
