/**
 * The transit graph's batch part (labsolve batch): the graph's solver part (solve.ts, the
 * shortest acyclic path) on one CSV, its answer judged by the graph's checker (check.ts).
 * The search runs on the calling thread: batch gives each row a worker thread.
 */
import { textBatchRunner } from "../../core/batch-row.js";
import type { BatchRunner } from "../../core/plugin.js";
import { checker } from "./check.js";
import { solver } from "./solve.js";

/** batch's part for transit graphs in CSV. */
export const runner: BatchRunner = textBatchRunner("theseus", solver, checker);
