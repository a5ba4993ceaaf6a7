/**
 * The planner's task from an IPC 2023 "labyrinth" problem (src/push/ipc2023/task.ts: 0-based,
 * x the column from the west, y the row from the north, the order of positions given by NEXT,
 * MIN-POS and MAX-POS). The planner solves the problem as written or refuses it: every
 * section, object, initial fact, fluent, the goal and the metric is either represented in
 * the task or refused at the first construct the planner does not take (FILE:LINE:COL).
 *
 * What the task represents (the rest is refused):
 * - the grid: one chain of NEXT facts from MIN-POS to MAX-POS, N from 3 to 64; one card on
 *   every field; BLOCKED sides; the robot on a card; objects of the types card and gridpos;
 * - costs: `(= (move-robot-cost) C)` and `(= (move-card) C)` equal, a whole number >= 0 (the
 *   search counts pushes + steps, so a plan costs that times C), `(= (total-cost) 0)`;
 * - the goal `(left)` (or a conjunction of it, or the empty one), and `(left)` in :init (the
 *   goal then holds: the empty plan); the metric `minimize (total-cost)`.
 * Refused: any other goal; the facts of a push under way (cards-moving, cards-moving-D,
 * next-moving-card, new-headtail-card); direction objects besides the domain's constants
 * (they add moves); other fluents, sections or metrics.
 */
import { InputError, type SourcePosition } from "../../core/errors.js";
import { head, show, type List, type SExpr } from "./pddl.js";
import { readIpcProblemFacts, type GroundFact, type IpcProblem, type NumericFact } from "./problem-facts.js";
import type { IpcTask } from "./task.js";

export { assertProblemOfDomain, readIpcProblemFacts, type GroundFact, type IpcProblem, type NumericFact } from "./problem-facts.js";

/** The largest N read (the planner's tables grow with N^2). */
export const MAX_IPC_SIZE = 64;

/** The domain's constants and their types. */
const CONSTANTS: ReadonlyMap<string, string> = new Map([
  ["n", "directionv"],
  ["s", "directionv"],
  ["w", "directionh"],
  ["e", "directionh"],
]);
/** The domain's types and their supertypes. */
const SUPERTYPE: Readonly<Record<string, string>> = { card: "object", gridpos: "object", direction: "object", directionv: "direction", directionh: "direction", object: "" };
const isA = (type: string, want: string): boolean => {
  for (let t = type; t; t = SUPERTYPE[t] ?? "") if (t === want) return true;
  return want === "object";
};

/** The domain's predicates: their argument types; `underWay` for the facts of a push under way. */
const PREDICATES: ReadonlyMap<string, { args: readonly string[]; underWay?: true }> = new Map([
  ["next", { args: ["gridpos", "gridpos"] }],
  ["max-pos", { args: ["gridpos"] }],
  ["min-pos", { args: ["gridpos"] }],
  ["blocked", { args: ["card", "direction"] }],
  ["robot-at", { args: ["card"] }],
  ["card-at", { args: ["card", "gridpos", "gridpos"] }],
  ["left", { args: [] }],
  ["cards-moving", { args: [], underWay: true }],
  ["cards-moving-west", { args: [], underWay: true }],
  ["cards-moving-east", { args: [], underWay: true }],
  ["cards-moving-south", { args: [], underWay: true }],
  ["cards-moving-north", { args: [], underWay: true }],
  ["next-moving-card", { args: ["card"], underWay: true }],
  ["new-headtail-card", { args: ["card"], underWay: true }],
]);
const FUNCTIONS = ["total-cost", "move-robot-cost", "move-card"];
const SECTIONS = [":domain", ":requirements", ":objects", ":init", ":goal", ":metric"];

const before = (a: SourcePosition, b: SourcePosition): boolean => a.line < b.line || (a.line === b.line && a.column < b.column);

/**
 * The refusals found: a construct's (at its place) or a missing one's. The first construct
 * in the file is reported; a missing construct only when no construct is at fault (a fact
 * skipped as wrong must not be reported as missing).
 */
class Refusals {
  private first?: { where: SourcePosition; message: string };
  private missing?: { where: SourcePosition; message: string };
  constructor(private readonly file: string) {}
  /** the construct at `where` is not taken */
  at(where: SourcePosition, message: string): void {
    if (!this.first || before(where, this.first.where)) this.first = { where, message };
  }
  /** something is missing (reported at `where`, e.g. the section it belongs in) */
  lack(where: SourcePosition, message: string): void {
    this.missing ??= { where, message };
  }
  /** @throws InputError with the first refusal, if any */
  throwFirst(): void {
    const r = this.first ?? this.missing;
    if (r) throw new InputError(this.file, r.where, r.message);
  }
}

