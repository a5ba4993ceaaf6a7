/**
 * labsolve's part for Theseus' transit graph (../shared/spec/text-maze.md, section 2).
 *   labsolve FILE.csv        the shortest acyclic path by weight (exit 10; 20 when none)
 *   labsolve -n 0 FILE.csv   every acyclic path (no state twice), fewest first (by weight, then
 *                            edges), then the table: paths under each definition of acyclic,
 *                            and the distinct cycles (exit 30)
 *   labsolve -n N FILE.csv   the N paths of least weight, fewest first: exit 10 when more
 *                            exist (cut at N), 30 when those are all
 * `--format json` carries the same figures.
 */
import { ExitCode } from "../../core/errors.js";
import type { SolveFlags, TextInput, TextSolver } from "../../core/plugin.js";
import { readTransitGraph, stateName } from "./graph.js";
import { figures, tableRow, writtenEdges, writtenStates } from "./format.js";
import { roomOfLine } from "./rooms.js";
import { acyclicPaths, distinctCycles, pathsFewestFirst } from "./search/paths.js";
import { shortestPath } from "./search/shortest.js";

const LABELS = {
  states: "no transit state twice (published)",
  passages: "... and no passage twice (either way)",
  transits: "no transit twice (either direction)",
  rooms: "no room twice (rooms from the CSV's sides)",
} as const;

export const solver: TextSolver = {
  async solve(input: TextInput, flags: SolveFlags): Promise<number> {
    if (flags.rule !== undefined || flags.algorithm !== undefined) throw new Error("--rule and --algorithm are for text mazes; a transit graph takes -n and --format");
    const g = readTransitGraph(input.source.text, input.source.name);
    const json = flags.format === "json";
    const head = `${g.transits} transits, ${g.states} states, ${g.from.length} directed edges; from ${stateName(g.start)} to ${stateName(g.goal)}`;
    if (flags.models === 1) {
      const edges = shortestPath(g);
      let weight = 0;
      for (const e of edges ?? []) weight += g.weight[e];
      if (json) process.stdout.write(`${JSON.stringify({ found: edges !== undefined, weight: edges ? weight : null, edges: edges?.length ?? null, states: edges ? [stateName(g.start), ...edges.map((e) => stateName(g.to[e]))] : null })}\n`);
      else if (edges) process.stdout.write(`Transit graph: ${head}\nShortest acyclic path: weight ${weight.toFixed(1)}, ${edges.length} edges\n${writtenEdges(g, edges)}\n`);
      else process.stdout.write(`No path from ${stateName(g.start)} to ${stateName(g.goal)}\n`);
      return edges ? ExitCode.Satisfiable : ExitCode.Unsatisfiable;
    }
    const t0 = performance.now();
    const analysis = acyclicPaths(g, false);
    // -n N: the N paths of least weight, fewest first; exhausted when no path was cut off
    const ranked = pathsFewestFirst(g, flags.models);
    const cycles = distinctCycles(g);
    const ms = performance.now() - t0;
    if (flags.stats) process.stderr.write(`% enumerated in ${ms.toFixed(0)} ms\n`);
    const rooms = roomOfLine(g).count;
    const shown = ranked.paths.map((p) => p.states);
    if (json) {
      process.stdout.write(
        `${JSON.stringify({
          transits: g.transits,
          states: g.states,
          edges: g.from.length,
          rooms,
          acyclicPaths: Object.fromEntries(Object.entries(analysis.paths).map(([k, s]) => [k, figures(s)])),
          cycles: figures(cycles),
          paths: shown.map(writtenStates),
        })}\n`,
      );
    } else {
      shown.forEach((p, i) => process.stdout.write(`Path ${i + 1}: ${writtenStates(p)}\n`));
      const out = [
        `Transit graph: ${head}`,
        `${"acyclic paths, by definition".padEnd(46)} ${"paths".padStart(6)}  avg edges avg weight shortest         longest`,
        ...Object.entries(analysis.paths).map(([k, s]) => tableRow(LABELS[k as keyof typeof LABELS], s)),
        tableRow("distinct cycles (no state twice)", cycles),
        `(rooms: ${rooms} classes of door sides joined by passages; see docs/theseus.md)`,
      ];
      process.stdout.write(`${out.join("\n")}\n`);
    }
    return ranked.count === 0 ? ExitCode.Unsatisfiable : ranked.exhausted ? ExitCode.Exhausted : ExitCode.Satisfiable;
  },
};
