/**
 * The IPC 2023 domain's rules written plainly for the tests (independent of src/push/ipc2023):
 * a plan's replay that checks every move, a line pushed, the steps out of a field, random
 * boards. Boards are cards at y*N + x (0-based, y growing south), bits n 1, s 2, e 4, w 8;
 * the exit is the south-east corner, left through its south side (../shared/ipc2023-labyrinth/).
 */
import type { IpcMove, IpcTask } from "../../src/push/ipc2023/task.js";

type Direction = "n" | "s" | "e" | "w";

/**
 * Replays moves by the domain's rules; returns the cost, or a reason the plan breaks them.
 * `visit` sees every state on the way (before each move and at the end): the board (a copy)
 * and the robot's field, with the cost paid so far.
 */
export function replayIpc(t: IpcTask, moves: readonly IpcMove[], visit?: (tiles: Uint8Array, robot: number, paid: number) => void): number | string {
  const n = t.size;
  let tiles: Uint8Array = Uint8Array.from(t.tiles);
  let { x, y } = t.robot;
  const bit = { n: 1, s: 2, e: 4, w: 8 };
  const back = { n: 2, s: 1, e: 8, w: 4 };
  for (const [i, m] of moves.entries()) {
    visit?.(tiles.slice(), y * n + x, i);
    if (m.kind === "step") {
      const [nx, ny] = m.direction === "n" ? [x, y - 1] : m.direction === "s" ? [x, y + 1] : m.direction === "e" ? [x + 1, y] : [x - 1, y];
      if (nx < 0 || ny < 0 || nx >= n || ny >= n) return `move ${i + 1} leaves the grid`;
      if (!(tiles[y * n + x] & bit[m.direction]) || !(tiles[ny * n + nx] & back[m.direction])) return `move ${i + 1} through a wall`;
      [x, y] = [nx, ny];
    } else {
      if ((m.direction === "e" || m.direction === "w") && m.line === y) return `move ${i + 1} pushes the robot's row`;
      if ((m.direction === "n" || m.direction === "s") && m.line === x) return `move ${i + 1} pushes the robot's column`;
      tiles = pushedLine(tiles, n, m.line, m.direction);
    }
  }
  visit?.(tiles.slice(), y * n + x, moves.length);
  if (x !== n - 1 || y !== n - 1) return "the plan ends away from the exit";
  if (!(tiles[y * n + x] & 2)) return "the exit's card does not open south";
  return moves.length;
}

/** The board after pushing row (e, w) or column (n, s) `line` (0-based) one field, with wraparound; a new array. */
export function pushedLine(tiles: Uint8Array, n: number, line: number, d: Direction): Uint8Array {
  const after = tiles.slice();
  const by = d === "s" || d === "e" ? 1 : n - 1;
  for (let i = 0; i < n; i++) {
    const j = (i + by) % n;
    if (d === "e" || d === "w") after[line * n + j] = tiles[line * n + i];
    else after[j * n + line] = tiles[i * n + line];
  }
  return after;
}

/** The fields one step from field f on the board (both cards open toward each other, inside the grid). */
export function stepsFrom(tiles: Uint8Array, n: number, f: number): number[] {
  const x = f % n;
  const out: number[] = [];
  if (tiles[f] & 1 && f >= n && tiles[f - n] & 2) out.push(f - n);
  if (tiles[f] & 2 && f + n < n * n && tiles[f + n] & 1) out.push(f + n);
  if (tiles[f] & 4 && x < n - 1 && tiles[f + 1] & 8) out.push(f + 1);
  if (tiles[f] & 8 && x > 0 && tiles[f - 1] & 4) out.push(f - 1);
  return out;
}

/** The steps from field `robot` to the exit on an open board (Manhattan distance, M in docs/design/ipc-planner.md). */
export function toExit(n: number, robot: number): number {
  return 2 * (n - 1) - (robot % n) - Math.floor(robot / n);
}

/** Per state of a plan (index: moves made), whether the rest of the plan steps only south and east. */
export function southEastFrom(moves: readonly IpcMove[]): boolean[] {
  const out: boolean[] = new Array(moves.length + 1).fill(true);
  for (let i = moves.length - 1; i >= 0; i--) {
    const m = moves[i];
    out[i] = out[i + 1] && (m.kind === "push" || m.direction === "s" || m.direction === "e");
  }
  return out;
}

/**
 * A random board for trial k: N = 3 + k mod 7, cards open on every side with probability 0.2
 * (even k) or 0.5 (odd k) and random otherwise; the robot on field 0 with probability 0.4,
 * else anywhere; m = toExit(N, robot).
 */
export function randomIpcBoard(rand: () => number, trial: number): { n: number; tiles: Uint8Array; robot: number; m: number } {
  const n = 3 + (trial % 7);
  const open = trial % 2 === 0 ? 0.2 : 0.5;
  const tiles = new Uint8Array(n * n);
  for (let f = 0; f < n * n; f++) tiles[f] = rand() < open ? 15 : Math.floor(rand() * 16);
  const robot = rand() < 0.4 ? 0 : Math.floor(rand() * n * n);
  return { n, tiles, robot, m: toExit(n, robot) };
}
