/**
 * The studio's Web Worker: the library's readInstance, solve and draw (src/library.ts,
 * through the registry, as the commands call them), offered to the page with Comlink.
 * One instance at a time; Stop is the page terminating this worker (the search holds its
 * thread) and giving a fresh one the best answer found so far (`stopped`), as labsolve
 * prints it on SIGINT. Nothing here decides what a solution is: the outcome and the
 * pictures are the library's.
 */
import "./node-shim.js";
import * as Comlink from "comlink";
import { check, draw, readInstance, solve, type BetterAnswer, type LibraryInstance } from "../../src/library.js";
import { makeOutcome, type Outcome } from "../../src/core/outcome.js";
import type { EditableBoard } from "../../src/core/plugin.js";
import { describeError } from "./errors.js";
import { readFiles, type InputFile } from "./read-files.js";
import { cut, solvedOf, startWords, type Solved } from "./solved.js";
import { GENERATING, RULE_SET_OPTIONS, ruleSetNamed } from "../../src/registry.js";

export type { InputFile, Solved };

/** What the page learns of an opened input. */
export interface Opened {
  /** the registry's name of the rule set */
  rules: string;
  /** the input's name, as given */
  name: string;
  /** the marks an editor may move (the registry's textMaze: S and E, T and M); empty when the studio cannot edit the input */
  marks: string[];
  /** true when the rule set says where a played line stands (its position part): the hint */
  hints: boolean;
  /** true when the rule set reads and writes its instance (a planning task: its problem) as a push board (its board part): the push board editor */
  board: boolean;
}

/** What a solve has found before its end (the page keeps it for Stop): the best answer so far and the cost proven necessary. */
export interface Interim {
  found: BetterAnswer | undefined;
  lowerBound: number;
}

/** One step's picture. */
export interface Picture {
  /** the SVG, as labshow --format svg --step K draws it */
  svg: string;
  /** labshow's exit code for it */
  exitCode: number;
  note?: string;
}

let current: LibraryInstance | undefined;
let best: Outcome | undefined;

/** Escape sequences and carriage returns of a terminal's progress line, removed. */
function lastLine(text: string): string {
  const plain = text.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, "");
  const parts = plain.split(/[\r\n]/).filter((p) => p.trim() !== "");
  return parts.at(-1) ?? "";
}

