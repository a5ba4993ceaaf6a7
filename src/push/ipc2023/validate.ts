/**
 * labcheck plan: validates a sequential plan of the IPC 2023 labyrinth domain by its own
 * simulation, independent of the planner: each action's precondition and effect are read
 * from the DOMAIN file and interpreted over the set of ground facts (STRIPS with
 * negation, equality and action costs: and, not, =, atoms, increase of total-cost), with
 * parameters bound to the plan's arguments and their types checked.
 */
import { InputError, type SourcePosition } from "../../core/errors.js";
import type { IpcDomain } from "./domain.js";
import { head, parsePddl, show, type List, type SExpr } from "./pddl.js";
import type { IpcProblem } from "./problem.js";

/** The verdict on a plan. */
export type PlanVerdict =
  | {
      /** the plan reaches the goal and every action's precondition holds */
      valid: true;
      /** the plan's total-cost */
      cost: number;
      /** the plan's actions */
      actions: number;
    }
  | {
      /** an action's precondition fails, or the goal is not reached */
      valid: false;
      /** what went wrong, in words */
      reason: string;
      /** the failing action's place in the plan, 1-based */
      position?: number;
      /** the failing action's line and column in the plan file */
      location?: SourcePosition;
      /** the actions applied before the verdict */
      actions?: number;
    };

type Binding = Map<string, string>;

function subtype(domain: IpcDomain, t: string, want: string): boolean {
  for (let k = 0; k < 32 && t; k++) {
    if (t === want) return true;
    t = domain.supertypes.get(t) ?? "";
  }
  return want === "object";
}

function term(w: SExpr, b: Binding): string {
  if (w.kind !== "word") return show(w);
  return w.text.startsWith("?") ? (b.get(w.text) ?? w.text) : w.text;
}

function ground(f: List, b: Binding): string {
  return f.items.map((w) => term(w, b)).join(" ");
}

/** The first part of a precondition that does not hold (undefined: it holds). */
function failing(f: SExpr | undefined, state: Set<string>, b: Binding): SExpr | undefined {
  if (!f || f.kind !== "list" || f.items.length === 0) return undefined;
  const h = head(f);
  if (h === "and") {
    for (const g of f.items.slice(1)) {
      const bad = failing(g, state, b);
      if (bad) return bad;
    }
    return undefined;
  }
  return holds(f, state, b) ? undefined : f;
}

function holds(f: SExpr, state: Set<string>, b: Binding): boolean {
  if (f.kind !== "list") return false;
  const h = head(f);
  if (h === "and") return f.items.slice(1).every((g) => holds(g, state, b));
  if (h === "or") return f.items.slice(1).some((g) => holds(g, state, b));
  if (h === "not") return !holds(f.items[1], state, b);
  if (h === "=") return term(f.items[1], b) === term(f.items[2], b);
  return state.has(ground(f, b));
}

function effects(f: SExpr | undefined, b: Binding, functions: Map<string, number>, out: { add: string[]; del: string[]; cost: number; undefinedFluent?: string }): void {
  if (!f || f.kind !== "list") return;
  const h = head(f);
  if (h === "and") for (const g of f.items.slice(1)) effects(g, b, functions, out);
  else if (h === "not") out.del.push(ground(f.items[1] as List, b));
  else if (h === "increase") {
    const by = f.items[2];
    // a fluent the problem does not set has no value (PDDL): the action cannot be applied
    const value = by.kind === "word" ? Number(by.text) : functions.get(show(by).slice(1, -1));
    if (value === undefined) out.undefinedFluent ??= show(by);
    else out.cost += value;
  } else out.add.push(ground(f, b));
}

/**
 * Validates a plan.
 * @param planText the plan file: `(action arg ...)` lines, `;` comments
 * @param onState called with the ground facts at the start and after each valid action
 * @throws InputError when the plan file is not a list of actions (syntax), or the problem has no :goal
 */
export function validatePlan(
  domain: IpcDomain,
  problem: IpcProblem,
  planText: string,
  planFile: string,
  onState?: (facts: ReadonlySet<string>, actions: number, action: string) => void,
): PlanVerdict {
  const steps = parsePddl(planText, planFile);
  const state = new Set(problem.init.map((f) => f.words.join(" ")));
  onState?.(state, 0, "");
  const typeOf = (o: string): string | undefined => problem.objects.get(o) ?? domain.constants.get(o);
  let cost = 0;
  for (const [i, s] of steps.entries()) {
    if (s.kind !== "list" || s.items.some((w) => w.kind !== "word")) {
      throw new InputError(planFile, s.location, "expected a ground action (name argument ...)");
    }
    const words = s.items.map((w) => (w.kind === "word" ? w.text : ""));
    const at = `action ${i + 1} ${show(s)}`;
    const schema = domain.actions.get(words[0]);
    if (!schema) return { valid: false, position: i + 1, location: s.location, reason: `${at}: no action ${words[0]} in the domain` };
    const args = words.slice(1);
    if (args.length !== schema.parameters.length) {
      return { valid: false, position: i + 1, location: s.location, reason: `${at}: ${schema.name} takes ${schema.parameters.length} arguments, found ${args.length}` };
    }
    const b: Binding = new Map();
    for (const [k, p] of schema.parameters.entries()) {
      const t = typeOf(args[k]);
      if (t === undefined) return { valid: false, position: i + 1, location: s.location, reason: `${at}: ${args[k]} is no object of the problem` };
      if (!subtype(domain, t, p.type)) return { valid: false, position: i + 1, location: s.location, reason: `${at}: ${args[k]} is a ${t}, ${p.name} must be a ${p.type}` };
      b.set(p.name, args[k]);
    }
    const bad = failing(schema.precondition, state, b);
    if (bad) return { valid: false, position: i + 1, location: s.location, reason: `${at}: precondition ${show(bad)} fails` };
    const e: { add: string[]; del: string[]; cost: number; undefinedFluent?: string } = { add: [], del: [], cost: 0 };
    effects(schema.effect, b, problem.functions, e);
    if (e.undefinedFluent) return { valid: false, position: i + 1, location: s.location, reason: `${at}: ${e.undefinedFluent} has no value (the problem's :init does not set it)` };
    for (const d of e.del) state.delete(d);
    for (const a of e.add) state.add(a);
    cost += e.cost;
    onState?.(state, i + 1, show(s));
  }
  if (problem.goal === undefined) throw new InputError(problem.file, problem.define?.location, "expected (:goal ...): the problem has no goal to reach");
  const goalBad = failing(problem.goal, state, new Map());
  if (goalBad) return { valid: false, reason: `goal ${show(goalBad)} not reached after ${steps.length} actions`, actions: steps.length };
  return { valid: true, cost, actions: steps.length };
}
