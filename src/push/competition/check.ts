/**
 * The referee: decides whether a witness (a set of push/3 atoms) is a solution of an
 * instance, with its own step-by-step simulation on the plain Board (it shares no code
 * with the solver's search). Rules: ../shared/spec/push-labyrinth.md, "What is a
 * solution"; the competition protocol: ../shared/spec/asp-competition-io.md.
 */
import { Board, movedField, pushAtom, type Push } from "./board.js";
import { isDirection, type Field } from "../../core/grid.js";
import type { Instance } from "./instance.js";
import { atomText, type Atom, type Place } from "../../core/facts.js";
import type { SolverOutput } from "../../core/witness.js";
import { protocolCheck, type CheckerWord } from "../../core/checker-protocol.js";

/** The rules a witness can break, in the words of the spec. */
export type Rule =
  | "malformed" // push/3 with a step or line that is not an integer, or a direction that is not a constant
  | "step-number" // a step below 1
  | "gap" // no push at a step below the last one
  | "two-pushes" // more than one push at one step
  | "line" // a line number outside 1..N
  | "direction" // a direction other than n, s, e, w
  | "horizon" // more pushes than max_steps
  | "goal-early" // a push while the goal was already reachable
  | "goal-not-reached"; // the goal is not reachable after the last push

/** The state after a step: 0 is the start (no walking yet). */
export interface StepState {
  step: number;
  board: Board;
  /** the goal's field, 1-based */
  goal: Field;
  /** reachable fields, 0-based indices (row-1)*N + (col-1) */
  reachable: Set<number>;
  /** the push that led here (undefined at step 0) */
  push: Push | undefined;
}

/** The first rule a witness breaks. */
export interface Violation {
  rule: Rule;
  /** the step it concerns (1-based; 0 for the start) */
  step: number;
  message: string;
  /** the offending atom, when there is one */
  atom?: string;
  location?: Place;
}

/** The checker's verdict on one witness. */
export interface Verdict {
  valid: boolean;
  /** number of push/3 atoms in the witness */
  pushes: number;
  violation: Violation | undefined;
  /** states from step 0 up to the step of the violation (or the last step when valid) */
  trace: StepState[];
}

interface PushAtom {
  line: number | undefined;
  dir: string | undefined;
  step: number;
  text: string;
  location: Place;
}

/**
 * Checks a witness against an instance.
 * @param instance the validated instance (its max_steps is the horizon)
 * @param atoms the witness's atoms; atoms of predicates other than push/3 are ignored,
 *   so a whole answer set is a witness too; repeated atoms count once
 * @returns the verdict with the first violated rule, in step order
 */
