/**
 * The studio's build (`npm run build:studio`): studio/ is the root, the app goes to
 * dist/studio. It must open from file:// as well as from a server, so the page loads one
 * classic script (no module scripts: Chrome refuses those from file://) and the solver's
 * Web Worker is inlined in it as a blob (no worker file to fetch). The library's modules
 * that only Node paths use (worker threads, files, checkpoints) import node: modules; in
 * the browser those resolve to stubs that throw when called (nodeStubs below), so a path
 * that would need them says so instead of failing silently.
 */
import { defineConfig, type Plugin } from "vite";
import preact from "@preact/preset-vite";
import { fileURLToPath } from "node:url";

/** The names the library imports from each node: module (any call throws). */
const NODE_EXPORTS: Record<string, string[]> = {
  "node:os": ["availableParallelism", "cpus", "totalmem"],
  "node:worker_threads": ["Worker", "parentPort", "workerData", "isMainThread"],
  "node:crypto": ["createHash"],
  "node:fs": ["existsSync", "readFileSync", "renameSync", "unlinkSync", "writeFileSync", "closeSync", "fstatSync", "openSync", "readSync", "writeSync"],
  "node:path": ["basename", "dirname", "join", "resolve"],
  "node:url": ["fileURLToPath", "pathToFileURL"],
  "node:events": ["once"],
  "node:buffer": ["constants"],
};

/** Exports that are values, not functions. */
const VALUES = new Set(["parentPort", "workerData", "isMainThread"]);

/**
 * Exports the browser answers truthfully instead of throwing: no file exists (a page has no
 * file system), and a file: URL's path is its pathname. The board game's solver asks
 * whether its compiled search thread exists and, where it does not, searches in its
 * caller's thread, as it does from the sources.
 */
const ANSWERS: Record<string, string> = {
  existsSync: "export function existsSync() { return false; }",
  fileURLToPath: "export function fileURLToPath(u) { return decodeURIComponent(new URL(String(u)).pathname); }",
};

/** node: modules as stubs: what the browser has not, named, throwing on use. */
function nodeStubs(): Plugin {
  const prefix = "\0studio-node-stub:";
  return {
    name: "studio-node-stubs",
    enforce: "pre",
    resolveId(id) {
      return id.startsWith("node:") ? prefix + id : null;
    },
    load(id) {
      if (!id.startsWith(prefix)) return null;
      const module = id.slice(prefix.length);
      const names = NODE_EXPORTS[module] ?? [];
      const lines = names.map((n) =>
        n === "constants"
          ? "export const constants = { MAX_STRING_LENGTH: 536870888 };"
          : ANSWERS[n] !== undefined
            ? ANSWERS[n]
            : VALUES.has(n)
            ? `export const ${n} = undefined;`
            : `export function ${n}() { throw new Error("${module} ${n}: not in the browser"); }`,
      );
      return lines.filter((l) => l.trim() !== "").join("\n") + "\nexport default {};\n";
    },
  };
}

/**
 * The page's script as a classic one (the bundle is an IIFE): Chrome loads no module
 * script from file://.
 */
function classicScript(): Plugin {
  return {
    name: "studio-classic-script",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler: (html) => html.replace(/<script type="module" crossorigin src=/g, "<script defer src="),
    },
  };
}

const root = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  root,
  base: "./",
  plugins: [nodeStubs(), preact(), classicScript()],
  build: {
    outDir: fileURLToPath(new URL("../dist/studio", import.meta.url)),
    emptyOutDir: true,
    modulePreload: false,
    rollupOptions: { output: { format: "iife", codeSplitting: false, entryFileNames: "assets/studio.js", assetFileNames: "assets/[name][extname]" } },
  },
  worker: {
    format: "iife",
    plugins: () => [nodeStubs()],
    rollupOptions: { output: { codeSplitting: false } },
  },
});
