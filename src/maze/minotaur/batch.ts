/**
 * The Minotaur's batch part (labsolve batch): the level's solver part (solve.ts, breadth-first
 * search) on one level, its answer judged by the level's checker (check.ts, labcheck's own
 * replay). The search runs on the calling thread: batch gives each row a worker thread.
 */
import { textBatchRunner } from "../../core/batch-row.js";
import type { BatchRunner } from "../../core/plugin.js";
import { checker } from "./check.js";
import { solver } from "./solve.js";

/** batch's part for Minotaur levels. */
export const runner: BatchRunner = textBatchRunner("minotaur", solver, checker);
