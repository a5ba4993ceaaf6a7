/**
 * labcheck's referees: what the human and competition modes need of a rule set's checker
 * (src/check.ts for the competition, src/game/check.ts for the board game), chosen by the
 * facts or --rules (src/game/instance.ts usesGameRules).
 */
import { checkWitness, type Verdict } from "./check.js";
import { instanceFromAtoms, type Instance } from "./instance.js";
import { drawBoard } from "./picture.js";
import type { SourcePosition } from "../../core/errors.js";
import { actionAtom } from "../game/actions.js";
import { checkGameWitness, type GameVerdict } from "../game/check.js";
import { describeGameRules } from "../game/format.js";
import { gameFromAtoms, spareRules, usesGameRules, type GameInstance, type RulesChoice } from "../game/instance.js";
import { drawGameBoard } from "../game/picture.js";
import type { Cost } from "../../core/push-rules.js";
import type { Atom } from "../../core/facts.js";

/** One rule set's checker, as labcheck uses it. */
export interface Referee {
  /** the verdict on one answer's atoms */
  check(atoms: readonly Atom[]): { valid: boolean; violation?: { step: number; message: string } | undefined };
  /** human mode: valid, or the broken rule, the step and the board */
  describe(atoms: readonly Atom[]): string;
  /** --json: the verdict for machines */
  json(atoms: readonly Atom[]): object;
  /** the predicates of a witness (an instance and a witness concatenated) */
  isAction(atom: Atom): boolean;
  /** the warnings of the instance's facts */
  warnings: string[];
}

/**
 * The referee of an instance's facts: the game's when they use a game-only predicate or
 * `--rules game` forces it, else the competition's.
 * @throws InputError for an ill-formed instance
 */
export function refereeOf(atoms: readonly Atom[], file: string, end: SourcePosition, flags: { rules?: RulesChoice; cost?: Cost }): Referee {
  if (usesGameRules(atoms, flags.rules)) {
    const { instance, warnings } = gameFromAtoms(atoms, file, end, flags.cost);
    return gameReferee(instance, warnings);
  }
  if (flags.cost) throw new Error("--cost is for the board game's rules (a game instance, or --rules game)");
  const { instance, warnings } = instanceFromAtoms([...atoms], file, end);
  return {
    check: (a) => checkWitness(instance, [...a]),
    describe: (a) => describeCompetition(checkWitness(instance, [...a]), instance),
    json: (a) => {
      const v = checkWitness(instance, [...a]);
      return { valid: v.valid, pushes: v.pushes, violation: v.violation ?? null };
    },
    isAction: (a) => a.name === "push",
    warnings,
  };
}

function describeCompetition(v: Verdict, instance: Instance): string {
  if (v.valid) {
    return `valid: ${v.pushes} push${v.pushes === 1 ? "" : "es"}; the goal is reachable after step ${v.pushes} and not before (max_steps ${instance.maxSteps})\n`;
  }
  const x = v.violation!;
  const where = x.location ? ` (line ${x.location.line}, column ${x.location.column})` : "";
  const state = v.trace[v.trace.length - 1];
  const caption = state.push ? `board after step ${state.step}, push(${state.push.line},${state.push.dir},${state.step}):` : "board at the start (step 0):";
  return `invalid: step ${x.step}: ${x.message}${where}\nrule: ${x.rule}\n\n${caption}\n${drawBoard(state.board, state.goal, state.reachable)}\n`;
}

const GAME_ACTIONS = new Set(["push/3", "push/4", "walk/3", "step/2"]);

function gameReferee(instance: GameInstance, warnings: string[]): Referee {
  return {
    check: (a) => checkGameWitness(instance, a),
    describe: (a) => describeGame(checkGameWitness(instance, a), instance),
    json: (a) => {
      const v = checkGameWitness(instance, a);
      return { rules: "game", cost: instance.rules.cost, valid: v.valid, actions: v.cost, violation: v.violation ?? null };
    },
    isAction: (a) => GAME_ACTIONS.has(`${a.name}/${a.args.length}`),
    warnings,
  };
}

function describeGame(v: GameVerdict, inst: GameInstance): string {
  const rules = `${describeGameRules(inst)}\n`;
  if (v.valid) {
    const bound = inst.maxSteps === undefined ? "" : ` (max_steps ${inst.maxSteps})`;
    return `${rules}valid: cost ${v.cost} (${inst.rules.cost}); the goal is reached after step ${v.cost}${bound}\n`;
  }
  const x = v.violation!;
  const where = x.location ? ` (line ${x.location.line}, column ${x.location.column})` : "";
  const state = v.trace[v.trace.length - 1];
  const caption = state.action ? `board after step ${state.step}, ${actionAtom(state.action, state.step, spareRules(inst).rotate)}:` : "board at the start (step 0):";
  return `${rules}invalid: step ${x.step}: ${x.message}${where}\nrule: ${x.rule}\n\n${caption}\n${drawGameBoard(state.board, state.pawn, inst.goal, state.goalTile)}\n`;
}
