/**
 * The level in the link: `#name=NAME&level=TEXT` (the input's text, base64url of its
 * UTF-8) and `step=K`; `#file=NAME` is the file `labshow studio FILE` serves at input/NAME.
 */

/** What a link's hash opens. */
export type Shared = { kind: "level"; text: string; name: string; step: number } | { kind: "served"; name: string };

/** UTF-8 text as base64url. */
function encode(text: string): string {
  let bin = "";
  for (const b of new TextEncoder().encode(text)) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** base64url back to text. */
function decode(b64: string): string {
  const bin = atob(b64.replace(/-/g, "+").replace(/_/g, "/"));
  return new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
}

/** The hash that opens this input at step `step`. */
export function shareHash(text: string, name: string, step: number): string {
  return `#${new URLSearchParams({ name, step: String(step), level: encode(text) }).toString()}`;
}

/** What a hash asks to open, if anything. */
export function readShared(hash: string): Shared | undefined {
  const p = new URLSearchParams(hash.replace(/^#/, ""));
  const level = p.get("level");
  const name = p.get("name") ?? "<shared>";
  if (level !== null) {
    try {
      return { kind: "level", text: decode(level), name, step: Number(p.get("step") ?? 0) };
    } catch {
      return undefined;
    }
  }
  const file = p.get("file");
  return file !== null ? { kind: "served", name: file } : undefined;
}
