/**
 * labcheck's part for the transit graph: a path given as its states (`0a 2a ... 37a`, or
 * the published layout `(0a)-[2.0]->(2a)...`), walked on the graph by this module: it must
 * start at the entry state, follow edges, repeat no state and end at the exit state.
 * `labcheck --instance`: the graph's figures (transits, states, edges).
 */
import { InputError } from "../../core/errors.js";
import type { Source, TextChecker, TextInput } from "../../core/plugin.js";
import type { JudgedWitness, Verdict } from "../../core/verdict.js";
import { instanceLinesEnd } from "../../core/witness.js";
import { readTransitGraph, stateName, type TransitGraph } from "./graph.js";

/** A line of the graph's CSV (in a graph and a path concatenated): its header or a row of commas. */
function isCsvLine(line: string): boolean {
  return line.includes(",");
}

/**
 * The path's text in labsolve's output: its json document's first model's witness, else the
 * text without `%` comment lines (labsolve's notes name states too).
 */
function pathText(text: string): string {
  if (text.trimStart().startsWith("{")) {
    try {
      const models = (JSON.parse(text) as { models?: { witness?: unknown }[] }).models;
      const w = models?.[0]?.witness;
      if (Array.isArray(w)) return w.join(" ");
    } catch {
      // not json: read as text
    }
  }
  return text.replace(/^[ \t]*%.*$/gm, "");
}

export const checker: TextChecker = {
  referee(input: TextInput, flags) {
    if (flags.rule !== undefined) throw new Error(`--rule ${flags.rule} is for text mazes; the transit graph has the turn rule in its passages`);
    const g = readTransitGraph(input.source.text, input.source.name);
    return { judge: (witness: Source) => judgePath(g, witness) };
  },
  report(input: TextInput) {
    const g = readTransitGraph(input.source.text, input.source.name);
    return {
      text: `transit graph: ${g.transits} transits, ${g.states} states, ${g.from.length} directed edges\n`,
      json: { rules: "theseus", transits: g.transits, states: g.states, edges: g.from.length },
      exitCode: 0,
    };
  },
  instanceEnd: (text) => instanceLinesEnd(text, isCsvLine),
};

/** Walks a path of states on the graph: the verdict, 1-based steps (edges). */
function judgePath(g: TransitGraph, witness: Source): JudgedWitness {
  {
    const states: number[] = [];
    const weights: (number | undefined)[] = [];
    const token = /(\d+)([ab])\)?(?:-\[([\d.]+)\]->)?/g;
    const text = pathText(witness.text);
    for (let m = token.exec(text); m; m = token.exec(text)) {
      states.push(2 * Number(m[1]) + (m[2] === "b" ? 1 : 0));
      weights.push(m[3] === undefined ? undefined : Number(m[3]));
    }
    if (states.length === 0) throw new InputError(witness.name, { line: 1, column: 1 }, "expected a path of transit states such as 0a 2a 5b ... 37a");
    let verdict: string | undefined;
    let step = 0;
    let weight = 0;
    const seen = new Set<number>();
    if (states[0] !== g.start) verdict = `the path starts at ${stateName(states[0])}, not at the entry ${stateName(g.start)}`;
    seen.add(states[0]);
    for (let i = 1; i < states.length && !verdict; i++) {
      const [a, b] = [states[i - 1], states[i]];
      let best = Infinity;
      for (let k = a < g.states ? g.outStart[a] : 0; a < g.states && k < g.outStart[a + 1]; k++) {
        const e = g.out[k];
        if (g.to[e] === b && (weights[i - 1] === undefined || weights[i - 1] === g.weight[e])) best = Math.min(best, g.weight[e]);
      }
      if (best === Infinity) {
        verdict = `step ${i}: no passage from ${stateName(a)} to ${stateName(b)}${weights[i - 1] !== undefined ? ` of weight ${weights[i - 1]}` : ""}`;
        step = i;
      } else if (seen.has(b)) {
        verdict = `step ${i}: ${stateName(b)} again: the path is not acyclic (no state twice)`;
        step = i;
      }
      seen.add(b);
      weight += best;
    }
    if (!verdict && states[states.length - 1] !== g.goal) verdict = `the path ends at ${stateName(states[states.length - 1])}, not at the exit ${stateName(g.goal)}`;
    const edges = states.length - 1;
    if (!verdict) {
      const v: Verdict = { rules: "theseus", valid: true, cost: weight, costKind: "weight", steps: edges };
      return { verdict: v, summary: `an acyclic path of ${edges} edges, weight ${weight.toFixed(1)}`, details: "" };
    }
    // a path that starts or ends wrong: step 0 (the start) or its last edge
    const at = step > 0 ? step : verdict.startsWith("the path ends") ? edges : 0;
    const v: Verdict = { rules: "theseus", valid: false, steps: edges, violation: { step: at, message: verdict.replace(/^step \d+: /, "") } };
    return { verdict: v, summary: "", details: "" };
  }
}
