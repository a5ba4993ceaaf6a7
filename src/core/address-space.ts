/**
 * A limited address space (RLIMIT_AS: `ulimit -v`, or a runner's virtual-memory limit).
 * V8 reserves address space far beyond what it uses: about 10 GiB for each WebAssembly
 * memory (its bounds checks) and a 512 MiB code range for each worker thread. Under a
 * limit those reservations fail, and a worker's failure is fatal to the whole process
 * ("Fatal process OOM ... CodeRange", exit 133), not an exception we could catch. So,
 * under a limit, the solvers reserve less: no WebAssembly memory (the search's push in
 * JavaScript: push-kernel.ts) and a small code range for each worker
 * (workerResourceLimits, given to each worker with threadOptions).
 *
 * Measured on Node 20 (V8 11.3), x64: Node alone reserves about 740 MiB; a worker about
 * 716 MiB with V8's default code range, 268 MiB with a code range of 64 MiB. labsolve
 * on 0204 under `ulimit -v 8000000` (so with these limits): 1,225 MiB with one search
 * thread, 1,366 MiB with two, 1,657 MiB with four (about 145 MiB a thread).
 */
import { readFileSync } from "node:fs";
import type { ResourceLimits } from "node:worker_threads";

/** A worker's code range under a limit, in MiB: room for our JIT code many times over. */
export const LIMITED_CODE_RANGE_MB = 64;

/**
 * The soft "Max address space" of a /proc/PID/limits text, in bytes; undefined when
 * unlimited or not found.
 */
export function parseAddressSpaceLimit(limits: string): number | undefined {
  const m = /^Max address space\s+(\S+)/m.exec(limits);
  if (m === null || m[1] === "unlimited") return undefined;
  const bytes = Number(m[1]);
  return Number.isSafeInteger(bytes) && bytes > 0 ? bytes : undefined;
}

/** Node, its main thread's heap and code, under a limit (MiB; measured about 1,080: 1,225 with one thread, less its 145). */
const BASE_MB = 1024;
/** One worker under a limit, with LIMITED_CODE_RANGE_MB (MiB; measured about 145-270). */
const WORKER_MB = 256;

let known = false;
let limit: number | undefined;

/**
 * This process's address-space limit in bytes (read once from /proc/self/limits), or
 * undefined when there is none or it cannot be read (not Linux). Never throws.
 */
export function addressSpaceLimit(): number | undefined {
  if (!known) {
    known = true;
    try {
      limit = parseAddressSpaceLimit(readFileSync("/proc/self/limits", "utf8"));
    } catch {
      limit = undefined;
    }
  }
  return limit;
}

/**
 * The resourceLimits to give a Worker: under an address-space limit, a code range of
 * LIMITED_CODE_RANGE_MB (V8's default for a worker reserves 512 MiB); otherwise
 * undefined (V8's defaults, so the unlimited case runs exactly as before).
 */
export function workerResourceLimits(): ResourceLimits | undefined {
  return addressSpaceLimit() === undefined ? undefined : { codeRangeSizeMb: LIMITED_CODE_RANGE_MB };
}

/**
 * The Node options to give a Worker: this process's (a worker inherits them), less
 * `--input-type` (accepted only for a string given to `node -e`/stdin: a worker given it
 * fails to start, ERR_INPUT_TYPE_NOT_ALLOWED, so the library failed under
 * `node --input-type=module -e ...`).
 */
export function workerExecArgv(): string[] {
  const out: string[] = [];
  const argv = process.execArgv;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--input-type") i++;
    else if (!argv[i].startsWith("--input-type=")) out.push(argv[i]);
  }
  return out;
}

/** What `threadOptions` gives a Worker. */
export interface ThreadOptions {
  resourceLimits: ResourceLimits | undefined;
  execArgv: string[];
}

/**
 * The options every search thread of ours is started with, so that no site forgets one.
 * Name both in the Worker's options literal (`const { resourceLimits, execArgv } =
 * threadOptions()`), not a spread: Vite, bundling the studio, refuses a spread in the
 * options of `new Worker(new URL(..., import.meta.url), ...)`.
 * - `resourceLimits` (workerResourceLimits): under an address-space limit (`ulimit -v`),
 *   a small code range, or V8's default reservation for the worker would abort the whole
 *   process; undefined without a limit.
 * - `execArgv` (workerExecArgv): this process's Node options less `--input-type`, without
 *   which a worker fails to start when the library runs under
 *   `node --input-type=module -e ...`.
 */
export function threadOptions(): ThreadOptions {
  return { resourceLimits: workerResourceLimits(), execArgv: workerExecArgv() };
}

/**
 * How many search threads fit under `limitBytes` (default: this process's limit), at
 * most `requested` and at least 1: beside Node (BASE_MB) and a transposition table of
 * `tableMegabytes` MiB, each worker is given WORKER_MB, and one more worker is counted
 * for labsolve's improver. Without a limit, `requested`.
 * @throws Error when not even one worker's code range fits (V8 would abort the process)
 */
export function threadsWithin(requested: number, tableMegabytes: number, limitBytes = addressSpaceLimit()): number {
  if (limitBytes === undefined) return requested;
  const limitMb = Math.floor(limitBytes / 2 ** 20);
  const room = limitMb - BASE_MB - tableMegabytes;
  if (room < LIMITED_CODE_RANGE_MB) {
    const needed = BASE_MB + tableMegabytes + LIMITED_CODE_RANGE_MB;
    throw new Error(`the address space is limited to ${limitMb} MiB (ulimit -v): a search thread beside a transposition table of ${tableMegabytes} MiB needs ${needed} MiB or more (raise the limit or lower --memory)`);
  }
  return Math.max(1, Math.min(requested, Math.floor(room / WORKER_MB) - 1));
}

/**
 * A note for an error that may come of the limit ("Array buffer allocation failed"):
 * ` (the address space is limited to N MiB: ulimit -v)`, or "" without a limit.
 */
export function limitNote(): string {
  const bytes = addressSpaceLimit();
  return bytes === undefined ? "" : ` (the address space is limited to ${Math.floor(bytes / 2 ** 20)} MiB: ulimit -v)`;
}

/** True where node:worker_threads can start workers (Node); false in a browser, where the search runs in its caller's thread. */
export function hasWorkerThreads(): boolean {
  const host = globalThis as { process?: { versions?: { node?: unknown } } };
  return typeof host.process?.versions?.node === "string";
}
