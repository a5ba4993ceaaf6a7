/**
 * A batch row's worker thread (src/batch/run.ts inThread): runs one instance with the
 * batch part of the rule set named in its data (through the registry) and posts the row.
 * For batch parts whose search runs on the calling thread (BatchRunner.ownThreads false).
 */
import { parentPort, workerData } from "node:worker_threads";
import type { BatchRunOptions } from "../core/plugin.js";
import { ruleSetNamed } from "../registry.js";

const data = workerData as { rules: string; text: string; name: string; options: BatchRunOptions };
const entry = ruleSetNamed(data.rules);
if (!("batch" in entry) || !entry.batch) throw new Error(`batch does not run instances of the rule set ${entry.name}`);
const runner = await entry.batch();
parentPort?.postMessage(await runner.run(data.text, data.name, data.options));