/**
 * Reads a problem file as the planner's task, or refuses it at the first construct the
 * planner does not take (see the module's comment).
 * @throws InputError (FILE:LINE:COL), e.g. at an undeclared object, an unknown predicate, a
 *   NEXT fact off the chain of positions, a field with two cards, a second robot, a goal
 *   other than (left), unequal costs; a missing card, robot or cost at the :init section
 */
export function readIpcProblem(text: string, file: string): IpcTask {
  return plannerTask(readIpcProblemFacts(text, file));
}

/** The sections by kind; a second one of a kind or an unknown one refused. */
function sections(p: IpcProblem, r: Refusals): Map<string, List> {
  const out = new Map<string, List>();
  for (const s of (p.define?.items.slice(2) ?? []) as List[]) {
    const kind = head(s);
    if (!SECTIONS.includes(kind)) r.at(s.location, `the planner does not take a ${kind || show(s)} section (a problem's sections: ${SECTIONS.join(", ")})`);
    else if (out.has(kind)) r.at(s.location, `a second ${kind} section`);
    else out.set(kind, s);
  }
  return out;
}

/** Object name -> type, the domain's constants included; declarations the planner cannot take refused. */
function objectTypes(p: IpcProblem, r: Refusals, top: SourcePosition): Map<string, string> {
  const types = new Map(CONSTANTS);
  const declared = p.declarations ?? [...p.objects].map(([name, type]) => ({ name, type, location: top }));
  for (const d of declared) {
    if (!(d.type in SUPERTYPE)) r.at(d.location, `${d.name} has type ${d.type}; the domain's types are ${Object.keys(SUPERTYPE).join(", ")}`);
    else if (CONSTANTS.has(d.name)) r.at(d.location, `${d.name} is a constant of the domain, declared again as an object`);
    else if (isA(d.type, "direction")) r.at(d.location, `${d.name} - ${d.type}: the planner takes the domain's directions N, S, E, W only (another direction object adds moves)`);
    else if (types.has(d.name)) r.at(d.location, `${d.name} declared twice`);
    else types.set(d.name, d.type);
  }
  return types;
}

/** The initial facts the task represents (duplicates dropped), each checked against the domain's predicates and the objects. */
function checkedFacts(p: IpcProblem, types: Map<string, string>, r: Refusals): { facts: GroundFact[]; left: boolean } {
  const seen = new Set<string>();
  const facts: GroundFact[] = [];
  let left = false;
  for (const f of p.init) {
    const key = f.words.join(" ");
    if (seen.has(key)) continue;
    seen.add(key);
    const [pred, ...args] = f.words;
    const at = (i: number): SourcePosition => f.at?.[i] ?? f.location;
    const raw = (i: number): string => f.raw?.[i] ?? f.words[i];
    const sig = PREDICATES.get(pred);
    if (!sig) {
      r.at(at(0), `unknown predicate ${raw(0)}: the domain's are ${[...PREDICATES.keys()].join(", ")}`);
      continue;
    }
    if (args.length !== sig.args.length) {
      r.at(f.location, `(${key}): ${pred} takes ${sig.args.length} argument${sig.args.length === 1 ? "" : "s"}, found ${args.length}`);
      continue;
    }
    let ok = true;
    for (const [i, a] of args.entries()) {
      const t = types.get(a);
      if (t === undefined) r.at(at(i + 1), `${raw(i + 1)} is not declared: no object of the problem or constant of the domain has that name`);
      else if (!isA(t, sig.args[i])) r.at(at(i + 1), `${a} is a ${t}; argument ${i + 1} of ${pred} is a ${sig.args[i]}`);
      else continue;
      ok = false;
    }
    if (!ok) continue;
    if (sig.underWay) r.at(f.location, `(${key}) is part of a push under way; the planner starts from a state with none (no cards-moving, cards-moving-D, next-moving-card or new-headtail-card)`);
    else if (pred === "left") left = true;
    else facts.push(f);
  }
  return { facts, left };
}

