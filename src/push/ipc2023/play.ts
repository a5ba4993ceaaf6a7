/**
 * IPC 2023 plans as the pictures' model: the plan replayed by labcheck plan's simulation
 * (src/push/ipc2023/validate.ts), a picture at the start and after each step or whole push (when
 * no card is moving). The PDDL's grid (x from the west, y from the north, 0-based) is
 * drawn in the facts' coordinates: row = N - y, column = x + 1; the exit is the south side
 * of row 1, column N.
 */
import type { Direction } from "../../core/grid.js";
import type { PlanDrawing } from "../../core/plugin.js";
import { readIpcDomain, type IpcDomain } from "./domain.js";
import { assertProblemOfDomain, readIpcProblem, readIpcProblemFacts, type IpcProblem } from "./problem.js";
import type { IpcTask } from "./task.js";
import { validatePlan } from "./validate.js";
import type { ShowPlay, ShowStep } from "../../core/play.js";
import { planText } from "./plan-text.js";

const BIT: Record<string, number> = { n: 1, s: 2, e: 4, w: 8 };
const PUSH = /^\(start-move-card-(north|south|east|west) \S+ (\S+) (\S+) /;

/**
 * Replays a plan for the pictures.
 * @param task the problem as a task (positions and initial cards)
 * @throws InputError when the plan file is not a list of actions
 */
export function playIpc(domain: IpcDomain, problem: IpcProblem, task: IpcTask, planText: string, planFile: string): ShowPlay {
  const n = task.size;
  const index = new Map(task.positions.map((p, i) => [p, i]));
  const open = new Map<string, number>();
  for (const c of task.cards) open.set(c, 15);
  for (const f of problem.init) if (f.words[0] === "blocked") open.set(f.words[1], (open.get(f.words[1]) ?? 15) & ~BIT[f.words[2]]);
  const steps: ShowStep[] = [];
  let pending: { line: number; direction: Direction } | undefined;
  let action = "";
  let detail = "";
  const WORD = { n: "north", s: "south", e: "east", w: "west" } as const;
  const verdict = validatePlan(domain, problem, planText, planFile, (facts, k, text) => {
    const push = PUSH.exec(text);
    if (push) {
      const dir = push[1][0] as Direction;
      const x = index.get(push[2]) ?? 0;
      const y = index.get(push[3]) ?? 0;
      pending = dir === "e" || dir === "w" ? { line: n - y, direction: dir } : { line: x + 1, direction: dir };
      // the pictures' coordinates (rows from the south, columns from the west), the PDDL action beside
      action = `push ${dir === "e" || dir === "w" ? "row" : "column"} ${pending.line} ${WORD[dir]}`;
      detail = text;
    } else if (k > 0 && !text.startsWith("(move-card") && !text.startsWith("(stop-move-card")) {
      action = "";
      detail = text;
    }
    if (facts.has("cards-moving") || text.startsWith("(leave")) return;
    const tiles = new Array<number>(n * n).fill(0);
    let robot = 0;
    const robotCard = [...facts].find((f) => f.startsWith("robot-at "))?.split(" ")[1];
    for (const f of facts) {
      if (!f.startsWith("card-at ")) continue;
      const [, c, xs, ys] = f.split(" ");
      const x = index.get(xs) ?? 0;
      const y = index.get(ys) ?? 0;
      const field = (n - 1 - y) * n + x; // row N - y from the south, 0-based index
      tiles[field] = open.get(c) ?? 0;
      if (c === robotCard) robot = field;
    }
    if (k > 0 && action === "") {
      // a move or leave: where the robot is now, in the pictures' coordinates
      const move = /^\(move-(north|south|east|west)\b/.exec(detail);
      action = move ? `move ${move[1]} to row ${Math.floor(robot / n) + 1}, column ${(robot % n) + 1}` : detail.startsWith("(leave") ? "leave by the south side" : detail;
    }
    steps.push({ step: steps.length, action: k === 0 ? "" : action, ...(k === 0 ? {} : { detail }), tiles, pawn: [robot], goal: { row: 1, col: n }, pushed: k === 0 ? undefined : pending });
    action = "";
    pending = undefined;
  });
  return {
    rules: "ipc2023",
    drawing: { legend: "@ pawn  X exit (s side)  * pawn on the exit's field", pawnCircle: "single", spare: false, pawnClass: "pawn", shadeMany: false },
    rows: n,
    cols: n,
    goalKind: "exit",
    exitSide: "s",
    steps,
    valid: verdict.valid,
    verdict: verdict.valid ? `valid cost=${verdict.cost}` : `invalid: ${verdict.reason}`,
  };
}

/** labshow plan's part. */
export const drawing: PlanDrawing = {
  play(input) {
    const { domain, problem, plan } = input;
    const d = readIpcDomain(domain.text, domain.name);
    const facts = readIpcProblemFacts(problem.text, problem.name);
    assertProblemOfDomain(d, facts);
    return playIpc(d, facts, readIpcProblem(problem.text, problem.name), planText(plan.text, plan.name), plan.name);
  },
};
