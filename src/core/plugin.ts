/**
 * The parts a rule set offers the commands (labsolve, labcheck, labshow, labgen, batch),
 * as interfaces: a rule set's folder implements them, src/registry.ts lists which rule
 * set has which part and loads a part's modules only when a command asks for it. The
 * commands read files and arguments and write what a part returns or prints; they never
 * test a rule set's name.
 *
 * Three kinds of input: ASP facts (the competition, the board game), read into atoms by
 * src/core/facts.ts before the rule set is chosen; PDDL (IPC 2023: a domain, a problem
 * and a plan); and text of a rule set's own (the static labyrinths: a maze, a level),
 * recognised by the text before any facts are read. Coordinates are each rule set's own
 * (see its reader).
 */
import type { SourcePosition } from "./errors.js";
import type { Atom } from "./facts.js";
import type { CostKind, Outcome, OutputFormat, Reporter, SolveContext, Statistics, Status, WitnessKind } from "./outcome.js";
import type { ShowPlay } from "./play.js";
import type { Cost } from "./push-rules.js";
import type { Direction } from "./grid.js";
import type { JudgedWitness, Verdict } from "./verdict.js";

/** A file as read: its text and the name used in messages (`<stdin>` for standard input). */
export interface Source {
  /** the whole text */
  text: string;
  /** the name messages give it: the path as given, or `<stdin>` */
  name: string;
}

/** An instance of ASP facts, parsed. */
export interface FactsInput {
  source: Source;
  atoms: Atom[];
  /** the position just after the text: where "missing fact" errors point */
  end: SourcePosition;
  /** read from standard input (clingo's header then says "stdin") */
  stdin: boolean;
}

/** labsolve's options, once read. */
export interface SolveFlags {
  /** solutions wanted, 0 for all */
  models: number;
  format: OutputFormat;
  maxSteps?: number;
  /** seconds */
  timeLimit?: number;
  /** MiB of transposition tables */
  memory: number;
  stats?: boolean;
  any?: boolean;
  threads: number;
  /** force a rule set by its registry name instead of recognising it from the facts */
  rules?: string;
  /** the game's cost instead of the instance's cost/1 */
  cost?: Cost;
  /** static labyrinths: the search algorithm (text mazes: bfs, dfs, dijkstra, astar, ...) */
  algorithm?: string;
  /** static labyrinths: a walking rule instead of the maze's own ("turn": Theseus' turn rule) */
  rule?: string;
  /** Minotaur levels: false for the variant without the wait move (`--no-wait`) */
  wait?: boolean;
  /** competition: the proof's checkpoint file (written every few seconds and at the end; a run with it goes on from there) */
  checkpoint?: string;
}

/**
 * labsolve on facts: solve, hand each answer to `context.sink` as found, and return the
 * outcome (the command prints it in its layout); statistics and warnings go to
 * `context.reporter` (stderr). Never prints to stdout.
 */
export interface FactsSolver {
  /**
   * @returns the run's outcome (its exitCode clingo's: 30, 10, 20, 11, 1)
   * @throws InputError for an ill-formed instance (FILE:LINE:COL), Error for an option the rule set does not take
   */
  solve(input: FactsInput, flags: SolveFlags, context: SolveContext): Promise<Outcome>;
}

/** One rule set's checker, as labcheck uses it on one instance of facts. */
export interface Referee {
  /** the verdict on one answer's atoms (the competition protocol's OK / FAIL) */
  check(atoms: readonly Atom[]): Verdict;
  /** the verdict with labcheck's human words: the first line's summary and the details (the broken rule, the board) */
  judge(atoms: readonly Atom[]): JudgedWitness;
  /** the predicates of a witness (an instance and a witness concatenated) */
  isAction(atom: Atom): boolean;
  /** the warnings of the instance's facts */
  warnings: string[];
}

/** labcheck on facts. */
export interface FactsChecker {
  /**
   * The referee of an instance.
   * @throws InputError for an ill-formed instance, Error for an option the rule set does not take
   */
  referee(input: Pick<FactsInput, "atoms" | "end"> & { file: string }, flags: { cost?: Cost }): Referee;
}

/** A replayed solution, or undefined when no witness was given and the instance has none. */
export interface Replayed {
  play: ShowPlay | undefined;
  warnings: string[];
  /**
   * without a witness: what was drawn, from the solver's outcome (its status and bounds),
   * e.g. `the shortest solution (7 pushes, proven)` or `the best solution found within the
   * time limit (9 pushes; not proven shortest: shortest >= 7)`; or why nothing was (`no
   * solution found within the time limit`)
   */
  note?: string;
  /** without a witness: the search was stopped (the time limit, SIGINT, SIGTERM), drawn or not */
  interrupted?: boolean;
}

