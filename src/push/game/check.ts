/**
 * The board game's referee: decides whether a witness (push/3 or push/4, walk/3, step/2
 * atoms) is a solution of a game instance, with its own step-by-step simulation on the
 * plain GameBoard (src/push/game/board.ts); it shares no code with the solver's search
 * (src/push/game/search/). Rules: ../shared/spec/board-game.md, docs/board-game.md.
 */
import { DELTA, OPEN, OPPOSITE, isDirection, type Direction, type Field } from "../../core/grid.js";
import { atomText, type Atom, type Place } from "../../core/facts.js";
import { actionAtom, type GameAction } from "./actions.js";
import { GameBoard } from "./board.js";
import { pushableLines, spareRules, type GameInstance } from "./instance.js";

/** The rules a game witness can break. */
export type GameRule =
  | "malformed" // an action atom whose terms have the wrong kind
  | "action-kind" // an action the instance's cost or rotate. does not allow (walk without cost moves, push/3 under rotate, ...)
  | "step-number" // a step below 1
  | "gap" // no action at a step below the last one
  | "two-actions" // more than one action at one step
  | "horizon" // more actions than max_steps
  | "direction" // a direction other than n, s, e, w
  | "line" // a line outside the board
  | "insert" // a line the instance's insert/2 facts do not allow
  | "turns" // quarter turns outside 0..3
  | "reverse" // no_reverse: the push undoes the push just made
  | "walk-nowhere" // a walk that ends where it starts
  | "walk-blocked" // a walk to a field the pawn cannot reach
  | "step-blocked" // a step through a wall or off the board
  | "goal-not-reached"; // after the last action the goal is not reached

/** The state after an action; step 0 is the start. */
export interface GameState {
  step: number;
  board: GameBoard;
  /** the pawn's fields, 0-based: the reachable set under cost pushes, its one field otherwise */
  pawn: Set<number>;
  /** the goal tile's field, 1-based (undefined for an exit) */
  goalTile: Field | undefined;
  /** the action that led here */
  action: GameAction | undefined;
}

/** The first rule a witness breaks. */
export interface GameViolation {
  rule: GameRule;
  /** the action's step (1-based; 0 for the start) */
  step: number;
  message: string;
  atom?: string;
  location?: Place;
}

/** The checker's verdict on one witness. */
export interface GameVerdict {
  valid: boolean;
  /** the witness's cost: its number of actions */
  cost: number;
  violation: GameViolation | undefined;
  /** states from step 0 up to the violation (or the last step) */
  trace: GameState[];
}

interface Raw {
  text: string;
  step: number;
  location: Place;
  atom: Atom;
}

const ACTION_SIGNATURES = new Set(["push/3", "push/4", "walk/3", "step/2"]);

/** The action an atom names, or what is wrong with its form under these rules. */
function readAction(inst: GameInstance, r: Raw): GameAction | { rule: GameRule; message: string } {
  const { rotate } = spareRules(inst);
  const cost = inst.rules.cost;
  const a = r.atom.args;
  const isInt = (i: number): boolean => a[i].kind === "integer";
  const num = (i: number): number => (a[i] as { value: number }).value;
  const dirOf = (i: number): Direction | undefined => {
    const t = a[i];
    return t.kind === "constant" && isDirection(t.name) ? t.name : undefined;
  };
  const badDir = { rule: "direction" as const, message: `${r.text}: the direction must be n, s, e or w` };
  switch (r.atom.name) {
    case "push": {
      if (rotate !== (a.length === 4)) {
        return { rule: "action-kind", message: rotate ? `${r.text}: under rotate. a push names its quarter turns: push(Z,D,R,S)` : `${r.text}: without rotate. a push is push(Z,D,S)` };
      }
      if (!isInt(0) || (rotate && !isInt(2))) return { rule: "malformed", message: `${r.text}: the line${rotate ? " and the turns" : ""} must be integers` };
      const d = dirOf(1);
      if (!d) return badDir;
      return { kind: "push", line: num(0), dir: d, turns: rotate ? num(2) : 0 };
    }
    case "walk":
      if (cost !== "moves") return { rule: "action-kind", message: `${r.text}: walk/3 is an action only under cost moves (this run's cost is ${cost})` };
      if (!isInt(0) || !isInt(1)) return { rule: "malformed", message: `${r.text}: the field must be two integers` };
      return { kind: "walk", to: { row: num(0), col: num(1) } };
    default: {
      if (cost !== "steps") return { rule: "action-kind", message: `${r.text}: step/2 is an action only under cost steps (this run's cost is ${cost})` };
      const d = dirOf(0);
      if (!d) return badDir;
      return { kind: "step", dir: d };
    }
  }
}

/**
 * Checks a witness against a game instance.
 * @param inst the validated instance (its rules say the cost, rotate, no_reverse, inserts)
 * @param atoms the witness's atoms; predicates other than push/3, push/4, walk/3 and
 *   step/2 are ignored (a whole answer set is a witness too); repeated atoms count once
 * @returns the verdict with the first broken rule, in step order
 */
