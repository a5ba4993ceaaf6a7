/**
 * The board game in the tests: random small game instances (as facts), and clingo
 * (WebAssembly, in-process) with our encoding test/asp/board-game.lp, written from
 * ../shared/spec/board-game.md. The differential tests trust clingo, not labsolve.
 */
import { readFileSync } from "node:fs";
import { run } from "clingo-wasm";
import { prng } from "../../src/core/random.js";

export const GAME_ENCODING = readFileSync(new URL("../asp/board-game.lp", import.meta.url), "utf8");

export type GameCost = "pushes" | "moves" | "steps";

/** What a random instance has. */
export interface GameCase {
  seed: number;
  rows: number;
  cols: number;
  cost: GameCost;
  rotate: boolean;
  noReverse: boolean;
  maxSteps: number;
}

/**
 * Facts of a random instance: each opening with probability 0.45, a random spare, init,
 * a goal tile or an exit (half each) on another field, every line or a random subset of
 * insert/2 lines.
 */
export function randomGame(c: GameCase): string {
  const rand = prng(c.seed);
  const pick = (k: number): number => Math.floor(rand() * k);
  const dirs = ["n", "s", "e", "w"];
  const out: string[] = [];
  for (let x = 1; x <= c.rows; x++) for (let y = 1; y <= c.cols; y++) out.push(`field(${x},${y}).`);
  for (let x = 1; x <= c.rows; x++) for (let y = 1; y <= c.cols; y++) for (const d of dirs) if (rand() < 0.45) out.push(`connect(${x},${y},${d}).`);
  for (const d of dirs) if (rand() < 0.5) out.push(`spare(${d}).`);
  const init = pick(c.rows * c.cols);
  const goal = (init + 1 + pick(c.rows * c.cols - 1)) % (c.rows * c.cols);
  const at = (f: number): string => `${Math.floor(f / c.cols) + 1},${(f % c.cols) + 1}`;
  out.push(`init_on(${at(init)}).`);
  out.push(rand() < 0.5 ? `goal_on(${at(goal)}).` : `exit(${at(goal)},${dirs[pick(4)]}).`);
  if (rand() < 0.6) {
    const lines: string[] = [];
    for (let x = 1; x <= c.rows; x++) lines.push(`insert(${x},e).`, `insert(${x},w).`);
    for (let y = 1; y <= c.cols; y++) lines.push(`insert(${y},n).`, `insert(${y},s).`);
    const chosen = lines.filter(() => rand() < 0.4);
    out.push(...(chosen.length > 0 ? chosen : [lines[pick(lines.length)]]));
  }
  if (c.rotate) out.push("rotate.");
  if (c.noReverse) out.push("no_reverse.");
  out.push(`cost(${c.cost}).`, `max_steps(${c.maxSteps}).`);
  return out.join("\n");
}

interface ClingoOutcome {
  Result: string;
  Call?: { Witnesses?: { Value: string[] }[] }[];
  Error?: string;
}

async function call(program: string): Promise<ClingoOutcome> {
  const r = (await run(program, 1)) as ClingoOutcome;
  if (r.Result === "ERROR" || r.Error) throw new Error(`clingo: ${r.Error ?? r.Result}`);
  return r;
}

/** The step of an action atom: its last argument. */
export function stepOf(atom: string): number {
  return Number(/,(-?\d+)\)$/.exec(atom)?.[1] ?? 0);
}

/**
 * The least cost of a solution by clingo: the least horizon T in 0..maxSteps with an
 * answer set (every action costs 1), and that answer set's actions in step order;
 * undefined when there is none up to maxSteps.
 */
export async function clingoOptimum(facts: string, maxSteps: number): Promise<{ cost: number; witness: string[] } | undefined> {
  for (let t = 0; t <= maxSteps; t++) {
    const r = await call(`${GAME_ENCODING}\n${facts}\nhorizon(${t}).`);
    if (r.Result === "SATISFIABLE") {
      const w = r.Call?.[0]?.Witnesses?.[0]?.Value ?? [];
      return { cost: t, witness: [...w].sort((a, b) => stepOf(a) - stepOf(b)) };
    }
  }
  return undefined;
}

/**
 * True when clingo accepts exactly these action atoms (push/3, push/4, walk/3, step/2) as
 * the actions of an answer set with the horizon of their last step.
 */
export async function clingoAccepts(facts: string, actions: string[]): Promise<boolean> {
  const horizon = actions.reduce((m, a) => Math.max(m, stepOf(a)), 0);
  const fixed = actions.map((a) => `fixed(${a}).`).join(" ");
  const fix = [
    ":- fixed(push(Z,D,S)), not push(Z,D,S). :- push(Z,D,S), not fixed(push(Z,D,S)).",
    ":- fixed(push(Z,D,Q,S)), not push(Z,D,Q,S). :- push(Z,D,Q,S), not fixed(push(Z,D,Q,S)).",
    ":- fixed(walk(X,Y,S)), not walk(X,Y,S). :- walk(X,Y,S), not fixed(walk(X,Y,S)).",
    ":- fixed(step(D,S)), not step(D,S). :- step(D,S), not fixed(step(D,S)).",
    "#defined fixed/1.",
  ].join("\n");
  const r = await call(`${GAME_ENCODING}\n${facts}\nhorizon(${horizon}).\n${fixed}\n${fix}`);
  return r.Result === "SATISFIABLE";
}
