/** The shortest acyclic path by weight in the transit graph: Dijkstra over states (weights are non-negative, so the shortest path repeats no state). */
import type { TransitGraph } from "../graph.js";

/** The edges (ids) of a least-weight path from g.start to g.goal, or undefined when there is none. */
export function shortestPath(g: TransitGraph): number[] | undefined {
  const dist = new Float64Array(g.states).fill(Infinity);
  const via = new Int32Array(g.states).fill(-1);
  const done = new Uint8Array(g.states);
  dist[g.start] = 0;
  for (;;) {
    let s = -1;
    for (let i = 0; i < g.states; i++) if (!done[i] && dist[i] < Infinity && (s < 0 || dist[i] < dist[s])) s = i;
    if (s < 0) return undefined;
    if (s === g.goal) break;
    done[s] = 1;
    for (let k = g.outStart[s]; k < g.outStart[s + 1]; k++) {
      const e = g.out[k];
      const d = dist[s] + g.weight[e];
      if (d < dist[g.to[e]]) {
        dist[g.to[e]] = d;
        via[g.to[e]] = e;
      }
    }
  }
  const edges: number[] = [];
  for (let s = g.goal; s !== g.start; s = g.from[via[s]]) edges.push(via[s]);
  return edges.reverse();
}
