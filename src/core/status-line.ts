/**
 * A status line on a terminal: one line on stderr redrawn in place (`\r`, the line's
 * text, then ESC [ K to clear what an older, longer text left), as long-running tools
 * show progress. Only when the stream is a terminal (TTY): into a pipe or a file nothing
 * is written at all. Anything else written to the same terminal (answers on stdout,
 * --stats lines on stderr) clears the line first (`clear()`); the next `draw` puts it back.
 */

/** What a proof's progress line shows (labsolve; `formatProgress`). */
export interface ProgressFigures {
  /**
   * the bound being searched, in the cost's unit: pushes (the competition's depth), or the
   * board game's cost, or the IPC plan cost (formatProgress's `bound` names it)
   */
  depth: number;
  /** states generated (the IPC planner: expanded) so far in the run */
  nodes: number;
  /** seconds since the run started */
  seconds: number;
  /** the cost proven necessary (pushes, the game's cost, plan cost) */
  lower: number;
  /** the cost of the best solution found, undefined when none */
  upper: number | undefined;
  /**
   * units of the current depth searched to the end, how many there are, and what they
   * are (first pushes, or pairs of a first and a second push); undefined before the
   * depth-first search starts. `weighted`, when known: the share (0 to 1) of the depth's
   * states the done units stand for, each weighing the states it took at the depth
   * before (units differ a hundredfold: the count alone misleads). Only the competition's
   * proof has units; absent for the other searches
   */
  share?: { done: number; total: number; unit: "first pushes" | "pairs"; weighted?: number } | undefined;
}

/** Seconds as h:mm:ss, or m:ss under an hour. */
export function formatElapsed(seconds: number): string {
  const s = Math.floor(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
}

/** A rate with SI prefixes: 950, 12.3k, 4.56M. */
export function formatRate(perSecond: number): string {
  if (!Number.isFinite(perSecond) || perSecond < 0) return "0";
  if (perSecond < 1000) return perSecond.toFixed(0);
  if (perSecond < 1e6) return `${(perSecond / 1e3).toFixed(1)}k`;
  if (perSecond < 1e9) return `${(perSecond / 1e6).toFixed(2)}M`;
  return `${(perSecond / 1e9).toFixed(2)}G`;
}

/** The word a progress line names its bound with: the competition's depth (pushes), or the cost (the board game, the IPC planner). */
export type BoundWord = "depth" | "cost";

/**
 * The text of a proof's progress line: `depth 7 | 1.23M nodes/s | [7;9] | 1:02:03 |
 * 35/76 first pushes (46%)`; where the weighted share is known, it replaces the units'
 * (`35/76 first pushes (~61% of states)`). `rate` is nodes per second (the caller
 * measures it over a recent window). The upper bound is `?` while no solution is known.
 * `bound` is the first word: `depth` (default, the competition's pushes) or `cost` (a
 * search that deepens on its rule set's cost: `cost 12 | 950 nodes/s | [12;?] | 0:03`).
 */
export function formatProgress(p: ProgressFigures, rate: number, bound: BoundWord = "depth"): string {
  const s = p.share;
  const pct = s === undefined ? "" : s.weighted === undefined ? `${Math.floor((100 * s.done) / Math.max(1, s.total))}%` : `~${Math.floor(100 * s.weighted)}% of states`;
  const share = s === undefined ? "" : ` | ${s.done}/${s.total} ${s.unit} (${pct})`;
  return `${bound} ${p.depth} | ${formatRate(rate)} nodes/s | [${p.lower};${p.upper ?? "?"}] | ${formatElapsed(p.seconds)}${share}`;
}

/** The part of a stream the line needs (process.stderr has it). */
export interface TerminalStream {
  isTTY?: boolean;
  columns?: number;
  write(text: string): unknown;
}

/** A status line on a terminal (the module's comment): drawn only when the stream is a TTY. */
export class StatusLine {
  private shown = false;

  /** @param stream where the line goes: nothing is written unless stream.isTTY */
  constructor(private readonly stream: TerminalStream) {}

  /** True when the stream is a terminal (the line is drawn). */
  get active(): boolean {
    return this.stream.isTTY === true;
  }

  /** Draws `text` in place of the line before, cut to the terminal's width (a wrapped line could not be redrawn). */
  draw(text: string): void {
    if (!this.active) return;
    const width = Math.max(10, (this.stream.columns || 80) - 1);
    this.stream.write(`\r${text.length > width ? text.slice(0, width) : text}\x1b[K`);
    this.shown = true;
  }

  /** Clears the line (before other output to the terminal, and at the end). */
  clear(): void {
    if (!this.shown) return;
    this.stream.write("\r\x1b[K");
    this.shown = false;
  }
}

/** Seconds over which a progress line's nodes per second are measured. */
const RATE_WINDOW_S = 2;

/** ms between two progress lines drawn between bounds (progressLine's `every`) */
export const PROGRESS_LINE_MS = 250;

/**
 * `f` called at most once every `ms` milliseconds (the first time `ms` after this call): the
 * calls between are dropped. A search thread posts its progress figures through it, so that
 * its poll (every few thousand states) does not flood the thread's messages.
 */
export function atMostEvery<A extends unknown[]>(ms: number, f: (...args: A) => void): (...args: A) => void {
  let last = performance.now();
  return (...args) => {
    const now = performance.now();
    if (now - last < ms) return;
    last = now;
    f(...args);
  };
}

/**
 * Draws a run's progress figures on `status` (formatProgress, its first word `bound`), the
 * nodes per second measured over the last RATE_WINDOW_S seconds (2) of the figures drawn.
 * @param every ms: figures given sooner than this after the last line drawn are only
 *   counted, not drawn, unless `now` is true (a bound's end, a better solution); 0 draws all
 * @returns the function to give each figure to; `figures.seconds` must not decrease
 */
export function progressLine(status: StatusLine, bound: BoundWord = "depth", every = 0): (figures: ProgressFigures, now?: boolean) => void {
  const samples: { nodes: number; seconds: number }[] = [{ nodes: 0, seconds: 0 }];
  let drawn = -Infinity;
  return (p, now = false) => {
    // (figures not drawn are not kept: an in-thread search gives them at every poll)
    if (!now && (p.seconds - drawn) * 1000 < every) return;
    drawn = p.seconds;
    samples.push({ nodes: p.nodes, seconds: p.seconds });
    while (samples.length > 2 && p.seconds - samples[1].seconds >= RATE_WINDOW_S) samples.shift();
    const first = samples[0];
    status.draw(formatProgress(p, (p.nodes - first.nodes) / Math.max(1e-3, p.seconds - first.seconds), bound));
  };
}
