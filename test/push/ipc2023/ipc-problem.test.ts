/**
 * labsolve plan solves the problem as written or refuses it at the construct it does not
 * take: the goal, the initial facts, the costs, the metric and the domain's actions are never
 * silently replaced by the IPC's standard form; and every PDDL error points at the construct
 * that is wrong (FILE:LINE:COL of that fact or word, not of a later fact or of 1:1).
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { InputError } from "../../../src/core/errors.js";
import { ipcDomainText } from "../../../src/push/ipc2023/domain-text.js";
import { readIpcDomain } from "../../../src/push/ipc2023/domain.js";
import { generateIpcTask, ipcProblemText } from "../../../src/push/ipc2023/generate.js";
import { assertPlannerDomain } from "../../../src/push/ipc2023/planner-domain.js";
import { planText } from "../../../src/push/ipc2023/plan-writer.js";
import { readIpcProblem, readIpcProblemFacts } from "../../../src/push/ipc2023/problem.js";
import { solveIpc } from "../../../src/push/ipc2023/search/index.js";
import { validatePlan } from "../../../src/push/ipc2023/validate.js";
import { tmpFile } from "../../helpers/tmp.js";
import { runBin } from "../../helpers/bin.js";

const ROOT = join(new URL("../..", import.meta.url).pathname, "..");
const OPT = join(ROOT, "..", "shared", "ipc2023-labyrinth", "opt");
const shared = existsSync(OPT);
const dir = mkdtempSync(join(tmpdir(), "ipc-problem-"));

/** The 1-based line and column where `needle` starts in `text` (the `k`-th occurrence, from 0). */
function place(text: string, needle: string, k = 0): string {
  let i = -1;
  for (let j = 0; j <= k; j++) i = text.indexOf(needle, i + 1);
  if (i < 0) throw new Error(`no ${needle}`);
  const before = text.slice(0, i).split("\n");
  return `${before.length}:${before[before.length - 1].length + 1}`;
}

/** The InputError's FILE:LINE:COL and message. */
function refusal(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    if (e instanceof InputError) return e.message;
    throw e;
  }
  return "(accepted)";
}

/** The text with `from` replaced by `to` once (the test fails when `from` is absent). */
function edit(text: string, from: string, to: string): string {
  expect(text).toContain(from);
  return text.replace(from, to);
}

