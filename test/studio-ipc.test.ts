/**
 * IPC 2023 in the studio, in a real headless Chromium, read as a person reads it: a domain
 * and a problem picked together (two files), solved in the page's Web Worker (the planner
 * in the worker's own thread: a page has no worker threads), the status against labsolve
 * plan's in Node, the plan stepped with the keys and read off the page, and the plan read
 * off the page given to labcheck plan (the referee). The link in the address bar (both
 * files in it) opens the same task at the same step in a fresh context; a paste of both
 * files one after the other opens it too; one file alone is refused in labsolve's words.
 * Every request is intercepted, no console error may appear. Skips without a chromium or
 * without the shared IPC instances (../shared/ipc2023-labyrinth).
 *
 * Edit: a generated task (its problem and domain written here) opened, one card's tab that
 * changes the optimum (chosen by the planner's search in Node on the task with that opening
 * toggled, the toggle done here on the task's own 0-based coordinates) clicked in the board
 * editor; the page's new optimum is the one found in Node and labsolve plan's on the
 * problem the page exports; the goal (the domain's) is neither dragged nor turned.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM, sayWhyBrowserTestsSkip } from "./helpers/browser.js";
import { downloadingPage, exported, LABSHOW, LABSOLVE, ROOT, studioBrowser, textOf, waitForText, watchedPage } from "./helpers/studio.js";
import { ipcDomainText } from "../src/push/ipc2023/domain-text.js";
import { generateIpcTask, ipcProblemText } from "../src/push/ipc2023/generate.js";
import { readIpcProblem } from "../src/push/ipc2023/problem.js";
import { solveIpc } from "../src/push/ipc2023/search/index.js";

type Page = import("puppeteer-core").Page;

const IPC = join(ROOT, "..", "shared", "ipc2023-labyrinth", "opt");
const DOMAIN = join(IPC, "domain.pddl");
const PROBLEM = join(IPC, "p01.pddl");
const LABCHECK = join(ROOT, "bin", "labcheck");
const HAVE = existsSync(DOMAIN) && existsSync(PROBLEM);

sayWhyBrowserTestsSkip("studio-ipc.test.ts");
if (!HAVE) process.stderr.write(`studio-ipc.test.ts: no ${PROBLEM}: skipped\n`);

/** labsolve plan in Node: its exit code and the cost its plan says. */
function labsolvePlan(): { exit: number | null; cost: number } {
  const r = spawnSync(LABSOLVE, ["plan", DOMAIN, PROBLEM], { encoding: "utf8" });
  return { exit: r.status, cost: Number(/; cost = (\d+)/.exec(r.stdout)?.[1]) };
}

/** Every step's action read off the page with the arrow key, from step 0 to the last. */
async function readPlan(page: Page): Promise<string[]> {
  await page.keyboard.press("Home");
  await waitForText(page, "#step", "step 0 of");
  const n = Number(/^step 0 of (\d+)/.exec(await textOf(page, "#step"))?.[1]);
  const actions: string[] = [];
  for (let k = 1; k <= n; k++) {
    await page.keyboard.press("ArrowRight");
    await waitForText(page, "#step", `step ${k} of ${n}: `);
    actions.push((await textOf(page, "#step")).replace(/^step \d+ of \d+: /, ""));
  }
  return actions;
}

