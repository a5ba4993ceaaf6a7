/**
 * The studio names no rule set: what it does per rule set (edit, the hint, play, generate)
 * comes from the registry or the outcome, so no module of studio/src has a registry name
 * as a string literal in its code (comments aside).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { RULE_SETS } from "../src/registry.js";
import { ROOT } from "./helpers/studio.js";

/** The code without its comments (line and block). */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");
}

describe("the studio asks the registry", () => {
  const dir = join(ROOT, "studio", "src");
  const files = readdirSync(dir).filter((f) => /\.tsx?$/.test(f));
  it("has modules to look at", () => expect(files).toContain("app.tsx"));
  for (const f of files)
    it(`studio/src/${f} has no rule set's name as a string literal`, () => {
      const text = code(readFileSync(join(dir, f), "utf8"));
      const named = RULE_SETS.map((r) => r.name).filter((n) => new RegExp(`["'\`]${n}["'\`]`).test(text));
      expect(named).toEqual([]);
    });
});
