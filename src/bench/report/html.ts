/**
 * The report page: one self-contained HTML document (inline CSS and SVG, no script, no
 * network): the solvers' table (FAIL in red: a wrong answer is worse than none), the
 * instances' table (every solver's time, verdict and cost side by side, the fastest solved
 * time and the best known cost in bold), the cactus, scatter and CDF plots.
 */
import { SOLVER_COLUMNS, cellText, verdictText, type BenchViews } from "./tables.js";

const escape = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = `
body { font-family: sans-serif; margin: 2em; color: #222; }
table { border-collapse: collapse; margin: 1em 0; font-size: 14px; }
th, td { border: 1px solid #ccc; padding: 3px 8px; text-align: right; }
th { background: #f3f3f3; }
td:first-child, th:first-child { text-align: left; }
.fail { color: #c00000; font-weight: bold; }
.timeout, .memoryout, .error { color: #8a6d00; }
.best { font-weight: bold; }
figure { display: inline-block; margin: 1em; }
`;

/** The plots, as SVG text, and what the page says about them. */
export interface PagePlots {
  cactus: string;
  cdf: string;
  scatter?: { svg: string; a: string; b: string; edge: number };
}

/** The page. */
export function reportHtml(v: BenchViews, plots: PagePlots, title: string): string {
  const out: string[] = [];
  out.push(`<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title><style>${STYLE}</style></head><body>`);
  out.push(`<h1>${escape(title)}</h1>`);
  out.push(
    `<p>${v.solvers.length} solver(s), ${v.instances.length} instance(s)${v.timeLimit !== null ? `, time limit ${v.timeLimit} s` : ", no time limit"}. ` +
      `Solved: verified by the checker (OK) within the limits. PAR-k counts an unsolved instance as k × the time limit. ` +
      `Best / worst: instances where the solver was the fastest / the slowest of all.</p>`,
  );
  out.push(`<h2>Solvers</h2><table id="solvers"><thead><tr>${SOLVER_COLUMNS.map((c) => `<th>${escape(c.title)}</th>`).join("")}</tr></thead><tbody>`);
  for (const line of v.solverLines) {
    const cells = SOLVER_COLUMNS.map((c) => {
      const value = line[c.key];
      const cls = c.key === "fail" && line.fail > 0 ? ` class="fail"` : "";
      return `<td${cls}>${escape(cellText(value))}</td>`;
    });
    out.push(`<tr data-solver="${escape(line.solver)}">${cells.join("")}</tr>`);
  }
  out.push(`</tbody></table>`);
  out.push(`<h2>Instances</h2><table id="instances"><thead><tr><th rowspan="2">instance</th><th rowspan="2">best known cost</th>`);
  out.push(`${v.solvers.map((s) => `<th colspan="3">${escape(s)}</th>`).join("")}</tr><tr>${v.solvers.map(() => `<th>time (s)</th><th>verdict</th><th>cost</th>`).join("")}</tr></thead><tbody>`);
  for (const line of v.instanceLines) {
    const cells = [`<td>${escape(line.instance)}</td>`, `<td>${escape(cellText(line.bestKnown))}</td>`];
    for (const s of v.solvers) {
      const c = line.cells[s];
      if (!c) {
        cells.push(`<td></td><td></td><td></td>`);
        continue;
      }
      const kind = c.verdict === "FAIL" ? "fail" : c.limit === "time" ? "timeout" : c.limit === "memory" ? "memoryout" : c.verdict === "ERROR" ? "error" : "";
      cells.push(
        `<td${c.fastest ? ` class="best"` : ""}>${cellText(c.wallSeconds)}</td>` +
          `<td${kind ? ` class="${kind}"` : ""}>${escape(verdictText(c))}${c.optimal ? " (optimal)" : ""}</td>` +
          `<td${c.bestCost ? ` class="best"` : ""}>${escape(cellText(c.cost))}</td>`,
      );
    }
    out.push(`<tr data-instance="${escape(line.instance)}">${cells.join("")}</tr>`);
  }
  out.push(`</tbody></table>`);
  out.push(`<h2>Plots</h2>`);
  out.push(`<figure id="cactus">${plots.cactus}<figcaption>Cactus (survivor) plot: instances solved against wall time, log scale.</figcaption></figure>`);
  if (plots.scatter) {
    out.push(
      `<figure id="scatter">${plots.scatter.svg}<figcaption>${escape(plots.scatter.a)} against ${escape(plots.scatter.b)}, wall time, log-log; an instance one did not solve sits on the edge (${plots.scatter.edge} s).</figcaption></figure>`,
    );
  }
  out.push(`<figure id="cdf">${plots.cdf}<figcaption>CDF: fraction of the instances solved by wall time, log scale.</figcaption></figure>`);
  out.push(`</body></html>\n`);
  return out.join("\n");
}
