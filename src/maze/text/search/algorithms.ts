/** The text maze's search algorithms by the names `--algorithm` takes. */
import { astar, bfs, dfs, dijkstra } from "./graph-search.js";
import type { SearchProblem, SearchResult } from "./problem.js";
import { deadEndFilling, tremaux, wallFollower } from "./walkers.js";

export interface MazeAlgorithm {
  name: string;
  /** true: its answer is always a shortest path */
  shortest: boolean;
  run(p: SearchProblem): SearchResult;
  summary: string;
}

export const ALGORITHMS: readonly MazeAlgorithm[] = [
  { name: "bfs", shortest: true, run: bfs, summary: "breadth-first search (a shortest path)" },
  { name: "dfs", shortest: false, run: dfs, summary: "depth-first search, recursive order (DFS's path)" },
  { name: "dijkstra", shortest: true, run: dijkstra, summary: "Dijkstra, every move costs 1 (a shortest path)" },
  { name: "astar", shortest: true, run: astar, summary: "A* with the Manhattan distance (a shortest path)" },
  { name: "wall-follower", shortest: false, run: wallFollower, summary: "left hand on the wall (the walk; fails on a loop around it)" },
  { name: "tremaux", shortest: false, run: tremaux, summary: "Trémaux's marks on passages (any maze)" },
  { name: "dead-end-filling", shortest: false, run: deadEndFilling, summary: "fill the dead ends, walk what is left" },
];

/** The algorithm named `name`. @throws Error for an unknown name */
export function algorithmNamed(name: string): MazeAlgorithm {
  const a = ALGORITHMS.find((x) => x.name === name);
  if (!a) throw new Error(`--algorithm ${name}: expected one of ${ALGORITHMS.map((x) => x.name).join(", ")}`);
  return a;
}
