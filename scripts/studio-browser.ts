/**
 * What the studio's scripts share (scripts/bench-studio.ts, scripts/studio-screenshots.ts):
 * Debian's chromium driven by puppeteer-core, `labshow studio FILE` started and its URL
 * read from its standard output, and a solve in the page timed by what the page shows.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "puppeteer-core";

/** The project's root (scripts are run from dist/scripts). */
export const ROOT = join(new URL(".", import.meta.url).pathname, "..", "..");

/** A headless chromium. @throws Error without one */
export async function chromium(): Promise<Browser> {
  const path = process.env.CHROMIUM_PATH ?? ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => existsSync(p));
  if (!path) throw new Error("no chromium at /usr/bin/chromium (or CHROMIUM_PATH)");
  const { launch } = await import("puppeteer-core");
  return launch({ executablePath: path, headless: true, args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] });
}

/** `labshow studio FILE` running, and the URL it printed. */
export async function serveStudio(file: string): Promise<{ url: string; server: ChildProcess }> {
  const server = spawn(join(ROOT, "bin", "labshow"), ["studio", file], { stdio: ["ignore", "pipe", "inherit"] });
  const url = await new Promise<string>((done, fail) => {
    let seen = "";
    server.stdout!.on("data", (d: Buffer) => {
      seen += d.toString();
      if (seen.includes("\n")) done(seen.trim());
    });
    server.once("exit", (code) => fail(new Error(`labshow studio exited ${code}`)));
  });
  return { url, server };
}

/** Opens a URL and waits for the rule set's name (or an error) in the page. */
export async function openStudio(page: Page, url: string): Promise<string> {
  await page.goto(url, { waitUntil: "load" });
  await page.waitForFunction(() => (document.querySelector("#rules")?.textContent ?? "").startsWith("rules:") || document.querySelector("#error"), { timeout: 120_000 });
  return page.$eval("#rules", (e) => e.textContent ?? "");
}

/**
 * Clicks Solve and waits for its status (the status's count of solves goes up) or an error.
 * @returns the status's text, the wall-clock milliseconds and the search's own seconds (the outcome's statistics.seconds, NaN on an error)
 */
export async function solveInPage(page: Page, timeoutMs = 600_000): Promise<{ status: string; ms: number; seconds: number }> {
  const before = Number((await page.$eval("#status", (e) => e.getAttribute("data-solves")).catch(() => null)) ?? 0);
  const t0 = performance.now();
  await page.click("#solve");
  await page.waitForFunction((n: number) => Number(document.querySelector("#status")?.getAttribute("data-solves") ?? 0) > n || document.querySelector("#error"), { timeout: timeoutMs, polling: 20 }, before);
  const ms = performance.now() - t0;
  const status = (await page.$eval("#status", (e) => e.textContent ?? "").catch(() => "")) || (await page.$eval("#error", (e) => e.textContent ?? ""));
  const seconds = Number((await page.$eval("#status", (e) => e.getAttribute("data-seconds")).catch(() => null)) ?? NaN);
  return { status, ms, seconds };
}