export function checkGameWitness(inst: GameInstance, atoms: readonly Atom[]): GameVerdict {
  const raws = new Map<string, Raw>();
  for (const atom of atoms) {
    if (!ACTION_SIGNATURES.has(`${atom.name}/${atom.args.length}`)) continue;
    const text = atomText(atom);
    if (raws.has(text)) continue;
    const s = atom.args[atom.args.length - 1];
    if (s.kind !== "integer") return early(inst, { rule: "malformed", step: 0, message: `${text}: the step must be an integer`, atom: text, location: atom.location });
    raws.set(text, { text, step: s.value, location: atom.location, atom });
  }
  const all = [...raws.values()];
  const low = all.find((r) => r.step < 1);
  if (low) return early(inst, { rule: "step-number", step: low.step, message: `${low.text}: steps are numbered from 1`, atom: low.text, location: low.location });
  const last = all.reduce((m, r) => Math.max(m, r.step), 0);
  const atStep = new Map<number, Raw[]>();
  for (const r of all) atStep.set(r.step, [...(atStep.get(r.step) ?? []), r]);

  const { rotate, noReverse } = spareRules(inst);
  const pushesCost = inst.rules.cost === "pushes";
  const lines = pushableLines(inst);
  let board = new GameBoard(inst.rows, inst.cols, inst.tiles, inst.spare);
  let pawn = new Set<number>([board.index(inst.init)]);
  let goalTile = inst.goal.kind === "tile" ? inst.goal.field : undefined;
  let lastPush: { line: number; dir: Direction } | undefined;
  const trace: GameState[] = [{ step: 0, board, pawn, goalTile, action: undefined }];
  const verdict = (v: GameViolation | undefined): GameVerdict => ({ valid: !v, cost: all.length, violation: v, trace });

  for (let step = 1; step <= last; step++) {
    const here = atStep.get(step) ?? [];
    if (here.length === 0) return verdict({ rule: "gap", step, message: `no action at step ${step}: steps must be numbered 1..${last} without gaps` });
    if (here.length > 1) {
      return verdict({ rule: "two-actions", step, message: `${here.length} actions at step ${step} (${here.map((r) => r.text).join(", ")}): exactly one per step`, atom: here[1].text, location: here[1].location });
    }
    const r = here[0];
    const broken = (rule: GameRule, message: string): GameVerdict => verdict({ rule, step, message, atom: r.text, location: r.location });
    if (inst.maxSteps !== undefined && step > inst.maxSteps) return broken("horizon", `${r.text}: more actions than max_steps(${inst.maxSteps})`);
    const action = readAction(inst, r);
    if (!("kind" in action)) return broken(action.rule, action.message);
    if (action.kind === "push") {
      const { line, dir, turns } = action;
      const limit = dir === "e" || dir === "w" ? inst.rows : inst.cols;
      if (line < 1 || line > limit) return broken("line", `${r.text}: ${limit === inst.rows && (dir === "e" || dir === "w") ? "row" : "column"} ${line} is outside the ${inst.rows}x${inst.cols} board (1..${limit})`);
      if (!lines.some((l) => l.line === line && l.direction === dir)) return broken("insert", `${r.text}: the instance's insert/2 facts do not allow pushing line ${line} towards ${dir}`);
      if (turns < 0 || turns > 3) return broken("turns", `${r.text}: the spare turns 0 to 3 quarter turns`);
      if (noReverse && lastPush && lastPush.line === line && lastPush.dir === OPPOSITE[dir]) {
        return broken("reverse", `${r.text}: no_reverse: it undoes the push just made (line ${line} towards ${lastPush.dir})`);
      }
      const moved = [...pawn].map((i) => board.index(board.rideTo(board.field(i), line, dir)));
      if (goalTile) goalTile = board.rideTo(goalTile, line, dir);
      board = board.pushed(line, dir, turns);
      pawn = pushesCost ? board.walk(moved) : new Set(moved);
      lastPush = { line, dir };
    } else if (action.kind === "walk") {
      const from = [...pawn][0];
      if (!board.contains(action.to)) return broken("walk-blocked", `${r.text}: the field is outside the ${inst.rows}x${inst.cols} board`);
      const to = board.index(action.to);
      if (to === from) return broken("walk-nowhere", `${r.text}: the pawn is already there; a walk moves it`);
      if (!board.walk([from]).has(to)) return broken("walk-blocked", `${r.text}: no open path from the pawn's field (${board.field(from).row},${board.field(from).col})`);
      pawn = new Set([to]);
    } else {
      const from = board.field([...pawn][0]);
      if (!board.linked(from, action.dir)) return broken("step-blocked", `${r.text}: from (${from.row},${from.col}) towards ${action.dir} there is no open link`);
      const next = board.index({ row: from.row + DELTA[action.dir][0], col: from.col + DELTA[action.dir][1] });
      pawn = new Set([next]);
    }
    trace.push({ step, board, pawn, goalTile, action });
  }
  if (!goalReached(inst, board, pawn, goalTile)) {
    const lastState = trace[trace.length - 1];
    const lastText = lastState.action ? actionAtom(lastState.action, last, rotate) : undefined;
    const what = inst.goal.kind === "tile" ? "the pawn is not on the goal tile" : `the pawn cannot leave through exit(${inst.goal.field.row},${inst.goal.field.col},${inst.goal.side})`;
    return verdict({ rule: "goal-not-reached", step: last, message: last === 0 ? `no actions, and ${what} at the start` : `${what} after the last action (${lastText})`, atom: lastText });
  }
  return verdict(undefined);
}

/** The goal: the pawn on the goal tile, or on the exit's field while its tile opens towards the exit's side. */
function goalReached(inst: GameInstance, board: GameBoard, pawn: Set<number>, goalTile: Field | undefined): boolean {
  if (inst.goal.kind === "tile") return pawn.has(board.index(goalTile as Field));
  const f = inst.goal.field;
  return pawn.has(board.index(f)) && (board.tile(f) & OPEN[inst.goal.side]) !== 0;
}

function early(inst: GameInstance, violation: GameViolation): GameVerdict {
  const board = new GameBoard(inst.rows, inst.cols, inst.tiles, inst.spare);
  const goalTile = inst.goal.kind === "tile" ? inst.goal.field : undefined;
  return { valid: false, cost: 0, violation, trace: [{ step: 0, board, pawn: new Set([board.index(inst.init)]), goalTile, action: undefined }] };
}
