/** labshow's part for the transit graph: the shortest acyclic path, written as the published analysis writes paths (text), or the graph with that path drawn (svg). */
import type { Source, TextDrawing, TextInput } from "../../core/plugin.js";
import { readTransitGraph } from "./graph.js";
import { writtenEdges } from "./format.js";
import { shortestPath } from "./search/shortest.js";
import { transitGraphSvg } from "./svg.js";

export const drawing: TextDrawing = {
  formats: ["text", "svg"],
  async draw(input: TextInput, _witness: Source | undefined, options: { format: string; title: string }) {
    if (options.format !== "text" && options.format !== "svg") throw new Error(`--format ${options.format}: a transit graph is drawn as text or svg`);
    const g = readTransitGraph(input.source.text, input.source.name);
    const edges = shortestPath(g);
    if (options.format === "svg") return { text: transitGraphSvg(g, edges, options.title), exitCode: edges ? 0 : 20 };
    if (!edges) return { text: "no path\n", exitCode: 20 };
    return { text: `${writtenEdges(g, edges)}\n`, exitCode: 0 };
  },
};
