/**
 * labshow's part for text mazes: the maze with a walk drawn on it, as text or SVG (walls,
 * start, exit, the path, and the shading by distance from the start that maze books
 * print). The walk is the witness's (replayed by the checker's simulation) or, without
 * one, the breadth-first answer.
 */
import { cellName } from "../../core/maze-grid.js";
import { MOVE_WORDS, readMoves } from "../../core/maze-moves.js";
import { mazePicture } from "../../core/maze-picture.js";
import { readTextMaze, type TextMaze } from "../../core/maze-text.js";
import type { Source, TextDrawing, TextInput } from "../../core/plugin.js";
import { turnRuleBreak, walk } from "./check.js";
import { distances } from "./distances.js";
import { searchPage } from "./html.js";
import { algorithmNamed } from "./search/algorithms.js";
import { bfs } from "./search/graph-search.js";
import { searchProblem } from "./search/problem.js";
import { turnShortest } from "./search/turn.js";
import { mazeSvgChunks, svgNote, svgRefusal } from "./svg.js";

/**
 * The walk to draw: its cells (start first), the move out of the maze when it leaves by a
 * border opening (-1 else), its moves (the move out counted, as labsolve and labcheck count
 * it), the verdict, and the exit code. `rule` "turn": a witness is drawn up to the first
 * move that breaks the turn rule; without a witness, the turn rule's shortest walk.
 */
function walkToDraw(maze: TextMaze, witness: Source | undefined, rule: string | undefined): { cells: number[]; out: number; moves: number; message?: string; exitCode: number } {
  if (witness) {
    const moves = readMoves(witness.text, witness.name).moves;
    const v = walk(maze, moves);
    // --rule turn: drawn up to the first move that goes straight on or back
    const broken = rule === "turn" ? turnRuleBreak(moves) : 0;
    if (broken > 0 && (v.valid || v.step === 0 || (v.step ?? 0) > broken)) {
      const upTo = walk(maze, moves.slice(0, broken - 1));
      return { cells: upTo.cells, out: upTo.out, moves: upTo.moves, message: `invalid: step ${broken}: ${MOVE_WORDS[moves[broken - 1]]} after ${MOVE_WORDS[moves[broken - 2]]}: the turn rule wants a turn left or right`, exitCode: 1 };
    }
    return { cells: v.cells, out: v.out, moves: v.moves, message: v.valid ? undefined : `invalid: ${v.message}`, exitCode: v.valid ? 0 : 1 };
  }
  if (rule === "turn") {
    const moves = turnShortest(maze, searchProblem(maze));
    if (!moves) return { cells: [maze.start], out: -1, moves: 0, message: "no solution: no walk obeying the turn rule reaches the exit", exitCode: 20 };
    const v = walk(maze, Array.from(moves));
    return { cells: v.cells, out: v.out, moves: v.moves, exitCode: 0 };
  }
  const r = bfs(searchProblem(maze));
  if (!r.found) return { cells: [maze.start], out: -1, moves: 0, message: "no solution: the exit cannot be reached from S", exitCode: 20 };
  const v = walk(maze, Array.from(r.moves));
  return { cells: v.cells, out: v.out, moves: v.moves, exitCode: 0 };
}

/**
 * The most cells the search page is built for: it holds an element per cell and replays the
 * search cell by cell (a 2000x2000 maze made a 529 MB page).
 */
export const PAGE_MAX_CELLS = 100_000;

/** Why a maze is too large for the search page, and what to do instead; undefined when it is drawn. */
export function pageRefusal(maze: { rows: number; cols: number }): string | undefined {
  const cells = maze.rows * maze.cols;
  if (cells <= PAGE_MAX_CELLS) return undefined;
  return `a ${maze.rows}x${maze.cols} maze (${cells} cells) is too large for the search page (at most ${PAGE_MAX_CELLS} cells): draw it as SVG (--format svg) or text (--format text), or generate a smaller maze`;
}

export const drawing: TextDrawing = {
  formats: ["text", "svg", "html"],
  async draw(input: TextInput, witness: Source | undefined, options: { format: string; step?: number; title: string; algorithm?: string; rule?: string }) {
    const maze = readTextMaze(input.source.text, input.source.name);
    // a picture too large to view is refused before any search, saying what to do instead
    const refusal = options.format === "html" ? pageRefusal(maze) : options.format === "svg" ? svgRefusal(maze) : undefined;
    if (refusal !== undefined) throw new Error(refusal);
    if (options.rule !== undefined && options.rule !== "turn") throw new Error(`--rule ${options.rule}: a text maze takes --rule turn`);
    if (options.algorithm !== undefined && options.format !== "html") throw new Error(`--algorithm is for --format html (the search page); the ${options.format} picture draws ${options.rule === "turn" ? "the turn rule's" : "BFS's"} shortest walk or the witness`);
    if (options.rule !== undefined && options.format === "html") throw new Error("--rule turn is drawn as text or svg; --format html animates a search by the maze's own rule");
    if (options.format === "html") {
      // the chosen algorithm's search, step by step, then its path
      const algorithm = algorithmNamed(options.algorithm ?? "bfs");
      const r = algorithm.run(searchProblem(maze));
      const cells = r.found ? walk(maze, Array.from(r.moves)).cells : [maze.start];
      return { text: searchPage(maze, algorithm.name, r.visited, cells, options.title), exitCode: r.found ? 0 : 20 };
    }
    const w = walkToDraw(maze, witness, options.rule);
    if (options.format === "svg") return { text: "", chunks: mazeSvgChunks(maze, w.cells, distances(maze), options.title, w.out), exitCode: w.exitCode, note: svgNote(maze) };
    if (options.format !== "text") throw new Error(`--format ${options.format}: a text maze is drawn as text, svg or html`);
    const marks = new Map<number, string>();
    for (const c of w.cells.slice(1)) marks.set(c, ".");
    const way = w.out >= 0 ? `; the last leaves by the opening ${MOVE_WORDS[w.out]} of ${cellName(maze.cols, w.cells[w.cells.length - 1])}` : "";
    const note = w.message ? `${w.message}\n` : `${w.moves} moves (. the path${way}${maze.exit < 0 ? "; E: an opening, the exit" : ""})\n`;
    return { text: `${mazePicture(maze, marks)}\n${note}`, exitCode: w.exitCode };
  },
};
