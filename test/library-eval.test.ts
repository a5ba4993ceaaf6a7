import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = new URL("..", import.meta.url).pathname;
const LIBRARY = join(ROOT, "dist/src/library.js");

/** Runs ES module code given as a string (`node --input-type=module -e CODE`), in the project's root. */
function evalModule(code: string) {
  const r = spawnSync(process.execPath, ["--input-type=module", "-e", code], { cwd: ROOT, encoding: "utf8", timeout: 120_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe("the library from `node --input-type=module -e` (its worker threads must not inherit --input-type)", () => {
  it("an IPC 2023 task: the planner's threads start and the plan is proven optimal", () => {
    const r = evalModule(`
      import { readPlanningInstance, solve, check } from ${JSON.stringify(LIBRARY)};
      import { readFileSync } from "node:fs";
      const text = (f) => ({ text: readFileSync(f, "utf8"), name: f });
      const task = readPlanningInstance(text("docs/ipc2023/domain.pddl"), text("docs/ipc2023/example.pddl"));
      const o = await solve(task);
      const v = await check(task, JSON.stringify(o));
      console.log(o.status, v.valid, v.cost === o.fewest);`);
    expect(r.err).toBe("");
    expect(r.out.trim()).toBe("OPTIMUM FOUND true true");
  });

  it("the board game: its search thread starts", () => {
    const r = evalModule(`
      import { readInstance, solve } from ${JSON.stringify(LIBRARY)};
      import { readFileSync } from "node:fs";
      const o = await solve(readInstance(readFileSync("docs/game-example.lp", "utf8"), "game-example.lp"));
      console.log(o.status, o.models.length > 0);`);
    expect(r.err).toBe("");
    expect(r.out.trim()).toBe("OPTIMUM FOUND true");
  });
});
