/**
 * The guides run as written: every code block of docs/guide/*.md and README.md whose info
 * string is `sh run` is executed with `bash -e` from the project's root (bin/ on PATH,
 * TMPDIR a fresh folder, so `out=$(mktemp -d)` writes there and nothing lands in the
 * clone), each command line checked against the exit code its trailing comment states
 * (`# exit N`; 0 when none). Plain ```sh blocks (a Redis, a clone, hours of search) are
 * not run. Also: every relative link of these pages resolves to a file of the project.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = new URL("..", import.meta.url).pathname;
const GUIDES = join(ROOT, "docs/guide");

/** One command line of a runnable block: its text (continuations joined), 1-based line in the page, the exit code it states. */
interface Command {
  text: string;
  line: number;
  exit: number;
}

/** A `sh run` block: the page (relative to the root), the 1-based line of its fence, its commands. */
interface Block {
  file: string;
  line: number;
  commands: Command[];
}

/** `# exit N` at the end of a line: the exit code the line states. */
const EXIT_COMMENT = /(?:^|\s)#\s*exit\s+(\d+)\s*$/;

/**
 * The `sh run` blocks of a markdown page, in order. A line ending in a backslash goes on
 * on the next; blank lines and lines that are only a comment are no command.
 */
function runnableBlocks(markdown: string, file: string): Block[] {
  const lines = markdown.split("\n");
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const fence = /^(\s*)(`{3,})\s*(.*)$/.exec(lines[i]);
    if (!fence) continue;
    const [, indent, ticks, info] = fence;
    const close = lines.findIndex((l, k) => k > i && l.startsWith(indent + ticks) && l.trim() === ticks);
    const end = close < 0 ? lines.length : close;
    if (info.trim() === "sh run") {
      const commands: Command[] = [];
      let pending: { text: string; line: number } | undefined;
      for (let k = i + 1; k < end; k++) {
        const raw = lines[k].slice(indent.length);
        const text = pending ? `${pending.text}\n${raw}` : raw;
        const line = pending?.line ?? k + 1;
        if (/\\$/.test(raw)) {
          pending = { text, line };
          continue;
        }
        pending = undefined;
        if (text.trim() === "" || text.trim().startsWith("#")) continue;
        commands.push({ text, line, exit: Number(EXIT_COMMENT.exec(text)?.[1] ?? 0) });
      }
      blocks.push({ file, line: i + 1, commands });
    }
    i = end;
  }
  return blocks;
}

/**
 * The bash script of a block: each command in braces (so that `bash -e` does not end the
 * script on the non-zero exit a line states), its exit code compared with the stated one;
 * the first difference is written to stderr as FILE:LINE and ends the script with exit 97.
 */
function blockScript(block: Block): string {
  const out = ["set -e"];
  for (const c of block.commands) {
    const where = `${block.file}:${c.line}`.replace(/'/g, "'\\''");
    out.push("__rc=0", `{ ${c.text}\n} || __rc=$?`);
    out.push(`if [ "$__rc" -ne ${c.exit} ]; then echo '${where}: exit '"$__rc"', the block says ${c.exit}' >&2; exit 97; fi`);
  }
  out.push("echo '__all commands ran__'");
  return out.join("\n") + "\n";
}

/** A block's run: bash's exit code, its stdout and stderr. */
interface BlockRun {
  code: number | null;
  out: string;
  err: string;
}

const TEMP = mkdtempSync(join(tmpdir(), "labyrinth-guides-"));
afterAll(() => rmSync(TEMP, { recursive: true, force: true }));

/** Runs a block's script with `bash -e` in the root, bin/ first on PATH, TMPDIR a folder of its own; resolves when bash exits. */
function runBlock(block: Block): Promise<BlockRun> {
  const tmp = mkdtempSync(join(TEMP, "block-"));
  return new Promise((done, fail) => {
    const child = spawn("bash", ["-e", "-c", blockScript(block)], {
      cwd: ROOT,
      env: { ...process.env, PATH: `${join(ROOT, "bin")}:${process.env.PATH ?? ""}`, TMPDIR: tmp },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (out += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (err += d));
    child.on("error", fail);
    child.on("close", (code) => done({ code, out, err }));
  });
}

/** The pages whose runnable blocks are run: README.md and docs/guide/*.md, relative to the root. */
function pages(): string[] {
  const guides = existsSync(GUIDES) ? readdirSync(GUIDES).filter((f) => f.endsWith(".md")).sort().map((f) => `docs/guide/${f}`) : [];
  return ["README.md", ...guides];
}

describe("the runner of runnable blocks", () => {
  it("takes only `sh run` blocks, joins continued lines, reads `# exit N` (0 when absent)", () => {
    const md = [
      "```sh", "bin/labsolve never-run.lp", "```",
      "```sh run", "# a comment", "", "bin/labsolve \\", "  instances/example-4x4.lp   # exit 30", "true  # prints nothing", "```",
      "- a list:", "  ```sh run", "  false # exit 1", "  ```",
    ].join("\n");
    const blocks = runnableBlocks(md, "x.md");
    expect(blocks.map((b) => b.line)).toEqual([4, 12]);
    expect(blocks[0].commands).toEqual([
      { text: "bin/labsolve \\\n  instances/example-4x4.lp   # exit 30", line: 7, exit: 30 },
      { text: "true  # prints nothing", line: 9, exit: 0 },
    ]);
    expect(blocks[1].commands).toEqual([{ text: "false # exit 1", line: 13, exit: 1 }]);
  });

  it("passes a block whose exit codes are right, and fails one that states a wrong exit code, naming its line", async () => {
    const [right] = runnableBlocks("```sh run\nout=$(mktemp -d)\nbin/labsolve instances/example-4x4.lp > \"$out/a\"   # exit 30\ngrep -q ANSWER \"$out/a\"\n```\n", "right.md");
    const good = await runBlock(right);
    expect(good.err).toBe("");
    expect(good.code).toBe(0);
    const [wrong] = runnableBlocks("```sh run\nbin/labsolve instances/example-4x4.lp\necho not reached\n```\n", "wrong.md");
    const bad = await runBlock(wrong);
    expect(bad.code).toBe(97);
    expect(bad.err).toMatch(/^wrong\.md:2: exit 30, the block says 0$/m);
    expect(bad.out).not.toMatch(/not reached/);
    const [nonzero] = runnableBlocks("```sh run\ntrue   # exit 1\n```\n", "nonzero.md");
    expect((await runBlock(nonzero)).err).toMatch(/nonzero\.md:2: exit 0, the block says 1/);
  });
});

