/**
 * The published package (issue 18, item 2): `npm pack` holds the compiled library and
 * commands (a `files` list; `prepack` builds), and nothing else of the repository; the
 * tarball installed into a fresh project runs README's library example in ESM, passes
 * `tsc --noEmit` on it as TypeScript, and `npx labsolve` solves an instance.
 *
 * The test packs with --ignore-scripts (the suite has built dist/ already: pretest) and
 * installs with --prefer-offline (the dependencies come from npm's cache when they are
 * there, else from the registry).
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";

const ROOT = new URL("..", import.meta.url).pathname;
const NPM = process.platform === "win32" ? "npm.cmd" : "npm";

function run(cmd: string, args: string[], cwd: string) {
  const r = spawnSync(cmd, args, { cwd, encoding: "utf8", timeout: 180_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

const example = (): string => {
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  const block = /<!-- library-example -->\n```js\n([\s\S]*?)```\n<!-- \/library-example -->/.exec(readme)?.[1];
  if (!block) throw new Error("README has no library example");
  return block;
};

describe("the package as npm packs it", { timeout: 240_000 }, () => {
  let dir: string;
  let tarball: string;
  let project: string;
  let files: string[];

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "labyrinth-pack-"));
    const packed = run(NPM, ["pack", "--ignore-scripts", "--json", "--pack-destination", dir], ROOT);
    if (packed.code !== 0) throw new Error(`npm pack failed: ${packed.err}`);
    const info = JSON.parse(packed.out) as { filename: string; files: { path: string }[] }[];
    tarball = join(dir, info[0].filename);
    files = info[0].files.map((f) => f.path);
    project = join(dir, "project");
    mkdirSync(project);
    writeFileSync(join(project, "package.json"), JSON.stringify({ name: "fresh", version: "1.0.0", private: true, type: "module" }));
    const installed = run(NPM, ["install", "--no-audit", "--no-fund", "--prefer-offline", tarball], project);
    if (installed.code !== 0) throw new Error(`npm install of the tarball failed: ${installed.err}`);
  }, 240_000);

  it("package.json builds before packing (prepack) and lists what is published (files)", () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string>; files?: string[] };
    expect(pkg.scripts.prepack).toMatch(/npm run build/);
    expect(pkg.files).toContain("dist/src");
  });

  it("the tarball holds the compiled library and commands, and no tests, CI files or outputs of README's commands", () => {
    expect(files).toContain("dist/src/index.js");
    expect(files).toContain("dist/src/index.d.ts");
    expect(files).toContain("dist/src/cli/labsolve.js");
    expect(files).toContain("dist/src/generated/asp-parser.js");
    expect(files).toContain("bin/labsolve");
    // the json layout's schema (docs/contract.md), for users validating labsolve's output
    expect(files).toContain("schema/outcome.schema.json");
    for (const f of files) {
      expect(f, f).not.toMatch(/^(test|\.ci|scripts|src|dist\/scripts|node_modules)\//);
      expect(f, f).not.toMatch(/^(example\.plan|p\.pddl|strip\.svg|example\.html|game\.html|results\.jsonl)$/);
    }
  });

  it("README's library example runs in the fresh project (ESM) and prints what its comments say", () => {
    const block = example();
    writeFileSync(join(project, "example.mjs"), block);
    const r = run(process.execPath, ["example.mjs"], project);
    expect(r.err).toBe("");
    const expected = [...block.matchAll(/console\.log\(.*\); \/\/ (.*)$/gm)].map((m) => m[1]);
    expect(r.out.trim().split("\n")).toEqual(expected);
  });

  it("README's library example passes tsc --noEmit as TypeScript against the installed types", () => {
    writeFileSync(join(project, "example.ts"), example());
    writeFileSync(
      join(project, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: { module: "NodeNext", moduleResolution: "NodeNext", target: "ES2022", strict: true, noEmit: true, types: ["node"], typeRoots: [join(ROOT, "node_modules/@types")] },
        files: ["example.ts"],
      }),
    );
    const r = run(process.execPath, [join(ROOT, "node_modules/typescript/bin/tsc"), "-p", "."], project);
    expect(r.out + r.err).toBe("");
    expect(r.code).toBe(0);
  });

  it("npx labsolve solves an instance in the fresh project (exit 30, a proven shortest solution)", () => {
    const r = run("npx", ["--no-install", "labsolve", "node_modules/labyrinth/instances/example-4x4.lp"], project);
    expect(r.out).toBe("ANSWER\npush(1,w,1). push(2,n,2).\n");
    expect(r.code).toBe(30);
  });

  it("the fresh project holds no copy of the instances: README's example reads the package's own", () => {
    expect(readdirSync(project).sort()).not.toContain("instances");
    expect(example()).toMatch(/import\.meta\.resolve\("labyrinth\/instances\//);
  });

  it("npm pack's tarball is ignored by git in the clone", () => {
    const r = run("git", ["check-ignore", "-q", "labyrinth-0.1.0.tgz"], ROOT);
    expect(r.code).toBe(0);
  });

  it("package.json's description and README's opening name every kind of labyrinth, not only the push labyrinth", () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { description: string };
    const readme = readFileSync(join(ROOT, "README.md"), "utf8");
    const opening = readme.slice(0, readme.indexOf("## Quick start"));
    for (const text of [pkg.description, opening]) {
      for (const kind of [/ASP Competition/, /board game/, /IPC 2023/, /text mazes/i, /turn rule/, /transit graph/, /Minotaur/]) expect(text).toMatch(kind);
    }
  });

  it("README's shell commands write their outputs into a temporary folder, not the repository", () => {
    const readme = readFileSync(join(ROOT, "README.md"), "utf8");
    const blocks = [...readme.matchAll(/```sh(?: run)?\n([\s\S]*?)```/g)].map((m) => m[1]).join("\n");
    const targets = [...blocks.matchAll(/(?:-o|--out|>)\s+("[^"]*"|[^\s|;]+)/g)].map((m) => m[1]);
    expect(targets.length).toBeGreaterThan(5);
    // into a temporary folder ($out is always `out=$(mktemp -d)` there), or the temporary folder itself
    for (const t of targets) expect(t, t).toMatch(/^"?\$(out|\(mktemp -d\))(\/|"?$)/);
    expect(blocks).not.toMatch(/\bout=(?!\$\(mktemp -d\))/);
    expect(readdirSync(ROOT)).not.toContain("example.plan");
  });
});
