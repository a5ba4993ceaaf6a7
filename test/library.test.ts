/**
 * labyrinth as a library: README's example, imported by the package's name through
 * package.json "exports" (Node's self-reference), runs and prints what README says.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(new URL(".", import.meta.url).pathname, "..");

describe("import ... from \"labyrinth\"", () => {
  it("README's example runs by the package's name and prints what its comments say", () => {
    const readme = readFileSync(join(ROOT, "README.md"), "utf8");
    const block = /<!-- library-example -->\n```js\n([\s\S]*?)```\n<!-- \/library-example -->/.exec(readme)?.[1];
    expect(block).toBeDefined();
    expect(block).toMatch(/from "labyrinth"/);
    const r = spawnSync(process.execPath, ["--input-type=module", "-e", block!], { cwd: ROOT, encoding: "utf8" });
    expect(r.stderr).toBe("");
    const expected = [...block!.matchAll(/console\.log\(.*\); \/\/ (.*)$/gm)].map((m) => m[1]);
    expect(r.stdout.trim().split("\n")).toEqual(expected);
  });
  it("the exports name type declarations that exist after the build", () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { name: string; exports: { ".": { types: string; import: string } } };
    expect(pkg.name).toBe("labyrinth");
    expect(existsSync(join(ROOT, pkg.exports["."].types))).toBe(true);
    expect(existsSync(join(ROOT, pkg.exports["."].import))).toBe(true);
  });
});
