/**
 * The studio (labshow studio) in a real headless Chromium, read as a person reads it: for
 * every rule set that reads one file, open it from the link `labshow studio --out DIR
 * FILE` prints (file://, no server), solve in the page's Web Worker, read the status, step
 * with the keys and read each step, and check the steps read off the page with the
 * library's checker (the referee, not the search): a valid solution whose length is the
 * optimum labsolve proves in Node. Every request is intercepted (none may leave file://,
 * blob:, data: or 127.0.0.1), and no console error may appear. Skips without a chromium.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { describe, expect, it } from "vitest";
import { check, readInstance } from "../src/library.js";
import { CHROMIUM, sayWhyBrowserTestsSkip } from "./helpers/browser.js";
import { LABSHOW, labsolve, LABSOLVE, ROOT, studioBrowser, waitForText, watchedPage } from "./helpers/studio.js";

const SHARED = join(ROOT, "..", "shared", "instances", "aspcomp2013");

type Page = import("puppeteer-core").Page;

sayWhyBrowserTestsSkip("studio-browser.test.ts");

/** The inputs, one per rule set that reads one file, with the registry's name a person expects to read. */
/** `still`: the rule set's drawing part draws its shortest path whatever the witness (the transit graph's), so its picture does not change by step. */
const INPUTS: { file: string; rules: string; still?: true }[] = [
  { file: "instances/example-4x4.lp", rules: "competition" },
  { file: "instances/random-9x9-a.asp", rules: "competition" },
  { file: "docs/game-example.lp", rules: "game" },
  { file: "instances/maze-8x12.txt", rules: "maze" },
  { file: "instances/minotaur/03-4x4.txt", rules: "minotaur" },
  { file: "instances/labyrinth-of-theseus-edges.csv", rules: "theseus", still: true },
];

const text = (page: Page, selector: string): Promise<string> => page.$eval(selector, (e) => e.textContent ?? "");

