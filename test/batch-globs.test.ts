import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { collectInstances } from "../src/batch/sources.js";

const FACTS = "field(1,1).\n";

/** The instance names of a listing, relative to `dir` (folders) or as the zip names them. */
const names = (dir: string, items: ReturnType<typeof collectInstances>) => items.filter((i) => i.kind === "instance").map((i) => i.name.replace(`${dir}/`, "")).sort();

describe("--include and --exclude globs", () => {
  // a folder of two subfolders: the globs with a slash choose by the path below the folder
  const dir = mkdtempSync(join(tmpdir(), "labglobs-"));
  for (const sub of ["minotaur", "push"]) {
    mkdirSync(join(dir, sub));
    writeFileSync(join(dir, sub, "a.lp"), FACTS);
    writeFileSync(join(dir, sub, "b.txt"), FACTS);
  }
  const zip = join(dir, "set.zip");
  writeFileSync(zip, zipSync({ "minotaur/a.lp": strToU8(FACTS), "push/a.lp": strToU8(FACTS), "push/c.lp": strToU8(FACTS) }));

  it("a glob with a slash matches the path below the folder; one without, the file's own name", () => {
    expect(names(dir, collectInstances([join(dir, "minotaur"), join(dir, "push")]))).toEqual(["minotaur/a.lp", "push/a.lp"]);
    const all = (filter: { include?: string[]; exclude?: string[] }) => names(dir, collectInstances([dir], undefined, filter)).filter((n) => !n.startsWith("set.zip"));
    expect(all({ exclude: ["minotaur/*"] })).toEqual(["push/a.lp"]);
    expect(all({ include: ["*.txt"], exclude: ["push/*"] })).toEqual(["minotaur/b.txt"]);
    expect(all({ include: ["push/*"] })).toEqual(["push/a.lp", "push/b.txt"]);
    expect(all({ include: ["*.lp", "*.txt"], exclude: ["a.lp"] })).toEqual(["minotaur/b.txt", "push/b.txt"]);
  });

  it("in a zip, a glob with a slash matches the entry's name", () => {
    const entries = (filter: { include?: string[]; exclude?: string[] }) =>
      collectInstances([zip], undefined, filter)
        .filter((i) => i.kind === "instance")
        .map((i) => i.name.replace(/^.*\.zip:/, ""))
        .sort();
    expect(entries({})).toEqual(["minotaur/a.lp", "push/a.lp", "push/c.lp"]);
    expect(entries({ exclude: ["minotaur/*"] })).toEqual(["push/a.lp", "push/c.lp"]);
    expect(entries({ exclude: ["push/c.*"] })).toEqual(["minotaur/a.lp", "push/a.lp"]);
  });
});
