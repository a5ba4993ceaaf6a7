/**
 * Instances no push can solve (docs/design/search.md, Lemma 1): the avatar's or the goal's
 * tile has no opening. Keeps every solution (there is none).
 */
import type { Instance } from "../../../instance.js";
import { PruningRule } from "./rule.js";

/**
 * True when no push sequence can ever make the goal reachable: the avatar does not
 * start on the goal, and the avatar's tile or the goal's tile has no opening. Tiles keep
 * their openings and the avatar and the goal ride on their tiles, so the avatar can
 * then never step off its tile or onto the goal's, and the two are different tiles
 * (Lemma 1; rules: ../shared/spec/push-labyrinth.md, "A push" and "Moving").
 */
export function hopeless(instance: Instance): boolean {
  const { board, init, goal } = instance;
  if (init.row === goal.row && init.col === goal.col) return false;
  return board.tiles[board.index(init)] === 0 || board.tiles[board.index(goal)] === 0;
}

/** Lemma 1 as a rule of the deepening: counts the depths it looked at and skipped. */
export class Hopeless extends PruningRule {
  readonly name = "closed avatar or goal tile";
  readonly preserves = "every solution" as const;
  readonly lemma = "Lemma 1";
  readonly applies: boolean;

  constructor(instance: Instance) {
    super();
    this.applies = hopeless(instance);
  }

  /** True when depth d >= 1 need not be searched. */
  skips(): boolean {
    this.tried++;
    if (this.applies) this.cut++;
    return this.applies;
  }
}
