/**
 * The Minotaur level's page (labshow --format html) in a real headless Chromium (Debian's
 * chromium, puppeteer-core): the optimal solution played by key presses ends in the win
 * message, each step's cells read from the page against the tests' independent simulation;
 * the Minotaur drawn on each cell of its two steps; a losing line shows the lose message; undo, restart and "show the solution" work.
 * Skips, saying so, without a chromium.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBin } from "../../helpers/bin.js";
import { CHROMIUM, openPage } from "../../helpers/browser.js";
import { refOpen, losingLine, refRead, refStep, type RefLevel } from "../../helpers/minotaur-ref.js";

const ROOT = join(new URL("../..", import.meta.url).pathname, "..");
const LEVEL = join(ROOT, "instances", "minotaur", "01-4x4.txt");
const KEY: Record<string, string> = { north: "ArrowUp", east: "d", south: "ArrowDown", west: "a", wait: " " };

type Page = import("puppeteer-core").Page;
type Browser = import("puppeteer-core").Browser;


/** The Minotaur's cells, 1-based "r,c", after each step it takes toward Theseus at t (the spec's rule 2, by hand). */
function minotaurSteps(L: RefLevel, t: [number, number], m: [number, number]): string {
  const cells: string[] = [];
  let [r, c] = m;
  for (let k = 0; k < 2; k++) {
    const h = Math.sign(t[1] - c);
    const v = Math.sign(t[0] - r);
    if (h !== 0 && refOpen(L, r, c, 0, h)) c += h;
    else if (v !== 0 && refOpen(L, r, c, v, 0)) r += v;
    else break;
    cells.push(`${r + 1},${c + 1}`);
  }
  return cells.join(" ");
}

describe.skipIf(!CHROMIUM)(`the Minotaur page in headless Chromium (${CHROMIUM ?? "no chromium: skipped"})`, () => {
  let browser: Browser;
  let page: Page;
  let errors: string[] = [];
  const text = readFileSync(LEVEL, "utf8");
  const L = refRead(text);
  let solution: string[] = [];

  beforeAll(async () => {
    const html = runBin("labshow", [LEVEL, "--format", "html"]);
    expect(html.code, html.err).toBe(0);
    const solved = runBin("labsolve", [LEVEL, "--format", "json"]);
    solution = (JSON.parse(solved.out) as { models: { witness: string[] }[] }).models[0].witness;
    ({ browser, page, errors } = await openPage(html.out));
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  });

  const idle = () => page.waitForFunction(() => document.body.dataset.busy !== "1", { timeout: 20_000 });
  const read = async () => {
    await idle();
    return page.evaluate(() => {
      const at = (id: string) => {
        const e = document.getElementById(id)!;
        return [Number(e.dataset.row), Number(e.dataset.col)];
      };
      return { t: at("theseus"), m: at("minotaur"), steps: document.getElementById("minotaur")!.dataset.steps ?? "", state: document.body.dataset.state, moves: Number(document.getElementById("moves")!.textContent), message: document.getElementById("message")!.textContent ?? "" };
    });
  };
  const press = async (move: string) => {
    await page.keyboard.press(KEY[move] as import("puppeteer-core").KeyInput);
    await idle();
  };

  it("loads without errors, with Theseus and the Minotaur on their start cells", async () => {
    const s = await read();
    expect(s).toMatchObject({ t: [L.t[0] + 1, L.t[1] + 1], m: [L.m[0] + 1, L.m[1] + 1], state: "playing", moves: 0 });
    expect(errors).toEqual([]);
  }, 60_000);

  it("plays the optimal solution by key presses: every step as the independent simulation says, then escaped", async () => {
    expect(solution.length).toBeGreaterThan(5);
    let t = L.t;
    let m = L.m;
    for (let i = 0; i < solution.length; i++) {
      await press(solution[i]);
      const r = refStep(L, t, m, solution[i]);
      const s = await read();
      if (r === "escaped") {
        expect(i).toBe(solution.length - 1);
        expect(s.state).toBe("won");
        expect(s.message).toMatch(new RegExp(`^Escaped in ${solution.length} moves! The fewest possible\\.`));
      } else {
        expect(typeof r).toBe("object");
        const before = m;
        ({ t, m } = r as { t: [number, number]; m: [number, number] });
        expect(s).toMatchObject({ t: [t[0] + 1, t[1] + 1], m: [m[0] + 1, m[1] + 1], state: "playing", moves: i + 1 });
        // the Minotaur was drawn on each cell of its turn: its first step (if any), then its second
        expect(s.steps).toBe(minotaurSteps(L, t, before));
      }
    }
    expect(errors).toEqual([]);
  }, 60_000);

  it("undo takes the last move back; R restarts", async () => {
    await page.keyboard.press("u");
    expect(await read()).toMatchObject({ state: "playing", moves: solution.length - 1, message: "" });
    await page.keyboard.press("r");
    expect(await read()).toMatchObject({ state: "playing", moves: 0, t: [L.t[0] + 1, L.t[1] + 1], m: [L.m[0] + 1, L.m[1] + 1] });
  }, 60_000);

  it("a losing line shows the lose message", async () => {
    const line = losingLine(L);
    for (const mv of line) await press(mv);
    const s = await read();
    expect(s.state).toBe("lost");
    expect(s.message).toMatch(/^Caught/);
    expect(s.moves).toBe(line.length);
    await page.click("#restart");
    expect(await read()).toMatchObject({ state: "playing", moves: 0 });
  }, 60_000);

  it("shows the solution and plays it to the escape", async () => {
    await page.click("#show");
    expect(await page.$eval("#solution", (e) => e.textContent)).toBe(`The fewest moves (${solution.length}): ${solution.join(" ")}`);
    const s = await read();
    expect(s.state).toBe("won");
    expect(s.moves).toBe(solution.length);
    expect(errors).toEqual([]);
  }, 60_000);
});