const api = {
  /**
   * Reads an input as the commands do (the registry recognises its rule set).
   * @throws Error whose message is `FILE:LINE:COL: error: ...` for ill-formed input
   */
  open(text: string, name: string, more: InputFile[] = []): Opened {
    best = undefined;
    try {
      current = readFiles([{ text, name }, ...more]);
    } catch (e) {
      throw new Error(describeError(e));
    }
    const entry = ruleSetNamed(current.rules);
    const textSet = entry.input === "text" ? entry : undefined;
    return { rules: current.rules, name, marks: [...(textSet?.textMaze?.marks ?? [])], hints: textSet?.position !== undefined, board: entry.input !== "text" && entry.board !== undefined };
  },

  /**
   * Solves the opened instance with its rule set's solver (one search thread, in this
   * worker); `progress` gets the progress line the terminal shows, at most a few times a second;
   * `interim` what the solve has found so far, each time it changes (the page keeps it for Stop).
   */
  async solve(progress?: (line: string) => void, interim?: (so: Interim) => void): Promise<Solved> {
    if (!current) throw new Error("open an input first");
    let last = 0;
    const reporter = {
      isTTY: true,
      columns: 160,
      write(text: string) {
        const line = lastLine(text);
        const now = performance.now();
        if (progress && line !== "" && now - last > 150) {
          last = now;
          progress(line);
        }
      },
    };
    const so: Interim = { found: undefined, lowerBound: 0 };
    const onBetter = (found: BetterAnswer): void => {
      so.found = found;
      interim?.(so);
    };
    const onLowerBound = (bound: number): void => {
      so.lowerBound = bound;
      if (so.found) interim?.(so);
    };
    let outcome: Outcome;
    try {
      outcome = await solve(current, { reporter, ...(interim ? { onBetter, onLowerBound } : {}) });
    } catch (e) {
      throw new Error(describeError(e));
    }
    best = outcome;
    return solvedOf(outcome);
  },

  /**
   * A solve stopped by the page (the worker that ran it terminated): the best answer it had
   * found, as the outcome of an interrupted run (makeOutcome: SATISFIABLE, exit code 11,
   * not proven the fewest unless the proven lower bound reached its cost), kept to be stepped.
   */
  stopped(so: Interim, seconds: number): Solved {
    if (!current || !so.found) throw new Error("nothing found to keep");
    const { model, witnessKind, cost } = so.found;
    const proven = so.lowerBound >= model.cost;
    best = makeOutcome({ rules: current.rules, cost, witnessKind, wanted: 1, answers: 1, proven, exhausted: false, interrupted: true, interruptedBy: "Stop", lowerBound: so.lowerBound, upperBound: model.cost, models: [model], statistics: { seconds, states: 0 } });
    return solvedOf(best, null);
  },

  /**
   * The picture after the first `k` witness words of the best answer (0: the start), or
   * the board alone before a solve: labshow's SVG of that step.
   */
  async picture(k: number): Promise<Picture> {
    if (!current) throw new Error("open an input first");
    try {
      if (current.input === "pddl") {
        // a plan: its first k actions, drawn at the last picture they make (a push in the middle: the board before it)
        const actions = best?.models[0]?.witness.slice(0, k) ?? [];
        const d = await draw(current, actions.join("\n"), { format: "svg", step: -1 });
        return { svg: d.text, exitCode: d.exitCode };
      }
      // before a solve (or without an answer), the start: an answer of no moves, cut at 0
      const shown = best && best.models.length > 0 ? best : ({ status: "SATISFIABLE", models: [{ cost: 0, witness: [] }] } as unknown as Outcome);
      if (shown !== best) k = 0;
      const witness = JSON.stringify(cut(shown, k));
      const d = await draw(current, witness, { format: "svg", step: k }).catch(async (e: unknown) => {
        // a rule set whose picture draws a walk whole takes no step: the cut walk is the step
        if (e instanceof Error && /step/.test(e.message)) return draw(current!, witness, { format: "svg" });
        throw e;
      });
      return { svg: d.text, exitCode: d.exitCode, ...(d.note ? { note: d.note } : {}) };
    } catch (e) {
      throw new Error(describeError(e));
    }
  },

  /**
   * A line played by hand: move words (north, east, south, west, wait) for mazes and
   * Minotaur levels, or witness atoms (push(LINE,DIR,STEP), walk(ROW,COL,STEP), 1-based,
   * as labsolve prints them) for the push labyrinths. The library's checker judges it
   * (valid when it wins) and labshow's SVG draws its last step; a line the picture cannot
   * draw (a broken rule) keeps the last picture that could be drawn (`svg` empty).
   */
  async play(words: string[], kind: "moves" | "atoms" = "moves"): Promise<Played> {
    if (!current) throw new Error("open an input first");
    try {
      const answer = JSON.stringify({ status: "SATISFIABLE", witnessKind: kind, models: [{ cost: words.length, witness: words }] });
      const d = await draw(current, answer, { format: "svg", step: words.length })
        .catch(() => draw(current!, answer, { format: "svg" }))
        .catch(() => ({ text: "" }));
      if (words.length === 0) return { svg: d.text, valid: false };
      const verdict = await check(current, words.join(kind === "atoms" ? " " : "\n"), "<played>");
      return { svg: d.text, valid: verdict.valid, ...(verdict.cost !== undefined ? { cost: verdict.cost } : {}), ...(verdict.violation ? { message: `step ${verdict.violation.step}: ${verdict.violation.message}` } : {}) };
    } catch (e) {
      throw new Error(describeError(e));
    }
  },

  /**
   * The searches labshow animates for the opened input (the registry's choices of
   * `labshow --algorithm` when its rule set takes it; none otherwise).
   */
  searches(): string[] {
    if (!current || current.input === "pddl") return [];
    if (!(ruleSetNamed(current.rules).takes.labshow ?? []).includes("algorithm")) return [];
    return [...(RULE_SET_OPTIONS.find((o) => o.name === "algorithm" && o.commands.includes("labshow"))?.choices ?? [])];
  },

  /**
   * The search page `labshow --format html --algorithm NAME` writes for the opened input:
   * the search step by step (visited, frontier, the path), a self-contained HTML page.
   * @throws Error for a name the rule set does not take, or a maze too large for the page
   */
  async searchPage(algorithm: string): Promise<string> {
    if (!current) throw new Error("open an input first");
    try {
      return (await draw(current, undefined, { format: "html", algorithm })).text;
    } catch (e) {
      throw new Error(describeError(e));
    }
  },

  /**
   * labgen's generators (the registry's, in its order), each as a form: what it asks for.
   * `shape` is how labgen takes the size: `n` (labgen N [MAX_STEPS] --rules NAME), `grid`
   * (labgen NAME ROWS COLS) or `streamed` (labgen NAME ROWS COLS --algorithm A: a text rule set's maze generator).
   */
  async generators(): Promise<GeneratorForm[]> {
    const forms: GeneratorForm[] = [];
    for (const r of GENERATING) {
      const takes = r.takes.labgen ?? [];
      const numbers = RULE_SET_OPTIONS.filter((o) => o.commands.includes("labgen") && takes.includes(o.name) && o.number !== undefined).map((o) => ({ name: o.name, help: o.help }));
      if (r.input === "text" && r.mazeGenerator) {
        const g = await r.mazeGenerator();
        forms.push({ name: r.name, shape: "streamed", styles: [], algorithms: g.algorithms.map((a) => a.name), numbers: [{ name: "braid", help: "remove this fraction of the dead ends (0 to 1)" }] });
      } else if (r.generator) {
        const g = await r.generator();
        forms.push({ name: r.name, shape: r.labgen?.command === "subcommand" ? "grid" : "n", styles: takes.includes("style") ? [...g.styles] : [], algorithms: [], numbers, ...(r.labgen?.default ? { default: true } : {}) });
      }
    }
    return forms;
  },

  /**
   * Generates an instance with labgen's generator of a rule set (the same request labgen
   * makes): its files (a planning task: the problem, then the domain) and the generator's note.
   * @throws Error with the generator's refusal (a size out of range, a missing horizon)
   */
  async generate(name: string, f: GenerateFields): Promise<Generated> {
    const entry = ruleSetNamed(name);
    try {
      const options = Object.fromEntries(Object.entries(f.options ?? {}).filter(([, v]) => v !== undefined && !Number.isNaN(v)));
      if (entry.input === "text" && entry.mazeGenerator) {
        const chunks: string[] = [];
        const decoder = new TextDecoder();
        (await entry.mazeGenerator()).generate({ rows: f.rows, cols: f.cols, algorithm: f.algorithm ?? "", seed: f.seed, count: 1, ...(options.braid !== undefined ? { braid: options.braid } : {}) }, (chunk) => chunks.push(decoder.decode(chunk, { stream: true })));
        return { files: [{ text: chunks.join(""), name: `maze-${f.rows}x${f.cols}-${f.algorithm}-${f.seed}.txt` }] };
      }
      if (!entry.generator) throw new Error(`${name} has no generator`);
      const g = await entry.generator();
      const grid = entry.labgen?.command === "subcommand";
      const request = grid ? { n: f.rows, rows: f.rows, cols: f.cols, seed: f.seed, ...options } : { n: f.rows, seed: f.seed, ...(f.maxSteps !== undefined ? { maxSteps: f.maxSteps } : {}), ...(f.style ? { style: f.style } : {}), ...options };
      const made = g.generate(request);
      const files = [{ text: made.text, name: made.fileName ?? `${name}-${f.rows}-${f.seed}${entry.input === "pddl" ? ".pddl" : ".txt"}` }];
      // a planning problem is opened with its domain (labgen --domain)
      if (entry.input === "pddl") files.push({ text: g.generate({ ...request, domain: true }).text, name: "domain.pddl" });
      return { files, ...(made.note ? { note: made.note } : {}) };
    } catch (e) {
      throw new Error(describeError(e));
    }
  },

  /**
   * The opened instance as a push board to edit (the rule set's board part: a facts
   * instance, or a planning task's problem), or undefined.
   * @throws Error with labsolve's message for an instance that cannot be read
   */
  async board(): Promise<EditableBoard | undefined> {
    if (!current) return undefined;
    const entry = ruleSetNamed(current.rules);
    if (entry.input === "text" || !entry.board) return undefined;
    const source = current.input === "pddl" ? current.problem : current.input === "facts" ? current.source : undefined;
    if (!source) return undefined;
    try {
      return (await entry.board()).read(source.text, source.name);
    } catch (e) {
      throw new Error(describeError(e));
    }
  },

  /**
   * An edited board written by the opened rule set's board part, as the files to open again:
   * the written instance under the opened one's name, then for a planning task the same
   * domain (open(files[0].text, files[0].name, files.slice(1))).
   * @throws Error for an input that is no push board, or a board its rule set cannot have
   */
  async writeBoard(b: EditableBoard): Promise<InputFile[]> {
    const entry = current ? ruleSetNamed(current.rules) : undefined;
    if (!current || !entry || entry.input === "text" || !entry.board) throw new Error("error: this input is no push board");
    const text = (await entry.board()).write(b);
    if (current.input === "pddl") return [{ text, name: current.problem.name }, { ...current.domain }];
    if (current.input !== "facts") throw new Error("error: this input is no push board");
    return [{ text, name: current.source.name }];
  },

  /**
   * The next move of an optimal solution from where a line played by hand stands (Minotaur
   * levels): the level with T and M placed where they are now, solved by the library's
   * solver; its answer's first move and its fewest moves from here. Not a replay of the
   * answer from the start: the position is solved afresh.
   */
  async hint(words: string[]): Promise<Hint> {
    if (!current) throw new Error("open an input first");
    const entry = ruleSetNamed(current.rules);
    if (current.input !== "text" || entry.input !== "text" || !entry.position) return { note: `no hint for ${current.rules}` };
    try {
      const position = (await entry.position()).after(current.source.text, current.source.name, words);
      if (position.kind === "over") return { note: position.why };
      const outcome = await solve(readInstance(position.text, current.source.name, { rules: current.rules }));
      const move = outcome.models[0]?.witness[0];
      if (move === undefined) return { note: `no way out from here (${outcome.status})` };
      return { move, ...(outcome.fewest !== null ? { fewest: outcome.fewest } : {}) };
    } catch (e) {
      throw new Error(describeError(e));
    }
  },
};

