/**
 * A limited address space (`ulimit -v`, src/core/address-space.ts): the limit is read
 * from /proc's text, the search threads are as many as fit, and labsolve under a limit
 * either answers or says why not (exit 65), never V8's "Fatal process OOM" (exit 133,
 * which `--threads 2` and 4 gave under `ulimit -v 2000000` before the workers' code
 * range was made small and their number capped).
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseAddressSpaceLimit, threadsWithin } from "../../src/core/address-space.js";

const root = new URL("../..", import.meta.url).pathname;
const MiB = 2 ** 20;
/** the limit is read from /proc (Linux); elsewhere there is none to read */
const linux = existsSync("/proc/self/limits");

/** labsolve under `ulimit -v KB` (1 KB units, as bash's ulimit takes them). */
function limited(kb: number, args: string): { status: number | null; stdout: string; stderr: string } {
  return spawnSync("bash", ["-c", `ulimit -v ${kb} && exec bin/labsolve ${args}`], { cwd: root, encoding: "utf8", timeout: 60_000 });
}

describe("the address-space limit", () => {
  it("is read from /proc/PID/limits: the soft limit in bytes, none when unlimited", () => {
    const head = "Limit                     Soft Limit           Hard Limit           Units     \n";
    expect(parseAddressSpaceLimit(`${head}Max address space         2048000000           unlimited            bytes     \n`)).toBe(2048000000);
    expect(parseAddressSpaceLimit(`${head}Max address space         unlimited            unlimited            bytes     \n`)).toBeUndefined();
    expect(parseAddressSpaceLimit(`${head}Max open files            1024                 1048576              files     \n`)).toBeUndefined();
  });

  it("caps the search threads by the room beside Node and the table, and refuses when none fits", () => {
    expect(threadsWithin(4, 64, undefined)).toBe(4);
    // 1,953 MiB (ulimit -v 2000000): 865 MiB beside Node and the table, 3 workers of 256 MiB, one the improver's
    expect(threadsWithin(4, 64, 2000000 * 1024)).toBe(2);
    expect(threadsWithin(1, 64, 2000000 * 1024)).toBe(1);
    // a bigger table leaves less room
    expect(threadsWithin(4, 600, 2000000 * 1024)).toBe(1);
    expect(threadsWithin(64, 64, 64 * 1024 * MiB)).toBe(64);
    expect(() => threadsWithin(2, 64, 1100 * MiB)).toThrow(/limited to 1100 MiB \(ulimit -v\).*1152 MiB/);
  });

  it.skipIf(!linux)("(skips without /proc, not Linux) labsolve --threads 4 under ulimit -v 2000000 proves 0060's fewest pushes (V8 aborted before)", () => {
    const r = limited(2000000, "--threads 4 instances/random-9x9-a.asp");
    expect(r.stderr).not.toMatch(/Fatal|OOM/);
    expect(r.stdout).toMatch(/^ANSWER\npush\(/);
    expect(r.status).toBe(30);
  });

  it.skipIf(!linux)("(skips without /proc, not Linux) labsolve under a limit too small for a search thread says so and exits 65", () => {
    const r = limited(1100000, "--threads 2 instances/random-9x9-a.asp");
    expect(r.stderr).toMatch(/^labsolve: error: the address space is limited to 1074 MiB \(ulimit -v\)/);
    expect(r.stderr).not.toMatch(/Fatal|OOM/);
    expect(r.status).toBe(65);
  });
});
