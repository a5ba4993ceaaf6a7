/**
 * Worker-thread entry of the search: loads, waits for the start message (WorkerStart:
 * the main thread looks for an upper bound meanwhile), runs searchInstance() and streams what it
 * finds.
 */
import { parentPort, workerData } from "node:worker_threads";
import { instanceFromData } from "../../instance.js";
import { searchInstance } from "../exact/engine.js";
import { WorkerFlow } from "./flow.js";
import type { WorkerInput, WorkerMessage, WorkerStart } from "./protocol.js";

const input = workerData as WorkerInput;
const port = parentPort;
if (!port) throw new Error("search/worker.js must run in a worker thread");
const post = (m: WorkerMessage): void => port.postMessage(m);
const stop = new Int32Array(input.stop);
const claims = input.claims ? new Int32Array(input.claims) : undefined;
const d = input.instance;
const done = input.done ? new Map(Object.entries(input.done).map(([d, moves]) => [Number(d), new Set(moves)])) : undefined;
const live = input.progress ? new Float64Array(input.progress) : undefined;
const index = input.options.rootShare?.index ?? 0;
const flow = input.flow ? new WorkerFlow(input.flow.buffer, input.flow.index, input.flow.workers, stop) : undefined;
/** the worker's states at its last unit report, or at the end of a depth (a depth's last states after its last unit are no unit's) */
let reported = 0;
/** the worker's states at the end of the depths it ended */
let ended = 0;

port.once("message", (start: WorkerStart) => {
  try {
    const result = searchInstance(instanceFromData(d, d.file), {
      ...input.options,
      known: start.known,
      claimRoot: claims ? (depth) => (depth < claims.length ? Atomics.add(claims, depth, 1) : -1) : undefined,
      shouldStop: () => Atomics.load(stop, 0) !== 0,
      skipRoot: done ? (depth, m) => done.get(depth)?.has(m) === true : undefined,
      onRootDone: input.reportRoots
        ? (depth, unit, nodes) => {
            post({ kind: "root", depth, unit, states: nodes - reported });
            reported = nodes;
          }
        : undefined,
      onNodes: live ? (nodes) => (live[index] = nodes) : undefined,
      onSolution: (pushes) => {
        post({ kind: "solution", pushes });
        flow?.posted();
      },
      onDepth: (stats) => {
        ended += stats.nodes;
        reported = ended;
        post({ kind: "depth", stats });
        if (stats.complete) flow?.finished(stats.depth);
      },
      beforeDepth: flow ? (depth) => flow.before(depth) : undefined,
      // an enumeration streams its answers: the worker keeps none
      keep: flow === undefined,
    });
    post({ kind: "done", exhausted: result.exhausted, interrupted: result.interrupted, nodes: result.nodes });
  } catch (e) {
    post({ kind: "error", message: e instanceof Error ? e.message : String(e) });
  } finally {
    // the others need not wait for this one at any depth
    flow?.finished(2 ** 31 - 1);
  }
  port.close();
});
