/**
 * `npm run docs:cli`: writes the command-line reference (docs/reference/cli/COMMAND.md,
 * docs/reference/exit-codes.md) from the commands' definitions (scripts/docs-cli-pages.ts).
 * `--check` writes nothing and exits 1 naming each page that differs from what is committed.
 */
import { mkdirSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { cliReferencePages } from "./docs-cli-pages.js";

/** The project's root: scripts/ runs from dist/scripts/ after the build. */
const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const check = process.argv.includes("--check");
let stale = 0;
for (const page of await cliReferencePages(root)) {
  const path = join(root, page.path);
  const now = existsSync(path) ? readFileSync(path, "utf8") : undefined;
  if (now === page.text) continue;
  if (check) {
    process.stderr.write(`${page.path}: differs from the commands' definitions; run npm run docs:cli\n`);
    stale++;
    continue;
  }
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, page.text);
  process.stdout.write(`${page.path}\n`);
}
process.exitCode = stale > 0 ? 1 : 0;
