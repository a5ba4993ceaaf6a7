/**
 * package.json's engines field is true of every package the lock file
 * installs (development ones included): `npm ci` on the oldest Node it names warns of no
 * engine (EBADENGINE). Optional packages that npm skips on a Node they do not support
 * (a platform binary of the rollup override) are left out.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
const semver = require("semver") as { minVersion(range: string): { version: string } | null; satisfies(version: string, range: string): boolean };
const ROOT = new URL("..", import.meta.url);

describe("engines", () => {
  it("the oldest Node package.json allows satisfies every installed package's engines", () => {
    const pkg = JSON.parse(readFileSync(new URL("package.json", ROOT), "utf8")) as { engines: { node: string } };
    const oldest = semver.minVersion(pkg.engines.node)!.version;
    const lock = JSON.parse(readFileSync(new URL("package-lock.json", ROOT), "utf8")) as { packages: Record<string, { version?: string; optional?: boolean; engines?: { node?: string } | string[] }> };
    const unmet: string[] = [];
    for (const [path, p] of Object.entries(lock.packages)) {
      const range = p.engines && !Array.isArray(p.engines) ? p.engines.node : undefined;
      if (path === "" || p.optional || range === undefined) continue;
      if (!semver.satisfies(oldest, range)) unmet.push(`${path.replace(/^.*node_modules\//, "")}@${p.version} wants node ${range}`);
    }
    expect(unmet, `on Node ${oldest}`).toEqual([]);
  });
});