/** How labshow reads an instance and searches when no witness is given. */
export interface ReplayOptions {
  /** seconds the search may take, counted as labsolve counts them (default: no limit) */
  timeLimit?: number;
  /** force a facts rule set by its registry name instead of recognising it from the facts (labshow --rules) */
  rules?: string;
}

/** labshow on facts. */
export interface FactsDrawing {
  /**
   * Replays a witness with the rule set's checker, or, without one, the witness of the
   * outcome its solver part returns (the one labsolve runs: shortest, or cheapest),
   * replayed the same way from the steps the outcome carries (no text written and read).
   * @throws InputError for an ill-formed instance
   */
  replay(input: Pick<FactsInput, "source" | "atoms" | "end">, witness: readonly Atom[] | undefined, options?: ReplayOptions): Promise<Replayed>;
}

/** A planning task in PDDL: the domain and the problem. */
export interface PlanInput {
  domain: Source;
  problem: Source;
}

/** labsolve plan's options. */
export interface PlanFlags {
  /** seconds */
  timeLimit?: number;
  stats?: boolean;
  /** planner threads (default 1) */
  threads?: number;
}

/**
 * What a planner run gives the command: the outcome (one model at most, its witness the
 * plan's ground actions, cost "plan cost"), the plan file's text (to -o or stdout) and a
 * `;` comment line (stdout) when the plan is not proven optimal or there is none.
 */
export interface PlanOutcome {
  outcome: Outcome;
  plan?: string;
  message?: string;
  /** the same as outcome.exitCode */
  exitCode: number;
}

/** labsolve plan. */
export interface PlanSolver {
  /**
   * @param reporter where --stats lines go (the command's stderr)
   * @throws InputError on a bad domain or problem
   */
  solve(input: PlanInput, flags: PlanFlags, reporter: Reporter): Promise<PlanOutcome>;
}

/** labcheck plan. */
export interface PlanChecker {
  /**
   * @returns the verdict (valid: the plan's cost; invalid: the first failing action, 1-based, or the goal not reached after the last)
   * @throws InputError on a bad domain, problem or plan file
   */
  check(input: PlanInput & { plan: Source }): JudgedWitness;
}

/** labshow plan. */
export interface PlanDrawing {
  /** @throws InputError on a bad domain, problem or plan file */
  play(input: PlanInput & { plan: Source }): ShowPlay;
}

/** labgen's request; each generator says which fields it reads and refuses the rest. */
export interface GenerateRequest {
  /** the board's size N (N x N) */
  n: number;
  /** rows and columns, for rule sets whose boards are not square (Minotaur levels) */
  rows?: number;
  cols?: number;
  /** a search generator's changes per restart (Minotaur levels) */
  iterations?: number;
  /** the horizon, where the rule set has one */
  maxSteps?: number;
  seed: number;
  style?: string;
  rotations?: number;
  /** print the domain instead of a problem (planning rule sets) */
  domain?: boolean;
  /** the instance goes into a folder under the file name the generator gives (`-o DIR`) */
  toFolder?: boolean;
}

/**
 * labgen's part (how labgen offers it: the registry's LabgenEntry). The generator alone
 * decides what its rule set's instances may be: it refuses a size, a horizon or an option
 * value it does not take, and says in a note what the other commands will make of the
 * instance (a board labsolve does not solve, say).
 */
export interface Generator {
  /** the tile styles `--style` takes (labgen's --style choices; empty: no styles) */
  styles: readonly string[];
  /**
   * @returns the instance's text, its file name in a folder (`-o DIR`), and a line for
   *   stderr, printed as it is (what was reached, or what the readers make of it)
   * @throws Error for a request the generator refuses (a size out of range, a missing
   *   argument, a horizon where the rule set has none): labgen's usage error, exit 65
   */
  generate(request: GenerateRequest): { text: string; fileName?: string; note?: string };
}

/** labgen maze's request: a rectangular maze (cells rows x cols). */
export interface MazeRequest {
  rows: number;
  cols: number;
  /** the generator's algorithm name (MazeGenerator.algorithms) */
  algorithm: string;
  seed: number;
  /** how many mazes, each followed by a blank line (default 1) */
  count?: number;
  /** the fraction of dead ends removed (0: a perfect maze, 1: none left) */
  braid?: number;
}

