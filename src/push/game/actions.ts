/**
 * The board game's actions as data and as the atoms of a solution (docs/board-game.md,
 * "Solutions"): `push(Z,D,S)`, or `push(Z,D,R,S)` under `rotate.` (R quarter turns of the
 * spare, clockwise); `walk(X,Y,S)` (cost moves: the walk of action S ends on (X,Y));
 * `step(D,S)` (cost steps: action S is one step towards D). S numbers the actions 1..T.
 */
import type { Direction, Field } from "../../core/grid.js";

/** One action of a solution; fields and lines are 1-based. */
export type GameAction =
  | { kind: "push"; line: number; dir: Direction; turns: number }
  | { kind: "walk"; to: Field }
  | { kind: "step"; dir: Direction };

/**
 * The atom of the action numbered `step` (1-based).
 * @param rotate the instance has `rotate.`: pushes are written push/4
 */
export function actionAtom(a: GameAction, step: number, rotate: boolean): string {
  switch (a.kind) {
    case "push":
      return rotate ? `push(${a.line},${a.dir},${a.turns},${step})` : `push(${a.line},${a.dir},${step})`;
    case "walk":
      return `walk(${a.to.row},${a.to.col},${step})`;
    case "step":
      return `step(${a.dir},${step})`;
  }
}

/** The atoms of a solution, actions numbered 1..T in order. */
export function solutionActionAtoms(actions: readonly GameAction[], rotate: boolean): string[] {
  return actions.map((a, i) => actionAtom(a, i + 1, rotate));
}
