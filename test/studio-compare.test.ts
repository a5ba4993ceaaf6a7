/**
 * Compare in the studio, in headless Chromium: BFS and DFS side by side on the same maze,
 * stepped by one control. Read off the page beside each search: at step k (before the end)
 * each has taken k cells and shows a frontier; at the last step each has visited as many
 * cells as `labsolve --algorithm NAME --stats` says it took from the frontier (Node, the
 * command's own count), and its path has as many moves as that labsolve's answer.
 * Skips without a chromium.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CHROMIUM, sayWhyBrowserTestsSkip } from "./helpers/browser.js";
import { LABSOLVE, ROOT, studioBrowser, studioLink, textOf, waitForText, watchedPage } from "./helpers/studio.js";


sayWhyBrowserTestsSkip("studio-compare.test.ts");

/** What `labsolve --algorithm NAME --stats FILE` says: the cells taken from the frontier and the answer's moves. */
function stats(file: string, algorithm: string): { taken: number; moves: number } {
  const r = spawnSync(LABSOLVE, ["--algorithm", algorithm, "--stats", file], { encoding: "utf8" });
  const all = r.stdout + r.stderr;
  const taken = /% \S+: (\d+) cells taken from the frontier/.exec(all);
  const moves = /% \S+: (\d+) moves/.exec(all);
  if (!taken || !moves) throw new Error(`labsolve --stats said: ${all}`);
  return { taken: Number(taken[1]), moves: Number(moves[1]) };
}

/** One side's line: "NAME: step K of L, visited V, frontier F; STATUS". */
function side(line: string): { name: string; step: number; last: number; visited: number; frontier: number; status: string } {
  const m = /^(\S+): step (\d+) of (\d+), visited (\d+), frontier (\d+); (.*)$/.exec(line);
  if (!m) throw new Error(`not a side's line: ${line}`);
  return { name: m[1], step: Number(m[2]), last: Number(m[3]), visited: Number(m[4]), frontier: Number(m[5]), status: m[6] };
}

describe.skipIf(!CHROMIUM)(`Compare in the studio (${CHROMIUM ?? "no chromium: skipped"})`, () => {
  const env = studioBrowser("studio-compare-");

  for (const file of ["instances/maze-8x12-braided.txt", "instances/maze-8x12.txt"]) {
    it(`${file}: BFS beside DFS, one control; at the end each has visited what labsolve --stats says it took`, async () => {
      const bfs = stats(join(ROOT, file), "bfs");
      const dfs = stats(join(ROOT, file), "dfs");
      const { page, errors } = await watchedPage(env.browser);
      await page.goto(studioLink(env.out, join(ROOT, file)), { waitUntil: "load" });
      await waitForText(page, "#rules", "rules: maze");
      await page.click("details.compare > summary");
      await page.waitForSelector("#compare-a");
      expect(await page.$eval("#compare-a", (e) => (e as HTMLSelectElement).value)).toBe("bfs");
      expect(await page.$eval("#compare-b", (e) => (e as HTMLSelectElement).value)).toBe("dfs");
      await page.click("#compare");
      await waitForText(page, "#compare-step", "step 0 of ");
      const last = Number(/of (\d+)/.exec(await textOf(page, "#compare-step"))![1]);
      // each page's last step is its path: one step per cell taken, and the end
      expect(last).toBe(Math.max(bfs.taken, dfs.taken) + 1);
      // ten steps by the one control: both searches move together
      for (let k = 1; k <= 10; k++) {
        await page.click("#compare-next");
        await waitForText(page, "#compare-step", `step ${k} of `);
      }
      await waitForText(page, "#compare-count-a", "bfs: step 10 of ");
      await waitForText(page, "#compare-count-b", "dfs: step 10 of ");
      for (const id of ["#compare-count-a", "#compare-count-b"]) {
        const s = side(await textOf(page, id));
        expect(s.visited).toBe(10);
        expect(s.frontier).toBeGreaterThan(0);
      }
      await page.click("#compare-last");
      await waitForText(page, "#compare-step", `step ${last} of ${last}`);
      await waitForText(page, "#compare-count-a", `bfs: step ${bfs.taken + 1} of ${bfs.taken + 1}`);
      await waitForText(page, "#compare-count-b", `dfs: step ${dfs.taken + 1} of ${dfs.taken + 1}`);
      const a = side(await textOf(page, "#compare-count-a"));
      const b = side(await textOf(page, "#compare-count-b"));
      expect([a.visited, a.frontier, a.status]).toEqual([bfs.taken, 0, `path: ${bfs.moves} moves`]);
      expect([b.visited, b.frontier, b.status]).toEqual([dfs.taken, 0, `path: ${dfs.moves} moves`]);
      expect(errors).toEqual([]);
      await page.close();
    }, 90_000);
  }
});