/** A maze generator's algorithm, as labgen maze --help describes it. */
export interface MazeAlgorithmInfo {
  name: string;
  /** true: draws uniformly among all perfect mazes (spanning trees) of the grid */
  uniform: boolean;
  /** its bias in words (texture, corridors, dead ends, direction) */
  bias: string;
}

/** labgen maze: mazes written by chunks (streamed: a 10^8-cell maze is never one string). */
export interface MazeGenerator {
  algorithms: readonly MazeAlgorithmInfo[];
  /**
   * Writes `count` mazes in the rule set's text format, each followed by a blank line.
   * @param write consumes each chunk before it returns (the buffer is reused)
   * @param starting called before maze k (0-based) is written, so that a caller may write each maze to a file of its own
   * @throws Error for an unknown algorithm, a size out of range, a braid outside [0, 1]
   */
  generate(request: MazeRequest, write: (chunk: Uint8Array) => void, starting?: (k: number) => void): void;
}

/**
 * One line of batch's results file: the outcome document's fields (docs/contract.md, as
 * `labsolve FILE --format json` gives them for the instance alone with the same options)
 * and the batch's own (`instance`, `seconds`, `verified`, `error`, `errorKind`); rule-set
 * extras beside them (the competition's `N` and `max_steps`). Schema:
 * schema/batch-row.schema.json.
 */
export interface BatchRow {
  /** the instance's name: its path, `ARCHIVE:ENTRY` for a zip entry, `FILE#K` for maze K (1-based) of a file of several */
  instance: string;
  /** the registry's name of the rule set that ran it; null when no rule set was chosen (an unreadable file, a refused zip entry) */
  rules: string | null;
  /** clingo's words, as the outcome's; `UNKNOWN` for error rows */
  status: Status;
  /** what labsolve would exit with on this instance alone with the same options: 30, 10, 20, 11, 1; 65 for input errors and failed workers */
  exitCode: number;
  /** what the cost counts (pushes, moves, steps, weight, plan cost); null when nothing was searched */
  cost: CostKind | null;
  /** what the witness's words are; null when nothing was searched */
  witnessKind: WitnessKind | null;
  /** the proven optimum, else null */
  fewest: number | null;
  /** the answer is proven optimal (OPTIMUM FOUND) */
  optimal: boolean;
  /** cost proven necessary, null when nothing was proven */
  lowerBound: number | null;
  /** the answer's cost, null without an answer */
  upperBound: number | null;
  /** the answer's witness (the outcome's first model's: atoms without their dot, move words, states), null without an answer */
  witness: string[] | null;
  /** the search's own figures: seconds and states (0 and 0 when nothing was searched) */
  statistics: Statistics;
  /** what the user waited for: wall seconds from reading the file (or zip entry) to the verified answer */
  seconds: number;
  /** true: the rule set's checker accepted the answer; false: it rejected it; null: no answer to check */
  verified: boolean | null;
  /** a time limit or a signal stopped the search (labsolve's exit 11 or 1) */
  interrupted: boolean;
  /** what stopped it ("time limit"), when interrupted */
  interruptedBy?: string;
  /** what went wrong (error rows), or why the answer is unknown */
  error?: string;
  /** error kind: bad input (or an option the rule set does not take), a rejected answer, a failed worker */
  errorKind?: "input" | "verification" | "worker";
  [extra: string]: unknown;
}

/** What batch asks of one instance's run. */
export interface BatchRunOptions {
  timeLimit?: number;
  tableMegabytes?: number;
  maxSteps?: number;
  /** any solution, not necessarily the shortest */
  any?: boolean;
  /** search threads of the instance (default 1: a batch runs instances side by side) */
  threads?: number;
  /** aborting stops the search; the instance is then not recorded */
  signal?: AbortSignal;
}

/**
 * labsolve batch's part of a rule set: one instance solved by the rule set's solver and
 * its answer verified by the rule set's checker (labcheck's referee, never the solver's
 * code), as a row.
 */
export interface BatchRunner {
  /**
   * true: `run` starts worker threads of its own and stops them when `options.signal`
   * aborts; false: its search runs on the calling thread (batch then runs it in a worker
   * thread of its own, so that rows run side by side and can be stopped)
   */
  ownThreads: boolean;
  /**
   * @param text the instance's text; @param name its name in the results
   * @returns its row (an input error is an error row, never thrown), or undefined when the run was aborted
   */
  run(text: string, name: string, options: BatchRunOptions): Promise<BatchRow | undefined>;
  /**
   * The rule set's checker on a row's witness (labsolve batch --queue checks each row
   * again on the submitter).
   * @throws InputError for a malformed instance or witness
   */
  verify(text: string, name: string, witness: readonly string[], options: Pick<BatchRunOptions, "maxSteps">): Promise<Verdict>;
  /**
   * Why a file the batch was given is not an instance of this rule set although it is
   * routed here (a PDDL domain beside its problems), to skip it with a note; undefined: it is one.
   */
  notAnInstance?(text: string): string | undefined;
  /**
   * A file of several instances (labgen maze --count K), split into one text each; absent
   * or one text: the file is one instance. Each text keeps its lines' numbers (earlier lines
   * blanked), so that errors point at FILE:LINE:COL of the file.
   */
  split?(text: string): string[];
}

