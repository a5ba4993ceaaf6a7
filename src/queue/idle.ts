/**
 * A submitter's word when nobody works: a batch or a proof on the queue whose jobs no
 * `labsolve worker` takes would wait without a word. After a moment with no worker
 * connected, it says so once, with the command that starts one; when one connects later, it
 * says that too.
 */
import type { Queue } from "bullmq";
import type { RedisAddress } from "./url.js";

/** How long a submitter waits for a worker before it says none is connected, ms. */
export const NO_WORKER_NOTE_MS = 3_000;

/** The address as a user types it to start a worker (without user name and password). */
export function queueUrl(a: RedisAddress): string {
  const host = a.host.includes(":") ? `[${a.host}]` : a.host;
  return `${a.tls ? "rediss" : "redis"}://${host}:${a.port}${a.db !== 0 ? `/${a.db}` : ""}`;
}

/**
 * Watches the queue's workers every `everyMs` (default NO_WORKER_NOTE_MS): the first look
 * that finds none says "no worker ... start one with `labsolve worker --queue URL`"; a
 * later look that finds some says how many connected. Looks that fail (Redis away) say
 * nothing: the queue's own note covers them.
 * @returns a disposer that stops watching
 */
export function watchForWorkers<D, R>(queue: Queue<D, R>, address: RedisAddress, onNote: (line: string) => void, everyMs = NO_WORKER_NOTE_MS): () => void {
  let said = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const look = async (): Promise<void> => {
    const workers = await queue.getWorkersCount().catch(() => undefined);
    if (stopped) return;
    if (workers === 0 && !said) {
      said = true;
      onNote(`no worker is connected to the queue: its jobs wait; start one with \`labsolve worker --queue ${queueUrl(address)}\``);
    } else if (workers !== undefined && workers > 0 && said) {
      onNote(`${workers} worker(s) connected to the queue`);
      return;
    } else if (workers !== undefined && workers > 0) {
      return;
    }
    timer = setTimeout(() => void look(), everyMs);
    timer.unref();
  };
  timer = setTimeout(() => void look(), everyMs);
  timer.unref();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}