export function checkWitness(instance: Instance, atoms: readonly Atom[]): Verdict {
  const size = instance.size;
  const byText = new Map<string, PushAtom>();
  for (const atom of atoms) {
    if (atom.name !== "push" || atom.args.length !== 3) continue;
    const text = atomText(atom);
    if (byText.has(text)) continue;
    const [z, d, s] = atom.args;
    const location = atom.location;
    if (s.kind !== "integer" || z.kind !== "integer" || d.kind !== "constant") {
      const what = s.kind !== "integer" ? "the step" : z.kind !== "integer" ? "the line" : "the direction";
      const expected = s.kind !== "integer" || z.kind !== "integer" ? "an integer" : "one of n, s, e, w";
      return early(instance, { rule: "malformed", step: 0, message: `${text}: ${what} must be ${expected}`, atom: text, location });
    }
    // integers are read as in instance files: past 2^53 - 1 they are no number (src/core/fact-args.ts)
    const huge = [z, s].find((t) => !Number.isSafeInteger(t.value));
    if (huge) {
      const what = huge === z ? "the line" : "the step";
      return early(instance, { rule: "malformed", step: 0, message: `${text}: ${what} ${huge.text} is too large (integers up to ${Number.MAX_SAFE_INTEGER})`, atom: text, location });
    }
    byText.set(text, { line: z.value, dir: d.name, step: s.value, text, location });
  }
  const pushes = [...byText.values()];
  const low = pushes.find((p) => p.step < 1);
  if (low) {
    return early(instance, { rule: "step-number", step: low.step, message: `${low.text}: steps are numbered from 1`, atom: low.text, location: low.location });
  }
  const last = pushes.reduce((m, p) => Math.max(m, p.step), 0);
  const atStep = new Map<number, PushAtom[]>();
  for (const p of pushes) atStep.set(p.step, [...(atStep.get(p.step) ?? []), p]);

  let board = instance.board;
  let goal = instance.goal;
  let reachable = new Set<number>([board.index(instance.init)]);
  const trace: StepState[] = [{ step: 0, board, goal, reachable, push: undefined }];
  const verdict = (violation: Violation | undefined): Verdict => ({ valid: !violation, pushes: pushes.length, violation, trace });

  for (let step = 1; step <= last; step++) {
    const here = atStep.get(step) ?? [];
    if (reachable.has(board.index(goal))) {
      const p = here[0];
      return verdict({
        rule: "goal-early",
        step: step - 1,
        message: `the goal is reachable ${step === 1 ? "at the start" : `after step ${step - 1}`}, so pushing stops there; the witness pushes on to step ${last}`,
        atom: p?.text,
        location: p?.location,
      });
    }
    if (here.length === 0) {
      return verdict({ rule: "gap", step, message: `no push at step ${step}: steps must be numbered 1..${last} without gaps` });
    }
    if (here.length > 1) {
      return verdict({
        rule: "two-pushes",
        step,
        message: `${here.length} pushes at step ${step} (${here.map((p) => p.text).join(", ")}): exactly one push per step`,
        atom: here[1].text,
        location: here[1].location,
      });
    }
    const p = here[0];
    if (step > instance.maxSteps) {
      return verdict({ rule: "horizon", step, message: `${p.text}: more pushes than max_steps(${instance.maxSteps})`, atom: p.text, location: p.location });
    }
    if (p.dir === undefined || !isDirection(p.dir)) {
      return verdict({ rule: "direction", step, message: `${p.text}: the direction must be n, s, e or w`, atom: p.text, location: p.location });
    }
    if (p.line === undefined || p.line < 1 || p.line > size) {
      const kind = p.dir === "e" || p.dir === "w" ? "row" : "column";
      return verdict({ rule: "line", step, message: `${p.text}: ${kind} ${p.line} is outside the ${size}x${size} board (1..${size})`, atom: p.text, location: p.location });
    }
    const push: Push = { line: p.line, dir: p.dir };
    const moved = [...reachable].map((i) => board.index(movedField(size, board.field(i), push)));
    goal = movedField(size, goal, push);
    board = board.pushed(push);
    reachable = board.walk(moved);
    trace.push({ step, board, goal, reachable, push });
  }
  if (!reachable.has(board.index(goal))) {
    const lastText = last > 0 ? pushAtom(trace[trace.length - 1].push as Push, last) : undefined;
    return verdict({
      rule: "goal-not-reached",
      step: last,
      message: last === 0 ? "no pushes, and the goal is not the init field" : `the goal is not reachable after the last push (${lastText})`,
      atom: lastText,
    });
  }
  return verdict(undefined);
}

function early(instance: Instance, violation: Violation): Verdict {
  const board = instance.board;
  return {
    valid: false,
    pushes: 0,
    violation,
    trace: [{ step: 0, board, goal: instance.goal, reachable: new Set([board.index(instance.init)]), push: undefined }],
  };
}

/**
 * The competition checker protocol: `checker.sh EXITCODE INSTANCE < OUTPUT`.
 * @param solverExit the solver's exit code (10, 20, 30, 11, 1, ...)
 * @param instance the instance
 * @param output the solver's output
 * @returns OK when every answer in the output is a solution and the exit code agrees;
 *   FAIL for a wrong or missing answer, or an output that contradicts its exit code;
 *   DONTKNOW when there is nothing to check (no answer and the exit code does not
 *   claim one: unsatisfiability is not verified), with a reason for humans
 */
export function competitionCheck(solverExit: number, instance: Instance, output: SolverOutput): { word: CheckerWord; reason: string } {
  return protocolCheck(solverExit, output, (answer) => checkWitness(instance, answer.atoms));
}