/** An instance in a text format of its rule set's own (a maze, a level), not yet parsed. */
export interface TextInput {
  source: Source;
  /** read from standard input */
  stdin: boolean;
}

/**
 * labsolve on a text instance: solve, hand each answer to `context.sink`, return the
 * outcome (the command prints it); statistics go to `context.reporter`. Never prints to stdout.
 */
export interface TextSolver {
  /**
   * @returns the run's outcome (its exitCode clingo's: 30 proven optimum or all enumerated, 10, 20, 11, 1)
   * @throws InputError for a malformed instance (FILE:LINE:COL), Error for an option the rule set does not take
   */
  solve(input: TextInput, flags: SolveFlags, context: SolveContext): Promise<Outcome>;
}

/** labcheck's options that a text rule set may take (the registry says which apply). */
export interface TextCheckFlags {
  /** a walking rule instead of the maze's own ("turn": Theseus' turn rule) */
  rule?: string;
}

/** One text instance's referee: verdicts on witnesses (move lists, paths) in the rule set's own words. */
export interface TextReferee {
  /**
   * The verdict on one witness's text (a move list, a path: whatever the rule set's reader takes).
   * @throws InputError at the witness's LINE:COL when it cannot be read
   */
  judge(witness: Source): JudgedWitness;
}

/** What labcheck --instance prints: a check of the instance alone (a maze's perfection, a graph's figures). */
export interface InstanceReport {
  /** human mode's lines */
  text: string;
  /** --json's document */
  json: Record<string, unknown>;
  /** 0 the instance passes (a perfect maze), 1 it does not */
  exitCode: number;
}

/** labcheck on a text instance: witnesses judged by the rule set's own simulation. */
export interface TextChecker {
  /**
   * Reads the instance and returns its referee.
   * @throws InputError for a malformed instance, Error for an option value the rule set does not take
   */
  referee(input: TextInput, flags: TextCheckFlags): TextReferee;
  /**
   * labcheck --instance: the check of the instance alone, when the rule set has one.
   * @throws InputError for a malformed instance
   */
  report?(input: TextInput, flags: TextCheckFlags): InstanceReport;
  /**
   * Where the instance ends in an instance and a witness concatenated (`labcheck - <
   * BOTH`): the 0-based offset of the first character after the instance's lines.
   */
  instanceEnd(text: string): number;
}

/** labshow on a text instance: the picture in a format, of a witness or of the solver's answer. */
export interface TextDrawing {
  /** the formats the rule set draws ("text", "svg", "html") */
  formats: readonly string[];
  /**
   * @returns the picture and the exit code (0 drawn, 1 the witness breaks a rule, 20 no
   *   solution); a large picture comes as `chunks` to write in turn (then `text` is empty),
   *   and `note` is a warning for standard error (a picture drawn with less detail)
   * @throws InputError for a malformed instance or witness; Error for a picture too large to view
   */
  draw(
    input: TextInput,
    witness: Source | undefined,
    options: { format: string; step?: number; title: string; algorithm?: string; rule?: string },
  ): Promise<{ text: string; exitCode: number; chunks?: Iterable<string>; note?: string }>;
}

/**
 * One job of a proof split on a queue (labsolve --queue): one depth, searched below some
 * push prefixes only (the shallower depths were settled before). Moves are numbered
 * 0 <= m < moves (ProofSplitter.plan) in the rule set's own order.
 */
export interface ProofPart {
  /** the depth searched (pushes) */
  depth: number;
  /** disjoint push prefixes, each a list of moves; `[[]]`: the whole depth */
  prefixes: number[][];
  /** states after which the job searches no further and returns its frontier; absent: none */
  budget?: number;
  /** the frontier's prefixes are at least this long (default: the longest prefix + 1) */
  frontierLength?: number;
  /** count the states below each prefix of this many pushes (ProofPartResult.sizes) */
  sizesLength?: number;
  /** transposition table, MiB */
  tableMegabytes?: number;
}

