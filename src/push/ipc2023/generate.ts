/**
 * Random IPC 2023 labyrinth tasks and their PDDL problem text (`labgen --rules ipc2023`).
 * As the IPC's generator names them: a board of cards with 2 to 4 open sides, the robot
 * on card0 at (pos0, pos0), scrambled by random pushes ("rotations"). Here the board
 * before scrambling has an open corridor along the north row and the east column, so
 * that every task is solvable with few pushes when lightly scrambled.
 */
import { prng } from "../../core/random.js";
import type { IpcTask } from "./task.js";

const N_ = 1;
const S_ = 2;
const E_ = 4;
const W_ = 8;

/**
 * A random task, deterministic in its arguments.
 * @param n N (3..64)
 * @param seed any integer
 * @param rotations random pushes (rows and columns other than the robot's) after the corridor is laid
 */
export function generateIpcTask(n: number, seed: number, rotations: number): IpcTask {
  const rand = prng(seed * 7919 + n * 31 + rotations);
  const pick = (k: number): number => Math.floor(rand() * k);
  const tiles = new Uint8Array(n * n);
  for (let f = 0; f < n * n; f++) {
    let t = 0;
    while ((t & 1) + ((t >> 1) & 1) + ((t >> 2) & 1) + ((t >> 3) & 1) < 2) t = 1 + pick(15);
    tiles[f] = t;
  }
  // the corridor: east along row 0, then south along column n-1, out of the corner southwards
  for (let x = 0; x < n - 1; x++) {
    tiles[x] |= E_;
    tiles[x + 1] |= W_;
  }
  for (let y = 0; y < n - 1; y++) {
    tiles[y * n + n - 1] |= S_;
    tiles[(y + 1) * n + n - 1] |= N_;
  }
  tiles[n * n - 1] |= S_;
  // scramble: rows 1.., columns 1.. (the robot is on (0, 0))
  for (let k = 0; k < rotations; k++) {
    const line = 1 + pick(n - 1);
    const d = pick(4);
    const fields = Array.from({ length: n }, (_, i) => (d >= 2 ? line * n + i : i * n + line));
    const before = fields.map((f) => tiles[f]);
    const shift = d === 1 || d === 2 ? 1 : n - 1; // south / east move to larger indices
    fields.forEach((f, i) => (tiles[fields[(i + shift) % n]] = before[i]));
  }
  // card names: card0 under the robot, the others shuffled
  const names = Array.from({ length: n * n }, (_, i) => i);
  for (let i = names.length - 1; i > 1; i--) {
    const j = 1 + pick(i);
    [names[i], names[j]] = [names[j], names[i]];
  }
  return {
    file: `generated-n${n}-seed${seed}-rot${rotations}`,
    size: n,
    tiles,
    cards: names.map((k) => `card${k}`),
    positions: Array.from({ length: n }, (_, i) => `pos${i}`),
    robot: { x: 0, y: 0 },
  };
}

/** The task as a PDDL problem of the IPC 2023 labyrinth domain, in the layout of the IPC's files. */
export function ipcProblemText(task: IpcTask, header = ""): string {
  const n = task.size;
  const p = task.positions;
  const out: string[] = [];
  if (header) out.push(`;; ${header}`);
  out.push(`(define (problem labyrinth-size-${n})`, "(:domain labyrinth)", "(:objects");
  out.push(`\t${p.join(" ")}  - gridpos`, `\t${[...task.cards].sort((a, b) => a.localeCompare(b, "en", { numeric: true })).join(" ")}  - card`, ")", "(:init");
  out.push(`\t(MAX-POS ${p[n - 1]})`, `\t(MIN-POS ${p[0]})`, "");
  for (let i = 1; i < n; i++) out.push(`\t(NEXT ${p[i]} ${p[i - 1]})`);
  out.push("");
  for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) out.push(`\t(card-at ${task.cards[y * n + x]} ${p[x]} ${p[y]})`);
  out.push("");
  const sides: [number, string][] = [
    [1, "N"],
    [2, "S"],
    [4, "E"],
    [8, "W"],
  ];
  for (let f = 0; f < n * n; f++) {
    for (const [bit, d] of sides) if ((task.tiles[f] & bit) === 0) out.push(`\t(BLOCKED ${task.cards[f]} ${d})`);
  }
  out.push("", `\t(robot-at ${task.cards[task.robot.y * n + task.robot.x]})`, "", "\t(= (total-cost) 0)", "\t(= (move-robot-cost) 1)", "\t(= (move-card) 1)", ")");
  out.push("(:goal", "\t(and", "\t\t(left)", "\t)", ")", "\t(:metric minimize (total-cost))", ")", "");
  return out.join("\n");
}
