/**
 * `npm run docs:man` (run by the build): the man pages, man/COMMAND.1, one per command,
 * made by marked-man from the command's generated reference page
 * (docs/reference/cli/COMMAND.md, scripts/docs-cli.ts), so that the man page, the
 * reference and --help say the same. package.json's "man" field installs them.
 * SOURCE_DATE_EPOCH sets the pages' date (reproducible builds); else today.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { COMMANDS } from "./docs-cli-pages.js";

/** The project's root: this script runs from dist/scripts/. */
const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const version = (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string }).version;
const markedMan = join(dirname(createRequire(import.meta.url).resolve("marked-man/package.json")), "bin", "marked-man.js");

/**
 * A reference page as a man page's Markdown: the ronn title line (`# NAME(1) -- what it
 * does`), no HTML comment, links as their text, `&lt;` as `<`.
 */
export function manMarkdown(name: string, page: string): string {
  const lines = page.split("\n");
  const description = lines.find((l, i) => i > 2 && l !== "" && !l.startsWith("#") && !l.startsWith("<!--")) ?? name;
  const what = description.split(/[:.;(]/)[0].trim().replace(/^./, (c) => c.toLowerCase());
  const body = lines
    .slice(1)
    .filter((l) => !l.startsWith("<!--"))
    .join("\n")
    .replace(/\[([^\]]+)\]\([^)]+\)/g, "$1")
    .replace(/&lt;/g, "<");
  return `# ${name}(1) -- ${what}\n${body}`;
}

mkdirSync(join(root, "man"), { recursive: true });
for (const name of COMMANDS) {
  const page = readFileSync(join(root, "docs/reference/cli", `${name}.md`), "utf8");
  const run = spawnSync(process.execPath, [markedMan, "--version", version, "--manual", "labyrinth manual"], {
    input: manMarkdown(name, page),
    encoding: "utf8",
  });
  if (run.status !== 0) throw new Error(`marked-man on ${name}: ${run.stderr}`);
  // marked leaves HTML entities in code spans; roff wants the characters
  const roff = run.stdout.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
  writeFileSync(join(root, "man", `${name}.1`), roff);
  process.stdout.write(`man/${name}.1\n`);
}
