/**
 * Theseus' transit graph (../shared/spec/text-maze.md, section 2), read from its CSV with
 * errors at LINE:COL, as the directed multigraph of transit states.
 *
 * A transit (a door, numbered from 0) has two states: passed moving up or right (state
 * 2t, written `ta`), or moving down or left (state 2t+1, `tb`). A line
 * `node1,node2,weight,direction1,direction2` is a passage through a room; it gives two
 * directed edges: node1's state by its side direction1 (u or r: up/right, else down/left)
 * to node2's state by direction2 (d or l: up/right, else down/left), and the way back with
 * both states flipped. Theseus enters at transit 0 passing it upwards (`0a`) and leaves by
 * the highest-numbered transit upwards (`37a` in the puzzle's graph).
 */
import { InputError } from "../../core/errors.js";
import { TRANSIT_HEADER } from "./recognise.js";

export interface TransitGraph {
  transits: number;
  /** states = 2 x transits */
  states: number;
  /** directed edges: from, to (states), weight, and the CSV line (0-based data line) they come from */
  from: Int32Array;
  to: Int32Array;
  weight: Float64Array;
  line: Int32Array;
  /** outgoing edges of state s: edge ids out[outStart[s] .. outStart[s+1]) */
  outStart: Int32Array;
  out: Int32Array;
  /** per data line: the room side letters, for the room analysis: [node1, dir1, node2, dir2] */
  passages: { node1: number; dir1: string; node2: number; dir2: string }[];
  start: number;
  goal: number;
}

/** `ta` or `tb`. */
export function stateName(s: number): string {
  return `${s >> 1}${s & 1 ? "b" : "a"}`;
}

/**
 * Reads the transit-graph CSV.
 * @throws InputError at LINE:COL (1-based) for a wrong header, a line without five fields,
 *   a node that is no non-negative integer, a weight that is no non-negative number, a
 *   direction other than u, d, l, r
 */
export function readTransitGraph(text: string, file: string): TransitGraph {
  const lines = text.split(/\r?\n/);
  let i = 0;
  while (i < lines.length && lines[i].trim() === "") i++;
  if (i >= lines.length || lines[i].replace(/^\uFEFF/, "").trim().replace(/\s*,\s*/g, ",") !== TRANSIT_HEADER) {
    const found = i >= lines.length ? "end of input" : `'${lines[i].replace(/^\uFEFF/, "").trim().slice(0, 60)}'`;
    throw new InputError(file, { line: Math.min(i, lines.length - 1) + 1, column: 1 }, `expected the header ${TRANSIT_HEADER}, found ${found}`);
  }
  const rows: { n1: number; n2: number; w: number; d1: string; d2: string }[] = [];
  for (let k = i + 1; k < lines.length; k++) {
    const line = lines[k];
    if (line.trim() === "") continue;
    const fields: { text: string; column: number }[] = [];
    let col = 1;
    for (const f of line.split(",")) {
      const lead = f.length - f.trimStart().length;
      fields.push({ text: f.trim(), column: col + lead });
      col += f.length + 1;
    }
    if (fields.length !== 5) throw new InputError(file, { line: k + 1, column: fields.length > 5 ? fields[5].column - 1 : line.length + 1 }, `expected 5 fields (node1,node2,weight,direction1,direction2), found ${fields.length}`);
    const node = (f: { text: string; column: number }, what: string): number => {
      if (!/^\d{1,6}$/.test(f.text)) throw new InputError(file, { line: k + 1, column: f.column }, `expected ${what}: a transit number (0, 1, ...), found '${f.text}'`);
      return Number(f.text);
    };
    const n1 = node(fields[0], "node1");
    const n2 = node(fields[1], "node2");
    if (!/^\d+(\.\d+)?$/.test(fields[2].text)) throw new InputError(file, { line: k + 1, column: fields[2].column }, `expected weight: a non-negative number such as 2.5, found '${fields[2].text}'`);
    const w = Number(fields[2].text);
    const dir = (f: { text: string; column: number }, what: string): string => {
      if (!/^[udlr]$/.test(f.text)) throw new InputError(file, { line: k + 1, column: f.column }, `expected ${what}: u, d, l or r, found '${f.text}'`);
      return f.text;
    };
    rows.push({ n1, n2, w, d1: dir(fields[3], "direction1"), d2: dir(fields[4], "direction2") });
  }
  if (rows.length === 0) throw new InputError(file, { line: lines.length, column: 1 }, "expected at least one passage line after the header");
  let transits = 0;
  for (const r of rows) transits = Math.max(transits, r.n1 + 1, r.n2 + 1);
  const states = 2 * transits;
  const m = 2 * rows.length;
  const from = new Int32Array(m);
  const to = new Int32Array(m);
  const weight = new Float64Array(m);
  const line = new Int32Array(m);
  rows.forEach((r, k) => {
    const up1 = r.d1 === "u" || r.d1 === "r" ? 0 : 1; // node1 passed up/right (a) when left by its u/r side
    const up2 = r.d2 === "d" || r.d2 === "l" ? 0 : 1; // node2 passed up/right (a) when reached from its d/l side
    from[2 * k] = 2 * r.n1 + up1;
    to[2 * k] = 2 * r.n2 + up2;
    from[2 * k + 1] = 2 * r.n2 + (1 - up2);
    to[2 * k + 1] = 2 * r.n1 + (1 - up1);
    weight[2 * k] = weight[2 * k + 1] = r.w;
    line[2 * k] = line[2 * k + 1] = k;
  });
  const outStart = new Int32Array(states + 1);
  for (let e = 0; e < m; e++) outStart[from[e] + 1]++;
  for (let s = 0; s < states; s++) outStart[s + 1] += outStart[s];
  const fill = outStart.slice(0, states);
  const out = new Int32Array(m);
  for (let e = 0; e < m; e++) out[fill[from[e]]++] = e;
  return {
    transits, states, from, to, weight, line, outStart, out,
    passages: rows.map((r) => ({ node1: r.n1, dir1: r.d1, node2: r.n2, dir2: r.d2 })),
    start: 0,
    goal: 2 * (transits - 1),
  };
}
