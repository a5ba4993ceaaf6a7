/** The transit graph's answers in words: a path as the published analysis writes it, and the table of path and cycle statistics. */
import { stateName, type TransitGraph } from "./graph.js";
import type { PathStats } from "./search/paths.js";

/** `(0a)-[2.0]->(2a)-[...]->(37a)` from edge ids. */
export function writtenEdges(g: TransitGraph, edges: readonly number[]): string {
  let s = `(${stateName(g.start)})`;
  for (const e of edges) s += `-[${g.weight[e].toFixed(1)}]->(${stateName(g.to[e])})`;
  return s;
}

/** The states of a path, `0a 2a ... 37a`. */
export function writtenStates(states: readonly number[]): string {
  return states.map(stateName).join(" ");
}

/** One row's figures, for the table and for JSON. */
export function figures(s: PathStats): { count: number; averageEdges: number | null; averageWeight: number | null; shortest: { weight: number; edges: number; states: string } | null; longest: { weight: number; edges: number; states: string } | null } {
  return {
    count: s.count,
    averageEdges: s.count ? Number((s.edgesSum / s.count).toFixed(3)) : null,
    averageWeight: s.count ? Number((s.weightSum / s.count).toFixed(3)) : null,
    shortest: s.shortest ? { weight: s.shortestWeight, edges: s.shortest.length - 1, states: writtenStates(s.shortest) } : null,
    longest: s.longest ? { weight: s.longestWeight, edges: s.longest.length - 1, states: writtenStates(s.longest) } : null,
  };
}

/** A table row: label, count, averages, shortest and longest (weight with one decimal, edges). */
export function tableRow(label: string, s: PathStats): string {
  const f = figures(s);
  const end = (x: { weight: number; edges: number } | null) => (x ? `${x.weight.toFixed(1)} (${x.edges} edges)` : "-");
  return `${label.padEnd(46)} ${String(f.count).padStart(6)}  ${f.averageEdges === null ? "-".padStart(8) : f.averageEdges.toFixed(3).padStart(8)}  ${f.averageWeight === null ? "-".padStart(8) : f.averageWeight.toFixed(3).padStart(8)}  ${end(f.shortest).padEnd(16)} ${end(f.longest)}`;
}
