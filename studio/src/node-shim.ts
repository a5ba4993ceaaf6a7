/**
 * What the library's Node paths expect of their host, for the studio's Web Worker: a
 * `process` whose signals never come (the worker is stopped by terminating it) and no
 * environment; and, outside a cross-origin isolated page (file:// never is), a
 * SharedArrayBuffer that is a plain ArrayBuffer: the search runs on this one thread, so
 * nothing else shares its memory (Atomics work on plain buffers alike, but for wait).
 * Only the worker imports this, before the library.
 */
const host = globalThis as unknown as { process?: unknown; SharedArrayBuffer?: unknown };
host.SharedArrayBuffer ??= ArrayBuffer;
host.process ??= {
  env: {},
  on: () => undefined,
  off: () => undefined,
  exit: (code: number) => {
    throw new Error(`the solver asked to exit (${code})`);
  },
  resourceUsage: () => ({ maxRSS: 0 }),
  stderr: { write: () => true },
};
export {};