/** The cost of every action: move-robot-cost and move-card, which must be equal; total-cost 0. */
function actionCost(p: IpcProblem, r: Refusals, init: SourcePosition): number {
  const set = new Map<string, NumericFact>();
  const numeric = p.numeric ?? [...p.functions].map(([term, value]) => ({ term, value, location: init }));
  for (const f of numeric) {
    const earlier = set.get(f.term);
    if (!FUNCTIONS.includes(f.term)) r.at(f.location, `unknown function (${f.term}): the domain's are ${FUNCTIONS.map((x) => `(${x})`).join(", ")}`);
    else if (earlier && earlier.value !== f.value) r.at(f.location, `(${f.term}) set twice: ${earlier.value} (line ${earlier.location.line}) and ${f.value}`);
    else if (!Number.isInteger(f.value) || f.value < 0) r.at(f.location, `(= (${f.term}) ${f.value}): the planner takes whole costs >= 0`);
    else if (f.term === "total-cost" && f.value !== 0) r.at(f.location, `(= (total-cost) ${f.value}): the planner counts a plan's cost from 0; expected (= (total-cost) 0)`);
    else set.set(f.term, f);
  }
  for (const term of FUNCTIONS) if (!set.has(term)) r.lack(init, `expected (= (${term}) N) in :init: without it the actions' cost is undefined`);
  const step = set.get("move-robot-cost");
  const push = set.get("move-card");
  if (!step || !push) return 1;
  if (step.value !== push.value) {
    const later = before(step.location, push.location) ? push : step;
    r.at(later.location, `(move-card) ${push.value} and (move-robot-cost) ${step.value} differ: the planner's search counts pushes and steps at one cost`);
  }
  return step.value;
}

/** Whether the goal is (left) or a conjunction of it; what else it holds is refused. */
function goalNeedsLeft(goal: SExpr, r: Refusals): boolean {
  // every conjunct is looked at (a refusal in any of them), then whether one needs (left)
  if (head(goal) === "and") return (goal as List).items.slice(1).map((g) => goalNeedsLeft(g, r)).includes(true);
  if (goal.kind === "list" && goal.items.length === 1 && head(goal) === "left") return true;
  r.at(goal.location, `the planner plans for the goal (left) only, found ${show(goal)}`);
  return false;
}

/** The positions in order: one chain of NEXT facts from MIN-POS to MAX-POS; every NEXT fact on it. */
function chainOfPositions(facts: GroundFact[], r: Refusals, init: SourcePosition): string[] | undefined {
  const after = new Map<string, GroundFact>();
  const behind = new Map<string, GroundFact>();
  let min: GroundFact | undefined;
  let max: GroundFact | undefined;
  for (const f of facts) {
    const [pred, a, b] = f.words;
    if (pred === "min-pos" || pred === "max-pos") {
      const first = pred === "min-pos" ? min : max;
      if (first) r.at(f.location, `a second ${pred.toUpperCase()} fact: ${first.words[1]} (line ${first.location.line}) and ${a}`);
      else if (pred === "min-pos") min = f;
      else max = f;
    } else if (pred === "next") {
      const other = after.get(b) ?? behind.get(a);
      if (a === b) r.at(f.location, `(NEXT ${a} ${a}): a position cannot follow itself`);
      else if (after.has(b)) r.at(f.location, `two positions follow ${b}: ${after.get(b)!.words[1]} (line ${other!.location.line}) and ${a}; NEXT must order the positions in one chain`);
      else if (behind.has(a)) r.at(f.location, `${a} follows two positions: ${behind.get(a)!.words[2]} (line ${other!.location.line}) and ${b}; NEXT must order the positions in one chain`);
      else {
        after.set(b, f);
        behind.set(a, f);
      }
    }
  }
  if (!min || !max) {
    r.lack(init, "expected (MIN-POS p) and (MAX-POS p) in :init");
    return undefined;
  }
  const positions = [min.words[1]];
  const used = new Set<GroundFact>();
  for (let p = positions[0]; p !== max.words[1] && after.has(p) && positions.length <= MAX_IPC_SIZE; ) {
    const f = after.get(p)!;
    if (used.has(f)) break;
    used.add(f);
    p = f.words[1];
    positions.push(p);
  }
  const n = positions.length;
  if (positions[n - 1] !== max.words[1]) {
    if (n > MAX_IPC_SIZE) r.at(max.location, `more than ${MAX_IPC_SIZE} positions from ${min.words[1]} to ${max.words[1]}`);
    // (a NEXT fact refused above is the cause, when there is one)
    else r.lack(max.location, `the NEXT facts do not lead from MIN-POS ${min.words[1]} to MAX-POS ${max.words[1]} (they stop at ${positions[n - 1]})`);
    return undefined;
  }
  for (const f of after.values()) if (!used.has(f)) r.at(f.location, `(NEXT ${f.words[1]} ${f.words[2]}) is not on the chain of positions from MIN-POS ${min.words[1]} to MAX-POS ${max.words[1]}`);
  if (n < 3) r.at(max.location, `a ${n}x${n} grid: the domain needs N >= 3`);
  return positions;
}