describe.skipIf(!shared)("IPC 2023 opt/p04.pddl changed: solved as written or refused where changed (skips without ../shared)", () => {
  const domain = join(OPT, "domain.pddl");
  const p04 = shared ? readFileSync(join(OPT, "p04.pddl"), "utf8") : "";
  const solve = (name: string, text: string) => {
    const file = join(dir, name);
    writeFileSync(file, text);
    return { file, ...runBin("labsolve", ["plan", "--threads", "1", domain, file]) };
  };
  it("the goal (robot-at card5): refused at the goal, exit 65 (was a 9-cost plan, exit 30, that misses the goal)", () => {
    const text = edit(p04, "\t\t(left)", "\t\t(robot-at card5)");
    const r = solve("goal.pddl", text);
    expect(r.code).toBe(65);
    expect(r.out).toBe("");
    expect(r.err).toBe(`${r.file}:${place(text, "(robot-at card5)")}: error: the planner plans for the goal (left) only, found (robot-at card5)\n`);
  });
  it("(= (move-card) 5) and (= (move-robot-cost) 0): refused at the changed cost, exit 65 (were cost 9, exit 30)", () => {
    for (const [from, to] of [
      ["(= (move-card) 1)", "(= (move-card) 5)"],
      ["(= (move-robot-cost) 1)", "(= (move-robot-cost) 0)"],
    ]) {
      const text = edit(p04, from, to);
      const r = solve("cost.pddl", text);
      expect(r.code).toBe(65);
      // the later of the two cost facts is the one that makes them differ
      expect(r.err).toMatch(new RegExp(`^${r.file}:${place(text, "(= (move-card)")}: error: \\(move-card\\) \\d and \\(move-robot-cost\\) \\d differ`));
    }
  });
  it("equal costs (move-card) = (move-robot-cost) = 3: planned, cost 3 times the unit plan's, valid at that cost", () => {
    const unit = solve("unit.pddl", p04);
    expect(unit.code).toBe(30);
    const cost = Number(/; cost = (\d+)/.exec(unit.out)![1]);
    const text = edit(edit(p04, "(= (move-card) 1)", "(= (move-card) 3)"), "(= (move-robot-cost) 1)", "(= (move-robot-cost) 3)");
    const r = solve("three.pddl", text);
    expect(r.code).toBe(30);
    expect(r.out).toMatch(new RegExp(`; cost = ${3 * cost} \\(general cost\\)\\n$`));
    writeFileSync(join(dir, "three.plan"), r.out);
    const c = runBin("labcheck", ["plan", domain, r.file, join(dir, "three.plan")]);
    expect(c.code).toBe(0);
    expect(c.out).toMatch(new RegExp(`^valid: plan cost ${3 * cost} \\(\\d+ actions\\); the goal is reached\n$`));
  });
  it("(left) in :init: the empty plan, cost 0, exit 30, valid", () => {
    const text = edit(p04, "\t(robot-at card0)", "\t(robot-at card0) (left)");
    const r = solve("left.pddl", text);
    expect([r.code, r.out]).toEqual([30, "; cost = 0 (general cost)\n"]);
    writeFileSync(join(dir, "left.plan"), r.out);
    const c = runBin("labcheck", ["plan", domain, r.file, join(dir, "left.plan")]);
    expect(c.code).toBe(0);
    expect(c.out).toMatch(/^valid: plan cost 0 \(0 actions\)/);
  });
  it("(cards-moving) in :init: refused at the fact, exit 65 (was a plan failing at action 1)", () => {
    const text = edit(p04, "\t(robot-at card0)", "\t(robot-at card0) (cards-moving)");
    const r = solve("moving.pddl", text);
    expect(r.code).toBe(65);
    expect(r.err).toMatch(new RegExp(`^${r.file}:${place(text, "(cards-moving)")}: error: \\(cards-moving\\) is part of a push under way`));
  });
  it("errors at the construct that is wrong: undeclared cardX, card-att, (NEXT pos3 pos1) (lines 16, 16, 14)", () => {
    const cases: [string, string, string, RegExp][] = [
      ["(card-at card0 pos0 pos0)", "(card-at cardX pos0 pos0)", "cardX", /cardX is not declared/],
      ["(card-at card0 pos0 pos0)", "(card-att card0 pos0 pos0)", "card-att", /unknown predicate card-att/],
      ["(NEXT pos3 pos2)", "(NEXT pos3 pos1)", "(NEXT pos3 pos1)", /two positions follow pos1: pos2 \(line 13\) and pos3/],
    ];
    for (const [from, to, at, message] of cases) {
      const text = edit(p04, from, to);
      const r = solve("bad.pddl", text);
      expect(r.code).toBe(65);
      expect(r.err.split(": error: ")[0]).toBe(`${r.file}:${place(text, at)}`);
      expect(r.err).toMatch(message);
    }
  });
});

