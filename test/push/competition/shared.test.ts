/**
 * The competition's instances in ../shared (beside the project in CI and on the
 * developers' machines; absent from a user's clone, where these tests skip).
 * Fewest pushes known from clingo 5.4.1 with the competition encoding (issue #3):
 * 0060 and 0025 need 4 pushes, 0045 needs 5.
 */
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readInstance } from "../../../src/push/competition/instance.js";
import { runBin } from "../../helpers/bin.js";

const ROOT = new URL("../../..", import.meta.url).pathname;
const SHARED = join(ROOT, "..", "shared", "instances", "aspcomp2013");
const present = existsSync(SHARED);
if (!present) console.warn(`skipping the competition instances: ${SHARED} is not there (it is only beside the project in CI and on developer machines)`);

describe.skipIf(!present)("competition instances in ../shared", () => {
  const files = present ? readdirSync(SHARED).filter((f) => f.endsWith(".asp")).sort() : [];

  it("reads all 15: square boards, max_steps = N, the file name's MAXINT is one more than the largest integer", () => {
    expect(files).toHaveLength(15);
    for (const f of files) {
      const text = readFileSync(join(SHARED, f), "utf8");
      const { instance, warnings } = readInstance(text, f);
      expect(warnings, f).toEqual([]);
      expect(instance.maxSteps, f).toBe(instance.size);
      const maxInt = Math.max(...[...text.matchAll(/-?\d+/g)].map((m) => Number(m[0])));
      expect(Number(f.split("-")[2]), f).toBe(maxInt + 1);
    }
  });

  it("labsolve --any answers all 15 within max_steps, and labcheck accepts every answer", () => {
    for (const f of files) {
      const path = join(SHARED, f);
      const solved = runBin("labsolve", ["--any", "--time-limit", "30", path]);
      expect([10, 30], f).toContain(solved.code);
      const checked = runBin("labcheck", ["10", path], solved.out);
      expect(checked.out, f).toBe("OK\n");
    }
  }, 120_000);

  it.each([
    ["0060-labyrinth-13-0.asp", 4],
    ["0025-labyrinth-14-0.asp", 4],
    ["0045-labyrinth-11-0.asp", 5],
  ])("labsolve proves %s needs %i pushes, and labcheck accepts the answer", (file, fewest) => {
    const path = join(SHARED, file);
    const solved = runBin("labsolve", ["--time-limit", "60", path]);
    expect(solved.code).toBe(30);
    expect(solved.out.match(/push\(/g)).toHaveLength(fewest);
    const checked = runBin("labcheck", ["10", path], solved.out);
    expect(checked.out).toBe("OK\n");
  }, 90_000);
});
