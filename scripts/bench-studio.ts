/**
 * The studio's benchmark: the same solver in the studio's Web Worker (headless chromium,
 * `labshow studio FILE`) and in Node (the library's solve, one search thread), on the
 * competition's 0151 and 0192 proofs (../shared/instances/aspcomp2013, skipped when
 * absent), a 1000x1000 maze by BFS and a 10x10 Minotaur level (both made by labgen, seeded; the level the hardest of 20,000 iterations: 379 moves);
 * the studio's first paint from file://; the bundle's size. Each input is solved 3 times (the
 * proofs) or 15 times on each side, the sides alternating, and the medians are reported: the
 * outcome's own statistics.seconds (the search alone; in the page the status's data-seconds)
 * beside the wall clock (in the page from the click to the status).
 * Run on a quiet machine: npm run build && node dist/scripts/bench-studio.js [--quick]
 * (--quick: the maze and the Minotaur level only).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { basename, join } from "node:path";
import { gzipSync } from "node:zlib";
import { pathToFileURL } from "node:url";
import { readInstance, solve } from "../src/library.js";
import { ROOT, chromium, openStudio, serveStudio, solveInPage } from "./studio-browser.js";

const quick = process.argv.includes("--quick");
const scratch = mkdtempSync(join(tmpdir(), "bench-studio-"));

/** labgen's output for some arguments, written to a scratch file. */
function generated(name: string, args: string[]): string {
  const r = spawnSync(join(ROOT, "bin", "labgen"), args, { encoding: "utf8", maxBuffer: 1 << 30 });
  if (r.status !== 0) throw new Error(`labgen ${args.join(" ")}: ${r.stderr}`);
  const file = join(scratch, name);
  writeFileSync(file, r.stdout);
  return file;
}

const proofs = ["0151-labyrinth-19-0.asp", "0192-labyrinth-18-0.asp"].map((f) => join(ROOT, "..", "shared", "instances", "aspcomp2013", f)).filter((f) => existsSync(f));
const inputs = [
  ...(quick ? [] : proofs),
  generated("maze-1000x1000.txt", ["maze", "1000", "1000", "--algorithm", "backtracker", "--seed", "1"]),
  generated("minotaur-10x10.txt", ["minotaur", "10", "10", "--seed", "1", "--iterations", "20000"]),
  // the largest level labgen makes: still a fraction of a millisecond (the browser's clock counts in 0.1 ms steps)
  generated("minotaur-20x20.txt", ["minotaur", "20", "20", "--seed", "1", "--iterations", "3000"]),
];

/** Solves of each input on each side: the median is reported (the proofs take seconds, the rest milliseconds). */
const repeats = (file: string): number => (proofs.includes(file) ? 3 : 15);
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const rows: string[] = ["| input | solves | Node: search s (wall s) | studio worker: search s (wall s) | worker / Node | within 1.5x |", "| --- | --- | --- | --- | --- | --- |"];
const browser = await chromium();
try {
  // the machine, for the table's caption
  rows.unshift(`${new Date().toISOString().slice(0, 16)}Z, ${availableParallelism()} cores, Node ${process.version}, ${await browser.version()}; one search thread on both sides; medians${quick ? " (--quick)" : ""}`, "");
  for (const file of inputs) {
    const text = readFileSync(file, "utf8");
    const { url, server } = await serveStudio(file);
    try {
      const page = await browser.newPage();
      await openStudio(page, url);
      const node: { seconds: number; wall: number; status: string }[] = [];
      const worker: { seconds: number; wall: number; status: string }[] = [];
      // the two sides alternate, so that a disturbance of the machine falls on both
      for (let i = 0; i < repeats(file); i++) {
        const t0 = performance.now();
        const outcome = await solve(readInstance(text, basename(file)), {});
        node.push({ seconds: outcome.statistics.seconds, wall: (performance.now() - t0) / 1000, status: outcome.status });
        const inPage = await solveInPage(page, 3_600_000);
        worker.push({ seconds: inPage.seconds, wall: inPage.ms / 1000, status: inPage.status.split("\n")[0] });
      }
      const n = median(node.map((r) => r.seconds));
      const w = median(worker.map((r) => r.seconds));
      const differ = worker.find((r, i) => r.status !== node[i].status);
      const fmt = (x: number): string => (x < 0.1 ? x.toFixed(4) : x.toFixed(2));
      rows.push(
        `| ${basename(file)} | ${node.length} | ${fmt(n)} (${fmt(median(node.map((r) => r.wall)))}) | ${fmt(w)} (${fmt(median(worker.map((r) => r.wall)))})${differ ? ` status ${differ.status} against ${node[0].status}` : ""} | ${(w / n).toFixed(2)}x | ${Math.max(w, n) < 0.0005 ? "too short to time" : w <= 1.5 * n ? "yes" : "no"} |`,
      );
      process.stderr.write(`${rows.at(-1)}\n`);
      await page.close();
    } finally {
      server.kill("SIGTERM");
    }
  }
  // first paint from file://, the median of five fresh pages
  const out = join(scratch, "studio");
  spawnSync(join(ROOT, "bin", "labshow"), ["studio", "--out", out], { encoding: "utf8" });
  const paints: number[] = [];
  for (let i = 0; i < 5; i++) {
    const page = await browser.newPage();
    await page.goto(pathToFileURL(join(out, "index.html")).href, { waitUntil: "load" });
    await page.waitForSelector("header h1");
    paints.push(await page.evaluate(() => performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN));
    await page.close();
  }
  paints.sort((a, b) => a - b);
  rows.push("", `first contentful paint from file://: ${paints[2].toFixed(0)} ms (median of 5; all: ${paints.map((p) => p.toFixed(0)).join(", ")})`);
  // the bundle
  const files = readdirSync(join(out, "assets")).map((f) => join(out, "assets", f)).concat(join(out, "index.html"));
  const bytes = files.reduce((s, f) => s + statSync(f).size, 0);
  const gz = files.reduce((s, f) => s + gzipSync(readFileSync(f)).length, 0);
  rows.push(`bundle: ${(bytes / 1024).toFixed(0)} KiB in ${files.length} files (${(gz / 1024).toFixed(0)} KiB gzipped)`);
} finally {
  await browser.close();
  rmSync(scratch, { recursive: true, force: true });
}
process.stdout.write(`${rows.join("\n")}\n`);
