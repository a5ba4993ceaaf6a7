/**
 * labyrinth as a library, the same calls for every rule set: `readInstance` recognises an
 * input as the commands do (src/registry.ts: a text rule set by its text, else a facts rule
 * set by its facts; `readPlanningInstance` for IPC 2023's two PDDL files), `solve` returns
 * the rule set's Outcome (src/core/outcome.ts), `check` its checker's Verdict
 * (src/core/verdict.ts), `draw` the picture labshow draws. Everything goes through the
 * registry's parts (solver, checker, drawing), never a rule set's internals, so the
 * library answers what labsolve, labcheck and labshow answer.
 *
 * Coordinates are each rule set's own, as in its input and witnesses: 1-based (row from the
 * south, column from the west) in the push labyrinths' facts, 1-based (row from the top) in
 * the mazes' verdicts, PDDL's own names in IPC 2023 plans.
 */
import { ExitCode } from "./core/errors.js";
import { endOf } from "./core/fact-args.js";
import { parseFacts, type Atom } from "./core/facts.js";
import type { CostKind, Model, Outcome, Reporter, SolveContext, WitnessKind } from "./core/outcome.js";
import { NO_SINK } from "./core/outcome.js";
import type { ShowPlay } from "./core/play.js";
import type { Source, SolveFlags } from "./core/plugin.js";
import type { Cost } from "./core/push-rules.js";
import type { Verdict } from "./core/verdict.js";
import { lastWitnessText, readOutput, readWitnessTexts } from "./core/witness.js";
import { factsRuleSet, planRuleSet, refuseOptions, ruleSetNamed, textRuleSet, type CommandName, type RuleSetEntry } from "./registry.js";
import { playHtml } from "./show/html.js";
import { replay } from "./show/replay.js";
import { stepSvg, stripSvg } from "./show/svg.js";
import { playText } from "./show/text.js";

/** What an instance's reading fixes for every later call: the rule set and the rules of a solution. */
export interface ReadOptions {
  /** a registry name (competition, game, maze, minotaur, theseus) instead of recognising the input */
  rules?: string;
  /** a walking rule instead of the maze's own: "turn" is Theseus' turn rule (maze only) */
  rule?: string;
  /** the board game's cost instead of the instance's cost/1 (game only) */
  cost?: Cost;
}

/**
 * An instance as the library holds it: its rule set (`rules`, the registry's name), the
 * kind of its input, the input itself and the reading options. Pass it to solve, check
 * and draw; build it with readInstance or readPlanningInstance.
 */
export type LibraryInstance =
  | {
      /** the registry name of its rule set */ readonly rules: string;
      /** how the input is read: facts, a text of its own, or PDDL */ readonly input: "facts";
      /** the text read and the name messages give it */ readonly source: Source;
      /** the instance's facts, as parsed */ readonly atoms: readonly Atom[];
      /** the options it was read with */ readonly options: ReadOptions;
    }
  | {
      /** the registry name of its rule set */ readonly rules: string;
      /** how the input is read: facts, a text of its own, or PDDL */ readonly input: "text";
      /** the text read and the name messages give it */ readonly source: Source;
      /** the options it was read with */ readonly options: ReadOptions;
    }
  | {
      /** the registry name of its rule set */ readonly rules: string;
      /** how the input is read: facts, a text of its own, or PDDL */ readonly input: "pddl";
      /** the PDDL domain file's text and name */ readonly domain: Source;
      /** the PDDL problem file's text and name */ readonly problem: Source;
      /** the options it was read with */ readonly options: ReadOptions;
    };

