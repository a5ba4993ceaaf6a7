/**
 * Reads an IPC 2023 "labyrinth" domain file and checks that it is this domain: the 17
 * actions (move-D, start-move-card-D, move-card-D, stop-move-card-D for D in north,
 * south, east, west, and leave) with their parameter types, as in the IPC 2023
 * dataset's domain.pddl. The actions' formulas are kept for labcheck plan's simulation.
 */
import { InputError, type SourcePosition } from "../../core/errors.js";
import { asList, asWord, head, parsePddl, typedList, type List, type SExpr } from "./pddl.js";

/** One action schema. */
export interface ActionSchema {
  name: string;
  /** parameters in order: variable (with "?") and type */
  parameters: { name: string; type: string }[];
  precondition: SExpr | undefined;
  effect: SExpr | undefined;
  /** where the action's name stands */
  location?: SourcePosition;
}

/** A domain as labcheck plan needs it. */
export interface IpcDomain {
  file: string;
  /** the name in `(domain NAME)`, lower case */
  name: string;
  actions: Map<string, ActionSchema>;
  /** type -> its supertype */
  supertypes: Map<string, string>;
  /** constant -> its type */
  constants: Map<string, string>;
  /** the `(define ...)` list, its sections in the order written */
  define?: List;
}

const H = "directionh";
const V = "directionv";
const C = "card";
const P = "gridpos";
/** The parameter types of every action of the IPC 2023 labyrinth domain. */
export const SIGNATURES: ReadonlyMap<string, readonly string[]> = new Map<string, readonly string[]>([
  ["move-west", [C, P, P, H, C, P, P, H]],
  ["move-east", [C, P, P, H, C, P, P, H]],
  ["move-north", [C, P, P, V, C, P, P, V]],
  ["move-south", [C, P, P, V, C, P, P, V]],
  ...["west", "east", "north", "south"].flatMap((d): [string, readonly string[]][] => [
    [`start-move-card-${d}`, [C, P, P, C, P]],
    [`move-card-${d}`, [C, P, P, C, P, P]],
    [`stop-move-card-${d}`, [C, P, P, P, C]],
  ]),
  ["leave", [C, P, P]],
]);

/**
 * Parses and checks a domain.
 * @throws InputError (FILE:LINE:COL) on a syntax error or when the domain is not the
 *   IPC 2023 labyrinth domain (a missing, extra or differently typed action)
 */
export function readIpcDomain(text: string, file: string): IpcDomain {
  const top = parsePddl(text, file);
  const start = { line: 1, column: 1 };
  if (top.length !== 1 || head(top[0]) !== "define") {
    throw new InputError(file, top[0]?.location ?? start, "expected one (define (domain ...) ...)");
  }
  const define = top[0] as List;
  const name = asList(define.items[1], file, "(domain NAME)", define.location);
  if (head(name) !== "domain") throw new InputError(file, name.location, "expected (domain NAME): this is not a domain file");
  const domainName = asWord(name.items[1], file, "the domain's name", name.location);
  const domain: IpcDomain = { file, name: domainName.text.toLowerCase(), actions: new Map(), supertypes: new Map(), constants: new Map(), define };
  for (const section of define.items.slice(2)) {
    const s = asList(section, file, "a domain section", define.location);
    const kind = head(s);
    if (kind === ":types") for (const [w, t] of typedList(s.items.slice(1), file, s.location)) domain.supertypes.set(w.text, t);
    else if (kind === ":constants") for (const [w, t] of typedList(s.items.slice(1), file, s.location)) domain.constants.set(w.text, t);
    else if (kind === ":action") {
      const actionName = asWord(s.items[1], file, "an action name", s.location);
      const schema: ActionSchema = { name: actionName.text, parameters: [], precondition: undefined, effect: undefined, location: actionName.location };
      for (let i = 2; i < s.items.length; i += 2) {
        const key = asWord(s.items[i], file, ":parameters, :precondition or :effect", s.location);
        const value = s.items[i + 1];
        if (key.text === ":parameters") {
          schema.parameters = typedList(asList(value, file, "a parameter list", key.location).items, file, key.location).map(([w, t]) => ({ name: w.text, type: t }));
        } else if (key.text === ":precondition") schema.precondition = value;
        else if (key.text === ":effect") schema.effect = value;
        else throw new InputError(file, key.location, `unexpected ${key.text} in an action: expected :parameters, :precondition or :effect`);
      }
      const want = SIGNATURES.get(schema.name);
      if (!want) throw new InputError(file, actionName.location, `action ${schema.name} is not in the IPC 2023 labyrinth domain (expected only ${[...SIGNATURES.keys()].join(", ")})`);
      const got = schema.parameters.map((p) => p.type);
      if (got.join(" ") !== want.join(" ")) {
        throw new InputError(file, actionName.location, `action ${schema.name} has parameter types (${got.join(" ")}); the IPC 2023 labyrinth domain has (${want.join(" ")})`);
      }
      if (domain.actions.has(schema.name)) throw new InputError(file, actionName.location, `action ${schema.name} defined twice`);
      domain.actions.set(schema.name, schema);
    }
  }
  const missing = [...SIGNATURES.keys()].filter((a) => !domain.actions.has(a));
  if (missing.length > 0) throw new InputError(file, define.location, `not the IPC 2023 labyrinth domain: no action ${missing.join(", ")}`);
  return domain;
}
