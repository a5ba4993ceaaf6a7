/**
 * `labshow studio [FILE]`: the studio (the web app built from studio/ into dist/studio)
 * served on 127.0.0.1 at a port the system picks, with FILE opened in it; the URL is the
 * one line on standard output, and the server runs until SIGINT or SIGTERM (exit 0).
 * `labshow studio --out DIR [FILE]`: the app written to DIR as static files that open from
 * file:// or any web server; the line on standard output is the page's file:// URL (with
 * FILE's text in the link when given). Exit 65 for a FILE that cannot be read, a DIR that
 * is a file, or a studio that was not built.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, statSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { basename, extname, join, normalize, resolve, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { readSource, type Source } from "./common.js";

/** What `labshow studio` takes besides FILE. */
export interface StudioFlags {
  /** write the app to this folder instead of serving it */
  out?: string;
}

/** The built app: dist/studio beside dist/src. */
export function studioFolder(): string {
  return fileURLToPath(new URL("../../studio/", import.meta.url));
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".wasm": "application/wasm",
  ".json": "application/json",
};

/** base64url of a text's UTF-8, as the studio's links carry a level (studio/src/share.ts). */
function base64url(text: string): string {
  return Buffer.from(text, "utf8").toString("base64").replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The hash that opens `input` in the studio. */
function levelHash(input: Source): string {
  return `#${new URLSearchParams({ name: basename(input.name), step: "0", level: base64url(input.text) }).toString()}`;
}

/**
 * Runs `labshow studio`.
 * @returns the exit code (0), after the server is stopped by a signal when serving
 * @throws Error (exit 65) when the studio is not built or DIR is a file; InputError for FILE
 */
export async function studioCommand(file: string | undefined, flags: StudioFlags): Promise<number> {
  const folder = studioFolder();
  if (!existsSync(join(folder, "index.html"))) throw new Error(`the studio is not built (${folder}): run npm run build`);
  const input = file === undefined ? undefined : readSource(file);
  if (flags.out !== undefined) {
    const out = resolve(flags.out);
    if (existsSync(out) && !statSync(out).isDirectory()) throw new Error(`--out ${flags.out}: that is a file, not a folder`);
    mkdirSync(out, { recursive: true });
    cpSync(folder, out, { recursive: true });
    process.stdout.write(`${pathToFileURL(join(out, "index.html")).href}${input ? levelHash(input) : ""}\n`);
    return 0;
  }
  return serve(folder, input);
}

/** Serves the app (and FILE at input/NAME) on 127.0.0.1 until a signal. */
async function serve(folder: string, input: Source | undefined): Promise<number> {
  const inputName = input ? basename(input.name) : undefined;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://127.0.0.1").pathname);
    if (req.method !== "GET" && req.method !== "HEAD") return reply(res, 405, "text/plain", "GET only\n");
    if (input && path === `/input/${inputName}`) return reply(res, 200, "text/plain; charset=utf-8", input.text);
    const wanted = normalize(join(folder, path === "/" ? "index.html" : path));
    if (!wanted.startsWith(folder.endsWith(sep) ? folder : folder + sep) || !existsSync(wanted) || !statSync(wanted).isFile()) return reply(res, 404, "text/plain", "not found\n");
    reply(res, 200, TYPES[extname(wanted)] ?? "application/octet-stream", readFileSync(wanted));
  });
  await new Promise<void>((done, fail) => {
    server.once("error", fail);
    server.listen(0, "127.0.0.1", done);
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const hash = inputName ? `#${new URLSearchParams({ file: inputName }).toString()}` : "";
  process.stdout.write(`http://127.0.0.1:${port}/${hash}\n`);
  await new Promise<void>((done) => {
    const end = () => {
      process.off("SIGINT", end);
      process.off("SIGTERM", end);
      server.close(() => done());
      server.closeAllConnections();
    };
    process.on("SIGINT", end);
    process.on("SIGTERM", end);
  });
  return 0;
}

/** One response, with no caching (the app changes with each build). */
function reply(res: ServerResponse, status: number, type: string, body: string | Buffer): void {
  res.writeHead(status, { "content-type": type, "cache-control": "no-store" });
  res.end(body);
}
