/** labshow's part for the transit graph: the shortest acyclic path, written as the published analysis writes paths (text only). */
import type { Source, TextDrawing, TextInput } from "../../core/plugin.js";
import { readTransitGraph } from "./graph.js";
import { writtenEdges } from "./format.js";
import { shortestPath } from "./search/shortest.js";

export const drawing: TextDrawing = {
  formats: ["text"],
  async draw(input: TextInput, _witness: Source | undefined, options: { format: string }) {
    if (options.format !== "text") throw new Error(`--format ${options.format}: a transit graph is drawn as text`);
    const g = readTransitGraph(input.source.text, input.source.name);
    const edges = shortestPath(g);
    if (!edges) return { text: "no path\n", exitCode: 20 };
    return { text: `${writtenEdges(g, edges)}\n`, exitCode: 0 };
  },
};
