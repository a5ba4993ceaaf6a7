/**
 * The reference (docs/reference/) cannot drift from the commands: the committed pages
 * equal what scripts/docs-cli.ts generates from the commands' definitions now, and each
 * page's options are the ones `bin/COMMAND [SUB] --help` prints; the man pages are made from
 * those pages.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cliReferencePages, COMMANDS } from "../scripts/docs-cli-pages.js";
import { bin } from "./helpers/bin.js";

const ROOT = new URL("..", import.meta.url).pathname;

/** The options of each command section of a reference page: `## \`labsolve batch\`` then `### \`-j, --jobs <n>\``. */
function pageOptions(markdown: string): Map<string, string[]> {
  const sections = new Map<string, string[]>();
  let current: string[] | undefined;
  for (const line of markdown.split("\n")) {
    const command = /^## `([^`]+)`$/.exec(line);
    if (command) sections.set(command[1], (current = []));
    else if (/^## /.test(line)) current = undefined;
    const option = /^###+ `(-[^`]+)`$/.exec(line);
    if (option && current) current.push(option[1]);
  }
  return sections;
}

/** The option terms `--help` lists under "Options:" (two spaces, the flags, two or more spaces, the description). */
function helpOptions(help: string): string[] {
  const lines = help.split("\n");
  const start = lines.indexOf("Options:");
  const options: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line === "" || !line.startsWith(" ")) break;
    const term = /^ {2}(-\S.*?)(?: {2,}|$)/.exec(line);
    if (term) options.push(term[1]);
  }
  return options;
}

describe("the command-line reference", () => {
  it("equals what npm run docs:cli generates from the commands' definitions now", { timeout: 60_000 }, async () => {
    const pages = await cliReferencePages(ROOT);
    expect(pages.map((p) => p.path).sort()).toEqual([...COMMANDS.map((c) => `docs/reference/cli/${c}.md`), "docs/reference/exit-codes.md"].sort());
    for (const page of pages) {
      const path = join(ROOT, page.path);
      expect(existsSync(path), `${page.path} is missing: run npm run docs:cli`).toBe(true);
      expect(readFileSync(path, "utf8"), `${page.path} is stale: run npm run docs:cli`).toBe(page.text);
    }
  });

  describe.each(COMMANDS)("%s's page lists the options its --help prints", (command) => {
    it("for the command and each subcommand", { timeout: 60_000 }, async () => {
      const sections = pageOptions(readFileSync(join(ROOT, "docs/reference/cli", `${command}.md`), "utf8"));
      expect([...sections.keys()][0]).toBe(command);
      for (const [name, options] of sections) {
        const words = name.split(" ").slice(1);
        const run = await bin(command, [...words, "--help"]);
        expect(run.code, `${name} --help: ${run.err}`).toBe(0);
        const help = helpOptions(run.out);
        expect(help.length, `${name} --help lists options`).toBeGreaterThan(0);
        expect(options, `${name}: the reference's options against --help`).toEqual(help);
      }
    });
  });
});

describe("the man pages (npm run docs:man, run by the build)", () => {
  it("each command's man page has its name, section 1, and every option of its reference page", { timeout: 60_000 }, () => {
    const made = spawnSync(process.execPath, [join(ROOT, "dist/scripts/docs-man.js")], { encoding: "utf8" });
    expect(made.status, made.stderr).toBe(0);
    const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { man?: string[]; files?: string[] };
    expect(pkg.man).toEqual(COMMANDS.map((c) => `./man/${c}.1`));
    expect(pkg.files).toContain("man");
    for (const command of COMMANDS) {
      const roff = readFileSync(join(ROOT, "man", `${command}.1`), "utf8");
      expect(roff.startsWith(`.TH "${command.toUpperCase()}" "1"`), `${command}.1's title line`).toBe(true);
      // roff escapes a minus as \-; the subsections are the options' flags
      const subsections = [...roff.matchAll(/^\.SS \\fB(.*)\\fP$/gm)].map((m) => m[1].replace(/\\-/g, "-"));
      const page = [...pageOptions(readFileSync(join(ROOT, "docs/reference/cli", `${command}.md`), "utf8")).values()].flat();
      expect(subsections, `${command}.1's options against its reference page`).toEqual(page);
    }
  });
});

describe("the docs site (npm run docs:build: the API reference, then VitePress)", () => {
  it("builds docs/ offline with no dead link, the reference, the API and the search index in it", { timeout: 300_000 }, async () => {
    const run = await new Promise<{ code: number | null; log: string }>((resolve, reject) => {
      const child = spawn("npm", ["run", "docs:build"], { cwd: ROOT });
      let log = "";
      child.stdout.setEncoding("utf8").on("data", (d: string) => (log += d));
      child.stderr.setEncoding("utf8").on("data", (d: string) => (log += d));
      child.on("error", reject);
      child.on("close", (code) => resolve({ code, log }));
    });
    expect(run.code, run.log.slice(-3000)).toBe(0);
    const dist = join(ROOT, "docs/.vitepress/dist");
    for (const page of ["index.html", "reference/index.html", "reference/exit-codes.html", "reference/api/index.html", ...COMMANDS.map((c) => `reference/cli/${c}.html`)]) {
      expect(existsSync(join(dist, page)), page).toBe(true);
    }
    expect(readdirSync(join(dist, "assets/chunks")).some((f) => f.startsWith("@localSearchIndex")), "the local search index").toBe(true);
    // the JSON Schemas are included from schema/ when the site is built
    const id = (JSON.parse(readFileSync(join(ROOT, "schema/verdict.schema.json"), "utf8")) as { $id: string }).$id;
    expect(readFileSync(join(dist, "reference/json.html"), "utf8")).toContain(id);
  });
});
