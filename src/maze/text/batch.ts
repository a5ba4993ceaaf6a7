/**
 * The text maze's batch part (labsolve batch): the maze's solver part (solve.ts, BFS: the
 * fewest moves) on one maze, its answer judged by the maze's checker (check.ts, its own
 * walk). A file of several mazes as `labgen maze --count K` writes them (each followed by
 * a blank line) is split into one row per maze. The search runs on the calling thread:
 * batch gives each row a worker thread.
 */
import { textBatchRunner } from "../../core/batch-row.js";
import { looksLikeTextMaze } from "../../core/maze-text.js";
import type { BatchRunner } from "../../core/plugin.js";
import { checker } from "./check.js";
import { solver } from "./solve.js";

/**
 * The mazes of a file, one text each, every text as long as the file up to its maze's
 * last line with the lines before its maze blanked (a maze's errors then point at the
 * file's LINE:COL). Mazes are cut where core/maze-text.ts's reader sees a second maze: at
 * a blank line with a start `S` before it (since the last cut) and a wall line after it
 * followed by another start; any other blank line is a row of the maze (open cells).
 * @returns one text when the file holds one maze (or is not a maze at all: its reader says why)
 */
export function splitMazes(text: string): string[] {
  const lines = (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).split(/\r?\n/);
  const hasStart = (from: number, to: number): boolean => {
    for (let i = from; i < to; i++) if (/S/.test(lines[i])) return true;
    return false;
  };
  const cuts: number[] = [];
  let from = 0;
  for (let i = 1; i + 1 < lines.length; i++) {
    if (lines[i].trim() !== "" || !looksLikeTextMaze(lines[i + 1])) continue;
    if (hasStart(from, i) && hasStart(i + 1, lines.length)) {
      cuts.push(i + 1);
      from = i + 1;
    }
  }
  if (cuts.length === 0) return [text];
  const bounds = [0, ...cuts, lines.length];
  const out: string[] = [];
  for (let k = 0; k + 1 < bounds.length; k++) out.push([...Array<string>(bounds[k]).fill(""), ...lines.slice(bounds[k], bounds[k + 1])].join("\n"));
  return out;
}

/** batch's part for text mazes. */
export const runner: BatchRunner = textBatchRunner("maze", solver, checker, splitMazes);
