/**
 * A plan's moves (src/push/ipc2023/task.ts) as the IPC's sequential plan: one ground action a line,
 * with exactly the parameters of the domain's actions, and the cost line IPC validators
 * read. Source of the actions' parameters: the IPC 2023 labyrinth domain.pddl.
 */
import type { IpcMove, IpcTask } from "./task.js";

const WORD = { n: "north", s: "south", e: "east", w: "west" } as const;
const OPPOSITE = { n: "s", s: "n", e: "w", w: "e" } as const;

/**
 * The ground actions of a plan, `(action arg ...)` each; `leave` last, except in the empty
 * plan of a task whose goal holds at the start (`(left)` in :init).
 * @param task the task (its card and position names)
 * @param moves the pushes and steps in order
 */
export function planActions(task: IpcTask, moves: readonly IpcMove[]): string[] {
  if (task.goalHolds && moves.length === 0) return [];
  const n = task.size;
  const pos = task.positions;
  const cards = [...task.cards];
  const card = (x: number, y: number): string => cards[y * n + x];
  let { x, y } = task.robot;
  const out: string[] = [];
  for (const m of moves) {
    if (m.kind === "step") {
      const [nx, ny] = m.direction === "n" ? [x, y - 1] : m.direction === "s" ? [x, y + 1] : m.direction === "e" ? [x + 1, y] : [x - 1, y];
      out.push(`(move-${WORD[m.direction]} ${card(x, y)} ${pos[x]} ${pos[y]} ${m.direction} ${card(nx, ny)} ${pos[nx]} ${pos[ny]} ${OPPOSITE[m.direction]})`);
      [x, y] = [nx, ny];
      continue;
    }

    const L = m.line;
    const last = n - 1;
    if (m.direction === "e") {
      out.push(`(start-move-card-east ${card(last, L)} ${pos[last]} ${pos[L]} ${card(last - 1, L)} ${pos[last - 1]})`);
      for (let i = last - 1; i >= 1; i--) out.push(`(move-card-east ${card(i, L)} ${pos[i]} ${pos[L]} ${card(i - 1, L)} ${pos[i - 1]} ${pos[i + 1]})`);
      out.push(`(stop-move-card-east ${card(0, L)} ${pos[0]} ${pos[L]} ${pos[1]} ${card(last, L)})`);
    } else if (m.direction === "w") {
      out.push(`(start-move-card-west ${card(0, L)} ${pos[0]} ${pos[L]} ${card(1, L)} ${pos[1]})`);
      for (let i = 1; i <= last - 1; i++) out.push(`(move-card-west ${card(i, L)} ${pos[i]} ${pos[L]} ${card(i + 1, L)} ${pos[i + 1]} ${pos[i - 1]})`);
      out.push(`(stop-move-card-west ${card(last, L)} ${pos[last]} ${pos[L]} ${pos[last - 1]} ${card(0, L)})`);
    } else if (m.direction === "s") {
      out.push(`(start-move-card-south ${card(L, last)} ${pos[L]} ${pos[last]} ${card(L, last - 1)} ${pos[last - 1]})`);
      for (let i = last - 1; i >= 1; i--) out.push(`(move-card-south ${card(L, i)} ${pos[L]} ${pos[i]} ${card(L, i - 1)} ${pos[i - 1]} ${pos[i + 1]})`);
      out.push(`(stop-move-card-south ${card(L, 0)} ${pos[L]} ${pos[0]} ${pos[1]} ${card(L, last)})`);
    } else {
      out.push(`(start-move-card-north ${card(L, 0)} ${pos[L]} ${pos[0]} ${card(L, 1)} ${pos[1]})`);
      for (let i = 1; i <= last - 1; i++) out.push(`(move-card-north ${card(L, i)} ${pos[L]} ${pos[i]} ${card(L, i + 1)} ${pos[i + 1]} ${pos[i - 1]})`);
      out.push(`(stop-move-card-north ${card(L, last)} ${pos[L]} ${pos[last]} ${pos[last - 1]} ${card(L, 0)})`);
    }
    // the cards of the line after the push (wraparound)
    const fields: number[] = [];
    for (let i = 0; i < n; i++) fields.push(m.direction === "e" || m.direction === "w" ? L * n + i : i * n + L);
    const before = fields.map((f) => cards[f]);
    const shift = m.direction === "e" || m.direction === "s" ? 1 : n - 1;
    fields.forEach((f, i) => (cards[fields[(i + shift) % n]] = before[i]));
  }
  out.push(`(leave ${card(x, y)} ${pos[x]} ${pos[y]})`);
  return out;
}

/**
 * The plan file's text: the actions, then `; cost = C (general cost)`.
 * @param cost the plan's cost in the task's costs (pushes + steps, times the task's action cost)
 */
export function planText(task: IpcTask, moves: readonly IpcMove[], cost: number): string {
  return planActions(task, moves).map((a) => `${a}\n`).join("") + `; cost = ${cost} (general cost)\n`;
}
