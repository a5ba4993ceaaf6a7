/**
 * The HTML page to play a Minotaur level: one self-contained file (no network), the board
 * as SVG; arrow keys or WASD move Theseus, space (or X) waits; the Minotaur's two steps are
 * animated one after the other; U (or Backspace) undoes, R restarts, "Show the solution"
 * lists the optimal moves and plays them, and any key or button stops that replay at once
 * (the button reads "Stop" meanwhile). An escaped Theseus is drawn one cell out, in the
 * margin, whole; a caught one shares his cell with the Minotaur, both drawn smaller side by
 * side. The page keeps its own small copy of the rules (../shared/spec/text-maze.md,
 * section 3) in its script. WASD are keys for the hand (W north); labcheck's move letters
 * are compass initials (n e s w: w is west), and the page says so.
 *
 * What a test reads: body[data-state] "playing" | "won" | "lost"; body[data-busy] "1" while
 * moves are being played; body[data-replay] "1" while the solution plays; #moves (moves
 * made); #theseus and #minotaur [data-row][data-col] (1-based; Theseus' data-row 0 once
 * out); #minotaur[data-steps] the cells it was drawn on, one per step, in the last turn
 * ("2,3 2,2"); #message (the win or lose message); #solution (the optimal moves as words).
 * A page opened with `#fast` does not animate.
 */
import { startNote, type Level } from "./level.js";
import type { Move } from "./rules.js";
import { wallPath } from "./svg.js";

const CELL = 40;
/** The margin around the walls: a whole cell, where an escaped Theseus is drawn. */
const PAD = CELL;