/** What `solve` takes besides the instance; each applies to the rule sets labsolve applies it to. */
export interface LibrarySolveOptions {
  /** answers wanted: 1 the best (default), 0 all, N the N best */
  models?: number;
  /** seconds; the outcome then says `interrupted` */
  timeLimit?: number;
  /** push labyrinths: search up to K pushes instead of the instance's max_steps */
  maxSteps?: number;
  /** push labyrinths: one solution within max_steps, not necessarily the shortest */
  any?: boolean;
  /** push labyrinths: search threads (default 1) */
  threads?: number;
  /** push labyrinths: MiB of transposition table (default 64) */
  memory?: number;
  /** mazes: the search algorithm (bfs, dfs, dijkstra, astar, wall-follower, tremaux, dead-end-filling) */
  algorithm?: string;
  /** Minotaur levels: false for the variant without the wait move */
  wait?: boolean;
  /** where statistics and warnings go (default: dropped) */
  reporter?: Reporter;
  /**
   * One answer wanted: each answer better than any before, as soon as it is found and
   * before it is proven the fewest (the competition's run: the beams', then the search's);
   * an interrupted caller keeps the last one, as labsolve prints it on SIGINT.
   */
  onBetter?: (found: BetterAnswer) => void;
  /** One answer wanted: the cost proven necessary rose to `bound` (a depth searched to its end without an answer). */
  onLowerBound?: (bound: number) => void;
}

/** An answer found before the run's end (LibrarySolveOptions.onBetter): the model, what its witness's words are and what its cost counts. */
export interface BetterAnswer {
  /** the answer: its cost and its witness's words, as Outcome.models holds them */
  model: Model;
  /** what the witness's words are (atoms, moves, states, actions) */
  witnessKind: WitnessKind;
  /** what the cost counts (pushes, moves, steps, ...) */
  cost: CostKind;
}

/** What `draw` takes. */
export interface DrawOptions {
  /** the picture's format: "text", "svg" or "html" */
  format: "text" | "svg" | "html";
  /** svg: only step K (0 is the start); for the facts rule sets and IPC plans, -1 is the last step (a plan cut mid-push: the last picture drawn) */
  step?: number;
  /** without a witness, push labyrinths: search at most this many seconds */
  timeLimit?: number;
  /** mazes: the search the picture animates */
  algorithm?: string;
}

/** A picture: its text, labshow's exit code (0 drawn, 1 the witness breaks a rule, 20 no solution) and a note, if any. */
export interface Drawing {
  /** the picture: text, SVG or an HTML page */
  text: string;
  /** labshow's exit code: 0 drawn, 1 the witness breaks a rule, 20 no solution */
  exitCode: number;
  /** a line for a human (what was drawn instead, a limit), if any */
  note?: string;
}

const SILENT: Reporter = { write: () => undefined };

/**
 * Reads an instance as labsolve, labcheck and labshow read it: a text rule set (a maze, a
 * Minotaur level, a transit graph) when its text says so, else ASP facts and the facts
 * rule set they belong to (the board game, else the competition).
 * @param text the instance's text; @param name its name in error messages
 * @throws InputError for ill-formed facts (`FILE:LINE:COL: ...`); Error for an unknown `rules`
 *   name or a reading option the rule set does not take (the text of a text rule set is read
 *   by solve, check and draw, which throw its InputError)
 */
export function readInstance(text: string, name: string, options: ReadOptions = {}): LibraryInstance {
  if (options.rules !== undefined) {
    const named = ruleSetNamed(options.rules);
    if (named.input === "pddl") throw new Error(`${options.rules} instances are a domain and a problem: use readPlanningInstance`);
  }
  const source = { text, name };
  const asText = textRuleSet(text, name, options.rules);
  if (asText) {
    refuseReading(asText, options);
    return { rules: asText.name, input: "text", source, options };
  }
  const atoms = parseFacts(text, name);
  const entry = factsRuleSet(atoms, options.rules);
  refuseReading(entry, options);
  return { rules: entry.name, input: "facts", source, atoms, options };
}

/**
 * Reads an IPC 2023 planning task: a PDDL domain and problem (the input of `labsolve plan`).
 * The texts are parsed by solve, check and draw.
 */
export function readPlanningInstance(domain: Source, problem: Source): LibraryInstance {
  return { rules: planRuleSet().name, input: "pddl", domain, problem, options: {} };
}

