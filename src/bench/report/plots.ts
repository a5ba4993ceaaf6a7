/**
 * The bench's plots as SVG, drawn in Node without a browser: Vega-Lite specifications
 * compiled by vega-lite and rendered by vega's SVG renderer (a headless View). Each point
 * mark carries an `aria-label` with its values (vega's ARIA support), which readers and
 * tests can read from the page.
 * - cactus (survivor): a line a solver, instances solved (y) against the time by which they
 *   were solved (x, log scale);
 * - scatter: two solvers' wall times per instance, log-log; an instance one of them did not
 *   solve sits on the edge (the time limit, or twice the greatest time without one), with
 *   the diagonal;
 * - CDF: the fraction of the instances solved (y) by time (x, log scale), a line a solver.
 */
import * as vega from "vega";
import * as vegaLite from "vega-lite";
import type { BenchViews } from "./tables.js";

type Spec = vegaLite.TopLevelSpec;

async function svgOf(spec: Spec): Promise<string> {
  const view = new vega.View(vega.parse(vegaLite.compile(spec).spec), { renderer: "none" });
  const svg = await view.toSVG();
  view.finalize();
  return svg;
}

/** The least time shown on a log axis (a solved time of 0 would not show). */
const FLOOR = 0.001;

/** The solved times of each solver, sorted. */
function solvedTimes(v: BenchViews): Map<string, number[]> {
  return new Map(
    v.solvers.map((s) => [
      s,
      v.instanceLines
        .map((l) => l.cells[s])
        .filter((c) => c?.solved)
        .map((c) => Math.max(c!.wallSeconds, FLOOR))
        .sort((a, b) => a - b),
    ]),
  );
}

/** A step line a solver of what it solved by time (log): the cactus plot and the CDF differ in their y only. */
function solvedByTimeSvg(v: BenchViews, title: string, values: object[], y: Record<string, unknown>): Promise<string> {
  return svgOf({
    title,
    width: 480,
    height: 320,
    data: { values },
    mark: { type: "line", point: true, interpolate: "step-after" },
    encoding: {
      x: { field: "seconds", type: "quantitative", scale: { type: "log" }, title: "wall time (s, log)" },
      y,
      color: { field: "solver", type: "nominal", scale: { domain: v.solvers } },
    },
  });
}

/** The cactus plot: instances solved against time (log), a line a solver. */
export function cactusSvg(v: BenchViews): Promise<string> {
  const values = [...solvedTimes(v)].flatMap(([solver, times]) => times.map((t, k) => ({ solver, seconds: t, solved: k + 1 })));
  return solvedByTimeSvg(v, "Cactus: instances solved by time", values, {
    field: "solved",
    type: "quantitative",
    title: "instances solved",
    scale: { domainMin: 0 },
    axis: { tickMinStep: 1, format: "d" },
  });
}

/** The CDF: fraction of the instances solved by time (log), a line a solver. */
export function cdfSvg(v: BenchViews): Promise<string> {
  const n = Math.max(v.instances.length, 1);
  const values = [...solvedTimes(v)].flatMap(([solver, times]) => times.map((t, k) => ({ solver, seconds: t, fraction: (k + 1) / n })));
  return solvedByTimeSvg(v, "CDF: fraction of the instances solved by time", values, { field: "fraction", type: "quantitative", title: "fraction solved", scale: { domain: [0, 1] } });
}

/**
 * The scatter plot of two solvers' times, log-log; unsolved on the edge.
 * @returns the SVG and the edge value (seconds)
 */
export async function scatterSvg(v: BenchViews, a: string, b: string): Promise<{ svg: string; edge: number }> {
  const solvedMax = Math.max(FLOOR, ...[...solvedTimes(v).values()].flat());
  const edge = v.timeLimit ?? solvedMax * 2;
  const time = (s: string, i: number): number => {
    const c = v.instanceLines[i].cells[s];
    return c?.solved ? Math.max(c.wallSeconds, FLOOR) : edge;
  };
  const values = v.instanceLines.map((l, i) => ({ instance: l.instance, [a]: time(a, i), [b]: time(b, i) }));
  const low = Math.min(FLOOR * 10, ...values.flatMap((p) => [p[a] as number, p[b] as number]));
  const domain = [low / 1.5, edge * 1.5];
  const svg = await svgOf({
    title: `Scatter: ${a} against ${b} (unsolved on the edge, ${edge} s)`,
    width: 360,
    height: 360,
    layer: [
      {
        data: { values: [{ t: domain[0] }, { t: domain[1] }] },
        mark: { type: "line", color: "#999", strokeDash: [4, 4] },
        encoding: { x: { field: "t", type: "quantitative", scale: { type: "log", domain } }, y: { field: "t", type: "quantitative", scale: { type: "log", domain } } },
      },
      {
        data: { values },
        mark: { type: "point", filled: true },
        encoding: {
          x: { field: a, type: "quantitative", scale: { type: "log", domain }, title: `${a} wall time (s, log)` },
          y: { field: b, type: "quantitative", scale: { type: "log", domain }, title: `${b} wall time (s, log)` },
          tooltip: [{ field: "instance" }, { field: a }, { field: b }],
        },
      },
    ],
  } as Spec);
  return { svg, edge };
}