/** The names in the folders a careless command would write into (the root, instances/, docs/, docs/guide/). */
function projectListing(): string[] {
  return ["", "instances", "docs", "docs/guide"].flatMap((dir) => (existsSync(join(ROOT, dir)) ? readdirSync(join(ROOT, dir)).map((f) => `${dir}/${f}`) : []));
}

describe("every guide and README", () => {
  const before = projectListing();

  it("README and each guide but the index have runnable blocks", () => {
    for (const page of pages()) {
      const blocks = runnableBlocks(readFileSync(join(ROOT, page), "utf8"), page);
      if (page !== "docs/guide/index.md") expect(blocks.length, page).toBeGreaterThan(0);
    }
  });

  for (const page of pages()) {
    const blocks = existsSync(join(ROOT, page)) ? runnableBlocks(readFileSync(join(ROOT, page), "utf8"), page) : [];
    for (const block of blocks) {
      it(`${page}:${block.line} runs with the exit codes it states`, async () => {
        const r = await runBlock(block);
        expect(r.err.split("\n").filter((l) => /: exit \d+, the block says/.test(l)), r.err).toEqual([]);
        expect(r.code, r.err).toBe(0);
        expect(r.out).toMatch(/__all commands ran__\n$/);
      });
    }
  }

  it("the blocks wrote nothing into the project (their outputs go to the temporary folder)", () => {
    expect(projectListing()).toEqual(before);
  });
});

describe("files shown in the guides", () => {
  it("a code block after `<!-- file: PATH -->` is PATH's text, so the page and the file it shows cannot drift", () => {
    let shown = 0;
    for (const page of pages()) {
      const text = readFileSync(join(ROOT, page), "utf8");
      for (const m of text.matchAll(/<!-- file: (\S+) -->\n```\w*\n([\s\S]*?)```\n/g)) {
        expect(m[2], `${page}: ${m[1]}`).toBe(readFileSync(join(ROOT, m[1]), "utf8"));
        shown++;
      }
    }
    expect(shown).toBeGreaterThan(0);
  });
});

/** Pages another branch writes (the generated reference): a link to one is checked when it exists, and allowed until then. */
const MADE_ELSEWHERE = new Set(["docs/reference/index.md"]);

describe("links", () => {
  it("every relative link of README and the guides names a file of the project; a guide links nothing outside docs/ (the site's pages)", () => {
    const dead: string[] = [];
    for (const page of pages()) {
      const text = readFileSync(join(ROOT, page), "utf8").replace(/```[\s\S]*?```/g, "");
      for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = m[1].split("#")[0];
        if (target === "" || /^[a-z]+:/i.test(target)) continue;
        const path = relative(ROOT, resolve(dirname(join(ROOT, page)), target));
        if (!existsSync(join(ROOT, path)) && !MADE_ELSEWHERE.has(path)) dead.push(`${page}: ${m[1]}`);
        else if (page.startsWith("docs/") && !path.startsWith("docs/")) dead.push(`${page}: ${m[1]} (outside docs/: the site cannot link it)`);
      }
    }
    expect(dead).toEqual([]);
  });
});
