/** The perfect-maze generators by the names `labgen maze --algorithm` takes, with their uniformity and bias (Buck, "Mazes for Programmers"; Wilson 1996; Aldous 1990, Broder 1989). */
import type { MazeAlgorithmInfo } from "../../../core/plugin.js";
import { binaryTree, eller, growingTree, huntAndKill, kruskal, prim, recursiveDivision, sidewinder, type Random } from "./spanning.js";
import { aldousBroder, backtracker, wilson } from "./walks.js";

export interface SpanningAlgorithm extends MazeAlgorithmInfo {
  carve(rows: number, cols: number, open: Uint8Array, rnd: Random): void;
}

export const SPANNING: readonly SpanningAlgorithm[] = [
  { name: "aldous-broder", uniform: true, bias: "none: a random walk, uniform over all spanning trees (slow: the cover time)", carve: aldousBroder },
  { name: "recursive-division", uniform: false, bias: "long straight walls across chambers, a boxy texture", carve: recursiveDivision },
  { name: "backtracker", uniform: false, bias: "long winding corridors, few dead ends (~10%), a long solution", carve: backtracker },
  { name: "kruskal", uniform: false, bias: "many short dead ends (~30%), short corridors", carve: kruskal },
  { name: "prim", uniform: false, bias: "radial from the first cell, many short dead ends (~35%)", carve: prim },
  { name: "wilson", uniform: true, bias: "none: loop-erased random walks, uniform over all spanning trees", carve: wilson },
  { name: "eller", uniform: false, bias: "row by row: horizontal runs, the bottom row a long corridor", carve: eller },
  { name: "hunt-and-kill", uniform: false, bias: "long winding corridors like the backtracker, few dead ends", carve: huntAndKill },
  { name: "sidewinder", uniform: false, bias: "the top row one corridor, paths run up with no dead end pointing down", carve: sidewinder },
  { name: "binary-tree", uniform: false, bias: "strong diagonal bias to the north-east: the top row and the east column are corridors", carve: binaryTree },
  { name: "growing-tree", uniform: false, bias: "newest-or-random mix: between the backtracker's corridors and Prim's dead ends", carve: growingTree },
];
