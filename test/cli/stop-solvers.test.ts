/**
 * Every solver stops through the one stop handler (src/core/stop.ts): a SIGINT sent while
 * the search runs (once the process has printed a --stats line of its search, never after
 * a sleep) ends labsolve with clingo's code, 11 with an answer or 1 without, and the
 * layout's output complete (its "interrupted" line last). The board game's search runs in
 * a worker thread so that the signal is heard while it searches; it used to run on the
 * main thread, where the signal killed the process with no output. IPC 2023's planner:
 * test/push/ipc2023/ipc-anytime.test.ts and test/push/ipc2023/search/ipc-threads.test.ts ("SIGINT ... exit 11, valid").
 */
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { start } from "../helpers/child.js";
import { vastUnsolvableFacts } from "../helpers/slow.js";

const ROOT = new URL("../..", import.meta.url).pathname;
const LABSOLVE = join(ROOT, "bin/labsolve");
const dir = mkdtempSync(join(tmpdir(), "stop-solvers-"));

/** An unsolvable instance whose search runs for minutes (the game's tools take boards up to 256 fields). */
function vast(n: number): string {
  const file = join(dir, `vast-${n}.lp`);
  writeFileSync(file, vastUnsolvableFacts(n, 30));
  return file;
}

describe.skipIf(!existsSync(join(ROOT, "dist/src/cli/labsolve.js")))("SIGINT while searching", { timeout: 120_000 }, () => {
  const cases = [
    { rules: "competition", args: [vast(10)], searching: /^% depth 3: /m },
    { rules: "game", args: ["--rules", "game", vast(16)], searching: /^% cost 2: /m },
  ];
  for (const c of cases) {
    for (const format of ["competition", "clingo", "json"]) {
      it(`${c.rules}, --format ${format}: exit 1 (no answer yet), the layout's output complete`, async () => {
        const child = start(LABSOLVE, [...c.args, "--stats", "--format", format], ROOT);
        try {
          await child.saw(c.searching);
          child.kill("SIGINT");
          const end = await child.done;
          expect(end.signal, end.text).toBeNull();
          expect(end.code, end.text).toBe(1);
          if (format === "competition") expect(end.out).toMatch(/^% interrupted: SIGINT\n$/);
          if (format === "clingo") expect(end.out).toMatch(/\nUNKNOWN\n\nINTERRUPTED {2}: 1\nModels {7}: 0\+\n[\s\S]*\n$/);
          if (format === "json") {
            const doc = JSON.parse(end.out) as { rules: string; status: string; exitCode: number; interrupted: boolean; interruptedBy: string };
            expect(doc).toMatchObject({ rules: c.rules, status: "UNKNOWN", exitCode: 1, interrupted: true, interruptedBy: "SIGINT" });
          }
        } finally {
          child.kill("SIGKILL");
        }
      });
    }
  }
});
