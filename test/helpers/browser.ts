/**
 * What the browser tests share: Debian's chromium (or CHROMIUM_PATH), and a page opened in
 * it that records console errors, page errors and any network request (the pages are
 * self-contained: a request is a fault). puppeteer-core is loaded only when a page opens.
 */
import { existsSync } from "node:fs";

type Browser = import("puppeteer-core").Browser;
type Page = import("puppeteer-core").Page;

/** The chromium to drive, or undefined (the browser tests then skip). */
export const CHROMIUM: string | undefined = process.env.CHROMIUM_PATH ?? ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => existsSync(p));

/** Says on stderr why `file`'s browser tests skip, when there is no chromium. */
export function sayWhyBrowserTestsSkip(file: string): void {
  if (!CHROMIUM) process.stderr.write(`${file}: no chromium at /usr/bin/chromium or /usr/bin/chromium-browser, and no CHROMIUM_PATH: the browser tests skip\n`);
}

/** A headless chromium and one tab, without content yet. */
export async function openBrowser(): Promise<{ browser: Browser; page: Page }> {
  const { launch } = await import("puppeteer-core");
  const browser = await launch({ executablePath: CHROMIUM, headless: true, args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] });
  return { browser, page: await browser.newPage() };
}

/**
 * A headless chromium showing `html`.
 * @returns the browser (close it), its page, and `errors`: console errors, page errors and
 *   network requests, appended as they happen
 */
export async function openPage(html: string): Promise<{ browser: Browser; page: Page; errors: string[] }> {
  const { browser, page } = await openBrowser();
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("request", (r) => {
    if (!r.url().startsWith("data:") && !r.url().startsWith("about:")) errors.push(`network request: ${r.url()}`);
  });
  await page.setContent(html, { waitUntil: "load" });
  return { browser, page, errors };
}
