/**
 * The board game's batch part (labsolve batch): the game's solver part (solve.ts) on one
 * instance, its answer judged by the game's referee (referee.ts, labcheck's), never by the
 * search's code. The search runs on the calling thread: batch gives each row a worker thread.
 */
import { factsBatchRunner } from "../../core/batch-row.js";
import type { BatchRunner } from "../../core/plugin.js";
import { checker } from "./referee.js";
import { solver } from "./solve.js";

/** batch's part for game instances. */
export const runner: BatchRunner = factsBatchRunner("game", solver, checker);
