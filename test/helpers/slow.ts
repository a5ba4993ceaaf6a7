/**
 * Instances on which the search runs for a long time, for the tests of time limits and
 * interruption: unsolvable, but not in a way the solver sees at once. The goal's tile
 * opens only north and no tile opens south, so no link can ever lead onto the goal, yet
 * every push sequence up to max_steps has to be tried. (A goal tile with no opening at
 * all is proven unsolvable at once: src/push/competition/search/exact/pruning/hopeless.ts.)
 */
import { generate, toFacts } from "../../src/push/competition/generate.js";
import type { InstanceData } from "../../src/push/competition/instance.js";

/** An unsolvable NxN instance whose search to max_steps is vast (maze tiles, seed `seed`). */
export function vastUnsolvable(n: number, maxSteps: number, seed = 7): InstanceData {
  const g = generate(n, maxSteps, seed, "maze");
  if (g.init.row === g.goal.row && g.init.col === g.goal.col) throw new Error(`seed ${seed}: init on the goal`);
  g.tiles = g.tiles.map((t) => t & ~2);
  g.tiles[(g.goal.row - 1) * n + (g.goal.col - 1)] = 1;
  return g;
}

/** vastUnsolvable as facts. */
export function vastUnsolvableFacts(n: number, maxSteps: number, seed = 7): string {
  return toFacts(vastUnsolvable(n, maxSteps, seed));
}
