/**
 * The progress line during a search in the studio's worker, in headless Chromium: the
 * competition's exact search runs in the worker's one thread to its end, and reports its
 * progress as it goes (at each depth's end and every quarter second), in the terminal's
 * words (`depth D | R nodes/s | [LOWER;UPPER] | TIME`). The test waits on what the page
 * shows: a progress line, then a deeper one while the search still runs; then Stop. The
 * lower bound shown never passes the optimum labsolve proves in Node. Skips without a
 * chromium or without the shared competition instances.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM, openBrowser, sayWhyBrowserTestsSkip } from "./helpers/browser.js";
import { check, readInstance } from "../src/library.js";
import { labsolve, ROOT, studioLink, textOf, waitForText, watchedPage } from "./helpers/studio.js";

type Browser = import("puppeteer-core").Browser;

const FILE = join(ROOT, "..", "shared", "instances", "aspcomp2013", "0151-labyrinth-19-0.asp");
const SMALL = join(ROOT, "instances", "random-9x9-a.asp");
const LINE = /^depth (\d+) \| \S+ nodes\/s \| \[(\d+);(\d+|\?)\] \| /;

sayWhyBrowserTestsSkip("studio-progress.test.ts");

describe.skipIf(!CHROMIUM)("the progress line of a search in the studio's worker", () => {
  let browser: Browser;
  let out: string;

  beforeAll(async () => {
    ({ browser } = await openBrowser());
    out = mkdtempSync(join(tmpdir(), "studio-progress-"));
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    if (out) rmSync(out, { recursive: true, force: true });
  });

  it("random-9x9-a: the line shows the depths as the search passes them, its lower bound never past labsolve's optimum, then the answer", async () => {
    const fewest = labsolve(SMALL).fewest!;
    const { page, errors } = await watchedPage(browser);
    await page.goto(studioLink(out, SMALL), { waitUntil: "load" });
    await waitForText(page, "#rules", "rules: competition");
    // every text the progress line shows while the search runs, recorded by the page itself
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      const p = document.querySelector("#progress")!;
      new MutationObserver(() => seen.push(p.textContent ?? "")).observe(p, { childList: true, characterData: true, subtree: true });
    });
    await page.click("#solve");
    await page.waitForSelector("#status", { timeout: 50_000 });
    const seen = (await page.evaluate(() => (window as unknown as { seen: string[] }).seen)).filter((l) => LINE.test(l));
    expect(seen.length).toBeGreaterThan(0);
    const depths = seen.map((l) => Number(LINE.exec(l)![1]));
    for (const l of seen) expect(Number(LINE.exec(l)![2])).toBeLessThanOrEqual(fewest);
    expect(depths).toEqual([...depths].sort((a, b) => a - b));
    expect(await textOf(page, "#status")).toContain(`cost: ${fewest} pushes (proven shortest)`);
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it.skipIf(!existsSync(FILE))("0151: a progress line, then a deeper one while the search runs; Stop ends it and keeps the best answer found, as labsolve does on SIGINT", async () => {
    const fewest = labsolve(FILE).fewest!;
    const { page, errors } = await watchedPage(browser);
    await page.goto(studioLink(out, FILE), { waitUntil: "load" });
    await waitForText(page, "#rules", "rules: competition");
    await page.click("#solve");
    await page.waitForFunction((re: string) => new RegExp(re).test(document.querySelector("#progress")?.textContent ?? ""), { timeout: 50_000 }, LINE.source);
    const first = Number(LINE.exec(await textOf(page, "#progress"))![1]);
    await page.waitForFunction((re: string, d: number) => Number(new RegExp(re).exec(document.querySelector("#progress")?.textContent ?? "")?.[1] ?? -1) > d, { timeout: 50_000 }, LINE.source, first);
    expect(await page.$("#status")).toBeNull();
    await page.click("#stop");
    await page.waitForFunction(() => (document.querySelector("#progress")?.textContent ?? "").endsWith("stopped"));
    // the upper bound the line showed (the beams answer before the depths are searched): its answer, kept
    const upper = Number(LINE.exec(await textOf(page, "#progress"))![3]);
    expect(upper).toBeGreaterThanOrEqual(fewest);
    await page.waitForSelector("#status");
    const status = await textOf(page, "#status");
    expect(status).toContain("SATISFIABLE");
    expect(status).toContain(`cost: ${upper} pushes (not proven shortest)`);
    expect(status).toMatch(/stopped in [\d.]+ s; exit code 11$/);
    // its pushes, read off the page step by step, pass the referee with that many pushes
    await page.waitForFunction((want: string) => (document.querySelector("#step")?.textContent ?? "").startsWith(want), {}, `step 0 of ${upper}`);
    const words: string[] = [];
    for (let k = 1; k <= upper; k++) {
      await page.keyboard.press("ArrowRight");
      await page.waitForFunction((want: string) => (document.querySelector("#step")?.textContent ?? "").startsWith(want), {}, `step ${k} of ${upper}: `);
      words.push((await textOf(page, "#step")).replace(/^step \d+ of \d+: /, ""));
    }
    const verdict = await check(readInstance(readFileSync(FILE, "utf8"), basename(FILE)), words.join(" "));
    expect(verdict.valid, words.join(" ")).toBe(true);
    expect(verdict.cost).toBe(upper);
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);
});
