/**
 * clingo (WebAssembly, in-process) with our ASP encoding of the rules,
 * test/asp/push-labyrinth.lp, written from ../shared/spec/push-labyrinth.md. The
 * differential tests trust it, not labsolve.
 */
import { readFileSync } from "node:fs";
import { run } from "clingo-wasm";

export const ENCODING = readFileSync(new URL("../asp/push-labyrinth.lp", import.meta.url), "utf8");

interface ClingoWitness {
  Value: string[];
  Costs?: number[];
}
interface ClingoOutcome {
  Result: string;
  Call?: { Witnesses?: ClingoWitness[] }[];
  Error?: string;
}

async function call(program: string, models: number): Promise<ClingoOutcome> {
  const r = (await run(program, models)) as ClingoOutcome;
  if (r.Result === "ERROR" || r.Error) throw new Error(`clingo: ${r.Error ?? r.Result}`);
  return r;
}

/** A witness as one canonical string: its push atoms sorted by step. */
export function canonical(atoms: string[]): string {
  const step = (a: string): number => Number(/,(\d+)\)$/.exec(a)?.[1] ?? 0);
  return atoms
    .filter((a) => a.startsWith("push("))
    .sort((a, b) => step(a) - step(b))
    .join(" ");
}

/** All answer sets of an instance (push atoms only), canonical and sorted. */
export async function allAnswerSets(facts: string): Promise<string[]> {
  const r = await call(`${ENCODING}\n${facts}`, 0);
  return (r.Call?.[0]?.Witnesses ?? []).map((w) => canonical(w.Value)).sort();
}

/** The fewest pushes of any answer set, by clingo's optimisation; undefined when unsatisfiable. */
export async function fewestPushes(facts: string): Promise<{ fewest: number; witness: string[] } | undefined> {
  const r = await call(`${ENCODING}\n${facts}\n#minimize { 1,S : push(Z,D,S) }.`, 0);
  if (r.Result === "UNSATISFIABLE") return undefined;
  const best = r.Call?.[0]?.Witnesses?.at(-1);
  if (!best) throw new Error(`clingo: unexpected result ${r.Result}`);
  return { fewest: best.Value.filter((a) => a.startsWith("push(")).length, witness: best.Value };
}

/** True when exactly these push atoms are the push atoms of some answer set. */
export async function isAnswerSet(facts: string, pushAtoms: string[]): Promise<boolean> {
  const w = pushAtoms.map((a) => `w${a.slice(4)}.`).join(" ");
  const fix = ":- w(Z,D,S), not push(Z,D,S).\n:- push(Z,D,S), not w(Z,D,S).\n#defined w/3.";
  const r = await call(`${ENCODING}\n${facts}\n${w}\n${fix}`, 1);
  return r.Result === "SATISFIABLE";
}
