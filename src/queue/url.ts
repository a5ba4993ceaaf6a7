/** The queue's address on the command line: `redis://HOST:PORT[/DB]`, as ioredis options. */
import { InputError } from "../core/errors.js";

/** What ioredis needs to reach the queue's Redis. */
export interface RedisAddress {
  host: string;
  port: number;
  db: number;
  username?: string;
  password?: string;
  /** rediss:// */
  tls: boolean;
}

/**
 * Reads `redis://[USER:PASSWORD@]HOST[:PORT][/DB]` (or `rediss://` for TLS); port 6379 and
 * db 0 when absent.
 * @throws InputError naming the option when the address is not such a URL
 */
export function parseQueueUrl(text: string, option = "--queue"): RedisAddress {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new InputError(option, undefined, `expected a Redis address such as redis://127.0.0.1:6379, got '${text}'`);
  }
  if (url.protocol !== "redis:" && url.protocol !== "rediss:") {
    throw new InputError(option, undefined, `expected a redis:// or rediss:// address, got '${text}'`);
  }
  if (url.hostname === "") throw new InputError(option, undefined, `the address '${text}' has no host`);
  const path = url.pathname.replace(/^\//, "");
  if (path !== "" && !/^\d+$/.test(path)) throw new InputError(option, undefined, `expected a database number after the host, got '/${path}'`);
  return {
    host: url.hostname.replace(/^\[|\]$/g, ""),
    port: url.port === "" ? 6379 : Number(url.port),
    db: path === "" ? 0 : Number(path),
    ...(url.username ? { username: decodeURIComponent(url.username) } : {}),
    ...(url.password ? { password: decodeURIComponent(url.password) } : {}),
    tls: url.protocol === "rediss:",
  };
}

/** ioredis connection options for BullMQ: it retries requests forever (maxRetriesPerRequest null), so an outage is waited out. */
export function connectionOptions(a: RedisAddress): Record<string, unknown> {
  return {
    host: a.host,
    port: a.port,
    db: a.db,
    ...(a.username ? { username: a.username } : {}),
    ...(a.password ? { password: a.password } : {}),
    ...(a.tls ? { tls: {} } : {}),
    maxRetriesPerRequest: null,
    // reconnect quickly after a Redis restart: 0.2 s, doubling, at most 2 s apart
    retryStrategy: (times: number) => Math.min(200 * 2 ** Math.min(times, 4), 2_000),
  };
}
