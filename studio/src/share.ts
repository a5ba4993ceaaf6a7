/**
 * The level in the link: `#name=NAME&level=TEXT` (the input's text, base64url of its
 * UTF-8) and `step=K`, and a planning task's second file as `name2=NAME&level2=TEXT`;
 * `#file=NAME` is the file `labshow studio FILE` serves at input/NAME.
 */

/** An input file in a link. */
export interface SharedFile {
  text: string;
  name: string;
}

/** What a link's hash opens. */
export type Shared = { kind: "level"; text: string; name: string; step: number; more: SharedFile[] } | { kind: "served"; name: string };

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

/** The hash that opens this input (and its second file, if any) at step `step`. */
export function shareHash(text: string, name: string, step: number, more: readonly SharedFile[] = []): string {
  const p = new URLSearchParams({ name, step: String(step), level: encode(text) });
  if (more[0]) {
    p.set("name2", more[0].name);
    p.set("level2", encode(more[0].text));
  }
  return `#${p.toString()}`;
}

/** What a hash asks to open, if anything. */
export function readShared(hash: string): Shared | undefined {
  const p = new URLSearchParams(hash.replace(/^#/, ""));
  const level = p.get("level");
  const name = p.get("name") ?? "<shared>";
  if (level !== null) {
    try {
      const level2 = p.get("level2");
      const more = level2 !== null ? [{ text: decode(level2), name: p.get("name2") ?? "<shared>" }] : [];
      return { kind: "level", text: decode(level), name, step: Number(p.get("step") ?? 0), more };
    } catch {
      return undefined;
    }
  }
  const file = p.get("file");
  return file !== null ? { kind: "served", name: file } : undefined;
}
