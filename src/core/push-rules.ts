/**
 * Rule sets as data: what differs between the push labyrinth of the ASP Competition, the
 * IPC 2023 planning domain "labyrinth" and Ravensburger's board game with its spare tile.
 *
 * Sources: docs/rules.md (the project's own rules page), ../shared/spec/push-labyrinth.md
 * (competition), ../shared/ipc2023-labyrinth/opt/domain.pddl (IPC 2023),
 * ../shared/spec/board-game.md (the game).
 *
 * A rule set is plain data; each solver and the checker read it, and neither shares the
 * other's code that applies it. Coordinates are not part of a rule set: instances keep
 * the competition's 1-based (row from the south, column from the west) fields.
 */
import type { Direction } from "./grid.js";

/** A line that may be pushed one way: `insert(Z,D)`, Z a row for e/w, a column for n/s (1-based). */
export interface InsertLine {
  line: number;
  direction: Direction;
}

/** How a push moves the tiles of its line. */
export type TileMotion =
  /** the tile pushed off one edge comes back at the other (competition, IPC 2023) */
  | { kind: "wraparound" }
  /**
   * the spare enters at the upstream end and the downstream tile becomes the spare (the
   * game); `rotate`: the spare may be turned by quarter turns first; `noReverse`: a push
   * may not undo the push just made; `inserts`: the lines that may be pushed, or "all"
   */
  | { kind: "spare"; rotate: boolean; noReverse: boolean; inserts: "all" | readonly InsertLine[] };

/**
 * The pawn (avatar, robot) and pushes: "rides" moves with its tile (competition, game);
 * "blocks" means its row and column cannot be pushed (IPC 2023: the robot never rides).
 */
export type PawnRule = "rides" | "blocks";

/** The goal: a tile the pawn must reach (it rides along when pushed), or an exit: a field and a side. */
export type GoalKind = "tile" | "exit";

/**
 * What a solution minimises.
 * - pushes: each push, then a free walk; no walk before the first push (competition, game turn)
 * - moves: a push, or a walk of any length, costs 1
 * - steps: a push costs 1, each step from a field to the next costs 1 (IPC 2023 total-cost)
 */
export type Cost = "pushes" | "moves" | "steps";

export const COSTS: readonly Cost[] = ["pushes", "moves", "steps"];

/** One rule set. */
export interface RuleSet {
  /** "competition", "ipc2023" or "game" */
  name: "competition" | "ipc2023" | "game";
  /** how a push moves the tiles of its line */
  motion: TileMotion;
  /** whether the pawn rides its tile or blocks its lines */
  pawn: PawnRule;
  /** a tile to reach, or an exit */
  goal: GoalKind;
  /** what a solution's cost counts */
  cost: Cost;
  /**
   * the competition's rule (!): pushing stops the moment the goal is reachable, and its
   * answers are every push sequence, not only the cheapest; only the competition has it
   */
  stopAtGoal: boolean;
}

/** The ASP Competition 2013 push labyrinth (../shared/spec/push-labyrinth.md). */
export const COMPETITION: RuleSet = {
  name: "competition",
  motion: { kind: "wraparound" },
  pawn: "rides",
  goal: "tile",
  cost: "pushes",
  stopAtGoal: true,
};

/** The IPC 2023 classical domain "labyrinth" (domain.pddl): the robot blocks its lines, leaves by an exit, pushes and steps cost 1. */
export const IPC2023: RuleSet = {
  name: "ipc2023",
  motion: { kind: "wraparound" },
  pawn: "blocks",
  goal: "exit",
  cost: "steps",
  stopAtGoal: false,
};

/**
 * The board game's rules for one instance (../shared/spec/board-game.md).
 * @param options the instance's `rotate.`, `no_reverse.`, `insert/2` facts, goal kind and cost
 */
export function gameRules(options: {
  rotate: boolean;
  noReverse: boolean;
  inserts: "all" | readonly InsertLine[];
  goal: GoalKind;
  cost: Cost;
}): RuleSet {
  return {
    name: "game",
    motion: { kind: "spare", rotate: options.rotate, noReverse: options.noReverse, inserts: options.inserts },
    pawn: "rides",
    goal: options.goal,
    cost: options.cost,
    stopAtGoal: false,
  };
}
