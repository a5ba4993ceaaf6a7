/**
 * The submitters' side of the queue (labsolve batch --queue, labsolve --queue): a BullMQ
 * queue on its own connection, which says once per outage that it waits for Redis, and a
 * way to stop at once when interrupted, even while Redis is away.
 */
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import { BATCH_QUEUE } from "./settings.js";
import { connectionOptions, type RedisAddress } from "./url.js";

/** A queue and its connection; `close` ends both (at once when `atOnce`). */
export interface OpenQueue<D, R> {
  queue: Queue<D, R>;
  close(atOnce: boolean): Promise<void>;
}

/** Opens the jobs' queue at `address`; `onNote` hears when Redis is out of reach and back. */
export function openQueue<D, R>(address: RedisAddress, onNote?: (line: string) => void): OpenQueue<D, R> {
  const connection = new Redis(connectionOptions(address));
  const queue = new Queue<D, R>(BATCH_QUEUE, { connection });
  // the connection retries by itself and the commands wait for it: say so once per outage
  let away = false;
  queue.on("error", (e) => {
    if (!away) onNote?.(`waiting for the queue's Redis at ${address.host}:${address.port} (${e.message})`);
    away = true;
  });
  connection.on("ready", () => {
    if (away) onNote?.(`the queue's Redis is back`);
    away = false;
  });
  return {
    queue,
    async close(atOnce) {
      if (atOnce) {
        connection.disconnect();
        return;
      }
      await queue.close().catch(() => undefined);
      await connection.quit().catch(() => connection.disconnect());
    },
  };
}

/**
 * Runs `work` until it ends or `signal` aborts, whichever is first; then closes the queue
 * (at once when aborted: commands waiting for an absent Redis are dropped).
 * @throws what `work` throws, when it ends first
 */
export async function untilDoneOrAborted<D, R>(open: OpenQueue<D, R>, work: Promise<void>, signal: AbortSignal | undefined): Promise<void> {
  const aborted = new Promise<void>((resolve) => {
    if (signal?.aborted) resolve();
    signal?.addEventListener("abort", () => resolve(), { once: true });
  });
  work.catch(() => undefined);
  try {
    await Promise.race([work, aborted]);
  } finally {
    await open.close(signal?.aborted === true);
  }
}
