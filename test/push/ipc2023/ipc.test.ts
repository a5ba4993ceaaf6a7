/**
 * The IPC 2023 front end: the domain check, problem reading, the plan writer, labcheck
 * plan's simulation (on the IPC's own stored plans and on mutated ones), labsolve plan's
 * exit codes, and the 20 problems of the optimal track (skipped without ../shared).
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { InputError } from "../../../src/core/errors.js";
import { readIpcDomain } from "../../../src/push/ipc2023/domain.js";
import { ipcDomainText } from "../../../src/push/ipc2023/domain-text.js";
import { generateIpcTask, ipcProblemText } from "../../../src/push/ipc2023/generate.js";
import { planText } from "../../../src/push/ipc2023/plan-writer.js";
import { readIpcProblem, readIpcProblemFacts } from "../../../src/push/ipc2023/problem.js";
import { validatePlan } from "../../../src/push/ipc2023/validate.js";
import { solveIpc } from "../../../src/push/ipc2023/search/index.js";
import { runBin } from "../../helpers/bin.js";

const ROOT = join(new URL("../..", import.meta.url).pathname, "..");
const OPT = join(ROOT, "..", "shared", "ipc2023-labyrinth", "opt");
const shared = existsSync(OPT);
const OUR_DOMAIN = ipcDomainText();
const domains = (): [string, string][] => [["ours", OUR_DOMAIN], ...(shared ? [["IPC", readFileSync(join(OPT, "domain.pddl"), "utf8")] as [string, string]] : [])];
const BOUNDS = [5, 8, 9, 12, 13, 9, 12, 13, 12, 13, 14, 13, 14, 18, 17, 14, 21, 16, 15, 20];

function inputError(f: () => unknown): InputError {
  try {
    f();
  } catch (e) {
    if (e instanceof InputError) return e;
    throw e;
  }
  throw new Error("no InputError");
}

describe("the domain check", () => {
  it("accepts this domain, ours and the IPC's", () => {
    for (const [, text] of domains()) expect(readIpcDomain(text, "d.pddl").actions.size).toBe(17);
  });
  it("the shipped docs/ipc2023/domain.pddl is labgen's domain", () => {
    expect(readFileSync(join(ROOT, "docs", "ipc2023", "domain.pddl"), "utf8")).toBe(OUR_DOMAIN);
  });
  it("rejects another action, a changed parameter type and a missing action, at their positions", () => {
    const renamed = OUR_DOMAIN.replace("(:action leave", "(:action exit-maze");
    const e1 = inputError(() => readIpcDomain(renamed, "d.pddl"));
    expect(e1.message).toMatch(/^d\.pddl:\d+:\d+: error: action exit-maze is not in the IPC 2023 labyrinth domain/);
    const retyped = OUR_DOMAIN.replace("(?c - card ?prow - gridpos ?pcolumn - gridpos)", "(?c - card ?prow - gridpos ?pcolumn - card)");
    expect(inputError(() => readIpcDomain(retyped, "d.pddl")).message).toMatch(/action leave has parameter types \(card gridpos card\)/);
    const problem = ipcProblemText(generateIpcTask(3, 1, 0));
    expect(inputError(() => readIpcDomain(problem, "p.pddl")).message).toMatch(/^p\.pddl:1:9: error: expected \(domain NAME\)/);
    expect(inputError(() => readIpcDomain("(define (domain x)", "d.pddl")).message).toMatch(/^d\.pddl:1:19: error: expected/);
  });
});

describe("problem reading", () => {
  it("reads a generated problem back as the task it was written from", () => {
    const task = generateIpcTask(6, 4, 6);
    const back = readIpcProblem(ipcProblemText(task), "g.pddl");
    expect(back.size).toBe(6);
    expect([...back.tiles]).toEqual([...task.tiles]);
    expect(back.cards).toEqual(task.cards);
    expect(back.robot).toEqual({ x: 0, y: 0 });
  });
  it("reports a missing card, a card twice and a missing robot at their place", () => {
    const text = ipcProblemText(generateIpcTask(3, 2, 1));
    const line = (s: string): number => text.slice(0, text.indexOf(s)).split("\n").length;
    const lost = text.replace(/\t\(card-at card\d+ pos2 pos2\)\n/, "");
    expect(inputError(() => readIpcProblem(lost, "p.pddl")).message).toMatch(/no card on \(pos2, pos2\)/);
    const twice = text.replace("(robot-at", "(card-at card0 pos1 pos1) (robot-at");
    expect(inputError(() => readIpcProblem(twice, "p.pddl")).message).toMatch(new RegExp(`^p\\.pddl:${line("(robot-at")}:\\d+: error: two cards on \\(pos1, pos1\\)`));
    expect(inputError(() => readIpcProblem(text.replace(/\(robot-at card0\)/, ""), "p.pddl")).message).toMatch(/expected \(robot-at CARD\)/);
  });
});

describe("plans: written, validated, mutated", () => {
  it("the planner's plans on generated tasks are valid with their cost, under both domains", () => {
    for (let seed = 1; seed <= 6; seed++) {
      const task = generateIpcTask(4 + (seed % 3), seed, 5);
      const r = solveIpc(task, { timeLimitMs: 20_000 });
      expect(r.proven).toBe(true);
      const text = planText(task, r.moves!, r.cost!);
      expect(text.trimEnd().split("\n").at(-1)).toBe(`; cost = ${r.cost} (general cost)`);
      for (const [, d] of domains()) {
        const v = validatePlan(readIpcDomain(d, "d"), readIpcProblemFacts(ipcProblemText(task), "p"), text, "plan");
        expect(v).toMatchObject({ valid: true, cost: r.cost });
      }
    }
  });
  it("names the first failing action, its position and precondition; and an unreached goal", () => {
    const task = generateIpcTask(4, 9, 4);
    const r = solveIpc(task);
    const lines = planText(task, r.moves!, r.cost!).split("\n");
    const domain = readIpcDomain(OUR_DOMAIN, "d");
    const problem = readIpcProblemFacts(ipcProblemText(task), "p");
    const dropped = [...lines.slice(0, 1), ...lines.slice(2)].join("\n");
    const v1 = validatePlan(domain, problem, dropped, "plan");
    expect(v1.valid).toBe(false);
    const noLeave = lines.filter((l) => !l.startsWith("(leave")).join("\n");
    expect(validatePlan(domain, problem, noLeave, "plan")).toMatchObject({ valid: false, reason: expect.stringMatching(/goal \(left\) not reached/) });
    // pushing the robot's own row 0: the first card of the line holds the robot
    const push = "(start-move-card-west card0 pos0 pos0 " + task.cards[1] + " pos1)";
    expect(validatePlan(domain, problem, push, "plan")).toMatchObject({ valid: false, position: 1, reason: expect.stringMatching(/precondition \(not \(robot-at \?cm\)\) fails/) });
    const swapped = "(move-east card0 pos0 pos0 w " + task.cards[1] + " pos1 pos0 e)";
    expect(validatePlan(domain, problem, swapped, "plan")).toMatchObject({ valid: false, reason: expect.stringMatching(/precondition \(= \?dfrom e\) fails/) });
    expect(() => validatePlan(domain, problem, "(leave card0", "plan")).toThrow(InputError);
  });
});

describe("labsolve plan and labcheck plan", () => {
  const dir = mkdtempSync(join(tmpdir(), "ipc-"));
  const domain = join(ROOT, "docs", "ipc2023", "domain.pddl");
  it("the README example: exit 30, a valid plan, the cost line", () => {
    const out = join(dir, "example.plan");
    const r = runBin("labsolve", ["plan", domain, join(ROOT, "docs", "ipc2023", "example.pddl"), "-o", out]);
    expect(r.code).toBe(30);
    const c = runBin("labcheck", ["plan", domain, join(ROOT, "docs", "ipc2023", "example.pddl"), out]);
    expect(c.out).toMatch(/^valid: plan cost \d+ /m);
    expect(readFileSync(out, "utf8")).toMatch(/; cost = \d+ \(general cost\)\n$/);
  });
  it("exit 20 when the robot's card is closed; 65 on a bad domain; -o never overwrites an input", () => {
    const task = generateIpcTask(3, 5, 2);
    task.tiles[0] = 0;
    const closed = join(dir, "closed.pddl");
    writeFileSync(closed, ipcProblemText(task));
    expect(runBin("labsolve", ["plan", domain, closed]).code).toBe(20);
    const bad = runBin("labsolve", ["plan", closed, closed]);
    expect(bad.code).toBe(65);
    expect(bad.err).toMatch(/closed\.pddl:\d+:\d+: error: expected \(domain NAME\)/);
    const before = readFileSync(closed, "utf8");
    expect(runBin("labsolve", ["plan", domain, closed, "-o", closed]).code).toBe(65);
    expect(readFileSync(closed, "utf8")).toBe(before);
  });
});

describe.skipIf(!shared)("the 20 problems of IPC 2023's optimal track (skips without ../shared)", () => {
  it("labcheck plan accepts every stored plan with the cost in its first line", () => {
    const domain = readIpcDomain(readFileSync(join(OPT, "domain.pddl"), "utf8"), "domain.pddl");
    for (let k = 1; k <= 20; k++) {
      const name = `p${String(k).padStart(2, "0")}`;
      const plan = readFileSync(join(OPT, `${name}.plan`), "utf8");
      const cost = Number(/;; Cost: (\d+)/.exec(plan)?.[1]);
      const problem = readIpcProblemFacts(readFileSync(join(OPT, `${name}.pddl`), "utf8"), name);
      expect(validatePlan(domain, problem, plan, name), name).toMatchObject({ valid: true, cost });
    }
  });
  it("every problem solved, proven optimal, valid, at most the published bound", () => {
    const domain = readIpcDomain(readFileSync(join(OPT, "domain.pddl"), "utf8"), "domain.pddl");
    for (let k = 1; k <= 20; k++) {
      const name = `p${String(k).padStart(2, "0")}`;
      const text = readFileSync(join(OPT, `${name}.pddl`), "utf8");
      const task = readIpcProblem(text, name);
      const r = solveIpc(task, { timeLimitMs: 30_000 });
      expect(r.proven, name).toBe(true);
      expect(r.cost!, name).toBeLessThanOrEqual(BOUNDS[k - 1]);
      expect(validatePlan(domain, readIpcProblemFacts(text, name), planText(task, r.moves!, r.cost!), name), name).toMatchObject({ valid: true, cost: r.cost });
    }
  }, 120_000);
});
