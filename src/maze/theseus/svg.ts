/**
 * The transit graph as SVG: each transit (door) a numbered circle, each CSV line (a passage
 * through a room) a line labelled with its weight, the shortest acyclic path in red with
 * arrows in its direction, the entrance (transit 0) and the exit (the last transit) marked.
 * The graph has no coordinates: transits are laid out in columns by their number of
 * passages from the entrance (a breadth-first search over the lines), top to bottom by
 * number within a column.
 */
import { stateName, type TransitGraph } from "./graph.js";

const COLUMN = 110;
const ROW = 56;
const MARGIN = 40;
const RADIUS = 14;

function esc(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** Each transit's column (passages from transit 0; unreachable ones in a last column) and row. */
function layout(g: TransitGraph): { x: Float64Array; y: Float64Array; width: number; height: number } {
  const layer = new Int32Array(g.transits).fill(-1);
  const queue = [0];
  layer[0] = 0;
  for (let h = 0; h < queue.length; h++) {
    const t = queue[h];
    for (const p of g.passages) {
      const other = p.node1 === t ? p.node2 : p.node2 === t ? p.node1 : -1;
      if (other >= 0 && layer[other] < 0) {
        layer[other] = layer[t] + 1;
        queue.push(other);
      }
    }
  }
  let last = 0;
  for (const l of layer) last = Math.max(last, l);
  for (let t = 0; t < g.transits; t++) if (layer[t] < 0) layer[t] = last + 1;
  const used = new Int32Array(last + 2);
  const x = new Float64Array(g.transits);
  const y = new Float64Array(g.transits);
  let rows = 0;
  for (let t = 0; t < g.transits; t++) {
    x[t] = MARGIN + layer[t] * COLUMN;
    y[t] = MARGIN + used[layer[t]]++ * ROW;
    rows = Math.max(rows, used[layer[t]]);
  }
  const columns = used[last + 1] > 0 ? last + 2 : last + 1;
  return { x, y, width: 2 * MARGIN + (columns - 1) * COLUMN, height: 2 * MARGIN + (rows - 1) * ROW + 30 };
}

/**
 * A passage from (x1, y1) to (x2, y2), cut short by the circles' radius: straight, or bent
 * sideways when it joins two transits of one column that are not neighbours (a straight
 * line would run through the transits between them). The label's place: the curve's middle.
 */
function passage(x1: number, y1: number, x2: number, y2: number): { d: string; lx: number; ly: number } {
  const bend = x1 === x2 && Math.abs(y2 - y1) > ROW;
  const cx = bend ? x1 + 0.4 * Math.abs(y2 - y1) : (x1 + x2) / 2;
  const cy = (y1 + y2) / 2;
  const cut = (ax: number, ay: number): [number, number] => {
    const len = Math.hypot(cx - ax, cy - ay) || 1;
    return [ax + ((cx - ax) * RADIUS) / len, ay + ((cy - ay) * RADIUS) / len];
  };
  const [sx, sy] = cut(x1, y1);
  const [ex, ey] = cut(x2, y2);
  const f = (v: number): string => v.toFixed(1);
  return {
    d: bend ? `M${f(sx)} ${f(sy)}Q${f(cx)} ${f(cy)} ${f(ex)} ${f(ey)}` : `M${f(sx)} ${f(sy)}L${f(ex)} ${f(ey)}`,
    lx: bend ? 0.25 * x1 + 0.5 * cx + 0.25 * x2 : cx,
    ly: cy,
  };
}

/**
 * @param path the edge ids of the path to draw in red (from g.start), or undefined for none
 * @returns an SVG document (UTF-8 text)
 */
export function transitGraphSvg(g: TransitGraph, path: readonly number[] | undefined, title: string): string {
  const { x, y, width, height } = layout(g);
  const onPath = new Set<number>((path ?? []).map((e) => g.line[e]));
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif">`);
  out.push(`<title>${esc(title)}</title>`);
  out.push(`<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0 0L10 5L0 10z" fill="#d62728"/></marker></defs>`);
  out.push(`<g class="passages">`);
  g.passages.forEach((p, k) => {
    if (onPath.has(k)) return;
    const c = passage(x[p.node1], y[p.node1], x[p.node2], y[p.node2]);
    out.push(`<g class="passage"><path d="${c.d}" stroke="#888" stroke-width="1.5" fill="none"/>` +
      `<text x="${c.lx.toFixed(1)}" y="${(c.ly - 3).toFixed(1)}" text-anchor="middle" font-size="10" fill="#555">${g.weight[2 * k].toFixed(1)}</text>` +
      `<title>transit ${p.node1} (${p.dir1}) to transit ${p.node2} (${p.dir2}): ${g.weight[2 * k].toFixed(1)}</title></g>`);
  });
  out.push(`</g>`);
  if (path && path.length > 0) {
    out.push(`<g class="path">`);
    let total = 0;
    path.forEach((e, i) => {
      total += g.weight[e];
      const a = g.from[e] >> 1;
      const b = g.to[e] >> 1;
      const c = passage(x[a], y[a], x[b], y[b]);
      out.push(`<g class="step"><path d="${c.d}" stroke="#d62728" stroke-width="3" fill="none" marker-end="url(#arrow)"/>` +
        `<text x="${c.lx.toFixed(1)}" y="${(c.ly - 4).toFixed(1)}" text-anchor="middle" font-size="11" font-weight="bold" fill="#d62728">${g.weight[e].toFixed(1)}</text>` +
        `<title>step ${i + 1}: ${stateName(g.from[e])} to ${stateName(g.to[e])}, ${g.weight[e].toFixed(1)}</title></g>`);
    });
    out.push(`</g>`);
    out.push(`<text class="total" x="${MARGIN - RADIUS}" y="${height - 12}" font-size="13">shortest acyclic path: ${path.length} edges, weight ${total.toFixed(1)} (red)</text>`);
  } else {
    out.push(`<text class="total" x="${MARGIN - RADIUS}" y="${height - 12}" font-size="13">no path from the entrance to the exit</text>`);
  }
  out.push(`<g class="transits">`);
  const exit = g.goal >> 1;
  for (let t = 0; t < g.transits; t++) {
    const fill = t === 0 ? "#2ca02c" : t === exit ? "#8b0000" : "#ffffff";
    const ink = t === 0 || t === exit ? "#ffffff" : "#000000";
    const role = t === 0 ? " (entrance)" : t === exit ? " (exit)" : "";
    out.push(`<g class="transit"><circle cx="${x[t]}" cy="${y[t]}" r="${RADIUS}" fill="${fill}" stroke="#000"/>` +
      `<text x="${x[t]}" y="${y[t] + 4}" text-anchor="middle" font-size="12" fill="${ink}">${t}</text><title>transit ${t}${role}</title></g>`);
  }
  out.push(`</g>`);
  out.push(`</svg>`);
  return `${out.join("\n")}\n`;
}
