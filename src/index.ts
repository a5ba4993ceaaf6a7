/**
 * labyrinth as a library: `import { readInstance, solve, check, draw } from "labyrinth"`.
 *
 * - Every rule set through the same calls (src/library.ts): `readInstance(text, name,
 *   { rules?, rule?, cost? })` recognises the input as the commands do and returns an
 *   instance handle (`rules` names its rule set); `readPlanningInstance(domain, problem)`
 *   for IPC 2023's two PDDL files; `await solve(instance, options?)` -> the Outcome
 *   (`fewest`, `optimal`, `models[].witness`, `exitCode`); `await check(instance, witness)`
 *   -> the Verdict (`valid`, `violation`); `await draw(instance, witness?, { format })` ->
 *   the picture's text.
 * - The competition's own parts: `readCompetitionInstance`, `searchCompetition` (iterative
 *   deepening, one thread; `result.solutions`), `checkCompetition`, `checkWitness`.
 * - The board game: `readGameInstance`, `searchGame`, `checkGameWitness`.
 * - IPC 2023 (PDDL): `readIpcDomain`, `readIpcProblem`, `solveIpc`, `planText`, `validatePlan`.
 * - Pictures: `replay` (instance text and witness -> steps), `playText`, `stripSvg`, `playHtml`.
 * Fields are 1-based (row from the south, column from the west) except in the IPC's
 * tasks, which keep the PDDL's 0-based (x, y from the north).
 */
import { checkWitness, type Verdict as CompetitionVerdict } from "./push/competition/check.js";
import type { Instance } from "./push/competition/instance.js";
import { readOutput } from "./core/witness.js";

export {
  readInstance,
  readPlanningInstance,
  solve,
  check,
  draw,
  type LibraryInstance,
  type ReadOptions,
  type LibrarySolveOptions,
  type BetterAnswer,
  type DrawOptions,
  type Drawing,
} from "./library.js";
export type { Outcome, Model, Statistics, Status, CostKind, WitnessKind, Reporter } from "./core/outcome.js";
export type { Verdict, Violation } from "./core/verdict.js";
export type { Source } from "./core/plugin.js";
export { readInstance as readCompetitionInstance, type Instance, type ReadResult } from "./push/competition/instance.js";
export { solve as searchCompetition, type SearchOptions, type SearchResult } from "./push/competition/search/exact/engine.js";
export { checkWitness } from "./push/competition/check.js";

export { readOutput, type SolverOutput } from "./core/witness.js";
export { parseFacts, type Atom } from "./core/facts.js";
export { InputError } from "./core/errors.js";
export type { Push } from "./push/competition/board.js";
export type { Direction, Field } from "./core/grid.js";
export { COMPETITION, IPC2023, gameRules, type RuleSet, type Cost } from "./core/push-rules.js";
export { readGameInstance, type GameInstance } from "./push/game/instance.js";
export { searchGame } from "./push/game/search/deepening.js";
export { checkGameWitness } from "./push/game/check.js";
export { readIpcDomain } from "./push/ipc2023/domain.js";
export { readIpcProblem, readIpcProblemFacts } from "./push/ipc2023/problem.js";
export { solveIpc } from "./push/ipc2023/search/index.js";
export { planText } from "./push/ipc2023/plan-writer.js";
export { validatePlan, type PlanVerdict } from "./push/ipc2023/validate.js";
export type { IpcTask, IpcMove, IpcResult } from "./push/ipc2023/task.js";
export { replay } from "./show/replay.js";
export { playText } from "./show/text.js";
export { stripSvg, stepSvg } from "./show/svg.js";
export { playHtml } from "./show/html.js";

/**
 * Checks solver output against a competition instance with the competition's own checker
 * (check() does the same for every rule set through the registry).
 * @param instance from readCompetitionInstance
 * @param witness solver output in any layout labcheck reads (the competition's, clingo's,
 *   DLV braces, plain facts); its last answer is checked
 * @throws InputError when the text is not solver output
 */
export function checkCompetition(instance: Instance, witness: string): CompetitionVerdict {
  const out = readOutput(witness, "<witness>");
  return checkWitness(instance, out.answers.at(-1)?.atoms ?? []);
}
