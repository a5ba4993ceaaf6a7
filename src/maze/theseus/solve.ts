/**
 * labsolve's part for Theseus' transit graph (../shared/spec/text-maze.md, section 2).
 *   labsolve FILE.csv        the shortest acyclic path by weight (exit 30; 20 when none)
 *   labsolve -n 0 FILE.csv   every acyclic path (no state twice), least weight first, then
 *                            the table: paths under each definition of acyclic, and the
 *                            distinct cycles (exit 30; -n N cut at N: 10)
 * An outcome whose models' witnesses are the states (`0a 2a ... 37a`), cost their weight;
 * the table's figures as extras (`acyclicPaths`, `cycles`, `rooms`), its lines as notes.
 */
import { Answers, makeOutcome, type Outcome, type SolveContext } from "../../core/outcome.js";
import type { SolveFlags, TextInput, TextSolver } from "../../core/plugin.js";
import { readTransitGraph, stateName, type TransitGraph } from "./graph.js";
import { figures, tableRow, writtenEdges } from "./format.js";
import { roomOfLine } from "./rooms.js";
import { acyclicPaths, distinctCycles, pathsFewestFirst } from "./search/paths.js";
import { shortestPath } from "./search/shortest.js";

const LABELS = {
  states: "no transit state twice (published)",
  passages: "... and no passage twice (either way)",
  transits: "no transit twice (either direction)",
  rooms: "no room twice (rooms from the CSV's sides)",
} as const;

/** A weight sum without the noise of doubles (the CSV's weights have a few decimals). */
const rounded = (w: number): number => Math.round(w * 1e6) / 1e6;


export const solver: TextSolver = {
  async solve(input: TextInput, flags: SolveFlags, context: SolveContext): Promise<Outcome> {
    if (flags.rule !== undefined || flags.algorithm !== undefined) throw new Error("--rule and --algorithm are for text mazes; a transit graph takes -n and --format");
    const g = readTransitGraph(input.source.text, input.source.name);
    const head = `transit graph: ${g.transits} transits, ${g.states} states, ${g.from.length} directed edges; from ${stateName(g.start)} to ${stateName(g.goal)}`;
    const answers = new Answers(context, "states");
    const t0 = performance.now();
    const base = { rules: "theseus", cost: "weight", witnessKind: "states", wanted: flags.models, interrupted: false } as const;
    const extras = { transits: g.transits, edges: g.from.length };
    if (flags.models === 1) {
      const edges = shortestPath(g);
      let weight = 0;
      for (const e of edges ?? []) weight += g.weight[e];
      weight = rounded(weight);
      if (edges) answers.add({ cost: weight, witness: [stateName(g.start), ...edges.map((e) => stateName(g.to[e]))], edges: edges.length });
      return makeOutcome({
        ...base,
        answers: answers.count,
        // Dijkstra: the least weight (weights are not negative)
        proven: edges !== undefined,
        exhausted: edges === undefined,
        lowerBound: edges ? weight : null,
        upperBound: edges ? weight : null,
        models: answers.kept,
        notes: edges ? [head, `shortest acyclic path: weight ${weight.toFixed(1)}, ${edges.length} edges`, writtenEdges(g, edges)] : [head, `no path from ${stateName(g.start)} to ${stateName(g.goal)}`],
        // Dijkstra does not count its states
        statistics: { seconds: (performance.now() - t0) / 1000, states: 0 },
        extras,
      });
    }
    const analysis = acyclicPaths(g, false);
    // -n N: the N paths of least weight, fewest first (at most N kept in memory); exhausted when none was cut off
    const ranked = pathsFewestFirst(g, flags.models);
    const cycles = distinctCycles(g);
    const ms = performance.now() - t0;
    if (flags.stats) context.reporter.write(`% enumerated in ${ms.toFixed(0)} ms\n`);
    const rooms = roomOfLine(g).count;
    for (const p of ranked.paths) answers.add({ cost: rounded(p.weight), witness: p.states.map(stateName), edges: p.states.length - 1 });
    const least = ranked.paths.length > 0 ? rounded(ranked.paths[0].weight) : null;
    const table = [
      head,
      `${"acyclic paths, by definition".padEnd(46)} ${"paths".padStart(6)}  avg edges avg weight shortest         longest`,
      ...Object.entries(analysis.paths).map(([k, s]) => tableRow(LABELS[k as keyof typeof LABELS], s)),
      tableRow("distinct cycles (no state twice)", cycles),
      `(rooms: ${rooms} classes of door sides joined by passages; see docs/theseus.md)`,
    ];
    return makeOutcome({
      ...base,
      answers: answers.count,
      proven: least !== null,
      // every path was enumerated; listed all unless -n N cut them
      exhausted: ranked.exhausted,
      fewest: least,
      lowerBound: least,
      upperBound: least,
      models: answers.kept,
      notes: table,
      statistics: { seconds: ms / 1000, states: 0 },
      extras: {
        ...extras,
        rooms,
        acyclicPaths: Object.fromEntries(Object.entries(analysis.paths).map(([k, s]) => [k, figures(s)])),
        cycles: figures(cycles),
      },
    });
  },
};
