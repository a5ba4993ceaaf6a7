/**
 * labshow --format html on a text maze in a real headless Chromium (puppeteer-core and
 * Debian's chromium; skips without one): no console errors or network requests; the page's
 * cells (data-row, data-col, data-state) at each step show the visited cells and the
 * frontier of a plain BFS written here (lab order north, east, south, west), then the path.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBin } from "../../helpers/bin.js";
import { CHROMIUM, openPage } from "../../helpers/browser.js";

const ROOT = join(new URL("../..", import.meta.url).pathname, "..");
const MAZE = join(ROOT, "instances", "maze-8x12-braided.txt");
const DR = [-1, 0, 1, 0];
const DC = [0, 1, 0, -1];

type Page = import("puppeteer-core").Page;
type Browser = import("puppeteer-core").Browser;

/** The maze's passages from its characters, and a plain BFS: dequeue order and the path. */
function plainBfs(text: string): { order: string[]; frontierAfter: (k: number) => Set<string>; pathLength: number } {
  const lines = text.trimEnd().split("\n");
  const rows = (lines.length - 1) / 2;
  const cols = (lines[0].length - 1) / 2;
  const ch = (i: number, k: number) => (lines[i] ?? "").padEnd(k + 1, " ")[k];
  const passage = (r: number, c: number, d: number) => {
    const nr = r + DR[d];
    const nc = c + DC[d];
    return nr >= 0 && nc >= 0 && nr < rows && nc < cols && ch(2 * r + 1 + DR[d], 2 * c + 1 + DC[d]) === " ";
  };
  const dist = new Map<string, number>([["0,0", 0]]);
  const queue: [number, number][] = [[0, 0]];
  const order: string[] = [];
  let pathLength = -1;
  while (queue.length) {
    const [r, c] = queue.shift()!;
    order.push(`${r + 1},${c + 1}`);
    if (r === rows - 1 && c === cols - 1) { pathLength = dist.get(`${r},${c}`)!; break; }
    for (let d = 0; d < 4; d++) {
      if (!passage(r, c, d) || dist.has(`${r + DR[d]},${c + DC[d]}`)) continue;
      dist.set(`${r + DR[d]},${c + DC[d]}`, dist.get(`${r},${c}`)! + 1);
      queue.push([r + DR[d], c + DC[d]]);
    }
  }
  const frontierAfter = (k: number) => {
    const seen = new Set(order.slice(0, k));
    const f = new Set<string>();
    for (const key of seen) {
      const [r, c] = key.split(",").map((x) => Number(x) - 1);
      for (let d = 0; d < 4; d++) if (passage(r, c, d)) { const n = `${r + DR[d] + 1},${c + DC[d] + 1}`; if (!seen.has(n)) f.add(n); }
    }
    return f;
  };
  return { order, frontierAfter, pathLength };
}

describe.skipIf(!CHROMIUM)(`labshow --format html on a text maze in headless Chromium (${CHROMIUM ?? "no chromium: skipped"})`, () => {
  let browser: Browser;
  let page: Page;
  let errors: string[] = [];
  const ref = plainBfs(readFileSync(MAZE, "utf8"));

  beforeAll(async () => {
    const html = runBin("labshow", [MAZE, "--format", "html", "--algorithm", "bfs"]);
    expect(html.code, html.err).toBe(0);
    ({ browser, page, errors } = await openPage(html.out));
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  });

  const states = async (): Promise<Map<string, string>> =>
    new Map(await page.$$eval(".cell", (els) => els.map((e) => [`${(e as SVGElement).dataset.row},${(e as SVGElement).dataset.col}`, (e as SVGElement).dataset.state ?? ""] as [string, string])));

  it("steps through BFS: visited cells in the plain BFS's order, its frontier, then the path", async () => {
    expect(errors).toEqual([]);
    for (const k of [1, 2, 5, 17, 40]) {
      await page.$eval("#slider", (el, v) => { (el as HTMLInputElement).value = String(v); el.dispatchEvent(new Event("input")); }, k);
      const s = await states();
      const visited = [...s].filter(([, v]) => v === "visited" || v === "current").map(([key]) => key).sort();
      expect(visited).toEqual(ref.order.slice(0, k).sort());
      expect(s.get(ref.order[k - 1])).toBe("current");
      const frontier = [...s].filter(([, v]) => v === "frontier").map(([key]) => key).sort();
      expect(frontier).toEqual([...ref.frontierAfter(k)].sort());
    }
    // the next button and the arrow key advance one step
    const before = Number(await page.$eval("#step", (e) => e.textContent));
    await page.click("#next");
    await page.keyboard.press("ArrowRight");
    expect(Number(await page.$eval("#step", (e) => e.textContent))).toBe(before + 2);
    const last = Number(await page.$eval("#last", (e) => e.textContent));
    await page.$eval("#slider", (el, v) => { (el as HTMLInputElement).value = String(v); el.dispatchEvent(new Event("input")); }, last);
    const s = await states();
    expect([...s.values()].filter((v) => v === "path").length).toBe(ref.pathLength + 1);
    expect(await page.$eval("#status", (e) => e.textContent)).toBe(`path: ${ref.pathLength} moves`);
    expect(errors).toEqual([]);
  });
});
