/** The transit-graph CSV's recogniser (src/registry.ts asks it before any facts are read). Cheap: one line. */

/** The header of ../shared/spec/text-maze.md, section 2. */
export const TRANSIT_HEADER = "node1,node2,weight,direction1,direction2";

/**
 * True when the first non-blank line (a byte order mark skipped) is the transit graph's
 * header, another header beginning `node1,`, or a passage line without its header (it
 * begins with a number and a comma: no ASP facts, PDDL or text maze begins so), so that
 * the graph's reader says what is wrong (`expected the header ...`).
 */
export function isTransitCsv(text: string): boolean {
  const first = text.split(/\r?\n/, 8).find((l) => l.trim() !== "");
  if (first === undefined) return false;
  const line = first.replace(/^\uFEFF/, "").trim();
  return line.replace(/\s*,\s*/g, ",") === TRANSIT_HEADER || /^node1\s*,/.test(line) || /^\d+(\.\d+)?\s*,/.test(line);
}
