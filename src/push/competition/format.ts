/**
 * A push solution's witness as the competition writes it (`push(Z,D,S)`, steps from 1),
 * for the outcome's models, batch's rows and the queue's proofs.
 * Source: ../shared/spec/asp-competition-io.md (the competition's output).
 */
import { pushAtom, type Push } from "./board.js";

/** The atoms of a solution, steps numbered from 1: `push(Z,D,S)`. */
export function solutionAtoms(pushes: readonly Push[]): string[] {
  return pushes.map((p, i) => pushAtom(p, i + 1));
}

/** The competition's layout of one solution: `ANSWER` and the witness line. */
export function competitionAnswer(pushes: readonly Push[]): string {
  return `ANSWER\n${solutionAtoms(pushes).map((a) => `${a}.`).join(" ")}\n`;
}