const esc = (s: string): string => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** A self-contained page to play `level`; `solution` (the optimal moves, empty when none) is shown on request. */
export function playPage(level: Level, solution: readonly Move[], title: string): string {
  const W = level.cols * CELL + 2 * PAD;
  const H = level.rows * CELL + 2 * PAD;
  const note = startNote(level);
  const data = JSON.stringify({ rows: level.rows, cols: level.cols, open: [...level.open], theseus: level.theseus, minotaur: level.minotaur, solution, cell: CELL, pad: PAD });
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${esc(title)}</title>
<style>
body { font-family: sans-serif; margin: 2em; background: #faf7ef; color: #222; }
svg { background: #fbf6e9; border: 1px solid #ccc; }
.piece { transition: transform 0.12s linear; }
body.fast .piece { transition: none; }
#message { font-size: 1.3em; font-weight: bold; min-height: 1.5em; }
body[data-state="won"] #message { color: #1a7f37; }
body[data-state="lost"] #message { color: #b22; }
button { margin-right: 0.5em; }
#solution { font-family: monospace; max-width: 60em; word-wrap: break-word; }
</style>
</head>
<body data-state="playing">
<h1>${esc(title)}</h1>
<p>Arrow keys or WASD (W up, A left, S down, D right) move Theseus (blue) one cell; space or X waits. The Minotaur (red) then takes two steps toward him, horizontal first. Leave through the opening in the wall without being caught. U undoes, R restarts; any key stops the shown solution.</p>
<p id="letters">Moves written for <code>labcheck</code> are words or compass letters: <code>n e s w</code> are north, east, south and west (there <code>w</code> is west, not the W key's up).</p>
<svg id="board" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" role="img" aria-label="the level">
<path d="${wallPath(level, PAD, PAD, CELL)}" stroke="#333" stroke-width="4" stroke-linecap="square" fill="none"/>
<g id="minotaur" class="piece" data-row="" data-col=""><circle r="${CELL / 2.6}" fill="#b22"/><text y="6" text-anchor="middle" fill="#fff" font-size="16">M</text></g>
<g id="theseus" class="piece" data-row="" data-col=""><circle r="${CELL / 2.6}" fill="#25a"/><text y="6" text-anchor="middle" fill="#fff" font-size="16">T</text></g>
</svg>
<p>Moves: <span id="moves">0</span> <span id="best"></span></p>
${note === undefined ? "" : `<p id="note">${esc(note)}.</p>`}
<p id="message" role="status"></p>
<p><button id="undo">Undo (U)</button><button id="restart">Restart (R)</button><button id="show">Show the solution</button></p>
<p id="solution"></p>
<script>
"use strict";
const L = ${data};
const N = L.rows * L.cols;
const BIT = { north: 1, south: 2, east: 4, west: 8 };
const D = { north: [-1, 0], south: [1, 0], east: [0, 1], west: [0, -1] };
const KEYS = { ArrowUp: "north", ArrowDown: "south", ArrowLeft: "west", ArrowRight: "east", w: "north", s: "south", a: "west", d: "east", W: "north", S: "south", A: "west", D: "east", " ": "wait", x: "wait", X: "wait" };
const fast = location.hash === "#fast";
if (fast) document.body.classList.add("fast");
const delay = fast ? 0 : 140;
let t = L.theseus, m = L.minotaur, moves = 0, state = "playing";
const history = [];
const queue = [];
let busy = false;
let replaying = false;
const $ = (id) => document.getElementById(id);
document.getElementById("best").textContent = L.solution.length > 0 ? "(fewest: " + L.solution.length + ")" : "(this level has no escape)";
// dx: a shift within the cell, scale: the piece's size (both when the two share a cell)
function place(el, cell, out, dx, scale) {
  const r = Math.floor(cell / L.cols), c = cell % L.cols;
  let x = L.pad + c * L.cell + L.cell / 2 + (dx || 0), y = L.pad + r * L.cell + L.cell / 2;
  if (out) { x += out[1] * L.cell; y += out[0] * L.cell; }
  el.setAttribute("transform", "translate(" + x + " " + y + ")" + (scale ? " scale(" + scale + ")" : ""));
  el.dataset.row = out ? "0" : String(r + 1);
  el.dataset.col = out ? "0" : String(c + 1);
}
function show(out) {
  // caught: both on one cell, each drawn smaller on its half so that neither hides the other
  const both = !out && t === m;
  place($("theseus"), t, out, both ? -L.cell / 4 : 0, both ? 0.6 : 0);
  place($("minotaur"), m, undefined, both ? L.cell / 4 : 0, both ? 0.6 : 0);
  $("moves").textContent = String(moves);
  document.body.dataset.state = state;
}
function step(tt, mm) {
  const tc = tt % L.cols, mc = mm % L.cols, tr = Math.floor(tt / L.cols), mr = Math.floor(mm / L.cols);
  if (tc > mc && (L.open[mm] & BIT.east)) return mm + 1;
  if (tc < mc && (L.open[mm] & BIT.west)) return mm - 1;
  if (tr > mr && (L.open[mm] & BIT.south)) return mm + L.cols;
  if (tr < mr && (L.open[mm] & BIT.north)) return mm - L.cols;
  return mm;
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function play(move) {
  if (state !== "playing") return;
  let nt = t;
  if (move !== "wait") {
    if (!(L.open[t] & BIT[move])) { $("message").textContent = "A wall: Theseus cannot go " + move + "."; return; }
    const r = Math.floor(t / L.cols) + D[move][0], c = (t % L.cols) + D[move][1];
    history.push([t, m, moves]);
    moves++;
    if (r < 0 || r >= L.rows || c < 0 || c >= L.cols) {
      state = "won";
      show(D[move]);
      $("message").textContent = "Escaped in " + moves + " moves!" + (moves === L.solution.length ? " The fewest possible." : "");
      return;
    }
    nt = r * L.cols + c;
  } else {
    history.push([t, m, moves]);
    moves++;
  }
  t = nt;
  $("message").textContent = "";
  if (t === m) { state = "lost"; show(); $("message").textContent = "Caught! Theseus walked into the Minotaur after " + moves + " moves."; return; }
  show();
  const shown = [];
  for (let k = 0; k < 2; k++) {
    const next = step(t, m);
    if (next === m) break;
    m = next;
    await sleep(delay);
    show();
    shown.push($("minotaur").dataset.row + "," + $("minotaur").dataset.col);
  }
  $("minotaur").dataset.steps = shown.join(" ");
  if (m === t) { state = "lost"; show(); $("message").textContent = "Caught by the Minotaur after " + moves + " moves. Undo (U) or restart (R)."; }
}
function undo() {
  const h = history.pop();
  if (!h) return;
  [t, m, moves] = h;
  state = "playing";
  $("message").textContent = "";
  show();
}
function restart() {
  t = L.theseus; m = L.minotaur; moves = 0; state = "playing"; history.length = 0;
  $("message").textContent = "";
  show();
}
async function pump() {
  if (busy) return;
  busy = true;
  document.body.dataset.busy = "1";
  while (queue.length > 0) {
    const a = queue.shift();
    if (a === "undo") undo();
    else if (a === "restart") restart();
    else await play(a);
    if (queue.length > 0) await sleep(delay);
  }
  stopReplay();
  busy = false;
  document.body.dataset.busy = "";
}
// the solution's moves still to play are dropped: the replay ends at the move being played
function stopReplay() {
  if (!replaying) return;
  replaying = false;
  queue.length = 0;
  $("show").textContent = "Show the solution";
  document.body.dataset.replay = "";
}
// a player's action stops a replay first, then waits only for the move being played
function act(a) { stopReplay(); queue.push(a); pump(); }
document.addEventListener("keydown", (e) => {
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  const move = KEYS[e.key];
  if (move) { e.preventDefault(); act(move); }
  else if (e.key === "u" || e.key === "U" || e.key === "Backspace") { e.preventDefault(); act("undo"); }
  else if (e.key === "r" || e.key === "R") { e.preventDefault(); act("restart"); }
});
$("undo").addEventListener("click", () => act("undo"));
$("restart").addEventListener("click", () => act("restart"));
$("show").addEventListener("click", () => {
  if (replaying) { stopReplay(); return; }
  if (L.solution.length === 0) { $("solution").textContent = "No escape exists: the Minotaur always catches Theseus."; return; }
  $("solution").textContent = "The fewest moves (" + L.solution.length + "): " + L.solution.join(" ");
  act("restart");
  queue.push(...L.solution);
  replaying = true;
  $("show").textContent = "Stop";
  document.body.dataset.replay = "1";
  pump();
});
show();
</script>
</body>
</html>
`;
}
