/**
 * A text maze's search as a page that animates it step by step: at step k the first k cells
 * the algorithm took from its frontier are "visited", the cells next to them through a
 * passage and not yet visited are the "frontier" (for BFS, Dijkstra, A* and recursive DFS
 * alike), and the last step shows the path. Self-contained (no network), buttons, a slider
 * and the arrow keys. Cells carry data-row, data-col (1-based) and data-state.
 */
import type { TextMaze } from "../../core/maze-text.js";

const CELL = 24;

function esc(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/**
 * @param visited cells in the order taken from the frontier (0-based)
 * @param path the answer's cells, start first (0-based; just the start when none)
 */
export function searchPage(maze: TextMaze, algorithm: string, visited: ArrayLike<number>, path: readonly number[], title: string): string {
  const { rows, cols, open } = maze;
  const rects: string[] = [];
  const walls: string[] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const o = open[r * cols + c];
      const x = c * CELL;
      const y = r * CELL;
      rects.push(`<rect class="cell" data-row="${r + 1}" data-col="${c + 1}" data-state="" x="${x}" y="${y}" width="${CELL}" height="${CELL}"/>`);
      if (!(o & 1)) walls.push(`M${x} ${y}h${CELL}`);
      if (!(o & 8)) walls.push(`M${x} ${y}v${CELL}`);
      if (r === rows - 1 && !(o & 2)) walls.push(`M${x} ${y + CELL}h${CELL}`);
      if (c === cols - 1 && !(o & 4)) walls.push(`M${x + CELL} ${y}v${CELL}`);
    }
  }
  const mark = (i: number, t: string): string =>
    i < 0 ? "" : `<text x="${(i % cols) * CELL + CELL / 2}" y="${Math.floor(i / cols) * CELL + CELL / 2 + 5}" text-anchor="middle">${t}</text>`;
  const data = { rows, cols, open: Array.from(open), visited: Array.from(visited), path, algorithm };
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title>
<style>
body { font-family: sans-serif; margin: 1em; }
.cell { fill: #fff; }
.cell[data-state="frontier"] { fill: #ffd54f; }
.cell[data-state="visited"] { fill: #90caf9; }
.cell[data-state="current"] { fill: #1e88e5; }
.cell[data-state="path"] { fill: #e57373; }
.walls { stroke: #000; stroke-width: 2; fill: none; stroke-linecap: square; }
text { font: bold 14px sans-serif; pointer-events: none; }
#controls { margin: .5em 0; }
</style></head>
<body>
<h1>${esc(title)}</h1>
<p>${esc(algorithm)}: <span class="key" style="background:#1e88e5;color:#fff">&nbsp;taken&nbsp;</span> <span style="background:#90caf9">&nbsp;visited&nbsp;</span> <span style="background:#ffd54f">&nbsp;frontier&nbsp;</span> <span style="background:#e57373">&nbsp;path&nbsp;</span></p>
<div id="controls"><button id="back">&larr; back</button> <button id="play">play</button> <button id="next">next &rarr;</button>
<input id="slider" type="range" min="0" max="${visited.length + 1}" value="0"> step <span id="step">0</span> / <span id="last">${visited.length + 1}</span> <span id="status"></span></div>
<svg xmlns="http://www.w3.org/2000/svg" width="${cols * CELL + 4}" height="${rows * CELL + 4}" viewBox="-2 -2 ${cols * CELL + 4} ${rows * CELL + 4}">
${rects.join("\n")}
<path class="walls" d="${walls.join("")}"/>
${mark(maze.start, "S")}${mark(maze.exit, "E")}
</svg>
<script type="application/json" id="data">${JSON.stringify(data).replace(/</g, "\\u003c")}</script>
<script>
(() => {
  const d = JSON.parse(document.getElementById("data").textContent);
  const cells = Array.from(document.querySelectorAll(".cell"));
  const last = d.visited.length + 1;
  const off = [-d.cols, 1, d.cols, -1];
  const bit = [1, 4, 2, 8];
  let step = 0;
  let timer = null;
  function neighbours(i) {
    const r = Math.floor(i / d.cols), c = i % d.cols, out = [];
    for (let k = 0; k < 4; k++) {
      if (!(d.open[i] & bit[k])) continue;
      const nr = r + (k === 0 ? -1 : k === 2 ? 1 : 0), nc = c + (k === 1 ? 1 : k === 3 ? -1 : 0);
      if (nr >= 0 && nr < d.rows && nc >= 0 && nc < d.cols) out.push(i + off[k]);
    }
    return out;
  }
  function show(k) {
    step = Math.max(0, Math.min(last, k));
    const state = new Array(d.rows * d.cols).fill("");
    const taken = Math.min(step, d.visited.length);
    for (let j = 0; j < taken; j++) state[d.visited[j]] = "visited";
    for (let j = 0; j < taken; j++) for (const n of neighbours(d.visited[j])) if (state[n] === "") state[n] = "frontier";
    if (step === 0) state[d.path[0]] = "frontier";
    if (taken > 0 && step < last) state[d.visited[taken - 1]] = "current";
    if (step === last) for (const c of d.path) state[c] = "path";
    cells.forEach((el, i) => el.setAttribute("data-state", state[i]));
    document.getElementById("step").textContent = String(step);
    document.getElementById("slider").value = String(step);
    document.getElementById("status").textContent = step === last ? (d.path.length > 1 ? "path: " + (d.path.length - 1) + " moves" : "no path") : step === 0 ? "start" : "taken: (" + (Math.floor(d.visited[taken - 1] / d.cols) + 1) + ", " + (d.visited[taken - 1] % d.cols + 1) + ")";
  }
  function stop() { if (timer) { clearInterval(timer); timer = null; document.getElementById("play").textContent = "play"; } }
  document.getElementById("next").onclick = () => { stop(); show(step + 1); };
  document.getElementById("back").onclick = () => { stop(); show(step - 1); };
  document.getElementById("slider").oninput = (e) => { stop(); show(Number(e.target.value)); };
  document.getElementById("play").onclick = () => {
    if (timer) return stop();
    if (step === last) show(0);
    document.getElementById("play").textContent = "pause";
    timer = setInterval(() => { if (step >= last) stop(); else show(step + 1); }, Math.max(15, 4000 / last));
  };
  document.addEventListener("keydown", (e) => { if (e.key === "ArrowRight") { stop(); show(step + 1); } if (e.key === "ArrowLeft") { stop(); show(step - 1); } });
  show(0);
})();
</script>
</body></html>
`;
}
