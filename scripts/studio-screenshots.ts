/**
 * Screenshots of the studio for docs/studio/: each rule set's example opened by
 * `labshow studio FILE`, solved in the page and stepped to the middle of its answer.
 * Run: npm run build && node dist/scripts/studio-screenshots.js
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { ROOT, chromium, openStudio, serveStudio, solveInPage } from "./studio-browser.js";

const SHOTS: { file: string; png: string }[] = [
  { file: "instances/example-4x4.lp", png: "competition.png" },
  { file: "docs/game-example.lp", png: "game.png" },
  { file: "instances/maze-8x12.txt", png: "maze.png" },
  { file: "instances/minotaur/06-5x5.txt", png: "minotaur.png" },
  { file: "instances/labyrinth-of-theseus-edges.csv", png: "theseus.png" },
];

const out = join(ROOT, "docs", "studio");
mkdirSync(out, { recursive: true });
const browser = await chromium();
try {
  for (const { file, png } of SHOTS) {
    const { url, server } = await serveStudio(join(ROOT, file));
    try {
      const page = await browser.newPage();
      await page.setViewport({ width: 1000, height: 760 });
      await openStudio(page, url);
      await solveInPage(page);
      const n = Number(/ of (\d+)/.exec(await page.$eval("#step", (e) => e.textContent ?? ""))?.[1] ?? 0);
      for (let k = 0; k < Math.ceil(n / 2); k++) await page.keyboard.press("ArrowRight");
      await page.waitForFunction((want: string) => (document.querySelector("#step")?.textContent ?? "").startsWith(want), {}, `step ${Math.ceil(n / 2)} of`);
      await new Promise((r) => setTimeout(r, 300));
      await page.screenshot({ path: join(out, png) as `${string}.png` });
      process.stdout.write(`docs/studio/${png}: ${file}\n`);
      await page.close();
    } finally {
      server.kill("SIGTERM");
    }
  }
} finally {
  await browser.close();
}
