/**
 * labcheck's part for Minotaur levels: the checker's own simulation of the rules
 * (rules.ts; no search code), move by move. Verdicts: escaped after k moves; or the step
 * (1-based) where a move goes through a wall, where Theseus is caught, where a move comes
 * after the escape, or that the moves end inside the maze. Each with a picture.
 */
import type { Source, TextChecker, TextInput } from "../../core/plugin.js";
import type { JudgedWitness, Verdict as ToolkitVerdict } from "../../core/verdict.js";
import { instanceLinesEnd } from "../../core/witness.js";
import { cellName, readLevel, type Level } from "./level.js";
import { readMoves } from "./moves.js";
import { boardText } from "./picture.js";
import { minotaurTurn, theseusMove, type Move } from "./rules.js";

/** The verdict on a move list; `step` is 1-based (the move's place in the list). */
export type Verdict =
  | { kind: "escaped"; step: number }
  | { kind: "wall"; step: number; move: Move; theseus: number; minotaur: number }
  | { kind: "caught"; step: number; move: Move; theseus: number; minotaur: number; walkedIn: boolean }
  | { kind: "after-escape"; step: number }
  | { kind: "inside"; step: number; theseus: number; minotaur: number };

/** One state of a replay: the cells after `step` moves (theseus -1: escaped). */
export interface ReplayState {
  step: number;
  move: Move | undefined;
  theseus: number;
  minotaur: number;
  /** the Minotaur's cell after its first step of this turn (animation), or undefined at the start */
  minotaurMid: number | undefined;
}

/** Replays `moves` by the rules: the states up to the verdict, and the verdict. */
export function replay(level: Level, moves: readonly Move[]): { states: ReplayState[]; verdict: Verdict } {
  let t = level.theseus;
  let m = level.minotaur;
  const states: ReplayState[] = [{ step: 0, move: undefined, theseus: t, minotaur: m, minotaurMid: undefined }];
  for (let i = 0; i < moves.length; i++) {
    const step = i + 1;
    const to = theseusMove(level, t, moves[i]);
    if (to === "wall") return { states, verdict: { kind: "wall", step, move: moves[i], theseus: t, minotaur: m } };
    if (to === "escaped") {
      states.push({ step, move: moves[i], theseus: -1, minotaur: m, minotaurMid: undefined });
      if (step < moves.length) return { states, verdict: { kind: "after-escape", step: step + 1 } };
      return { states, verdict: { kind: "escaped", step } };
    }
    if (to === m) {
      states.push({ step, move: moves[i], theseus: to, minotaur: m, minotaurMid: undefined });
      return { states, verdict: { kind: "caught", step, move: moves[i], theseus: to, minotaur: m, walkedIn: true } };
    }
    const [mid, end] = minotaurTurn(level, to, m);
    t = to;
    m = end;
    states.push({ step, move: moves[i], theseus: t, minotaur: m, minotaurMid: mid });
    if (m === t) return { states, verdict: { kind: "caught", step, move: moves[i], theseus: t, minotaur: m, walkedIn: false } };
  }
  return { states, verdict: { kind: "inside", step: moves.length, theseus: t, minotaur: m } };
}

/** The verdict as a sentence (1-based (row, column)). */
export function describeVerdict(level: Level, v: Verdict): string {
  switch (v.kind) {
    case "escaped":
      return `escaped after ${v.step} move${v.step === 1 ? "" : "s"}`;
    case "wall":
      return `step ${v.step}: ${v.move} from ${cellName(level, v.theseus)} goes through a wall`;
    case "caught":
      return v.walkedIn
        ? `step ${v.step}: ${v.move} walks Theseus into the Minotaur at ${cellName(level, v.theseus)}: caught`
        : `step ${v.step}: the Minotaur catches Theseus at ${cellName(level, v.theseus)}`;
    case "after-escape":
      return `step ${v.step}: a move after the escape at step ${v.step - 1}`;
    case "inside":
      return `the moves end inside after ${v.step} move${v.step === 1 ? "" : "s"}: Theseus at ${cellName(level, v.theseus)}, the Minotaur at ${cellName(level, v.minotaur)}`;
  }
}

/** A level's line (in a level and a witness concatenated): walls, spaces, T and M, with a `+` or `|`. */
function isLevelLine(line: string): boolean {
  return /^[+\-| TM]*$/.test(line) && /[+|]/.test(line);
}

/** The verdict on a move list as the toolkit's (src/core/verdict.ts), with the board for humans. */
function judgeMoves(level: Level, witness: Source): JudgedWitness {
  const moves = readMoves(witness.text, witness.name);
  const { states, verdict } = replay(level, moves);
  const ok = verdict.kind === "escaped";
  const last = states[states.length - 1];
  // 1-based [row, column]; Theseus null once out
  const rc = (cell: number): [number, number] | null => (cell < 0 ? null : [Math.floor(cell / level.cols) + 1, (cell % level.cols) + 1]);
  const extras = { outcome: verdict.kind, theseus: rc(last.theseus), minotaur: rc(last.minotaur) };
  const sentence = describeVerdict(level, verdict);
  const toolkit: ToolkitVerdict = ok
    ? { rules: "minotaur", valid: true, cost: verdict.step, costKind: "moves", steps: moves.length, ...extras }
    : { rules: "minotaur", valid: false, steps: moves.length, violation: { step: verdict.step, message: sentence.replace(/^step \d+: /, "") }, ...extras };
  const shown = verdict.kind === "wall" || verdict.kind === "inside" || verdict.kind === "caught" ? [verdict.theseus, verdict.minotaur] : [last.theseus, last.minotaur];
  const caption = verdict.kind === "wall" ? "before the move (T Theseus, M the Minotaur):" : verdict.kind === "caught" ? "X: the Minotaur on Theseus:" : verdict.kind === "escaped" ? "the Minotaur left behind (Theseus is out):" : "T Theseus, M the Minotaur:";
  return { verdict: toolkit, summary: sentence, details: `${caption}\n${boardText(level, shown[0], shown[1])}` };
}

/** The checker part (src/core/plugin.ts TextChecker): a move list replayed by the rules; valid when Theseus escapes. */
export const checker: TextChecker = {
  referee(input: TextInput, flags) {
    if (flags.rule !== undefined) throw new Error(`--rule ${flags.rule} is for text mazes; a Minotaur level has its own rules`);
    const level = readLevel(input.source.text, input.source.name);
    return { judge: (witness: Source) => judgeMoves(level, witness) };
  },
  instanceEnd: (text) => instanceLinesEnd(text, isLevelLine),
};