/** Refuses reading options the rule set's solver and checker do not take (labsolve's and labcheck's refusal). */
function refuseReading(entry: RuleSetEntry, options: ReadOptions): void {
  const given = (["rule", "cost"] as const).filter((k) => options[k] !== undefined);
  for (const command of ["labsolve", "labcheck"] as CommandName[]) refuseOptions(entry, command, given);
}

/**
 * Solves an instance with its rule set's solver, as labsolve does, keeping every answer.
 * @returns the Outcome: `fewest` (the proven optimum, or null), `optimal`, `models[].witness`
 *   (facts without the dot, move words, states or plan actions, best first), `exitCode` (clingo's: 30, 10, 20, 11, 1)
 * @throws InputError for a malformed instance; Error for an option the rule set does not take
 */
export async function solve(instance: LibraryInstance, options: LibrarySolveOptions = {}): Promise<Outcome> {
  const reporter = options.reporter ?? SILENT;
  if (instance.input === "pddl") {
    const given = (["models", "maxSteps", "any", "memory", "algorithm", "wait"] as const).filter((k) => options[k] !== undefined);
    if (given.length > 0) throw new Error(`${given[0]} does not apply to ${instance.rules} instances`);
    const solver = await planRuleSet().solver();
    const run = await solver.solve({ domain: instance.domain, problem: instance.problem }, { timeLimit: options.timeLimit, threads: options.threads }, reporter);
    return run.outcome;
  }
  const entry = ruleSetNamed(instance.rules);
  const given = (["maxSteps", "any", "memory", "threads", "algorithm", "wait"] as const).filter((k) => options[k] !== undefined);
  refuseOptions(entry, "labsolve", given);
  const flags: SolveFlags = {
    models: options.models ?? 1,
    format: "json",
    memory: options.memory ?? 64,
    threads: options.threads ?? 1,
    rules: instance.rules,
    ...defined({ maxSteps: options.maxSteps, timeLimit: options.timeLimit, any: options.any, algorithm: options.algorithm, wait: options.wait, rule: instance.options.rule, cost: instance.options.cost }),
  };
  const { onBetter, onLowerBound } = options;
  const sink = onBetter || onLowerBound ? { ...NO_SINK, better: (model: Model, witnessKind: WitnessKind, cost: CostKind) => onBetter?.({ model, witnessKind, cost }), lowerBound: (bound: number) => onLowerBound?.(bound) } : NO_SINK;
  const context: SolveContext = { sink, keep: true, reporter, started: performance.now() };
  if (instance.input === "text" && entry.input === "text") return (await entry.solver()).solve({ source: instance.source, stdin: false }, flags, context);
  if (instance.input === "facts" && entry.input === "facts") {
    const input = { source: instance.source, atoms: [...instance.atoms], end: endOf(instance.source.text), stdin: false };
    return (await entry.solver()).solve(input, flags, context);
  }
  throw new Error(`${instance.rules} does not read ${instance.input} input`);
}

