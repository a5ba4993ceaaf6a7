/**
 * The planner's domain check: the planner's search has the IPC 2023 labyrinth domain's rules
 * built in (docs/ipc2023.md), so it plans for a domain file only when that file says the same:
 * the same constants (N, S: directionV; W, E: directionH), the same types, and every action's
 * precondition and effect the same as in the IPC's domain.pddl (our copy: domain-text.ts), up
 * to the names of parameters and the order of the parts of a conjunction. labcheck plan
 * simulates any domain as written and does not need this.
 */
import { InputError, type SourcePosition } from "../../core/errors.js";
import { ipcDomainText } from "./domain-text.js";
import { readIpcDomain, type ActionSchema, type IpcDomain } from "./domain.js";
import { head, show, type SExpr } from "./pddl.js";

/** A formula as text with the parameters numbered (?0, ?1, ...) and conjunctions sorted. */
function canonical(e: SExpr, params: ReadonlyMap<string, number>): string {
  if (e.kind === "word") return params.has(e.text) ? `?${params.get(e.text)}` : e.text;
  const parts = e.items.map((x) => canonical(x, params));
  if (head(e) === "and") return `(and ${parts.slice(1).sort().join(" ")})`;
  return `(${parts.join(" ")})`;
}

/** Where a formula differs from the reference and how, or undefined when it is the same. */
function difference(given: SExpr | undefined, want: SExpr | undefined, gp: ReadonlyMap<string, number>, wp: ReadonlyMap<string, number>, near: SourcePosition): { where: SourcePosition; what: string } | undefined {
  if (!want) return given ? { where: given.location, what: `has ${show(given)}, the IPC's has none` } : undefined;
  if (!given) return { where: near, what: `lacks ${show(want)}` };
  if (canonical(given, gp) === canonical(want, wp)) return undefined;
  if (head(given) === "and" && head(want) === "and" && given.kind === "list" && want.kind === "list") {
    const wanted = want.items.slice(1).map((x) => canonical(x, wp));
    for (const part of given.items.slice(1)) {
      const k = wanted.indexOf(canonical(part, gp));
      if (k < 0) return { where: part.location, what: `has ${show(part)}, which the IPC's does not` };
      wanted.splice(k, 1);
    }
    const missing = want.items.slice(1).find((x) => wanted.includes(canonical(x, wp)));
    return { where: given.location, what: `lacks ${missing ? show(missing) : "a part"}` };
  }
  return { where: given.location, what: `is ${show(given)}, the IPC's ${show(want)}` };
}

const numbered = (a: ActionSchema): Map<string, number> => new Map(a.parameters.map((p, i) => [p.name, i]));

let reference: IpcDomain | undefined;
/** The sections of the IPC's domain (a :derived predicate or any other section would change what a plan is). */
const DOMAIN_SECTIONS = [":requirements", ":types", ":constants", ":predicates", ":functions", ":action"];

/**
 * Checks that the domain is the IPC 2023 labyrinth domain the planner's search implements
 * (readIpcDomain has already checked the actions' names and parameter types).
 * @throws InputError at the first section the IPC's domain has not (e.g. :derived), or the
 *   first constant, type or part of an action's precondition or effect that differs from it
 */
export function assertPlannerDomain(domain: IpcDomain): void {
  reference ??= readIpcDomain(ipcDomainText(), "(the IPC 2023 labyrinth domain)");
  const top = domain.define?.location ?? { line: 1, column: 1 };
  const section = (kind: string): SourcePosition => domain.define?.items.find((s) => head(s) === kind)?.location ?? top;
  for (const s of domain.define?.items.slice(2) ?? []) {
    const kind = head(s);
    if (!DOMAIN_SECTIONS.includes(kind)) throw new InputError(domain.file, s.location, `the planner does not take a ${kind || show(s)} section (the IPC 2023 labyrinth domain's: ${DOMAIN_SECTIONS.join(", ")})`);
  }
  const listed = (m: ReadonlyMap<string, string>): string => [...m].map(([k, v]) => `${k} - ${v}`).sort().join(", ");
  if (listed(domain.constants) !== listed(reference.constants)) {
    throw new InputError(domain.file, section(":constants"), `the planner takes the IPC 2023 labyrinth domain's constants (${listed(reference.constants)}), found (${listed(domain.constants)})`);
  }
  for (const [type, parent] of reference.supertypes) {
    const got = domain.supertypes.get(type);
    if (got !== parent) throw new InputError(domain.file, section(":types"), `the planner takes the IPC 2023 labyrinth domain's types: ${type} - ${parent}, found ${got === undefined ? `no type ${type}` : `${type} - ${got}`}`);
  }
  for (const [name, want] of reference.actions) {
    const given = domain.actions.get(name)!;
    const near = given.location ?? top;
    for (const part of ["precondition", "effect"] as const) {
      const d = difference(given[part], want[part], numbered(given), numbered(want), near);
      if (d) throw new InputError(domain.file, d.where, `action ${name}'s ${part} ${d.what}: the planner's search implements the IPC 2023 labyrinth domain as it is`);
    }
  }
}
