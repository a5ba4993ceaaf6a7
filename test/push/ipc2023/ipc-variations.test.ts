/**
 * Differential test of labsolve plan's reading and planning: random variations of IPC 2023
 * problems (../shared/ipc2023-labyrinth, skipped when absent) and of labgen's problems (always):
 * goals, action costs, initial facts and the metric changed. Each variation is either refused
 * at a position (FILE:LINE:COL of a changed line, or of :init / the define when something was
 * deleted), or planned: the plan validated by labcheck plan's own simulation (validate.ts,
 * which reads the variation as written), and its cost equal to the least cost found by a plain
 * A* search written here, on the test's own reading of the variation (regular expressions
 * over the text, not the project's reader), with the costs the variation states.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { InputError } from "../../../src/core/errors.js";
import { ipcDomainText } from "../../../src/push/ipc2023/domain-text.js";
import { readIpcDomain } from "../../../src/push/ipc2023/domain.js";
import { planText } from "../../../src/push/ipc2023/plan-writer.js";
import { readPlannerTask } from "../../../src/push/ipc2023/planner-input.js";
import { readIpcProblemFacts } from "../../../src/push/ipc2023/problem.js";
import { solveIpcAnytime } from "../../../src/push/ipc2023/search/anytime.js";
import { inTaskCosts } from "../../../src/push/ipc2023/task.js";
import { validatePlan } from "../../../src/push/ipc2023/validate.js";
import { pushedLine, stepsFrom } from "../../helpers/ipc-plain.js";
import { runBin } from "../../helpers/bin.js";

const ROOT = join(new URL("../..", import.meta.url).pathname, "..");
const OPT = join(ROOT, "..", "shared", "ipc2023-labyrinth", "opt");
const shared = existsSync(OPT);
const labgen = (n: number, seed: number, rotations: number): string => {
  const r = runBin("labgen", [String(n), "--rules", "ipc2023", "--seed", String(seed), "--rotations", String(rotations)]);
  expect(r.code).toBe(0);
  return r.out;
};

/** A seeded random source (mulberry32). */
function random(seed: number): (k: number) => number {
  let a = seed >>> 0;
  return (k) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * k);
  };
}

// ---------------------------------------------------------------------------------------------
// the variations: each keeps the number of lines (a deleted fact leaves its line empty), so that
// a changed line is where a refusal must point

interface Variation {
  text: string;
  /** what was changed, for messages */
  edits: string[];
  /** some construct was deleted: a refusal may point at :init or the define */
  deleted: boolean;
}

const lines = (t: string): string[] => t.split("\n");
const pick = <T,>(r: (k: number) => number, xs: readonly T[]): T => xs[r(xs.length)];

