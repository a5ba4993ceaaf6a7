/**
 * The registry of rule sets: each one's name, family, kind of input, how its input is
 * recognised, and its parts (solver, checker, drawing, generator, batch runner) as
 * loaders. labsolve, labcheck, labshow, labgen and batch route through it; none of them
 * tests a rule set's name.
 *
 * A part's modules are loaded only when a command asks for that part: routing a file
 * loads the recognisers alone (small modules that import nothing), so labsolve on a
 * competition instance loads nothing of the game's or IPC's, and labcheck loads no
 * search code at all.
 *
 * Adding a rule set: a folder with its parts (src/core/plugin.ts says what each part
 * is) and one entry in RULE_SETS.
 */
import type { Atom } from "./core/facts.js";
import type {
  BatchRunner,
  ProofSplitter,
  FactsChecker,
  FactsDrawing,
  FactsSolver,
  Generator,
  MazeGenerator,
  PlanChecker,
  PlanDrawing,
  PlanSolver,
  PositionPart,
  BoardPart,
  TextChecker,
  TextDrawing,
  TextSolver,
} from "./core/plugin.js";
import { hasGameFacts } from "./push/game/recognise.js";
import { isTextMaze } from "./maze/text/recognise.js";
import { looksLikeLevel } from "./maze/minotaur/recognise.js";
import { isTransitCsv } from "./maze/theseus/recognise.js";

/** The commands whose options the registry declares. */
export type CommandName = "labsolve" | "labcheck" | "labshow" | "labgen";

/**
 * An option that applies to some rule sets only: each command builds it from here (its
 * flag, values and help), and refuses it, naming the rule set, on an instance of a rule
 * set that does not take it (RuleSetEntry.takes).
 */
export interface RuleSetOption {
  /** the attribute commander gives it (`algorithm`; `wait` for `--no-wait`) */
  name: string;
  /** commander's flags, as on the command line (`--algorithm <name>`, `--no-wait`) */
  flags: string;
  /** the commands that have it */
  commands: readonly CommandName[];
  /** help, without the rule sets that take it (added from RuleSetEntry.takes) */
  help: string;
  /** the values it takes, when a closed list */
  choices?: readonly string[];
  /** the kind of number it takes, when a number (each command parses it so) */
  number?: "non-negative integer" | "positive integer" | "positive number";
}

/** What every entry has. */
interface EntryBase {
  /** the name `--rules` takes */
  name: string;
  /** the folder family: "push" (rows and columns move); "maze" (static labyrinths) */
  family: "push" | "maze";
  /** one line for --help and docs */
  summary: string;
  /** its input in a few words, for each command's --help (`ASP facts`, `a text maze`) */
  inputDescription: string;
  /** an input in the package, for the examples of each command's --help */
  example: string;
  /** the rule-set options (RULE_SET_OPTIONS names) each command takes for this rule set; absent: none */
  takes: Partial<Record<CommandName, readonly string[]>>;
  /** labgen's part, when the rule set generates instances */
  generator?: () => Promise<Generator>;
  /** how labgen offers the rule set's generator (`generator`, or a text rule set's `mazeGenerator`); absent: labgen does not */
  labgen?: LabgenEntry;
}

/**
 * How labgen offers a rule set's generator: its command, its help and an example. labgen
 * builds its --rules choices, its default, its subcommands and its --help from these.
 */
export interface LabgenEntry {
  /**
   * `rules`: a choice of the main command's --rules (`labgen N [MAX_STEPS] --seed S`, the
   * rule-set options the entry takes); `subcommand`: a command of its own, `labgen NAME
   * ROWS COLS --seed S [-o DIR]` with the labgen options the entry takes, or, for a text
   * rule set with a `mazeGenerator` (streamed), the command line of src/cli/labgen-maze.ts
   */
  command: "rules" | "subcommand";
  /** true for the one `rules` entry labgen generates without --rules */
  default?: boolean;
  /** what it writes, a phrase for labgen's --help (a subcommand's description: `Generates ` and this) */
  help: string;
  /** an example's arguments, after `labgen` */
  example: string;
}