/** A generator as the page's form shows it (worker.generators). */
export interface GeneratorForm {
  name: string;
  shape: "n" | "grid" | "streamed";
  /** labgen's --style choices (empty: none) */
  styles: string[];
  /** labgen maze's --algorithm choices (shape maze) */
  algorithms: string[];
  /** the numeric options it takes besides the size and seed (rotations, iterations, braid) */
  numbers: { name: string; help: string }[];
  /** labgen's generator without --rules */
  default?: true;
}

/** What the page's form gives a generator: N (or ROWS), COLS, MAX_STEPS, the seed and the options. */
export interface GenerateFields {
  rows: number;
  cols: number;
  maxSteps?: number;
  seed: number;
  style?: string;
  algorithm?: string;
  options?: Record<string, number | undefined>;
}

/** A generated instance: its files and the generator's note. */
export interface Generated {
  files: InputFile[];
  note?: string;
}

/** A hint: the next move of an optimal solution and the fewest moves from here, or why there is none. */
export interface Hint {
  move?: string;
  fewest?: number;
  note?: string;
}

export type SolverApi = typeof api;

/** A played line as the referee sees it, and its picture. */
export interface Played {
  svg: string;
  /** the checker's verdict: valid (the line wins) and its cost, or the first broken rule's words */
  valid: boolean;
  cost?: number;
  message?: string;
}

Comlink.expose(api);
