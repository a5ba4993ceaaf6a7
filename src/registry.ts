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
  TextChecker,
  TextDrawing,
  TextSolver,
} from "./core/plugin.js";
import { hasGameFacts } from "./push/game/recognise.js";
import { isTextMaze } from "./maze/text/recognise.js";
import { looksLikeLevel } from "./maze/minotaur/recognise.js";
import { isTransitCsv } from "./maze/theseus/recognise.js";

/** What every entry has. */
interface EntryBase {
  /** the name `--rules` takes */
  name: string;
  /** the folder family: "push" (rows and columns move); "maze" (static labyrinths) */
  family: "push" | "maze";
  /** one line for --help and docs */
  summary: string;
  /** labgen's part, when the rule set generates instances */
  generator?: () => Promise<Generator>;
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
}

/** A planning rule set: a PDDL domain and problem (labsolve plan, labcheck plan, labshow plan). */
export interface PlanRuleSet extends EntryBase {
  input: "pddl";
  solver: () => Promise<PlanSolver>;
  checker: () => Promise<PlanChecker>;
  drawing: () => Promise<PlanDrawing>;
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
}

export type RuleSetEntry = FactsRuleSet | PlanRuleSet | TextRuleSet;

const game: FactsRuleSet = {
  name: "game",
  family: "push",
  input: "facts",
  summary: "Ravensburger's board game: a spare tile, no wraparound, a goal tile or an exit, costs pushes, moves or steps",
  recognises: hasGameFacts,
  solver: async () => (await import("./push/game/solve.js")).solver,
  checker: async () => (await import("./push/game/referee.js")).checker,
  drawing: async () => (await import("./push/game/play.js")).drawing,
};

const competition: FactsRuleSet = {
  name: "competition",
  family: "push",
  input: "facts",
  summary: "the ASP Competition 2013 push labyrinth: wraparound pushes, the fewest pushes",
  recognises: () => true,
  solver: async () => (await import("./push/competition/solve.js")).solver,
  checker: async () => (await import("./push/competition/referee.js")).checker,
  drawing: async () => (await import("./push/competition/play.js")).drawing,
  generator: async () => (await import("./push/competition/generate.js")).generator,
  batch: async () => (await import("./push/competition/batch.js")).runner,
  proof: async () => (await import("./push/competition/proof.js")).splitter,
};

const ipc2023: PlanRuleSet = {
  name: "ipc2023",
  family: "push",
  input: "pddl",
  summary: "the IPC 2023 planning domain labyrinth (PDDL): the robot never rides, pushes and steps cost 1",
  solver: async () => (await import("./push/ipc2023/solve.js")).solver,
  checker: async () => (await import("./push/ipc2023/referee.js")).checker,
  drawing: async () => (await import("./push/ipc2023/play.js")).drawing,
  generator: async () => (await import("./push/ipc2023/generate.js")).generator,
};

const maze: TextRuleSet = {
  name: "maze",
  family: "maze",
  input: "text",
  summary: "a text maze (S to E): BFS, DFS, Dijkstra, A*, wall follower, Tremaux, dead-end filling; --rule turn: Theseus' turn rule",
  recognisesText: isTextMaze,
  solver: async () => (await import("./maze/text/solve.js")).solver,
  checker: async () => (await import("./maze/text/check.js")).checker,
  drawing: async () => (await import("./maze/text/play.js")).drawing,
  mazeGenerator: async () => (await import("./maze/text/generate.js")).generator,
};

const minotaur: TextRuleSet = {
  name: "minotaur",
  family: "maze",
  input: "text",
  summary: "Theseus and the Minotaur: a text maze with T, M and openings; the fewest moves (waits included) to escape",
  recognisesText: (text) => looksLikeLevel(text),
  solver: async () => (await import("./maze/minotaur/solve.js")).solver,
  checker: async () => (await import("./maze/minotaur/check.js")).checker,
  drawing: async () => (await import("./maze/minotaur/play.js")).drawing,
  generator: async () => (await import("./maze/minotaur/generate.js")).generator,
};

const theseus: TextRuleSet = {
  name: "theseus",
  family: "maze",
  input: "text",
  summary: "Theseus' transit graph (CSV node1,node2,weight,direction1,direction2): the shortest acyclic path, -n 0 every acyclic path and cycle",
  recognisesText: isTransitCsv,
  solver: async () => (await import("./maze/theseus/solve.js")).solver,
  checker: async () => (await import("./maze/theseus/check.js")).checker,
  drawing: async () => (await import("./maze/theseus/play.js")).drawing,
};

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

/**
 * The names labgen's `--rules` takes: the push rule sets with a generator (the static
 * labyrinths' generators have subcommands of their own: labgen maze, labgen minotaur).
 */
export const GENERATOR_NAMES: readonly string[] = RULE_SETS.filter((r) => r.generator && r.family === "push").map((r) => r.name);

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

/**
 * The maze generator (labgen maze): the first text rule set with one.
 * @throws Error when the registry has none
 */
export async function mazeGenerator(): Promise<MazeGenerator> {
  const r = RULE_SETS.find((e): e is TextRuleSet => e.input === "text" && e.mazeGenerator !== undefined);
  if (!r?.mazeGenerator) throw new Error("no maze generator");
  return r.mazeGenerator();
}
