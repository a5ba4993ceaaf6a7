/**
 * The IPC 2023 domain in clingo (test/asp/ipc2023.lp, written from domain.pddl), the
 * independent side of the planner's differential tests, and the random small tasks they
 * share.
 */
import { readFileSync } from "node:fs";
import { run } from "clingo-wasm";
import { prng } from "../../src/core/random.js";
import type { IpcTask } from "../../src/push/ipc2023/task.js";

const ENCODING = readFileSync(new URL("../asp/ipc2023.lp", import.meta.url), "utf8");
const SIDES = ["n", "s", "e", "w"] as const;
const popcount = (b: number): number => (b & 1) + ((b >> 1) & 1) + ((b >> 2) & 1) + ((b >> 3) & 1);

/** A random task: each card opens 1 to 4 sides (mostly 2 to 4, as the IPC generator). */
export function randomTask(n: number, seed: number): IpcTask {
  const rand = prng(seed);
  const tiles = new Uint8Array(n * n);
  for (let f = 0; f < n * n; f++) {
    let t = 0;
    t = 1 + Math.floor(rand() * 15);
    if (popcount(t) < 2 && rand() < 0.7) t |= 1 << Math.floor(rand() * 4);
    tiles[f] = t;
  }
  const x = Math.floor(rand() * n);
  const y = rand() < 0.5 ? 0 : Math.floor(rand() * n);
  return {
    file: `random-${n}-${seed}`,
    size: n,
    tiles,
    cards: Array.from({ length: n * n }, (_, i) => `card${i}`),
    positions: Array.from({ length: n }, (_, i) => `pos${i}`),
    robot: { x, y },
  };
}

function facts(t: IpcTask, horizon: number): string {
  const out = [`size(${t.size}).`, `robot(${t.robot.x},${t.robot.y}).`, `horizon(${horizon}).`];
  t.tiles.forEach((bits, f) => {
    SIDES.forEach((d, i) => {
      if (bits & (1 << i)) out.push(`open(${f % t.size},${Math.floor(f / t.size)},${d}).`);
    });
  });
  return out.join(" ");
}

interface Outcome {
  Result: string;
  Call?: { Witnesses?: { Value: string[]; Costs?: number[] }[] }[];
  Error?: string;
}

const clingoMemo = new Map<string, number | undefined>();

/** clingo's least cost within the horizon, or undefined when it has no plan (kept per task: the tests ask again). */
export async function clingoOptimum(t: IpcTask, horizon: number): Promise<number | undefined> {
  const key = `${t.file} ${horizon}`;
  if (!clingoMemo.has(key)) clingoMemo.set(key, await clingoRun(t, horizon));
  return clingoMemo.get(key);
}

async function clingoRun(t: IpcTask, horizon: number): Promise<number | undefined> {
  const r = (await run(`${ENCODING}\n${facts(t, horizon)}`, 0)) as Outcome;
  if (r.Error || r.Result === "ERROR") throw new Error(`clingo: ${r.Error}`);
  if (r.Result === "UNSATISFIABLE") return undefined;
  const best = r.Call?.[0]?.Witnesses?.at(-1);
  if (!best?.Costs) throw new Error(`clingo: no optimum (${r.Result})`);
  return best.Costs[0];
}
