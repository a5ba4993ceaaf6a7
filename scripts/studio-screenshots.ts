/**
 * Screenshots of the studio for docs/studio/: each rule set's example opened by
 * `labshow studio FILE`, solved in the page and stepped to the middle of its answer; IPC
 * 2023's first problem (../shared/ipc2023-labyrinth, skipped when absent) from a link that
 * carries the domain and the problem (`labshow studio --out DIR`).
 * Run: npm run build && node dist/scripts/studio-screenshots.js
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "puppeteer-core";
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

/** Solves in the page, steps to the middle of the answer and takes the picture once the board shows that step. */
async function shoot(page: Page, png: string, what: string): Promise<void> {
  await solveInPage(page);
  const n = Number(/ of (\d+)/.exec(await page.$eval("#step", (e) => e.textContent ?? ""))?.[1] ?? 0);
  const half = Math.ceil(n / 2);
  for (let k = 0; k < half; k++) await page.keyboard.press("ArrowRight");
  await page.waitForSelector(`#board[data-shows="step ${half}"]`);
  await page.screenshot({ path: join(out, png) as `${string}.png` });
  process.stdout.write(`docs/studio/${png}: ${what}\n`);
}

const IPC = join(ROOT, "..", "shared", "ipc2023-labyrinth", "opt");
const browser = await chromium();
try {
  if (existsSync(join(IPC, "p01.pddl"))) {
    const dir = mkdtempSync(join(tmpdir(), "studio-shots-"));
    try {
      const app = spawnSync(join(ROOT, "bin", "labshow"), ["studio", "--out", dir], { encoding: "utf8" }).stdout.trim();
      const b64 = (f: string) => Buffer.from(readFileSync(join(IPC, f))).toString("base64url");
      const hash = new URLSearchParams({ name: "p01.pddl", step: "0", level: b64("p01.pddl"), name2: "domain.pddl", level2: b64("domain.pddl") });
      const page = await browser.newPage();
      await page.setViewport({ width: 1000, height: 760 });
      await openStudio(page, `${app}#${hash.toString()}`);
      await shoot(page, "ipc2023.png", "../shared/ipc2023-labyrinth/opt/p01.pddl with its domain");
      await page.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  for (const { file, png } of SHOTS) {
    const { url, server } = await serveStudio(join(ROOT, file));
    try {
      const page = await browser.newPage();
      await page.setViewport({ width: 1000, height: 760 });
      await openStudio(page, url);
      await shoot(page, png, file);
      await page.close();
    } finally {
      server.kill("SIGTERM");
    }
  }
} finally {
  await browser.close();
}