/** The task from a problem as read, or the refusal (see readIpcProblem). */
function plannerTask(p: IpcProblem): IpcTask {
  const file = p.file;
  const r = new Refusals(file);
  const top = p.define?.location ?? { line: 1, column: 1 };
  const section = sections(p, r);
  const initAt = section.get(":init")?.location ?? top;
  const types = objectTypes(p, r, top);
  const { facts, left } = checkedFacts(p, types, r);
  const cost = actionCost(p, r, initAt);

  const goal = section.get(":goal");
  let goalHolds = left;
  if (!goal) r.lack(top, "expected (:goal (left))");
  else if (goal.items.length !== 2) r.at(goal.location, "expected one goal formula: (:goal (left))");
  else {
    // (the goal is looked at even when (left) holds already)
    const needsLeft = goalNeedsLeft(goal.items[1], r);
    goalHolds ||= !needsLeft;
  }
  const metric = section.get(":metric");
  if (!metric) r.lack(top, "expected (:metric minimize (total-cost)): the planner minimises the plan's total cost");
  else if (show(metric) !== "(:metric minimize (total-cost))") r.at(metric.location, `the planner takes (:metric minimize (total-cost)) only, found ${show(metric)}`);

  const positions = chainOfPositions(facts, r, initAt);
  if (!positions) {
    r.throwFirst();
    throw new InputError(file, initAt, "expected the positions' NEXT chain in :init");
  }
  const n = positions.length;
  const index = new Map(positions.map((q, i) => [q, i]));
  const cards: string[] = new Array<string>(n * n).fill("");
  const fieldOf = new Map<string, number>();
  for (const f of facts) {
    if (f.words[0] !== "card-at") continue;
    const [, c, x, y] = f.words;
    const xi = index.get(x);
    const yi = index.get(y);
    const off = xi === undefined ? 2 : yi === undefined ? 3 : 0;
    if (off) {
      r.at(f.at?.[off] ?? f.location, `${f.words[off]} is not on the chain of positions from ${positions[0]} to ${positions[n - 1]}`);
      continue;
    }
    const field = yi! * n + xi!;
    if (cards[field]) r.at(f.location, `two cards on (${x}, ${y}): ${cards[field]} and ${c}`);
    else if (fieldOf.has(c)) r.at(f.location, `card ${c} is on two fields`);
    else {
      cards[field] = c;
      fieldOf.set(c, field);
    }
  }
  const empty = cards.findIndex((c) => !c);
  if (empty >= 0) r.lack(initAt, `no card on (${positions[empty % n]}, ${positions[Math.floor(empty / n)]}): every field of the ${n}x${n} grid needs one`);
  const tiles = new Uint8Array(n * n).fill(15);
  const bits: Record<string, number> = { n: 1, s: 2, e: 4, w: 8 };
  let robot: GroundFact | undefined;
  for (const f of facts) {
    if (f.words[0] !== "blocked" && f.words[0] !== "robot-at") continue;
    const field = fieldOf.get(f.words[1]);
    // a card off the grid takes part in no action: its BLOCKED facts change nothing
    if (field === undefined && f.words[0] === "blocked") continue;
    // (a card-at fact refused above is the cause, when there is one)
    if (field === undefined) r.lack(f.at?.[1] ?? f.location, `the robot is on ${f.words[1]}, which is not a card of the grid (no card-at fact places it)`);
    else if (f.words[0] === "blocked") tiles[field] &= ~bits[f.words[2]];
    else if (robot) r.at(f.location, `a second robot-at fact: the robot is on ${robot.words[1]} (line ${robot.location.line})`);
    else robot = f;
  }
  if (!robot) r.lack(initAt, "expected (robot-at CARD) in :init");
  r.throwFirst();
  const at = fieldOf.get(robot!.words[1])!;
  return { file, size: n, tiles, cards, positions, robot: { x: at % n, y: Math.floor(at / n) }, actionCost: cost, goalHolds };
}
