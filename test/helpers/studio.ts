/**
 * What the studio's browser tests share (test/studio-*.test.ts): labsolve's answer in
 * Node, the link `labshow studio --out DIR FILE` prints, a tab that intercepts every
 * request (none may leave file://, blob:, data: or 127.0.0.1) and records console errors,
 * reading an element's text as a person reads it, the browser and scratch folder a
 * test file's tests share, and the page's downloads (Save file).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";
import { openBrowser } from "./browser.js";

type Browser = import("puppeteer-core").Browser;
type Page = import("puppeteer-core").Page;

export const ROOT = join(new URL(".", import.meta.url).pathname, "..", "..");
export const LABSHOW = join(ROOT, "bin", "labshow");
export const LABSOLVE = join(ROOT, "bin", "labsolve");

/** The part of labsolve -f json the tests read. */
export interface NodeOutcome {
  status: string;
  fewest: number | null;
  models: { witness: string[] }[];
  statistics: { states: number };
}

/** labsolve -f json on a file (and any further arguments), in Node: the outcome the page is held against. */
export function labsolve(file: string, ...args: string[]): NodeOutcome {
  const r = spawnSync(LABSOLVE, ["-f", "json", ...args, file], { encoding: "utf8" });
  return JSON.parse(r.stdout) as NodeOutcome;
}

/**
 * The link `labshow studio --out OUT FILE` prints (file://...index.html#...).
 * @throws Error when labshow says anything on stderr or exits other than 0
 */
export function studioLink(out: string, file: string): string {
  const r = spawnSync(LABSHOW, ["studio", "--out", out, file], { encoding: "utf8" });
  const url = r.stdout.trim();
  if (r.status !== 0 || r.stderr !== "" || !/^file:\/\/.*\/index\.html#/.test(url)) throw new Error(`labshow studio --out: exit ${r.status}: ${r.stderr}${r.stdout}`);
  return url;
}

/**
 * The headless chromium and the scratch folder (`out`, under the system's temporary folder,
 * named `prefix` and a random tail) that a studio test file's tests share: a beforeAll opens
 * them (60 s at most), an afterAll closes the browser and removes the folder. Call it inside
 * the describe, so a describe that skips opens nothing; the fields are set once the
 * beforeAll has run (read them in the tests, not when they are declared).
 */
export function studioBrowser(prefix: string): { browser: Browser; out: string } {
  const env = {} as { browser: Browser; out: string };
  beforeAll(async () => {
    ({ browser: env.browser } = await openBrowser());
    env.out = mkdtempSync(join(tmpdir(), prefix));
  }, 60_000);
  afterAll(async () => {
    await env.browser?.close();
    if (env.out) rmSync(env.out, { recursive: true, force: true });
  });
  return env;
}

/** A tab that intercepts every request and records console errors, page errors and requests that would leave. */
export async function watchedPage(browser: Browser): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage();
  await page.setViewport({ width: 900, height: 500 });
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.setRequestInterception(true);
  page.on("request", (r) => {
    const url = r.url();
    if (/^(file:|blob:|data:|about:)/.test(url) || url.startsWith("http://127.0.0.1:")) void r.continue();
    else {
      errors.push(`request leaving the machine: ${url}`);
      void r.abort();
    }
  });
  return { page, errors };
}

/** An element's text, as shown. */
export const textOf = (page: Page, selector: string): Promise<string> => page.$eval(selector, (e) => e.textContent ?? "");

/** Waits until the element's text starts with `want`. */
export async function waitForText(page: Page, selector: string, want: string, timeout = 50_000): Promise<void> {
  await page.waitForFunction((s: string, w: string) => (document.querySelector(s)?.textContent ?? "").startsWith(w), { timeout }, selector, want);
}

/** The file the page's "Save file" downloads, read from the download folder once it is whole. */
export async function exported(page: Page, dir: string, name: string): Promise<string> {
  rmSync(join(dir, name), { force: true });
  await page.click("#export-file");
  const path = join(dir, name);
  // the browser writes NAME.crdownload first and renames it when done: wait for NAME itself, a frame of the page at a time
  const whole = () => existsSync(path) && !readdirSync(dir).some((f) => f.endsWith(".crdownload"));
  for (let frames = 0; !whole(); frames++) {
    if (frames > 600) throw new Error(`no download of ${name} in ${dir}`);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(r)));
  }
  return readFileSync(path, "utf8");
}

/** A watched tab whose downloads (the page's "Save file") land in a fresh folder under `out`. */
export async function downloadingPage(browser: Browser, out: string): Promise<{ page: Page; errors: string[]; downloads: string }> {
  const downloads = mkdtempSync(join(out, "downloads-"));
  const { page, errors } = await watchedPage(browser);
  const cdp = await page.createCDPSession();
  await cdp.send("Browser.setDownloadBehavior", { behavior: "allow", downloadPath: downloads });
  return { page, errors, downloads };
}
