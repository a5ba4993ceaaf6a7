/** The HTML page to play a level (filled in below). */
import type { Level } from "./level.js";
import type { Move } from "./rules.js";

/** A self-contained page to play `level`; `solution` is shown on request. */
export function playPage(level: Level, solution: readonly Move[], title: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body><p>${level.rows}x${level.cols}: ${solution.join(" ")}</p></body></html>\n`;
}