describe.skipIf(!CHROMIUM || !HAVE)("IPC 2023 in the studio", () => {
  const env = studioBrowser("studio-ipc-");
  let app: string;

  // the app alone (labshow studio --out DIR, no file), in the scratch folder (studioBrowser's beforeAll runs first)
  beforeAll(() => {
    const r = spawnSync(LABSHOW, ["studio", "--out", env.out], { encoding: "utf8" });
    expect(r.status).toBe(0);
    app = r.stdout.trim();
  }, 60_000);

  it("a domain and a problem picked together: solved in the worker to labsolve plan's optimum, stepped with the keys, the plan read off the page valid for labcheck plan; the link opens the same step", async () => {
    const { page, errors } = await watchedPage(env.browser);
    await page.goto(app, { waitUntil: "load" });
    const picker = await page.$("#file");
    await (picker as import("puppeteer-core").ElementHandle<HTMLInputElement>).uploadFile(PROBLEM, DOMAIN);
    await waitForText(page, "#rules", "rules: ipc2023");
    await page.waitForSelector('#board[data-shows="step 0"] svg');
    await page.focus("#solve");
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => document.querySelector("#status") || document.querySelector("#error"), { timeout: 50_000 });
    const status = await textOf(page, "#status");
    const node = labsolvePlan();
    expect(node.exit).toBe(30);
    expect(status.split("\n")[0]).toBe("OPTIMUM FOUND");
    expect(status).toContain(`cost: ${node.cost} plan cost (proven shortest)`);
    expect(status).toContain("exit code 30");
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const scroll0 = await page.evaluate(() => window.scrollY);
    const actions = await readPlan(page);
    expect(actions.length).toBeGreaterThan(0);
    expect(await page.evaluate(() => window.scrollY)).toBe(scroll0);
    // the pictures of the start and the end differ (labshow's drawing of each)
    await page.waitForSelector(`#board[data-shows="step ${actions.length}"]`);
    const last = await page.$eval("#board", (e) => e.innerHTML);
    await page.keyboard.press("Home");
    await page.waitForSelector('#board[data-shows="step 0"]');
    expect(await page.$eval("#board", (e) => e.innerHTML)).not.toBe(last);
    // the referee's word on the plan read off the page
    const planFile = join(env.out, "page.plan");
    writeFileSync(planFile, `${actions.join("\n")}\n`);
    const verdict = spawnSync(LABCHECK, ["plan", DOMAIN, PROBLEM, planFile], { encoding: "utf8" });
    expect(verdict.stdout).toContain(`valid: plan cost ${node.cost} `);
    expect(verdict.status).toBe(0);
    // the link carries both files and the step
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await waitForText(page, "#step", "step 2 of");
    await page.waitForFunction(() => location.hash.includes("step=2"));
    await page.waitForSelector('#board[data-shows="step 2"]');
    const board = await page.$eval("#board", (e) => e.innerHTML);
    const step = await textOf(page, "#step");
    const context = await env.browser.createBrowserContext();
    const fresh = await context.newPage();
    const freshErrors: string[] = [];
    fresh.on("console", (m) => m.type() === "error" && freshErrors.push(m.text()));
    await fresh.goto(page.url(), { waitUntil: "load" });
    await fresh.waitForFunction((want: string) => document.querySelector("#step")?.textContent === want, { timeout: 50_000 }, step);
    await fresh.waitForSelector('#board[data-shows="step 2"]');
    expect(await textOf(fresh, "#rules")).toBe("rules: ipc2023");
    expect(await fresh.$eval("#board", (e) => e.innerHTML)).toBe(board);
    await context.close();
    expect(freshErrors).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it("both files pasted one after the other open as the task; one file alone is refused with its name", async () => {
    const { page, errors } = await watchedPage(env.browser);
    await page.goto(app, { waitUntil: "load" });
    const both = `${readFileSync(DOMAIN, "utf8")}\n${readFileSync(PROBLEM, "utf8")}`;
    await page.$eval("#paste", (e, t) => {
      const area = e as HTMLTextAreaElement;
      area.value = t;
      area.dispatchEvent(new Event("input", { bubbles: true }));
    }, both);
    await page.click("#open-pasted");
    await waitForText(page, "#rules", "rules: ipc2023");
    await page.waitForSelector('#board[data-shows="step 0"] svg');
    const picker = (await page.$("#file")) as import("puppeteer-core").ElementHandle<HTMLInputElement>;
    await picker.uploadFile(PROBLEM);
    await page.waitForSelector("#error");
    expect(await textOf(page, "#error")).toMatch(/^p01\.pddl: error: a PDDL file alone: .*domain and a problem/);
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);
});

/** The planner's optimum (pushes + steps, unit costs) found in Node, or null when no plan exists. */
function optimumInNode(text: string): number | null {
  const r = solveIpc(readIpcProblem(text, "candidate.pddl"));
  expect(r.proven).toBe(true);
  return r.cost ?? null;
}

/**
 * A generated 3x3 task and a tab of the editor (`ROW,COL,SIDE`: row 1 the south row) whose
 * toggle changes the optimum to another plan's cost: the opening toggled on the task itself
 * (card (x, y), y from the north, is field (N - y, x + 1)) and solved in Node.
 */
function taskAndTab(): { problem: string; before: number; after: number; named: string } {
  const bit = { n: 1, s: 2, e: 4, w: 8 } as const;
  for (let seed = 1; seed <= 20; seed++) {
    const task = generateIpcTask(3, seed, 4);
    const problem = ipcProblemText(task);
    const before = optimumInNode(problem);
    if (before === null) continue;
    for (let y = 0; y < 3; y++)
      for (let x = 0; x < 3; x++)
        for (const side of ["n", "e", "s", "w"] as const) {
          const tiles = Uint8Array.from(task.tiles);
          tiles[y * 3 + x] ^= bit[side];
          const after = optimumInNode(ipcProblemText({ ...task, tiles }));
          if (after !== null && after !== before) return { problem, before, after, named: `${3 - y},${x + 1},${side}` };
        }
  }
  throw new Error("no tab of the tasks tried changes the optimum");
}

/** Solves in the page and reads the cost line's number. */
async function solvedCost(page: Page): Promise<number> {
  await page.waitForFunction(() => !(document.querySelector("#solve") as HTMLButtonElement | null)?.disabled);
  await page.click("#solve");
  await page.waitForSelector("#status", { timeout: 50_000 });
  const status = await textOf(page, "#status");
  expect(status.split("\n")[0]).toBe("OPTIMUM FOUND");
  return Number(/cost: (\d+) /.exec(status)?.[1]);
}

describe.skipIf(!CHROMIUM)("IPC 2023 edited in the studio", () => {
  const env = studioBrowser("studio-ipc-edit-");

  it("a generated task: one card's tab clicked changes the page's optimum to the one found in Node and labsolve plan's on the exported problem; the goal is fixed", async () => {
    const chosen = taskAndTab();
    const out = env.out;
    const problemFile = join(out, "g3.pddl");
    const domainFile = join(out, "domain.pddl");
    writeFileSync(problemFile, chosen.problem);
    writeFileSync(domainFile, ipcDomainText());
    const r = spawnSync(LABSHOW, ["studio", "--out", out], { encoding: "utf8" });
    expect(r.status).toBe(0);
    const { page, errors, downloads } = await downloadingPage(env.browser, out);
    await page.goto(r.stdout.trim(), { waitUntil: "load" });
    const picker = (await page.$("#file")) as import("puppeteer-core").ElementHandle<HTMLInputElement>;
    await picker.uploadFile(problemFile, domainFile);
    await waitForText(page, "#rules", "rules: ipc2023");
    expect(await solvedCost(page)).toBe(chosen.before);
    await page.click("#edit");
    await page.waitForSelector("#board-editor");
    // the domain's goal: G on field (1,3) with the exit south, offered neither to drag nor to turn
    expect(await page.$eval('#board-editor rect[data-exit="s"]', (e) => [e.getAttribute("role"), e.getAttribute("tabindex")])).toEqual([null, null]);
    expect(await page.$eval('#board-editor text[data-mark="goal"]', (e) => e.getAttribute("class"))).toBe("edit-mark fixed");
    expect(await page.$eval("#edit", (e) => e.parentElement?.textContent ?? "")).toContain("drag S (the start) to another field (the rule set fixes the goal)");
    const at = await page.$eval(`#board-editor rect[data-opening="${chosen.named}"]`, (e) => {
      e.scrollIntoView({ block: "center" });
      const b = e.getBoundingClientRect();
      return { x: b.left + b.width / 2, y: b.top + b.height / 2 };
    });
    await page.mouse.click(at.x, at.y);
    await page.waitForFunction(() => document.querySelector("#status") === null);
    const after = await solvedCost(page);
    expect(after).toBe(chosen.after);
    expect(after).not.toBe(chosen.before);
    const saved = await exported(page, downloads, "g3.pddl");
    const edited = join(out, "edited.pddl");
    writeFileSync(edited, saved);
    const node = spawnSync(LABSOLVE, ["plan", domainFile, edited], { encoding: "utf8" });
    expect(node.status, node.stderr).toBe(30);
    expect(Number(/^; cost = (\d+) /m.exec(node.stdout)?.[1])).toBe(after);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);
});
