/**
 * The progress line during a search in the studio's worker, in headless Chromium: the
 * competition's exact search runs in the worker's one thread to its end, and reports its
 * progress as it goes (at each depth's end and every quarter second), in the terminal's
 * words (`depth D | R nodes/s | [LOWER;UPPER] | TIME`). The test waits on what the page
 * shows: a progress line, then a deeper one while the search still runs; then Stop. The
 * lower bound shown never passes the optimum labsolve proves in Node. The board game's
 * search and the IPC planner (one thread, in the worker's) report theirs in the same words
 * with `cost C` first, on generated instances (labgen's seeded generators). Skips without
 * a chromium; the 0151 case without the shared competition instances.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { describe, expect, it } from "vitest";
import { CHROMIUM, sayWhyBrowserTestsSkip } from "./helpers/browser.js";
import { check, readInstance } from "../src/library.js";
import { LABSHOW, labsolve, LABSOLVE, ROOT, studioBrowser, studioLink, textOf, waitForText, watchedPage } from "./helpers/studio.js";
import { generate, toFacts } from "../src/push/competition/generate.js";


const FILE = join(ROOT, "..", "shared", "instances", "aspcomp2013", "0151-labyrinth-19-0.asp");
const SMALL = join(ROOT, "instances", "random-9x9-a.asp");
const LINE = /^depth (\d+) \| \S+ nodes\/s \| \[(\d+);(\d+|\?)\] \| /;
/** The line of a search that deepens on its rule set's cost (the board game, the IPC planner). */
const COST_LINE = /^cost (\d+) \| \S+ nodes\/s \| \[(\d+);(\d+|\?)\] \| /;

type Page = import("puppeteer-core").Page;

/** From now on, every text the page's progress line shows, recorded by the page itself (read by `seenLines`). */
async function watchProgress(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { seen: string[] }).seen = seen;
    const p = document.querySelector("#progress")!;
    new MutationObserver(() => seen.push(p.textContent ?? "")).observe(p, { childList: true, characterData: true, subtree: true });
  });
}

/** The texts recorded by watchProgress that are progress lines of `line`'s shape. */
async function seenLines(page: Page, line: RegExp): Promise<RegExpExecArray[]> {
  const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
  return seen.map((l) => line.exec(l)).filter((m): m is RegExpExecArray => m !== null);
}

/** The lines' bounds never fall, nor their lower bounds; no lower bound passes `optimum` (labsolve's in Node). */
function expectRising(lines: RegExpExecArray[], optimum: number): void {
  expect(lines.length).toBeGreaterThan(0);
  const bounds = lines.map((l) => Number(l[1]));
  const lowers = lines.map((l) => Number(l[2]));
  expect(bounds).toEqual([...bounds].sort((a, b) => a - b));
  expect(lowers).toEqual([...lowers].sort((a, b) => a - b));
  for (const l of lowers) expect(l).toBeLessThanOrEqual(optimum);
}

sayWhyBrowserTestsSkip("studio-progress.test.ts");

describe.skipIf(!CHROMIUM)("the progress line of a search in the studio's worker", () => {
  const env = studioBrowser("studio-progress-");

  it("random-9x9-a: the line shows the depths as the search passes them, its lower bound never past labsolve's optimum, then the answer", async () => {
    const fewest = labsolve(SMALL).fewest!;
    const { page, errors } = await watchedPage(env.browser);
    await page.goto(studioLink(env.out, SMALL), { waitUntil: "load" });
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
    const { page, errors } = await watchedPage(env.browser);
    await page.goto(studioLink(env.out, FILE), { waitUntil: "load" });
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

  it("a board game instance (labgen 10 8 --seed 10, cost moves): lines of its cost bounds, never past labsolve's optimum, then the answer", async () => {
    // the cheapest is 5 moves; cost 5 is about 21 million nodes (seconds in the page)
    const file = join(env.out, "g10-10-moves.lp");
    writeFileSync(file, `${toFacts(generate(10, 8, 10, "maze"))}cost(moves).\n`);
    const fewest = labsolve(file).fewest!;
    const { page, errors } = await watchedPage(env.browser);
    await page.goto(studioLink(env.out, file), { waitUntil: "load" });
    await waitForText(page, "#rules", "rules: game");
    await watchProgress(page);
    await page.click("#solve");
    await page.waitForSelector("#status", { timeout: 50_000 });
    const lines = await seenLines(page, COST_LINE);
    expectRising(lines, fewest);
    // more than one: cost 5 alone takes seconds, redrawn every 250 ms of it
    expect(lines.length).toBeGreaterThan(1);
    // the search stops at its first solution: no upper bound while it runs
    for (const l of lines) expect(l[3]).toBe("?");
    expect(await textOf(page, "#status")).toContain(`cost: ${fewest} moves (proven shortest)`);
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it("an IPC problem (labgen 14 --rules ipc2023 --seed 1 --rotations 28) with its domain: lines of its cost bounds, never past labsolve plan's optimum", async () => {
    const gen = (name: string, ...args: string[]): string => {
      const r = spawnSync(join(ROOT, "bin", "labgen"), args, { encoding: "utf8" });
      expect(r.status).toBe(0);
      writeFileSync(join(env.out, name), r.stdout);
      return join(env.out, name);
    };
    const domain = gen("domain.pddl", "5", "--rules", "ipc2023", "--domain", "--seed", "1");
    const problem = gen("p14-1-28.pddl", "14", "--rules", "ipc2023", "--seed", "1", "--rotations", "28");
    const node = spawnSync(LABSOLVE, ["plan", "--threads", "1", domain, problem], { encoding: "utf8" });
    expect(node.status).toBe(30);
    const cost = Number(/^; cost = (\d+)/m.exec(node.stdout)![1]);
    const r = spawnSync(LABSHOW, ["studio", "--out", env.out], { encoding: "utf8" });
    const { page, errors } = await watchedPage(env.browser);
    await page.goto(r.stdout.trim(), { waitUntil: "load" });
    const picker = (await page.$("#file")) as import("puppeteer-core").ElementHandle<HTMLInputElement>;
    await picker.uploadFile(problem, domain);
    await waitForText(page, "#rules", "rules: ipc2023");
    await watchProgress(page);
    await page.click("#solve");
    await page.waitForSelector("#status", { timeout: 50_000 });
    const lines = await seenLines(page, COST_LINE);
    expectRising(lines, cost);
    // a plan's cost, when one is shown before the proof, is at least the optimum
    for (const l of lines) if (l[3] !== "?") expect(Number(l[3])).toBeGreaterThanOrEqual(cost);
    expect(await textOf(page, "#status")).toContain(`cost: ${cost} plan cost (proven shortest)`);
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);
});