/** One random edit of the text (of the IPC's layout, which labgen writes too). */
function edit(text: string, r: (k: number) => number): { text: string; what: string; deleted?: boolean } {
  const cards = [...new Set([...text.matchAll(/\(card-at (\S+) /gi)].map((m) => m[1]))];
  const positions = [...new Set([...text.matchAll(/\(card-at \S+ (\S+) /gi)].map((m) => m[1]))];
  const card = (): string => pick(r, cards);
  const pos = (): string => pick(r, positions);
  const ls = lines(text);
  const lineOf = (re: RegExp): number => ls.findIndex((l) => re.test(l));
  const onLine = (i: number, to: string): string => ls.map((l, k) => (k === i ? to : l)).join("\n");
  const addTo = (re: RegExp, fact: string): string => {
    const i = lineOf(re);
    return onLine(i, `${ls[i]} ${fact}`);
  };
  const cost = (fn: string, v: number | undefined): string => {
    const i = lineOf(new RegExp(`\\(= \\(${fn}\\)`));
    return onLine(i, v === undefined ? "" : `\t(= (${fn}) ${v})`);
  };
  const goal = (g: string): string => onLine(lineOf(/^\t\t\(left\)$/), `\t\t${g}`);
  const kind = r(17);
  switch (kind) {
    case 0: {
      const g = pick(r, ["(left)", "", "(left) (left)", `(robot-at ${card()})`, `(left) (card-at ${card()} ${pos()} ${pos()})`, "(not (left))"]);
      return { text: goal(g), what: `goal (and ${g})` };
    }
    case 1: {
      const v = r(4);
      return { text: cost("move-card", v), what: `move-card ${v}` };
    }
    case 2: {
      const v = r(4);
      return { text: cost("move-robot-cost", v), what: `move-robot-cost ${v}` };
    }
    case 3:
    case 4:
    case 5: {
      const v = pick(r, [0, 2, 3]);
      return { text: cost("move-robot-cost", v).replace("(= (move-card) 1)", `(= (move-card) ${v})`), what: `both costs ${v}` };
    }
    case 6:
      return r(2) ? { text: cost("total-cost", 2), what: "total-cost 2" } : { text: cost("move-card", undefined), what: "no move-card", deleted: true };
    case 7:
      return { text: addTo(/\(robot-at /, "(left)"), what: "(left) in :init" };
    case 8: {
      const f = pick(r, ["(cards-moving)", "(cards-moving-east)", `(next-moving-card ${card()})`, `(new-headtail-card ${card()})`]);
      return { text: addTo(/\(robot-at /, f), what: `${f} in :init` };
    }
    case 9:
    case 10:
    case 11: {
      const blocked = ls.flatMap((l, i) => (/^\t\(BLOCKED /i.test(l) ? [i] : []));
      const i = pick(r, blocked);
      return { text: onLine(i, ""), what: `${ls[i].trim()} deleted` };
    }
    case 12: {
      const f = `(BLOCKED ${card()} ${pick(r, ["N", "S", "E", "W"])})`;
      return { text: addTo(/\(robot-at /, f), what: `${f} added` };
    }
    case 13: {
      const facts = ls.flatMap((l, i) => (/^\t\((BLOCKED|card-at|NEXT|robot-at|MIN-POS|MAX-POS) /i.test(l) ? [i] : []));
      const i = pick(r, facts);
      return { text: onLine(i, `${ls[i]} ${ls[i].trim()}`), what: `${ls[i].trim()} twice` };
    }
    case 14: {
      const c = card();
      return { text: onLine(lineOf(/\(robot-at /), `\t(robot-at ${c})`), what: `the robot on ${c}` };
    }
    case 15: {
      const f = pick(r, [`(card-at cardz ${pos()} ${pos()})`, "(BLOCKED cardz N)", `(NEXT ${pos()} ${pos()})`, `(card-att ${card()} ${pos()} ${pos()})`]);
      return { text: addTo(/\(robot-at /, f), what: `${f} added` };
    }
    default:
      return r(2) ? { text: onLine(lineOf(/\(:metric/), ""), what: "no metric", deleted: true } : { text: text.replace("minimize", "maximize"), what: "maximize" };
  }
}

/** A variation of the text: one or two random edits. */
function vary(text: string, r: (k: number) => number): Variation {
  const v: Variation = { text, edits: [], deleted: false };
  for (let k = 1 + r(2); k > 0; k--) {
    const e = edit(v.text, r);
    v.text = e.text;
    v.edits.push(e.what);
    v.deleted ||= e.deleted === true;
  }
  return v;
}

// ---------------------------------------------------------------------------------------------
// the test's own reading of a problem and a plain search

interface PlainModel {
  n: number;
  tiles: Uint8Array;
  robot: number;
  /** cost of a push, of a step */
  push: number;
  step: number;
  /** the goal holds at the start */
  holds: boolean;
}

/** The problem by regular expressions: the standard constructs only (those the planner accepts). */
function plainModel(text: string): PlainModel {
  const t = text.toLowerCase().replace(/;[^\n]*/g, "");
  const init = t.slice(t.indexOf("(:init"), t.indexOf("(:goal"));
  const goal = t.slice(t.indexOf("(:goal"));
  const facts = [...init.replace(/\(=\s*\([^()]*\)\s*[^()\s]+\s*\)/g, "").matchAll(/\(([^()]+)\)/g)].map((m) => m[1].trim().split(/\s+/));
  const number = (fn: string): number => Number(new RegExp(`\\(=\\s*\\(${fn}\\)\\s*([^()\\s]+)\\s*\\)`).exec(init)![1]);
  const after = new Map(facts.filter((f) => f[0] === "next").map((f) => [f[2], f[1]]));
  const positions = [facts.find((f) => f[0] === "min-pos")![1]];
  while (after.has(positions.at(-1)!)) positions.push(after.get(positions.at(-1)!)!);
  const n = positions.length;
  const fieldOf = new Map(facts.filter((f) => f[0] === "card-at").map((f) => [f[1], positions.indexOf(f[3]) * n + positions.indexOf(f[2])]));
  const tiles = new Uint8Array(n * n).fill(15);
  const bit: Record<string, number> = { n: 1, s: 2, e: 4, w: 8 };
  for (const f of facts) if (f[0] === "blocked" && fieldOf.has(f[1])) tiles[fieldOf.get(f[1])!] &= ~bit[f[2]];
  const robot = fieldOf.get(facts.find((f) => f[0] === "robot-at")![1])!;
  const holds = facts.some((f) => f[0] === "left") || !goal.slice(0, goal.indexOf("(:metric")).includes("(left)");
  return { n, tiles, robot, push: number("move-card"), step: number("move-robot-cost"), holds };
}

const TOO_LARGE = -1;

/**
 * The least cost of a plan (A* with the steps to the exit times the step cost, consistent:
 * a step changes that distance by one, a push not at all), looking at costs up to `limit`;
 * undefined when no plan costs at most `limit`; TOO_LARGE past `cap` states.
 */
function plainOptimum(m: PlainModel, limit: number, cap = 400_000): number | undefined {
  if (m.holds) return 0;
  const { n, push, step } = m;
  const h = (r: number): number => step * (2 * (n - 1) - (r % n) - Math.floor(r / n));
  const key = (tiles: Uint8Array, r: number): string => String.fromCharCode(...tiles, r);
  const best = new Map<string, number>();
  const buckets: [Uint8Array, number, number][][] = [];
  const add = (tiles: Uint8Array, r: number, g: number): void => {
    const k = key(tiles, r);
    const f = g + h(r);
    if (f > limit || (best.get(k) ?? Infinity) <= g) return;
    best.set(k, g);
    (buckets[f] ??= []).push([tiles, r, g]);
  };
  add(m.tiles, m.robot, 0);
  for (let f = 0; f <= Math.min(limit, buckets.length); f++) {
    // (a zero-cost move adds to the bucket being read)
    for (let i = 0; i < (buckets[f]?.length ?? 0); i++) {
      const [tiles, r, g] = buckets[f][i];
      if (best.get(key(tiles, r))! < g) continue;
      if (r === n * n - 1 && tiles[r] & 2) return g;
      if (best.size > cap) return TOO_LARGE;
      for (const q of stepsFrom(tiles, n, r)) add(tiles, q, g + step);
      for (let line = 0; line < n; line++) {
        for (const d of ["n", "s", "e", "w"] as const) {
          if ((d === "e" || d === "w" ? Math.floor(r / n) : r % n) !== line) add(pushedLine(tiles, n, line, d), r, g + push);
        }
      }
    }
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------

const DOMAIN = ipcDomainText();

/** What happened to one variation: refused, planned (its cost) or proven to have no plan. */
type Fate = { refused: string } | { cost: number } | { none: true };

/** labsolve plan's reading and its search on one variation (as solve.ts with one thread), every claim checked. */
function planAndCheck(base: string, v: Variation, name: string): Fate {
  let task;
  try {
    task = readPlannerTask({ domain: { name: "domain.pddl", text: DOMAIN }, problem: { name, text: v.text } });
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    const at = /^([^:]+):(\d+):(\d+): error: /.exec(e.message);
    expect(at, `${v.edits.join("; ")}: ${e.message}`).not.toBeNull();
    expect(at![1]).toBe(name);
    const line = Number(at![2]);
    const changed = lines(v.text).flatMap((l, i) => (l !== lines(base)[i] ? [i + 1] : []));
    const lineOf = (start: string): number => lines(v.text).findIndex((l) => l.trimStart().startsWith(start)) + 1;
    const allowed = v.deleted ? [...changed, lineOf("(:init"), lineOf("(define")] : [...changed];
    // two costs that differ are refused at the later of the two, whichever was changed
    if (/\(move-card\) \d+ and \(move-robot-cost\) \d+ differ/.test(e.message)) allowed.push(lineOf("(= (move-card)"), lineOf("(= (move-robot-cost)"));
    expect(allowed, `${v.edits.join("; ")}: ${e.message}`).toContain(line);
    return { refused: e.message.replace(/^[^ ]* error: /, "") };
  }
  const model = plainModel(v.text);
  let plan: string;
  let cost: number;
  if (task.goalHolds) {
    [plan, cost] = [planText(task, [], 0), 0];
  } else {
    const result = inTaskCosts(task, solveIpcAnytime(task, { timeLimitMs: 30_000 }));
    expect(result.proven, v.edits.join("; ")).toBe(true);
    if (!result.moves) {
      // no plan: the plain search must find none either (when it can look at every state)
      expect(plainOptimum(model, Infinity), v.edits.join("; ")).not.toBeTypeOf("number");
      return { none: true };
    }
    [plan, cost] = [planText(task, result.moves, result.cost!), result.cost!];
  }
  const verdict = validatePlan(readIpcDomain(DOMAIN, "domain.pddl"), readIpcProblemFacts(v.text, name), plan, "plan");
  expect(verdict, v.edits.join("; ")).toEqual({ valid: true, cost, actions: expect.any(Number) });
  expect(plan.endsWith(`; cost = ${cost} (general cost)\n`)).toBe(true);
  // every plan costs 0 when both costs are 0 (the validated plan shows one exists)
  const plain = model.push === 0 && model.step === 0 ? 0 : plainOptimum(model, cost);
  expect(plain, `${v.edits.join("; ")}: the plain search's least cost`).toBe(cost);
  return { cost };
}

/** Runs `count` variations of a base problem; returns how many were refused, planned, planned at a cost other than the unit one. */
function variations(base: string, name: string, seed: number, count: number): { refused: number; planned: number; scaled: number } {
  const r = random(seed);
  const tally = { refused: 0, planned: 0, scaled: 0 };
  for (let i = 0; i < count; i++) {
    const v = vary(base, r);
    const t0 = performance.now();
    const fate = planAndCheck(base, v, name);
    if (process.env.IPC_VARIATIONS_LOG) process.stderr.write(`${name} ${seed} ${i}: ${v.edits.join("; ")} -> ${JSON.stringify(fate)} ${(performance.now() - t0).toFixed(0)} ms\n`);
    if ("refused" in fate) tally.refused++;
    else tally.planned++;
    if ("cost" in fate && plainModel(v.text).step !== 1) tally.scaled++;
  }
  return tally;
}

describe("variations of labgen's problems: refused at a changed line, or planned at the plain search's cost", () => {
  it.each([
    [3, 11, 3],
    [3, 12, 2],
    [4, 13, 1],
    [4, 14, 2],
  ])("labgen %i --rules ipc2023 --seed %i --rotations %i: 12 variations", (n, seed, rotations) => {
    const t = variations(labgen(n, seed, rotations), "v.pddl", seed, 12);
    // both fates occur (the edits are drawn so that about half are taken)
    expect(t.refused).toBeGreaterThan(0);
    expect(t.planned).toBeGreaterThan(0);
  });
});

describe.skipIf(!shared)("variations of IPC 2023's p01-p04 (skips without ../shared)", () => {
  it.each([
    ["p01", 10],
    ["p02", 10],
    ["p03", 9],
    ["p04", 6],
  ] as const)("%s: %i variations", (p, count) => {
    const t = variations(readFileSync(join(OPT, `${p}.pddl`), "utf8"), `${p}.pddl`, 100 + Number(p.slice(1)), count);
    expect(t.refused + t.planned).toBe(count);
  });
});

describe("labsolve plan on two variations (the command, not the parts)", () => {
  const dir = mkdtempSync(join(tmpdir(), "ipc-variations-"));
  const domain = join(dir, "domain.pddl");
  writeFileSync(domain, DOMAIN);
  const base = labgen(3, 5, 3);
  it("both costs 2: exit 30, labcheck plan valid at the cost written, the plain search's", () => {
    const text = base.replace("(= (move-card) 1)", "(= (move-card) 2)").replace("(= (move-robot-cost) 1)", "(= (move-robot-cost) 2)");
    const file = join(dir, "two.pddl");
    writeFileSync(file, text);
    const r = runBin("labsolve", ["plan", "--threads", "1", domain, file]);
    expect(r.code).toBe(30);
    const cost = Number(/; cost = (\d+) \(general cost\)\n$/.exec(r.out)![1]);
    expect(plainOptimum(plainModel(text), cost)).toBe(cost);
    writeFileSync(join(dir, "two.plan"), r.out);
    const c = runBin("labcheck", ["plan", domain, file, join(dir, "two.plan")]);
    expect(c.code).toBe(0);
    expect(c.out).toMatch(new RegExp(`^valid: plan cost ${cost} \\(\\d+ actions\\); the goal is reached\n$`));
  });
  it("(next-moving-card X) in :init: exit 65 at the fact", () => {
    const text = base.replace(/\t\(robot-at (\S+)\)/, "\t(robot-at $1) (next-moving-card card1)");
    const file = join(dir, "moving.pddl");
    writeFileSync(file, text);
    const r = runBin("labsolve", ["plan", "--threads", "1", domain, file]);
    expect(r.code).toBe(65);
    const line = lines(text).findIndex((l) => l.includes("(next-moving-card")) + 1;
    const column = lines(text)[line - 1].indexOf("(next-moving-card") + 1;
    expect(r.err).toMatch(new RegExp(`^${file}:${line}:${column}: error: \\(next-moving-card card1\\) is part of a push under way`));
  });
});