describe.skipIf(!CHROMIUM)(`the studio in headless Chromium (${CHROMIUM ?? "no chromium: skipped"})`, () => {
  const env = studioBrowser("studio-");

  /** The link `labshow studio --out DIR FILE` prints. */
  const linkTo = (file: string): string => {
    const r = spawnSync(LABSHOW, ["studio", "--out", env.out, join(ROOT, file)], { encoding: "utf8" });
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    const url = r.stdout.trim();
    expect(url).toMatch(/^file:\/\/.*\/index\.html#/);
    return url;
  };

  for (const { file, rules, still } of INPUTS) {
    it(`${file}: opens as ${rules}, solves to labsolve's optimum, steps with the keys through a solution the checker accepts`, async () => {
      const { page, errors } = await watchedPage(env.browser);
      await page.goto(linkTo(file), { waitUntil: "load" });
      await page.waitForFunction(() => (document.querySelector("#rules")?.textContent ?? "").startsWith("rules:") || document.querySelector("#error"));
      expect(await text(page, "#rules")).toBe(`rules: ${rules}`);
      expect(await page.$eval("#board", (e) => e.querySelector("svg") !== null)).toBe(true);
      // solve by the keyboard: focus the button, Enter
      await page.focus("#solve");
      await page.keyboard.press("Enter");
      await page.waitForFunction(() => document.querySelector("#status") || document.querySelector("#error"), { timeout: 50_000 });
      const status = await text(page, "#status");
      const node = labsolve(join(ROOT, file));
      expect(status.split("\n")[0]).toBe(node.status);
      expect(status).toContain(`cost: ${node.fewest} `);
      expect(status).toContain("(proven shortest)");
      // the arrow keys step and never scroll the page
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      const scroll0 = await page.evaluate(() => window.scrollY);
      // the steps the page has: the answer's witness words (a transit path's states count, not its weight)
      const n = Number(/^step 0 of (\d+)/.exec(await text(page, "#step"))?.[1]);
      expect(n).toBeGreaterThan(0);
      await page.keyboard.press("ArrowRight");
      await page.waitForFunction((want: string) => (document.querySelector("#step")?.textContent ?? "").startsWith(want), {}, `step 1 of ${n}: `);
      await page.waitForSelector('#board[data-shows="step 1"]');
      const svg1 = await page.$eval("#board", (e) => e.innerHTML);
      await page.keyboard.press("ArrowRight");
      await page.keyboard.press("ArrowLeft");
      await page.waitForFunction(() => (document.querySelector("#step")?.textContent ?? "").startsWith("step 1 of"));
      await page.waitForFunction((want: string) => document.querySelector("#board")?.innerHTML === want, {}, svg1);
      await page.keyboard.press("Home");
      await page.waitForFunction(() => (document.querySelector("#step")?.textContent ?? "").startsWith("step 0 of"));
      await page.waitForSelector('#board[data-shows="step 0"]');
      const svg0 = await page.$eval("#board", (e) => e.innerHTML);
      if (!still) expect(svg0).not.toBe(svg1);
      // every step's action, read off the page with the arrow key
      // a path of states names its start at step 0
      const words: string[] = [/^step 0 of \d+: start ?(.*)$/.exec(await text(page, "#step"))?.[1] ?? ""].filter((w) => w !== "");
      for (let k = 1; k <= n; k++) {
        await page.keyboard.press("ArrowDown");
        await page.waitForFunction((want: string) => (document.querySelector("#step")?.textContent ?? "").startsWith(want), {}, `step ${k} of ${n}: `);
        words.push((await text(page, "#step")).replace(/^step \d+ of \d+: /, ""));
      }
      expect(await page.evaluate(() => window.scrollY)).toBe(scroll0);
      // the referee's word on what the page showed
      const instance = readInstance(readFileSync(join(ROOT, file), "utf8"), basename(file));
      const outcome = { ...node, models: [{ ...(node.models[0] ?? {}), witness: words }] };
      const verdict = await check(instance, JSON.stringify(outcome));
      expect(verdict.valid).toBe(true);
      expect(verdict.cost).toBe(node.fewest);
      expect(errors).toEqual([]);
      await page.close();
    }, 60_000);
  }

  it("the link in the address bar opens the same level at the same step in a fresh browser context", async () => {
    const { page, errors } = await watchedPage(env.browser);
    await page.goto(linkTo("instances/minotaur/03-4x4.txt"), { waitUntil: "load" });
    await page.waitForFunction(() => (document.querySelector("#rules")?.textContent ?? "") === "rules: minotaur");
    await page.click("#solve");
    await page.waitForSelector("#status");
    await page.waitForFunction(() => (document.querySelector("#step")?.textContent ?? "").startsWith("step 0 of"));
    await page.keyboard.press("ArrowRight");
    await page.waitForFunction(() => (document.querySelector("#step")?.textContent ?? "").startsWith("step 1 of"));
    await page.keyboard.press("ArrowRight");
    await page.waitForFunction(() => (document.querySelector("#step")?.textContent ?? "").startsWith("step 2 of"));
    const step = await text(page, "#step");
    await page.waitForSelector('#board[data-shows="step 2"]');
    const board = await page.$eval("#board", (e) => e.innerHTML);
    await page.waitForFunction(() => location.hash.includes("step=2"));
    const link = page.url();
    const context = await env.browser.createBrowserContext();
    const fresh = await context.newPage();
    const freshErrors: string[] = [];
    fresh.on("console", (m) => m.type() === "error" && freshErrors.push(m.text()));
    await fresh.goto(link, { waitUntil: "load" });
    await fresh.waitForFunction((want: string) => document.querySelector("#step")?.textContent === want, {}, step);
    expect(await text(fresh, "#rules")).toBe("rules: minotaur");
    await fresh.waitForFunction((want: string) => document.querySelector("#board")?.innerHTML === want, {}, board);
    expect(errors).toEqual([]);
    expect(freshErrors).toEqual([]);
    await context.close();
    await page.close();
  }, 60_000);

  for (const file of ["instances/maze-8x12.txt", "instances/minotaur/03-4x4.txt"]) {
    it(`${file}: played by hand with the keys along labsolve's answer, the page says "solved in F, the fewest is F"; u takes a move back`, async () => {
      const { page, errors } = await watchedPage(env.browser);
      await page.goto(linkTo(file), { waitUntil: "load" });
      await page.waitForFunction(() => (document.querySelector("#rules")?.textContent ?? "").startsWith("rules:"));
      await page.click("#solve");
      await page.waitForSelector("#play-mode");
      await page.click("#play-mode");
      await page.waitForFunction(() => (document.querySelector("#played")?.textContent ?? "").startsWith("your move"));
      const start = await page.$eval("#board", (e) => e.innerHTML);
      const node = labsolve(join(ROOT, file));
      const key: Record<string, string> = { north: "ArrowUp", east: "ArrowRight", south: "ArrowDown", west: "ArrowLeft", wait: "w" };
      const scroll0 = await page.evaluate(() => window.scrollY);
      for (const word of node.models[0].witness) await page.keyboard.press(key[word] as import("puppeteer-core").KeyInput);
      const fewest = node.fewest ?? -1;
      await page.waitForFunction((want: string) => document.querySelector("#played")?.textContent === want, {}, `solved in ${fewest}, the fewest is ${fewest}`);
      expect(await page.$eval("#board", (e) => e.innerHTML)).not.toBe(start);
      await page.keyboard.press("u");
      await page.waitForFunction((want: string) => (document.querySelector("#played")?.textContent ?? "").startsWith(want), {}, `${fewest - 1} moves; step `);
      await page.keyboard.press("r");
      await page.waitForFunction(() => (document.querySelector("#played")?.textContent ?? "").startsWith("your move"));
      await page.waitForFunction((want: string) => document.querySelector("#board")?.innerHTML === want, {}, start);
      expect(await page.evaluate(() => window.scrollY)).toBe(scroll0);
      expect(errors).toEqual([]);
      await page.close();
    }, 60_000);
  }

  it("an ill-formed input shows labsolve's FILE:LINE:COL message in the page, with its line", async () => {
    const { page, errors } = await watchedPage(env.browser);
    await page.goto(linkTo("instances/example-4x4.lp").replace(/#.*/, ""), { waitUntil: "load" });
    const bad = "field(1,1).\nfield(1,2.\n";
    await page.type("#paste", bad);
    await page.click("#open-pasted");
    await page.waitForSelector("#error");
    const shown = await text(page, "#error");
    const cli = spawnSync(LABSOLVE, ["-"], { input: bad, encoding: "utf8" });
    expect(cli.status).toBe(65);
    const message = cli.stderr.trim().replace(/^<stdin>/, "<pasted>");
    expect(shown.split("\n")[0]).toBe(message);
    expect(shown).toContain("2 | field(1,2.");
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it("a file picked with Open file: a malformed maze shows labsolve's message and line; a good one opens", async () => {
    const { page, errors } = await watchedPage(env.browser);
    await page.goto(linkTo("instances/example-4x4.lp").replace(/#.*/, ""), { waitUntil: "load" });
    const bad = join(env.out, "bad-maze.txt");
    writeFileSync(bad, "+--+--+\n|S    |\n+--+ -+\n|   E|\n+--+--+\n");
    const cli = spawnSync(LABSOLVE, [bad], { encoding: "utf8" });
    expect(cli.status).toBe(65);
    const picker = (await page.$("input#file")) as import("puppeteer-core").ElementHandle<HTMLInputElement>;
    await picker.uploadFile(bad);
    await page.waitForSelector("#error");
    const shown = await text(page, "#error");
    expect(shown.split("\n")[0]).toBe(cli.stderr.trim().replace(bad, "bad-maze.txt"));
    expect(shown).toContain("1 | +--+--+");
    await picker.uploadFile(join(ROOT, "instances", "maze-turn-5x6.txt"));
    await page.waitForFunction(() => (document.querySelector("#rules")?.textContent ?? "") === "rules: maze");
    expect(await page.$("#error")).toBeNull();
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it.skipIf(!existsSync(join(SHARED, "0151-labyrinth-19-0.asp")))("Stop ends a long search in the worker; the next Solve works", async () => {
    const { page, errors } = await watchedPage(env.browser);
    await page.goto(linkTo("../shared/instances/aspcomp2013/0151-labyrinth-19-0.asp"), { waitUntil: "load" });
    await page.waitForFunction(() => (document.querySelector("#rules")?.textContent ?? "") === "rules: competition");
    await page.click("#solve");
    await page.waitForFunction(() => (document.querySelector("#progress")?.textContent ?? "") !== "");
    expect(await page.$eval("#stop", (e) => (e as HTMLButtonElement).disabled)).toBe(false);
    await page.click("#stop");
    await page.waitForFunction(() => (document.querySelector("#progress")?.textContent ?? "").endsWith("stopped"));
    expect(await page.$eval("#solve", (e) => (e as HTMLButtonElement).disabled)).toBe(false);
    // stopped before the beams answered: no answer; after: theirs, kept as an interrupted run's
    // (drawn in the same render as "stopped"; studio-progress checks the kept answer itself)
    const kept = (await page.$("#status")) ? await text(page, "#status") : undefined;
    if (kept !== undefined) {
      expect(kept.split("\n")[0]).toBe("SATISFIABLE");
      expect(kept).toContain("(not proven shortest)");
      expect(kept).toMatch(/exit code 11$/);
    }
    // a fresh worker: the next input solves
    await page.click("details > summary");
    await page.type("#paste", readFileSync(join(ROOT, "instances", "example-4x4.lp"), "utf8"));
    await page.click("#open-pasted");
    await page.waitForFunction(() => !(document.querySelector("#solve") as HTMLButtonElement).disabled);
    await page.click("#solve");
    await waitForText(page, "#status", "OPTIMUM FOUND");
    expect((await text(page, "#status")).split("\n")[0]).toBe("OPTIMUM FOUND");
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it("labshow studio FILE serves the app on 127.0.0.1 with FILE opened, and ends on SIGTERM with exit 0", async () => {
    const server = spawn(LABSHOW, ["studio", join(ROOT, "instances", "maze-8x12.txt")], { stdio: ["ignore", "pipe", "pipe"] });
    const url = await new Promise<string>((done, fail) => {
      let seen = "";
      server.stdout.on("data", (d: Buffer) => {
        seen += d.toString();
        if (seen.includes("\n")) done(seen.trim());
      });
      server.once("exit", (code) => fail(new Error(`labshow studio exited ${code}`)));
    });
    try {
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#file=maze-8x12\.txt$/);
      const { page, errors } = await watchedPage(env.browser);
      await page.goto(url, { waitUntil: "load" });
      await page.waitForFunction(() => (document.querySelector("#rules")?.textContent ?? "") === "rules: maze");
      expect(await text(page, "#name")).toBe("maze-8x12.txt");
      expect(errors).toEqual([]);
      await page.close();
      const code = await new Promise<number | null>((done) => {
        server.once("exit", (c) => done(c));
        server.kill("SIGTERM");
      });
      expect(code).toBe(0);
    } finally {
      // a failed expectation must not leave the server running
      if (server.exitCode === null && server.signalCode === null) server.kill("SIGKILL");
    }
  }, 60_000);
});
