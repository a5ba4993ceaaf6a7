/**
 * Generate in the studio, in headless Chromium: labgen's generators in the page (the
 * registry's, the same code): for each kind of generator a rule set, its size, options and
 * seed chosen in the form, "Generate and open"; the page opens the instance as its rule set,
 * and the instance in the page's link is exactly what `bin/labgen` prints for the same
 * arguments (a planning problem: with the domain `labgen --domain` prints). Skips without
 * a chromium.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM, sayWhyBrowserTestsSkip } from "./helpers/browser.js";
import { LABSHOW, ROOT, studioBrowser, textOf, waitForText, watchedPage } from "./helpers/studio.js";

type Page = import("puppeteer-core").Page;

const LABGEN = join(ROOT, "bin", "labgen");

sayWhyBrowserTestsSkip("studio-generate.test.ts");

/** What bin/labgen prints on stdout for these arguments (exit 0). */
function labgen(...args: string[]): string {
  const r = spawnSync(LABGEN, args, { encoding: "utf8" });
  expect(r.status).toBe(0);
  return r.stdout;
}

/** base64url (the link's encoding) back to text. */
const decode = (b64: string): string => Buffer.from(b64, "base64url").toString("utf8");

/** The files in the page's link: the first, and the second (a planning task's). */
async function linked(page: Page): Promise<string[]> {
  const p = new URLSearchParams((await page.evaluate(() => location.hash)).slice(1));
  return [p.get("level"), p.get("level2")].filter((x): x is string => x !== null).map(decode);
}

/** Types into a field of the form as a person does: the old value selected and replaced. */
async function fill(page: Page, selector: string, value: string): Promise<void> {
  await page.click(selector, { clickCount: 3 });
  await page.keyboard.press("Backspace");
  await page.type(selector, value);
}

const CASES: { title: string; rules: string; fields: Record<string, string>; selects?: Record<string, string>; labgen: string[]; domain?: string[] }[] = [
  { title: "competition, style random", rules: "competition", fields: { "#gen-n": "6", "#gen-max-steps": "3", "#gen-seed": "5" }, selects: { "#gen-style": "random" }, labgen: ["6", "3", "--seed", "5", "--style", "random"] },
  { title: "a maze (backtracker)", rules: "maze", fields: { "#gen-rows": "8", "#gen-cols": "12", "#gen-seed": "1" }, selects: { "#gen-algorithm": "backtracker" }, labgen: ["maze", "8", "12", "--algorithm", "backtracker", "--seed", "1"] },
  { title: "a Minotaur level", rules: "minotaur", fields: { "#gen-rows": "4", "#gen-cols": "5", "#gen-seed": "3", "#gen-opt-iterations": "2000" }, labgen: ["minotaur", "4", "5", "--seed", "3", "--iterations", "2000"] },
  { title: "an IPC 2023 problem with its domain", rules: "ipc2023", fields: { "#gen-n": "4", "#gen-max-steps": "", "#gen-seed": "2" }, labgen: ["4", "--rules", "ipc2023", "--seed", "2"], domain: ["4", "--rules", "ipc2023", "--domain", "--seed", "2"] },
];

describe.skipIf(!CHROMIUM)("Generate in the studio", () => {
  const env = studioBrowser("studio-generate-");
  let app: string;

  // the app alone (labshow studio --out DIR, no file), in the scratch folder (studioBrowser's beforeAll runs first)
  beforeAll(() => {
    const r = spawnSync(LABSHOW, ["studio", "--out", env.out], { encoding: "utf8" });
    expect(r.status).toBe(0);
    app = r.stdout.trim();
  }, 60_000);

  for (const c of CASES) {
    it(`${c.title}: the page opens what bin/labgen ${c.labgen.join(" ")} prints`, async () => {
      const { page, errors } = await watchedPage(env.browser);
      await page.goto(app, { waitUntil: "load" });
      await page.click("#generate summary");
      await page.waitForSelector("#gen-rules option");
      await page.select("#gen-rules", c.rules);
      for (const [sel, v] of Object.entries(c.selects ?? {})) await page.select(sel, v);
      for (const [sel, v] of Object.entries(c.fields)) await fill(page, sel, v);
      await page.click("#gen-go");
      await waitForText(page, "#rules", `rules: ${c.rules}`);
      await page.waitForSelector('#board[data-shows="step 0"]');
      const files = await linked(page);
      expect(files[0]).toBe(labgen(...c.labgen));
      if (c.domain) expect(files[1]).toBe(labgen(...c.domain));
      expect(await page.$("#error")).toBeNull();
      expect(errors).toEqual([]);
      await page.close();
    }, 60_000);
  }

  it("a size the generator refuses: its words in the page", async () => {
    const { page, errors } = await watchedPage(env.browser);
    await page.goto(app, { waitUntil: "load" });
    await page.click("#generate summary");
    await page.waitForSelector("#gen-rules option");
    await page.select("#gen-rules", "competition");
    await fill(page, "#gen-n", "0");
    await page.click("#gen-go");
    await page.waitForSelector("#error");
    const r = spawnSync(LABGEN, ["0", "3", "--seed", "1"], { encoding: "utf8" });
    expect(r.status).toBe(65);
    expect(await textOf(page, "#error")).toBe(r.stderr.trim().replace(/^labgen: /, ""));
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);
});
