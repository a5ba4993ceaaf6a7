/** Worker-thread entry of the search: runs solve() and streams what it finds. */
import { parentPort, workerData } from "node:worker_threads";
import { instanceFromData } from "../instance.js";
import { solveAny, solveFirst } from "./any.js";
import { solve } from "./engine.js";
import type { WorkerInput, WorkerMessage } from "./protocol.js";

const input = workerData as WorkerInput;
const port = parentPort;
if (!port) throw new Error("search/worker.js must run in a worker thread");
const post = (m: WorkerMessage): void => port.postMessage(m);
const stop = new Int32Array(input.stop);
const d = input.instance;
try {
  const { any, ...options } = input.options;
  const first = !any && (options.models ?? 1) === 1;
  const result = (any ? solveAny : first ? solveFirst : solve)(
    instanceFromData(d, d.file),
    {
      ...options,
      shouldStop: () => Atomics.load(stop, 0) !== 0,
      onSolution: (pushes) => post({ kind: "solution", pushes }),
      onDepth: (stats) => post({ kind: "depth", stats }),
    },
  );
  post({ kind: "done", exhausted: result.exhausted, interrupted: result.interrupted, nodes: result.nodes });
} catch (e) {
  post({ kind: "error", message: e instanceof Error ? e.message : String(e) });
}
