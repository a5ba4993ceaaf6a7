/**
 * Runs bin/labsolve on every instance of a folder with a time limit, checks each answer
 * with bin/labcheck (competition protocol), and prints a Markdown table.
 *
 *   node dist/scripts/solve-all.js ../shared/instances/aspcomp2013 --time-limit 60 [-- labsolve options]
 */
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";

const args = process.argv.slice(2);
const split = args.indexOf("--");
const own = split >= 0 ? args.slice(0, split) : args;
const extra = split >= 0 ? args.slice(split + 1) : [];
const dir = own[0];
const limitAt = own.indexOf("--time-limit");
const limit = limitAt >= 0 ? own[limitAt + 1] : "60";
if (!dir) {
  console.error("usage: solve-all DIR [--time-limit SECONDS] [-- labsolve options]");
  process.exit(65);
}
const root = join(new URL(".", import.meta.url).pathname, "..", "..");
const files = readdirSync(dir).filter((f) => /\.(lp|asp)$/.test(f)).sort();
console.log(`| instance | exit | pushes | seconds | labcheck |`);
console.log(`| --- | ---: | ---: | ---: | --- |`);
for (const f of files) {
  const path = join(dir, f);
  const started = performance.now();
  const solved = spawnSync(join(root, "bin/labsolve"), ["--time-limit", limit, ...extra, path], { encoding: "utf8" });
  const seconds = (performance.now() - started) / 1000;
  const checked = spawnSync(join(root, "bin/labcheck"), [String(solved.status), path], { input: solved.stdout, encoding: "utf8" });
  const pushes = (solved.stdout.match(/push\(/g) ?? []).length;
  const shown = solved.status === 10 || solved.status === 30 ? String(pushes) : solved.status === 20 ? "none" : "time-out";
  console.log(`| ${f} | ${solved.status} | ${shown} | ${seconds.toFixed(2)} | ${checked.stdout.trim()} |`);
}