/** The fields of `o` that are not undefined. */
function defined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * Checks a witness with the rule set's checker, as labcheck does: solver output in any
 * layout labsolve writes (competition, clingo, json) or a plain witness (facts, a move
 * list, a path, a plan); of several answers the last is checked (clingo's best).
 * @returns the Verdict: `valid`, `cost` and `costKind` when valid, `violation` ({step, message}, step 1-based, 0 for the start) when not
 * @throws InputError for a malformed instance or a witness that cannot be read; Error when
 *   the output has no answer to check (it says INCONSISTENT or UNKNOWN)
 */
export async function check(instance: LibraryInstance, witnessText: string, witnessName = "<witness>"): Promise<Verdict> {
  const witness = { text: witnessText, name: witnessName };
  if (instance.input === "pddl") return (await planRuleSet().checker()).check({ domain: instance.domain, problem: instance.problem, plan: witness }).verdict;
  const entry = ruleSetNamed(instance.rules);
  if (instance.input === "text" && entry.input === "text") {
    const referee = (await entry.checker()).referee({ source: instance.source, stdin: false }, defined({ rule: instance.options.rule }));
    return referee.judge({ text: lastWitnessText(witnessText, witnessName), name: witnessName }).verdict;
  }
  if (instance.input === "facts" && entry.input === "facts") {
    const referee = (await entry.checker()).referee({ atoms: [...instance.atoms], end: endOf(instance.source.text), file: instance.source.name }, defined({ cost: instance.options.cost }));
    const read = readOutput(witnessText, witnessName);
    const last = read.answers.at(-1);
    if (last === undefined && (read.saysInconsistent || read.saysUnknown)) throw new Error(`nothing to check: ${witnessName} says ${read.saysInconsistent ? "INCONSISTENT" : "UNKNOWN"}`);
    return referee.check(last?.atoms ?? []);
  }
  throw new Error(`${instance.rules} does not read ${instance.input} input`);
}

/**
 * Draws a witness (solver output in any layout, or a plain witness) or, without one, the
 * rule set's best solution, as labshow does.
 * @returns the picture's text (a large maze's SVG joined from its chunks), labshow's exit code and its note
 * @throws InputError for a malformed instance or witness; Error for a format the rule set
 *   does not draw, a step out of range, or a picture too large to view
 */
export async function draw(instance: LibraryInstance, witnessText?: string, options: DrawOptions = { format: "text" }): Promise<Drawing> {
  const witness = witnessText === undefined ? undefined : { text: witnessText, name: "<witness>" };
  const title = `labyrinth: ${instance.input === "pddl" ? instance.problem.name : instance.source.name}`;
  if (instance.input === "pddl") {
    if (!witness) throw new Error(`${instance.rules}: draw needs a plan (solve the task first)`);
    const play = (await planRuleSet().drawing()).play({ domain: instance.domain, problem: instance.problem, plan: witness });
    return { text: render(play, options, title), exitCode: play.valid ? 0 : 1 };
  }
  const entry = ruleSetNamed(instance.rules);
  if (entry.input === "text") {
    let last: Source | undefined;
    if (witness) {
      const read = readWitnessTexts(witness.text, witness.name);
      const text = read.answers.at(-1);
      if (text === undefined) throw new Error(`nothing to draw: the witness says ${read.saysInconsistent ? "INCONSISTENT" : "UNKNOWN"}`);
      last = { text, name: witness.name };
    }
    const drawn = await (await entry.drawing()).draw({ source: instance.source, stdin: false }, last, {
      format: options.format,
      title,
      ...defined({ step: options.step, algorithm: options.algorithm, rule: instance.options.rule }),
    });
    const text = drawn.chunks !== undefined ? [...drawn.chunks].join("") : drawn.text;
    return { text, exitCode: drawn.exitCode, ...defined({ note: drawn.note }) };
  }
  // the rule set readInstance chose (or was told), as labshow --rules forces it
  const { play, note } = await replay(instance.source.text, instance.source.name, witness, defined({ timeLimit: options.timeLimit, rules: instance.rules }));
  if (!play) return { text: "", exitCode: ExitCode.Unsatisfiable, note: note ?? "no solution to draw" };
  return { text: render(play, options, title), exitCode: play.valid ? 0 : 1, ...defined({ note }) };
}

/** The picture of a replayed solution in a format (labshow's). */
function render(play: ShowPlay, options: DrawOptions, title: string): string {
  if (options.step !== undefined && options.format !== "svg") throw new Error(`step is for the svg format (the ${options.format} picture shows every step)`);
  if (options.format === "text") return playText(play);
  if (options.format === "svg") {
    if (options.step === -1) return stepSvg(play, play.steps[play.steps.length - 1]);
    if (options.step !== undefined && options.step >= play.steps.length) throw new Error(`step ${options.step}: the solution drawn has steps 0 to ${play.steps.length - 1}`);
    return options.step === undefined ? stripSvg(play) : stepSvg(play, play.steps[options.step]);
  }
  return playHtml(play, title);
}
