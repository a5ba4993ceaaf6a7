/**
 * The page's link to the solver's Web Worker (Comlink): open, solve, pictures, and Stop,
 * which terminates the worker (a search in a worker cannot be interrupted otherwise) and
 * starts a fresh one with the same input opened.
 */
import * as Comlink from "comlink";
import type { GenerateFields, Generated, GeneratorForm, Hint, InputFile, Interim, Opened, Picture, Played, Solved, SolverApi } from "./solver-worker.js";
import type { EditableBoard } from "../../src/core/plugin.js";
import SolverWorker from "./solver-worker.ts?worker&inline";

/** One studio session: the worker and the input it has opened. */
export class Session {
  private worker: Worker;
  private api: Comlink.Remote<SolverApi>;
  private input: { text: string; name: string; more: InputFile[] } | undefined;

  constructor() {
    this.worker = new SolverWorker();
    this.api = Comlink.wrap<SolverApi>(this.worker);
  }

  /** Reads an input in the worker (`more`: a planning task's second file). @throws Error with labsolve's message (FILE:LINE:COL) */
  async open(text: string, name: string, more: InputFile[] = []): Promise<Opened> {
    this.input = { text, name, more };
    return this.api.open(text, name, more);
  }

  /** Solves the opened input; `progress` gets the progress line, `interim` what the solve has found so far (for Stop). */
  solve(progress: (line: string) => void, interim: (so: Interim) => void): Promise<Solved> {
    return this.api.solve(Comlink.proxy(progress), Comlink.proxy(interim));
  }

  /** The picture after `k` witness words of the answer (0: the start). */
  picture(k: number): Promise<Picture> {
    return this.api.picture(k);
  }

  /** A line played by hand, judged by the checker and drawn. */
  play(words: string[], kind: "moves" | "atoms" = "moves"): Promise<Played> {
    return this.api.play(words, kind);
  }

  /** labgen's generators as forms. */
  generators(): Promise<GeneratorForm[]> {
    return this.api.generators();
  }

  /** An instance from labgen's generator of a rule set. */
  generate(name: string, fields: GenerateFields): Promise<Generated> {
    return this.api.generate(name, fields);
  }

  /** The opened instance as a push board to edit, or undefined. */
  board(): Promise<EditableBoard | undefined> {
    return this.api.board();
  }

  /** An edited push board written by the rule set's board part: the files to open again (the instance, then a planning task's domain). */
  writeBoard(b: EditableBoard): Promise<InputFile[]> {
    return this.api.writeBoard(b);
  }

  /** The next move of an optimal solution from where the played line stands. */
  hint(words: string[]): Promise<Hint> {
    return this.api.hint(words);
  }

  /** The searches labshow animates for the opened input (none for most rule sets). */
  searches(): Promise<string[]> {
    return this.api.searches();
  }

  /** labshow's search page for one of them. */
  searchPage(algorithm: string): Promise<string> {
    return this.api.searchPage(algorithm);
  }

  /**
   * Stops a running solve: a new worker, with the input opened again; given what the solve
   * had found (`so`, after `seconds`), its best answer as an interrupted run's outcome, to step through.
   */
  async stop(so?: Interim, seconds = 0): Promise<Solved | undefined> {
    this.worker.terminate();
    this.worker = new SolverWorker();
    this.api = Comlink.wrap<SolverApi>(this.worker);
    if (this.input) await this.api.open(this.input.text, this.input.name, this.input.more);
    return this.input && so?.found ? this.api.stopped(so, seconds) : undefined;
  }
}
