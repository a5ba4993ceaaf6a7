/** The transit-graph CSV's recogniser (src/registry.ts asks it before any facts are read): its header line. Cheap: one line. */

/** The header of ../shared/spec/text-maze.md, section 2. */
export const TRANSIT_HEADER = "node1,node2,weight,direction1,direction2";

/** True when the first non-blank line is the transit graph's header. */
export function isTransitCsv(text: string): boolean {
  const first = text.split(/\r?\n/, 8).find((l) => l.trim() !== "");
  return first !== undefined && first.replace(/^\uFEFF/, "").trim().replace(/\s*,\s*/g, ",") === TRANSIT_HEADER;
}
