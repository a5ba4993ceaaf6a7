/**
 * One self-contained HTML page (inline CSS and script, no network) that steps through a
 * solution: buttons first / back / next / last and the arrow keys (left, right, Home,
 * End). The board is plain elements the browser test reads: `#board .tile` with
 * `data-row`, `data-col`, `data-open` (opening bits), classes `reachable`, `pawn`, `goal`,
 * `exit` (and `exit-n`/`-s`/`-e`/`-w`, the side to leave by); `.label` cells around the
 * board with the row and column numbers (`data-row`, `data-col`), the pushed line's label
 * with an arrow (`.pushed-arrow`); `#legend`; `#step` the step number, `#action` the atom,
 * `#spare` the spare tile. Each push slides its line in with a CSS transition. The arrow
 * keys, Home and End step without scrolling the page.
 */
import type { ShowPlay } from "../core/play.js";

const escape = (s: string): string => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The page for a replayed solution. */
export function playHtml(play: ShowPlay, title: string): string {
  // JSON inside a <script> element: "<" escaped so that no "</script>" can end it
  const data = JSON.stringify(play).replace(/</g, "\\u003c");
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escape(title)}</title>
<style>
  body { font-family: sans-serif; margin: 1.5em; background: #fafafa; }
  #board { display: grid; gap: 2px; margin: 1em 0; width: max-content; }
  .tile { width: 44px; height: 44px; background: #4a4a4a; position: relative; transition: transform 0.35s ease; }
  .tile.reachable { background: #6b8fb8; }
  .tile .c, .tile .n, .tile .s, .tile .e, .tile .w { position: absolute; background: #f3ead7; }
  .tile .c { left: 15px; top: 15px; width: 14px; height: 14px; }
  .tile .n { left: 15px; top: 0; width: 14px; height: 22px; }
  .tile .s { left: 15px; bottom: 0; width: 14px; height: 22px; }
  .tile .e { right: 0; top: 15px; width: 22px; height: 14px; }
  .tile .w { left: 0; top: 15px; width: 22px; height: 14px; }
  .tile.goal::after { content: ""; position: absolute; left: 8px; top: 8px; width: 22px; height: 22px; border: 3px solid #d4a017; border-radius: 50%; }
  .tile.exit { outline: 3px solid #2e9e44; }
  .tile.exit-n { box-shadow: inset 0 7px 0 #2e9e44; } .tile.exit-s { box-shadow: inset 0 -7px 0 #2e9e44; }
  .tile.exit-e { box-shadow: inset -7px 0 0 #2e9e44; } .tile.exit-w { box-shadow: inset 7px 0 0 #2e9e44; }
  .label { width: 44px; height: 44px; display: flex; align-items: center; justify-content: center; color: #555; font-size: 0.9em; }
  .label.pushed-arrow { color: #c0392b; font-weight: bold; font-size: 1.1em; }
  #legend span.key { display: inline-block; width: 14px; height: 14px; vertical-align: middle; margin: 0 0.3em 0 1em; }
  .tile.pawn::before { content: ""; position: absolute; left: 14px; top: 14px; width: 16px; height: 16px; background: #c0392b; border-radius: 50%; z-index: 1; }
  .tile.slide-e { transform: translateX(-46px); } .tile.slide-w { transform: translateX(46px); }
  .tile.slide-n { transform: translateY(46px); } .tile.slide-s { transform: translateY(-46px); }
  .tile.slide-e, .tile.slide-w, .tile.slide-n, .tile.slide-s { transition: none; }
  #controls button { font-size: 1em; margin-right: 0.3em; }
  #spare-box { display: none; } #spare-box.shown { display: block; }
</style>
</head>
<body>
<h1>${escape(title)}</h1>
<div id="controls">
  <button id="first" title="Home">&#x25c0;&#x25c0; first</button><button id="prev" title="left arrow">&#x25c0; back</button><button id="next" title="right arrow">next &#x25b6;</button><button id="last" title="End">last &#x25b6;&#x25b6;</button>
  <span>step <span id="step">0</span> of <span id="steps"></span>: <code id="action"></code></span>
</div>
<div id="board"></div>
<p id="legend"><span class="key" style="background:#6b8fb8"></span>reachable<span class="key" style="background:#c0392b;border-radius:50%"></span>pawn<span class="key" style="border:3px solid #d4a017;border-radius:50%;box-sizing:border-box"></span>goal<span class="key" style="border:3px solid #2e9e44;box-sizing:border-box"></span>exit (the thick side: leave there)<span class="key" style="color:#c0392b;font-weight:bold;width:auto">&#x2192;</span>the line pushed, and which way; rows from the south (1), columns from the west (1)</p>
<div id="spare-box">spare tile: <div id="spare" class="tile"></div></div>
<p id="verdict"></p>
<script id="play" type="application/json">${data}</script>
<script>
(function () {
  "use strict";
  var play = JSON.parse(document.getElementById("play").textContent);
  var board = document.getElementById("board");
  var at = 0;
  board.style.gridTemplateColumns = "repeat(" + (play.cols + 1) + ", 44px)";
  var ARROWS = { e: "\u2192", w: "\u2190", n: "\u2191", s: "\u2193" };
  function label(text, row, col, pushed) {
    var el = document.createElement("div");
    el.className = "label" + (pushed ? " pushed-arrow" : "");
    el.textContent = text;
    if (row) el.dataset.row = String(row);
    if (col) el.dataset.col = String(col);
    return el;
  }
  function corridors(el, bits) {
    el.innerHTML = "";
    var parts = ["c"];
    if (bits & 1) parts.push("n");
    if (bits & 2) parts.push("s");
    if (bits & 4) parts.push("e");
    if (bits & 8) parts.push("w");
    parts.forEach(function (p) { var d = document.createElement("div"); d.className = p; el.appendChild(d); });
  }
  function onLine(p, row, col) {
    return p && ((p.direction === "e" || p.direction === "w") ? row === p.line : col === p.line);
  }
  function show(k, animate) {
    at = Math.max(0, Math.min(play.steps.length - 1, k));
    var s = play.steps[at];
    var pawn = {};
    s.pawn.forEach(function (i) { pawn[i] = true; });
    board.innerHTML = "";
    var p = s.pushed;
    var rowPushed = p && (p.direction === "e" || p.direction === "w");
    var colPushed = p && (p.direction === "n" || p.direction === "s");
    board.appendChild(label("", 0, 0, false));
    for (var c = 1; c <= play.cols; c++) {
      var cp = colPushed && p.line === c;
      board.appendChild(label(cp ? c + ARROWS[p.direction] : String(c), 0, c, cp));
    }
    for (var row = play.rows; row >= 1; row--) {
      var rp = rowPushed && p.line === row;
      board.appendChild(label(rp ? row + ARROWS[p.direction] : String(row), row, 0, rp));
      for (var col = 1; col <= play.cols; col++) {
        var i = (row - 1) * play.cols + (col - 1);
        var el = document.createElement("div");
        el.className = "tile";
        el.dataset.row = String(row);
        el.dataset.col = String(col);
        el.dataset.open = String(s.tiles[i]);
        corridors(el, s.tiles[i]);
        if (pawn[i]) el.classList.add(play.drawing.pawnClass);
        if (play.drawing.shadeMany && play.steps[at].pawn.length > 1 && pawn[i]) el.classList.add("reachable");
        if (s.goal.row === row && s.goal.col === col) {
          el.classList.add(play.goalKind === "exit" ? "exit" : "goal");
          if (play.goalKind === "exit" && play.exitSide) el.classList.add("exit-" + play.exitSide);
        }
        if (animate && onLine(s.pushed, row, col)) el.classList.add("slide-" + s.pushed.direction);
        board.appendChild(el);
      }
    }
    if (animate) {
      void board.offsetWidth;
      Array.prototype.forEach.call(board.querySelectorAll(".slide-e, .slide-w, .slide-n, .slide-s"), function (el) {
        el.classList.remove("slide-e", "slide-w", "slide-n", "slide-s");
      });
    }
    document.getElementById("step").textContent = String(s.step);
    document.getElementById("steps").textContent = String(play.steps.length - 1);
    document.getElementById("action").textContent = s.step === 0 ? "start" : s.action;
    var spareBox = document.getElementById("spare-box");
    if (s.spare !== undefined && s.spare !== null) {
      spareBox.classList.add("shown");
      var spare = document.getElementById("spare");
      spare.dataset.open = String(s.spare);
      corridors(spare, s.spare);
    }
  }
  document.getElementById("first").addEventListener("click", function () { show(0, false); });
  document.getElementById("prev").addEventListener("click", function () { show(at - 1, false); });
  document.getElementById("next").addEventListener("click", function () { show(at + 1, true); });
  document.getElementById("last").addEventListener("click", function () { show(play.steps.length - 1, false); });
  document.addEventListener("keydown", function (e) {
    if (e.key === "ArrowRight") show(at + 1, true);
    else if (e.key === "ArrowLeft") show(at - 1, false);
    else if (e.key === "Home") show(0, false);
    else if (e.key === "End") show(play.steps.length - 1, false);
    else return;
    // the keys step through the solution; they do not also scroll the page
    e.preventDefault();
  });
  document.getElementById("verdict").textContent = play.verdict;
  show(0, false);
})();
</script>
</body>
</html>
`;
}