/** A rule set whose instances are ASP facts (read by src/core/facts.ts before routing). */
export interface FactsRuleSet extends EntryBase {
  input: "facts";
  /**
   * True when facts belong to this rule set without `--rules`; the entries are asked in
   * RULE_SETS order, and the last facts entry (the competition) takes every other instance.
   */
  recognises(atoms: readonly Atom[]): boolean;
  solver: () => Promise<FactsSolver>;
  checker: () => Promise<FactsChecker>;
  drawing: () => Promise<FactsDrawing>;
  /** labsolve batch's part, when batch runs this rule set's instances */
  batch?: () => Promise<BatchRunner>;
  /** labsolve --queue's part: a proof in shares of the first pushes, each a job */
  proof?: () => Promise<ProofSplitter>;
  /** the instance as an editable board and back (the studio's push board editor) */
  board?: () => Promise<BoardPart>;
}

/** A planning rule set: a PDDL domain and problem (labsolve plan, labcheck plan, labshow plan). */
export interface PlanRuleSet extends EntryBase {
  input: "pddl";
  solver: () => Promise<PlanSolver>;
  checker: () => Promise<PlanChecker>;
  drawing: () => Promise<PlanDrawing>;
  /** True when a file is this rule set's PDDL (labsolve batch routes such files to its batch part); cheap */
  recognisesText?: (text: string, name: string) => boolean;
  /** labsolve batch's part: a problem with the domain beside it */
  batch?: () => Promise<BatchRunner>;
  /** the problem as an editable board and back (the studio's push board editor; the domain is the same before and after) */
  board?: () => Promise<BoardPart>;
}

/** A rule set whose instances are text of its own (a maze, a level): recognised by the text, before facts are read. */
export interface TextRuleSet extends EntryBase {
  input: "text";
  /**
   * True when the text is an instance of this rule set (asked before the text is read as
   * facts; must be cheap, and false for any ASP facts).
   * @param name the file's name (an extension may say it)
   */
  recognisesText(text: string, name: string): boolean;
  solver: () => Promise<TextSolver>;
  checker: () => Promise<TextChecker>;
  drawing: () => Promise<TextDrawing>;
  /** labgen maze's part, when the rule set generates mazes */
  mazeGenerator?: () => Promise<MazeGenerator>;
  /** labsolve batch's part, when batch runs this rule set's instances */
  batch?: () => Promise<BatchRunner>;
  /**
   * Present when the input is the text maze format (src/core/maze-text.ts: readTextMaze,
   * writeTextMaze) with these cell marks (`S`/`E`, `T`/`M`): an editor may toggle its walls
   * (on the border: an opening), move its marks and write it back; the rule set's reader
   * then says whether the result is an instance.
   */
  textMaze?: { marks: readonly string[] };
  /** where an instance stands after a line of moves, as an instance of its own (answers that are moves; the studio's hint) */
  position?: () => Promise<PositionPart>;
}

export type RuleSetEntry = FactsRuleSet | PlanRuleSet | TextRuleSet;

const game: FactsRuleSet = {
  name: "game",
  family: "push",
  input: "facts",
  summary: "Ravensburger's board game: a spare tile, no wraparound, a goal tile or an exit, costs pushes, moves or steps",
  inputDescription: "game facts (spare/1, exit/3, insert/2, cost/1...)",
  example: "docs/game-example.lp",
  takes: { labsolve: ["cost", "maxSteps", "any", "memory", "threads"], labcheck: ["cost"], labshow: ["timeLimit", "step"] },
  recognises: hasGameFacts,
  solver: async () => (await import("./push/game/solve.js")).solver,
  checker: async () => (await import("./push/game/referee.js")).checker,
  drawing: async () => (await import("./push/game/play.js")).drawing,
  batch: async () => (await import("./push/game/batch.js")).runner,
  board: async () => (await import("./push/game/edit.js")).board,
};