/** What a proof job found. A pure function of the instance and the ProofPart. */
export interface ProofPartResult {
  /** a solution of exactly `depth` pushes below the prefixes, as the witness's atoms (`push(Z,D,S).` separated by spaces), or null */
  witness: string | null;
  /** states generated */
  nodes: number;
  milliseconds: number;
  /**
   * The prefixes whose subtrees the job did not search (it ran past its budget): the
   * rest of its part, to be searched as further jobs. Empty when the part was searched to the end.
   */
  frontier: number[][];
  /** states below each prefix of `sizesLength` pushes the job met, keyed by its moves joined with "," */
  sizes: Record<string, number>;
}

/** A deep proof split into jobs by push prefixes: the rule set's search on parts of the tree. */
export interface ProofSplitter {
  /**
   * The horizon (max_steps, or the override) and the number of moves of a ply (4N).
   * @throws InputError for a malformed instance
   */
  plan(text: string, name: string, maxSteps?: number): { horizon: number; moves: number };
  /**
   * A solution found quickly (the in-process solver's upper bound: beams and shortening),
   * or null; a proof then searches the depths below its length only.
   * @throws InputError for a malformed instance
   */
  upperBound(text: string, name: string, horizon: number): Promise<{ witness: string; pushes: number } | null>;
  /**
   * Searches one part (synchronous: run it in a process or thread of its own).
   * @param shouldStop polled every few thousand states; true stops the search
   * @throws InputError for a malformed instance
   * @throws Error when shouldStop stopped it
   */
  searchPart(text: string, name: string, part: ProofPart, shouldStop?: () => boolean): ProofPartResult;
}

/** Where an instance stands after a line of moves: an instance text of its own, or why there is none (escaped, caught, a broken rule). */
export type Position = { kind: "inside"; text: string } | { kind: "over"; why: string };

/** A text rule set's position part: the instance after a line of move words, to solve afresh (the studio's hint). */
export interface PositionPart {
  /**
   * The instance after `words` from the instance `text`, written in its own format.
   * @throws InputError (FILE:LINE:COL) for an ill-formed instance; Error for a word that is not a move
   */
  after(text: string, name: string, words: readonly string[]): Position;
}

/**
 * A push board as an editor changes it: its size, the tiles' opening masks (OPEN bits, index
 * (row-1)*C + (col-1), row 1 the south row, as in the facts), the start and goal fields
 * (1-based) and the horizon. The competition's boards are N x N (`cols`, `spare`, `exit` and
 * `kept` undefined); the board game's are R x C with a spare tile, a goal tile or an exit, and
 * facts the editor does not change (insert lines, rotate, no_reverse, the cost) in `kept`.
 * The IPC 2023 planning tasks' are N x N with the domain's goal (an exit `s` at field (1, N),
 * `fixedGoal`) and the problem as read in `kept` (its names, the action cost): their 0-based
 * coordinates, y from the north, are converted by the part (src/push/ipc2023/edit.ts).
 */
export interface EditableBoard {
  /** N, the rows and columns of a square board; R, the rows, when `cols` is given */
  size: number;
  /** C, the columns of an R x C board (the board game's); undefined: N, a square board */
  cols?: number;
  tiles: Uint8Array;
  start: { row: number; col: number };
  goal: { row: number; col: number };
  /** the goal is an exit: the pawn leaves the goal field through this side (the game's exit/3); undefined: a goal tile (goal_on/2) */
  exit?: Direction;
  /** the rule set fixes the goal (the IPC 2023 domain's exit): an editor must not move the goal or turn the exit, and the part refuses a board where either changed; undefined: the goal is the instance's */
  fixedGoal?: boolean;
  /** the spare tile's OPEN bits (the game's spare/1 facts); undefined: the rule set has no spare tile */
  spare?: number;
  /** the horizon (max_steps/1); undefined: none (the game's bound is optional, the competition's is not) */
  maxSteps?: number;
  /** facts the editor does not change, as text, written back as they are by the part that read them; undefined: none */
  kept?: string;
}

/**
 * A rule set's board part: its instance read as an EditableBoard and written back as its
 * facts (facts the instance does not use and comments are not kept), or for the planning
 * rule set its problem read and written back as a problem of the same domain.
 */
export interface BoardPart {
  /** @throws InputError (FILE:LINE:COL) for an instance that cannot be read */
  read(text: string, name: string): EditableBoard;
  /** @throws Error for a board the rule set cannot have (say, a spare tile where there is none) */
  write(board: EditableBoard): string;
}
