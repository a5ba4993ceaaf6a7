/**
 * A text maze's search as a page that animates it step by step, in three kinds:
 * - a graph search (BFS, DFS, Dijkstra, A*): at step k the first k cells the algorithm took
 *   from its frontier are "visited" (the k-th "current": taken), the cells next to them
 *   through a passage and not yet visited are the "frontier";
 * - a walker (the wall follower, Trémaux): the cells walked so far, "current" where it stands;
 * - dead-end filling: the cells filled so far, "current" the one just filled;
 * and the last step shows the path over what was visited, walked or filled (no frontier).
 * The legend names the kind's states only. Self-contained (no network); buttons, a slider
 * and keys (arrows a step, or ten up and down, Home the start, End the path, space plays),
 * none of which scrolls the page; the maze is scaled to fit the window (at most 3x).
 * Cells carry data-row, data-col (1-based) and data-state; body carries data-kind.
 */
import type { TextMaze } from "../../core/maze-text.js";

const CELL = 24;

/** What the page shows for each algorithm (labsolve's names); any other is a graph search. */
type Kind = "search" | "walk" | "fill";
const KIND: Readonly<Record<string, Kind>> = { "wall-follower": "walk", tremaux: "walk", "dead-end-filling": "fill" };

/** The legend's words per kind: [current, visited, frontier or undefined]. */
const WORDS: Readonly<Record<Kind, [string, string, string | undefined]>> = {
  search: ["taken", "visited", "frontier"],
  walk: ["here", "walked", undefined],
  fill: ["just filled", "filled (dead ends)", undefined],
};

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
  const kind = KIND[algorithm] ?? "search";
  const [current, seen, frontier] = WORDS[kind];
  const data = { rows, cols, open: Array.from(open), visited: Array.from(visited), path, algorithm, kind, width: cols * CELL + 4, height: rows * CELL + 4 };
  const key = (colour: string, word: string, ink = "#000"): string => `<span class="key" style="background:${colour};color:${ink}">&nbsp;${esc(word)}&nbsp;</span>`;
  const legend = [key("#1e88e5", current, "#fff"), key("#90caf9", seen), ...(frontier ? [key("#ffd54f", frontier)] : []), key("#e57373", "path")].join(" ");
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title>
<style>
body { font-family: sans-serif; margin: 1em; }
svg { display: block; }
#keys { color: #555; font-size: 90%; }
.cell { fill: #fff; }
.cell[data-state="frontier"] { fill: #ffd54f; }
.cell[data-state="visited"] { fill: #90caf9; }
.cell[data-state="current"] { fill: #1e88e5; }
.cell[data-state="path"] { fill: #e57373; }
.walls { stroke: #000; stroke-width: 2; fill: none; stroke-linecap: square; }
text { font: bold 14px sans-serif; pointer-events: none; }
#controls { margin: .5em 0; }
</style></head>
<body data-kind="${kind}">
<h1>${esc(title)}</h1>
<p id="legend">${esc(algorithm)}: ${legend}</p>
<p id="keys">Keys: &larr; &rarr; a step, &uarr; &darr; ten steps, Home the start, End the path, space plays or pauses.</p>
<div id="controls"><button id="back">&larr; back</button> <button id="play">play</button> <button id="next">next &rarr;</button>
<input id="slider" type="range" min="0" max="${visited.length + 1}" value="0"> step <span id="step">0</span> / <span id="last">${visited.length + 1}</span> <span id="status"></span></div>
<svg id="maze" xmlns="http://www.w3.org/2000/svg" width="${cols * CELL + 4}" height="${rows * CELL + 4}" viewBox="-2 -2 ${cols * CELL + 4} ${rows * CELL + 4}">
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
    // the frontier is a graph search's, and only while it runs
    if (d.kind === "search" && step < last) {
      for (let j = 0; j < taken; j++) for (const n of neighbours(d.visited[j])) if (state[n] === "") state[n] = "frontier";
      if (step === 0) state[d.path[0]] = "frontier";
    }
    if (d.kind === "walk" && step === 0) state[d.path[0]] = "current";
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
  function play() {
    if (timer) return stop();
    if (step === last) show(0);
    document.getElementById("play").textContent = "pause";
    timer = setInterval(() => { if (step >= last) stop(); else show(step + 1); }, Math.max(15, 4000 / last));
  }
  document.getElementById("play").onclick = play;
  // the page's keys, never the browser's (no scrolling, the slider not moved twice)
  const KEYS = { ArrowRight: () => step + 1, ArrowLeft: () => step - 1, ArrowUp: () => step + 10, ArrowDown: () => step - 10, Home: () => 0, End: () => last };
  document.addEventListener("keydown", (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === " ") { e.preventDefault(); play(); return; }
    const to = KEYS[e.key];
    if (!to) return;
    e.preventDefault();
    stop();
    show(to());
  });
  // the maze as large as the window allows (at most 3x), kept in view below the controls
  const svg = document.getElementById("maze");
  function fit() {
    const top = svg.getBoundingClientRect().top + window.scrollY;
    const wide = document.documentElement.clientWidth - 2 * svg.getBoundingClientRect().left;
    const high = window.innerHeight - top - 8;
    const s = Math.max(0.05, Math.min(wide / d.width, high / d.height, 3));
    svg.setAttribute("width", String(d.width * s));
    svg.setAttribute("height", String(d.height * s));
  }
  window.addEventListener("resize", fit);
  fit();
  show(0);
})();
</script>
</body></html>
`;
}