describe("problems of labgen changed: refused at the construct, FILE:LINE:COL", () => {
  const text = ipcProblemText(generateIpcTask(4, 7, 4));
  const cases: [string, string, string, string, RegExp][] = [
    // [what, from, to, where the error must point (the first occurrence in the changed text), message]
    ["an undeclared card", "(card-at card0 ", "(card-at cardX ", "cardX", /cardX is not declared/],
    ["an undeclared position", "(card-at card0 pos0", "(card-at card0 pos9", "pos9", /pos9 is not declared/],
    ["a card where a position goes", "(card-at card0 pos0", "(card-at card0 card1", "card1 pos0", /card1 is a card; argument 2 of card-at is a gridpos/],
    ["a misspelt predicate", "(card-at card0 ", "(card-att card0 ", "card-att", /unknown predicate card-att/],
    ["a wrong arity", "(robot-at card0)", "(robot-at card0 card1)", "(robot-at", /robot-at takes 1 argument, found 2/],
    ["two positions after one", "(NEXT pos3 pos2)", "(NEXT pos3 pos1)", "(NEXT pos3 pos1)", /two positions follow pos1/],
    ["a NEXT off the chain", "(NEXT pos3 pos2)", "(NEXT pos3 pos2) (NEXT pos0 pos3)", "(NEXT pos0 pos3)", /not on the chain of positions/],
    ["a second MIN-POS", "(MIN-POS pos0)", "(MIN-POS pos0) (MIN-POS pos1)", "(MIN-POS pos1)", /a second MIN-POS fact/],
    ["a second robot", "(robot-at card0)", "(robot-at card0) (robot-at card1)", "(robot-at card1)", /a second robot-at fact/],
    ["a push under way", "(robot-at card0)", "(robot-at card0) (next-moving-card card1)", "(next-moving-card", /part of a push under way/],
    ["another direction", "- gridpos", "- gridpos up - directionV", "up", /the planner takes the domain's directions N, S, E, W only/],
    ["another goal", "\t\t(left)", "\t\t(left) (not (robot-at card0))", "(not", /goal \(left\) only, found \(not \(robot-at card0\)\)/],
    ["a total cost from 3", "(= (total-cost) 0)", "(= (total-cost) 3)", "(= (total-cost) 3)", /counts a plan's cost from 0/],
    ["a cost of 1.5", "(= (move-card) 1)", "(= (move-card) 1.5)", "(= (move-card)", /whole costs >= 0/],
    ["another fluent", "(= (move-card) 1)", "(= (move-card) 1) (= (fuel) 3)", "(= (fuel)", /unknown function \(fuel\)/],
    ["another metric", "(:metric minimize (total-cost))", "(:metric maximize (total-cost))", "(:metric", /takes \(:metric minimize \(total-cost\)\) only/],
    ["another section", "(:metric", "(:constraints (left)) (:metric", "(:constraints", /does not take a :constraints section/],
  ];
  it.each(cases)("%s", (_, from, to, at, message) => {
    const changed = edit(text, from, to);
    const m = refusal(() => readIpcProblem(changed, "p.pddl"));
    expect(m.split(": error: ")[0]).toBe(`p.pddl:${place(changed, at)}`);
    expect(m).toMatch(message);
  });
  it("a goal other than (left) is refused also when (left) holds at the start", () => {
    const changed = edit(edit(text, "\t\t(left)", "\t\t(not (left))"), "(robot-at card0)", "(robot-at card0) (left)");
    expect(refusal(() => readIpcProblem(changed, "p.pddl"))).toBe(`p.pddl:${place(changed, "(not (left))")}: error: the planner plans for the goal (left) only, found (not (left))`);
  });
  it("what is missing, at the :init section or the define: a card, the robot, a cost, the metric", () => {
    const init = place(text, "(:init");
    expect(refusal(() => readIpcProblem(edit(text, "\t(card-at card0 pos0 pos0)\n", ""), "p.pddl"))).toMatch(new RegExp(`^p\\.pddl:${init}: error: no card on \\(pos0, pos0\\)`));
    expect(refusal(() => readIpcProblem(edit(text, "(robot-at card0)", ""), "p.pddl"))).toMatch(new RegExp(`^p\\.pddl:${init}: error: expected \\(robot-at CARD\\)`));
    expect(refusal(() => readIpcProblem(edit(text, "(= (move-card) 1)", ""), "p.pddl"))).toMatch(new RegExp(`^p\\.pddl:${init}: error: expected \\(= \\(move-card\\) N\\)`));
    expect(refusal(() => readIpcProblem(edit(text, "(:metric minimize (total-cost))", ""), "p.pddl"))).toMatch(/^p\.pddl:1:1: error: expected \(:metric minimize \(total-cost\)\)/);
  });
  it("what the planner takes as written: a fact twice, (and (left) (left)), the empty goal, (left) in :init, BLOCKED of a card off the grid", () => {
    expect(readIpcProblem(edit(text, "(robot-at card0)", "(robot-at card0) (robot-at card0)"), "p.pddl").goalHolds).toBe(false);
    expect(readIpcProblem(edit(text, "\t\t(left)", "(left) (left)"), "p.pddl").goalHolds).toBe(false);
    expect(readIpcProblem(edit(text, "\t\t(left)", ""), "p.pddl").goalHolds).toBe(true);
    expect(readIpcProblem(edit(text, "(robot-at card0)", "(robot-at card0) (left)"), "p.pddl").goalHolds).toBe(true);
    const off = readIpcProblem(edit(edit(text, "card0 ", "card0 spare "), "(robot-at card0)", "(robot-at card0) (BLOCKED spare N)"), "p.pddl");
    expect([...off.tiles]).toEqual([...readIpcProblem(text, "p.pddl").tiles]);
    expect(readIpcProblem(edit(edit(text, "(= (move-card) 1)", "(= (move-card) 4)"), "(= (move-robot-cost) 1)", "(= (move-robot-cost) 4)"), "p.pddl").actionCost).toBe(4);
  });
});

describe("the planner's domain: the IPC's, or refused where it differs", () => {
  const ours = ipcDomainText();
  it("accepts ours and the IPC's, and parameters renamed", () => {
    expect(() => assertPlannerDomain(readIpcDomain(ours, "d.pddl"))).not.toThrow();
    if (shared) expect(() => assertPlannerDomain(readIpcDomain(readFileSync(join(OPT, "domain.pddl"), "utf8"), "d.pddl"))).not.toThrow();
    expect(() => assertPlannerDomain(readIpcDomain(ours.replaceAll("?cfrom", "?from"), "d.pddl"))).not.toThrow();
  });
  it("refuses a changed precondition, a changed cost and another constant at their place", () => {
    const noWall = edit(ours, "(not (blocked ?cto ?dto))", "(robot-at ?cto)");
    expect(refusal(() => assertPlannerDomain(readIpcDomain(noWall, "d.pddl")))).toMatch(new RegExp(`^d\\.pddl:${place(noWall, "(robot-at ?cto)")}: error: action move-west's precondition has \\(robot-at \\?cto\\)`));
    const cost = edit(ours, "(increase (total-cost) (move-robot-cost))", "(increase (total-cost) 2)");
    expect(refusal(() => assertPlannerDomain(readIpcDomain(cost, "d.pddl")))).toMatch(new RegExp(`^d\\.pddl:${place(cost, "(increase (total-cost) 2)")}: error: action move-west's effect has`));
    const derived = edit(ours, "(:action move-west", "(:derived (left) (robot-at ?c))\n(:action move-west");
    expect(refusal(() => assertPlannerDomain(readIpcDomain(derived, "d.pddl")))).toMatch(new RegExp(`^d\\.pddl:${place(derived, "(:derived")}: error: the planner does not take a :derived section`));
    const up = ours.replace(/S N - directionV/i, "S N UP - directionV");
    expect(up).not.toBe(ours);
    expect(refusal(() => assertPlannerDomain(readIpcDomain(up, "d.pddl")))).toMatch(/error: the planner takes the IPC 2023 labyrinth domain's constants/);
  });
  it("labsolve plan refuses a changed domain, exit 65", () => {
    const d = join(dir, "domain.pddl");
    writeFileSync(d, edit(ours, "(increase (total-cost) (move-robot-cost))", "(increase (total-cost) 2)"));
    const p = join(dir, "p.pddl");
    writeFileSync(p, ipcProblemText(generateIpcTask(3, 1, 2)));
    const r = runBin("labsolve", ["plan", "--threads", "1", d, p]);
    expect(r.code).toBe(65);
    expect(r.err).toMatch(/domain\.pddl:\d+:\d+: error: action move-west's effect/);
  });
});

describe("labcheck plan's simulation: a cost without a value, a problem without a goal", () => {
  const task = generateIpcTask(3, 4, 2);
  const text = ipcProblemText(task);
  const r = solveIpc(task);
  const plan = planText(task, r.moves!, r.cost!);
  const domain = readIpcDomain(ipcDomainText(), "d.pddl");
  it("an action whose cost fluent the problem does not set is not applied (was: counted 0, valid)", () => {
    expect(validatePlan(domain, readIpcProblemFacts(text, "p.pddl"), plan, "plan")).toMatchObject({ valid: true, cost: r.cost });
    const v = validatePlan(domain, readIpcProblemFacts(edit(text, "(= (move-robot-cost) 1)", ""), "p.pddl"), plan, "plan");
    // the robot starts at (0, 0): a plan has steps
    const first = plan.split("\n").findIndex((l) => /^\(move-(north|south|east|west) /.test(l)) + 1;
    expect(first).toBeGreaterThan(0);
    expect(v).toMatchObject({ valid: false, position: first });
    expect(v.valid === false && v.reason).toMatch(/\(move-robot-cost\) has no value/);
  });
  it("a problem without :goal is bad input at its define (was: every plan valid)", () => {
    const noGoal = edit(text, "(:goal\n\t(and\n\t\t(left)\n\t)\n)", "");
    expect(refusal(() => validatePlan(domain, readIpcProblemFacts(noGoal, "p.pddl"), plan, "plan"))).toMatch(new RegExp(`^p\\.pddl:${place(noGoal, "(define")}: error: expected \\(:goal`));
  });
});

describe("a PDDL problem of another domain is an error at its (:domain NAME)", () => {
  const domain = join(ROOT, "docs/ipc2023/domain.pddl");
  const example = readFileSync(join(ROOT, "docs/ipc2023/example.pddl"), "utf8");
  const other = example.replace(/\(:domain\s+labyrinth\)/i, "(:domain   sokoban)");
  const line = other.split("\n").findIndex((l) => l.includes("sokoban")) + 1;
  const column = other.split("\n")[line - 1].indexOf("sokoban") + 1;

  it("the example names the domain labyrinth (the test's premise)", () => {
    expect(other).not.toBe(example);
  });

  it("labsolve plan: FILE:LINE:COL: error at the name, exit 65", () => {
    const problem = tmpFile("other.pddl", other);
    const r = runBin("labsolve", ["plan", domain, problem]);
    expect(r.code).toBe(65);
    expect(r.err).toContain(`${problem}:${line}:${column}: error: the problem is of domain sokoban`);
  });

  it("labcheck plan: the same error, not valid", () => {
    const dir = mkdtempSync(join(tmpdir(), "labyrinth-"));
    const planFile = join(dir, "example.plan");
    expect(runBin("labsolve", ["plan", domain, join(ROOT, "docs/ipc2023/example.pddl"), "-o", planFile]).code).toBe(30);
    const problem = tmpFile("other.pddl", other);
    const r = runBin("labcheck", ["plan", domain, problem, planFile]);
    expect(r.code).toBe(65);
    expect(r.err).toContain(`${problem}:${line}:${column}: error:`);
    // the name compares case-insensitively, as PDDL's names do
    expect(runBin("labcheck", ["plan", domain, tmpFile("upper.pddl", example.replace(/\(:domain\s+labyrinth\)/i, "(:domain LABYRINTH)")), planFile]).code).toBe(0);
  });
});