const competition: FactsRuleSet = {
  name: "competition",
  family: "push",
  input: "facts",
  summary: "the ASP Competition 2013 push labyrinth: wraparound pushes, the fewest pushes",
  inputDescription: "ASP Competition facts (field/2, init_on/2, goal_on/2, max_steps/1...)",
  example: "instances/example-4x4.lp",
  takes: { labsolve: ["maxSteps", "any", "memory", "threads", "checkpoint"], labshow: ["timeLimit", "step"], labgen: ["style"] },
  recognises: () => true,
  solver: async () => (await import("./push/competition/solve.js")).solver,
  checker: async () => (await import("./push/competition/referee.js")).checker,
  drawing: async () => (await import("./push/competition/play.js")).drawing,
  generator: async () => (await import("./push/competition/generate.js")).generator,
  labgen: { command: "rules", default: true, help: "ASP Competition facts; -o DIR writes DIR/XXXX-labyrinth-MAXINT-0.asp (the competition's file name).", example: "6 3 --seed 5" },
  batch: async () => (await import("./push/competition/batch.js")).runner,
  proof: async () => (await import("./push/competition/proof.js")).splitter,
  board: async () => (await import("./push/competition/edit.js")).board,
};

const ipc2023: PlanRuleSet = {
  name: "ipc2023",
  family: "push",
  input: "pddl",
  summary: "the IPC 2023 planning domain labyrinth (PDDL): the robot never rides, pushes and steps cost 1",
  inputDescription: "a PDDL domain and problem (the plan subcommands)",
  example: "domain.pddl problem.pddl",
  takes: { labshow: ["step"], labgen: ["rotations", "domain"] },
  solver: async () => (await import("./push/ipc2023/solve.js")).solver,
  checker: async () => (await import("./push/ipc2023/referee.js")).checker,
  drawing: async () => (await import("./push/ipc2023/play.js")).drawing,
  generator: async () => (await import("./push/ipc2023/generate.js")).generator,
  board: async () => (await import("./push/ipc2023/edit.js")).board,
  labgen: { command: "rules", help: "a PDDL problem of the IPC 2023 labyrinth domain (N only: a plan has no horizon), or with --domain the domain; standard output only.", example: "5 --rules ipc2023 --seed 1" },
  // a PDDL file: `(define` after comments
  recognisesText: (text) => /^\uFEFF?\s*(?:;[^\n]*\n\s*)*\(\s*define\b/i.test(text),
  batch: async () => (await import("./push/ipc2023/batch.js")).runner,
};

const maze: TextRuleSet = {
  name: "maze",
  family: "maze",
  input: "text",
  summary: "a text maze (S to E): BFS, DFS, Dijkstra, A*, wall follower, Tremaux, dead-end filling; --rule turn: Theseus' turn rule",
  inputDescription: "a text maze (+-+ walls, S and E)",
  example: "instances/maze-8x12.txt",
  takes: { labsolve: ["algorithm", "rule"], labcheck: ["rule"], labshow: ["algorithm", "rule"] },
  recognisesText: isTextMaze,
  textMaze: { marks: ["S", "E"] },
  solver: async () => (await import("./maze/text/solve.js")).solver,
  checker: async () => (await import("./maze/text/check.js")).checker,
  drawing: async () => (await import("./maze/text/play.js")).drawing,
  mazeGenerator: async () => (await import("./maze/text/generate.js")).generator,
  labgen: { command: "subcommand", help: "K text mazes of ROWS x COLS cells by one of several algorithms, streamed (labgen maze --help).", example: "maze 8 12 --algorithm backtracker --seed 1" },
  batch: async () => (await import("./maze/text/batch.js")).runner,
};

const minotaur: TextRuleSet = {
  name: "minotaur",
  family: "maze",
  input: "text",
  summary: "Theseus and the Minotaur: a text maze with T, M and openings; the fewest moves (waits included) to escape",
  inputDescription: "a Minotaur level (a text maze with T, M and an opening)",
  example: "instances/minotaur/01-4x4.txt",
  takes: { labsolve: ["wait"], labshow: ["step"], labgen: ["iterations"] },
  recognisesText: (text) => looksLikeLevel(text),
  textMaze: { marks: ["T", "M"] },
  position: async () => (await import("./maze/minotaur/position.js")).position,
  solver: async () => (await import("./maze/minotaur/solve.js")).solver,
  checker: async () => (await import("./maze/minotaur/check.js")).checker,
  drawing: async () => (await import("./maze/minotaur/play.js")).drawing,
  generator: async () => (await import("./maze/minotaur/generate.js")).generator,
  labgen: {
    command: "subcommand",
    help: "a Theseus and the Minotaur level whose optimum is long (a hill-climb; each level proven solvable); prints the level, or writes DIR/minotaur-RxC-SEED-OPTIMUM.txt with -o.",
    example: "minotaur 6 6 --seed 1",
  },
  batch: async () => (await import("./maze/minotaur/batch.js")).runner,
};

const theseus: TextRuleSet = {
  name: "theseus",
  family: "maze",
  input: "text",
  summary: "Theseus' transit graph (CSV node1,node2,weight,direction1,direction2): the shortest acyclic path, -n 0 every acyclic path and cycle",
  inputDescription: "a transit graph in CSV",
  example: "instances/labyrinth-of-theseus-edges.csv",
  takes: {},
  recognisesText: isTransitCsv,
  solver: async () => (await import("./maze/theseus/solve.js")).solver,
  checker: async () => (await import("./maze/theseus/check.js")).checker,
  drawing: async () => (await import("./maze/theseus/play.js")).drawing,
  batch: async () => (await import("./maze/theseus/batch.js")).runner,
};

/** The options some rule sets take and others do not (RuleSetEntry.takes says which take which). */
export const RULE_SET_OPTIONS: readonly RuleSetOption[] = [
  { name: "cost", flags: "--cost <cost>", commands: ["labsolve"], help: "what to minimise instead of the instance's cost/1", choices: ["pushes", "moves", "steps"] },
  { name: "cost", flags: "--cost <cost>", commands: ["labcheck"], help: "the cost the witness was made for, instead of the instance's cost/1", choices: ["pushes", "moves", "steps"] },
  { name: "maxSteps", flags: "--max-steps <k>", commands: ["labsolve"], help: "search up to K pushes instead of the instance's max_steps", number: "non-negative integer" },
  { name: "any", flags: "--any", commands: ["labsolve"], help: "one solution within max_steps, not necessarily the shortest: the competition's task, fastest" },
  { name: "memory", flags: "--memory <MB>", commands: ["labsolve"], help: "transposition table in MiB, one shared by all the search threads (0 disables it; default 64)", number: "non-negative integer" },
  { name: "threads", flags: "--threads <n>", commands: ["labsolve"], help: "search threads sharing out the first pushes (default: the machine's cores)", number: "positive integer" },
  { name: "checkpoint", flags: "--checkpoint <file>", commands: ["labsolve"], help: "proofs of the fewest pushes: record the depths and first pushes searched in this file every few seconds and when stopped; a run with the same file goes on from there" },
  { name: "algorithm", flags: "--algorithm <name>", commands: ["labsolve", "labshow"], help: "the search (labshow: the one the page animates)", choices: ["bfs", "dfs", "dijkstra", "astar", "wall-follower", "tremaux", "dead-end-filling"] },
  { name: "rule", flags: "--rule <rule>", commands: ["labsolve", "labcheck", "labshow"], help: "Theseus' turn rule: every move perpendicular to the one before (labsolve -n 0 counts the acyclic walks)", choices: ["turn"] },
  { name: "wait", flags: "--no-wait", commands: ["labsolve"], help: "the variant without the wait move" },
  { name: "timeLimit", flags: "--time-limit <seconds>", commands: ["labshow"], help: "without a witness: search at most this long and draw the best solution found, saying whether it is the shortest", number: "positive number" },
  // --style's values are the generator's (Generator.styles): labgen adds them
  { name: "style", flags: "--style <style>", commands: ["labgen"], help: "tile style (default maze)" },
  { name: "rotations", flags: "--rotations <k>", commands: ["labgen"], help: "random pushes scrambling the board (default N)", number: "non-negative integer" },
  { name: "iterations", flags: "--iterations <k>", commands: ["labgen"], help: "changes tried per restart (default 20000; two restarts)", number: "non-negative integer" },
  { name: "domain", flags: "--domain", commands: ["labgen"], help: "print the domain file instead of a problem (N and --seed are then ignored)" },
  { name: "step", flags: "--step <k>", commands: ["labshow"], help: "--format svg: only step K (0 is the start)", number: "non-negative integer" },
];

/**
 * Every rule set. Facts entries are asked to recognise an instance in this order, and
 * text entries too: the Minotaur's (a text maze with T) before the maze's.
 */
export const RULE_SETS: readonly RuleSetEntry[] = [minotaur, game, competition, ipc2023, maze, theseus];

/** The names `--rules` takes for facts (labsolve, labcheck). */
export const FACTS_RULE_NAMES: readonly string[] = RULE_SETS.filter((r) => r.input === "facts").map((r) => r.name);

/** The names labsolve's, labcheck's and labshow's `--rules` take: facts and text rule sets. */
export const INSTANCE_RULE_NAMES: readonly string[] = RULE_SETS.filter((r) => r.input !== "pddl").map((r) => r.name);

/**
 * The text rule set of an input, asked before it is read as facts: the one `forced`
 * names (undefined when `forced` names a facts rule set), else the first that
 * recognises the text, else undefined (the input is facts).
 */
export function textRuleSet(text: string, name: string, forced?: string): TextRuleSet | undefined {
  const texts = RULE_SETS.filter((r): r is TextRuleSet => r.input === "text");
  if (forced !== undefined) return texts.find((r) => r.name === forced);
  return texts.find((r) => r.recognisesText(text, name));
}

/** The rule sets labgen generates (LabgenEntry), in RULE_SETS order. */
export const GENERATING: readonly RuleSetEntry[] = RULE_SETS.filter((r) => r.labgen !== undefined);

/** The names labgen's `--rules` takes (the others are subcommands of their own: LabgenEntry.command). */
export const GENERATOR_NAMES: readonly string[] = GENERATING.filter((r) => r.labgen?.command === "rules").map((r) => r.name);

/**
 * The rule set labgen generates without `--rules` (LabgenEntry.default).
 * @throws Error when no `rules` entry is marked the default
 */
export function defaultGenerator(): RuleSetEntry {
  const r = GENERATING.find((e) => e.labgen?.command === "rules" && e.labgen.default);
  if (!r) throw new Error("no default generator");
  return r;
}

/** The rule set whose generator is the subcommand `labgen WORD`, else undefined. */
export function generatorSubcommand(word: string | undefined): RuleSetEntry | undefined {
  return GENERATING.find((r) => r.labgen?.command === "subcommand" && r.name === word);
}

/**
 * The rule set of an instance's facts: the one `forced` names, else the first that
 * recognises them.
 * @throws Error when `forced` names no facts rule set
 */
export function factsRuleSet(atoms: readonly Atom[], forced?: string): FactsRuleSet {
  const facts = RULE_SETS.filter((r): r is FactsRuleSet => r.input === "facts");
  if (forced !== undefined) {
    const named = facts.find((r) => r.name === forced);
    if (!named) throw new Error(`--rules ${forced}: expected one of ${FACTS_RULE_NAMES.join(", ")}`);
    return named;
  }
  return facts.find((r) => r.recognises(atoms)) ?? facts[facts.length - 1];
}

/**
 * The rule set whose proofs split into jobs on a queue (FactsRuleSet.proof): the one
 * `labsolve --queue` proves instances of.
 * @throws Error when the registry has none
 */
export function proofRuleSet(): FactsRuleSet {
  const r = RULE_SETS.find((e): e is FactsRuleSet => e.input === "facts" && e.proof !== undefined);
  if (!r) throw new Error("no rule set splits its proofs on a queue");
  return r;
}

/**
 * The planning rule set (the input of `plan` subcommands).
 * @throws Error when the registry has none (never, today)
 */
export function planRuleSet(): PlanRuleSet {
  const plan = RULE_SETS.find((r): r is PlanRuleSet => r.input === "pddl");
  if (!plan) throw new Error("no planning rule set");
  return plan;
}

/**
 * The rule set named `name`.
 * @throws Error for an unknown name
 */
export function ruleSetNamed(name: string): RuleSetEntry {
  const r = RULE_SETS.find((e) => e.name === name);
  if (!r) throw new Error(`unknown rule set ${name}: expected one of ${RULE_SETS.map((e) => e.name).join(", ")}`);
  return r;
}

/** The rule sets that take an option for a command. */
export function ruleSetsTaking(option: string, command: CommandName): RuleSetEntry[] {
  return RULE_SETS.filter((r) => r.takes[command]?.includes(option));
}

/** The rule-set options of a command, with the rule sets that take each named in its help. */
export function commandOptions(command: CommandName): { option: RuleSetOption; help: string }[] {
  return RULE_SET_OPTIONS.filter((o) => o.commands.includes(command)).map((option) => ({
    option,
    help: `${ruleSetsTaking(option.name, command).map((r) => r.name).join(", ")}: ${option.help}`,
  }));
}

/**
 * Refuses the options given on the command line that the rule set does not take.
 * @param given the attribute names (RuleSetOption.name) the user gave
 * @throws Error (a usage error) naming the first option and the rule set, e.g.
 *   `--algorithm does not apply to competition instances (it applies to maze)`
 */
export function refuseOptions(entry: RuleSetEntry, command: CommandName, given: readonly string[]): void {
  for (const option of RULE_SET_OPTIONS) {
    if (!option.commands.includes(command) || !given.includes(option.name) || entry.takes[command]?.includes(option.name)) continue;
    const flag = option.flags.split(" ")[0];
    const takers = ruleSetsTaking(option.name, command).map((r) => r.name);
    throw new Error(`${flag} does not apply to ${entry.name} instances${takers.length > 0 ? ` (it applies to ${takers.join(", ")})` : ""}`);
  }
}

/**
 * The rule sets for a command's --help: each one's name, summary, input and an example.
 * @param usage how the example's command line begins (`labsolve`, `labcheck`, `labshow`)
 */
export function ruleSetsHelp(usage: string): string {
  const lines = ["", "Rule sets (recognised from the input; --rules forces one):"];
  for (const r of RULE_SETS) {
    // a planning rule set's commands are the plan subcommands; labcheck and labshow read a plan too
    const example = r.input === "pddl" ? `${usage} plan ${r.example}${usage === "labsolve" ? "" : " plan.txt"}` : `${usage} ${r.example}`;
    lines.push(...wrap(`${r.summary}. Input: ${r.inputDescription}.`, `  ${r.name.padEnd(12)} `), ...wrap(`e.g. ${example}`, " ".repeat(15)));
  }
  return `${lines.join("\n")}\n`;
}

/**
 * The rule sets with a generator, for labgen's --help: each one's name, how labgen offers
 * it (--rules, the default, or a command of its own), what it writes, and an example.
 */
export function labgenHelp(): string {
  const lines = ["", "Rule sets (--rules NAME, or labgen NAME with its own --help):"];
  // the main command's rule sets first, its default first of all; then the commands of their own
  const rank = (r: RuleSetEntry): number => (r.labgen?.command === "subcommand" ? 2 : r.labgen?.default ? 0 : 1);
  for (const r of [...GENERATING].sort((a, b) => rank(a) - rank(b))) {
    const g = r.labgen!;
    const how = g.command === "subcommand" ? `labgen ${r.name}: ` : g.default ? "--rules (the default): " : "--rules: ";
    lines.push(...wrap(`${how}${g.help}`, `  ${r.name.padEnd(12)} `), ...wrap(`e.g. labgen ${g.example}`, " ".repeat(15)));
  }
  return `${lines.join("\n")}\n`;
}

/** Words wrapped at 80 columns, the first line after `first`, the others indented as far. */
function wrap(text: string, first: string): string[] {
  const out: string[] = [];
  let line = first;
  for (const word of text.split(" ")) {
    if (line.trim() !== "" && line.length + 1 + word.length > 80 && line.length > first.length) {
      out.push(line);
      line = " ".repeat(first.length) + word;
    } else line += line.length > first.length ? ` ${word}` : word;
  }
  out.push(line);
  return out;
}
