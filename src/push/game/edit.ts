/**
 * The board game's board part (the registry's `board`): an instance's facts read as an
 * editable board by the game's reader (instance.ts) and written back as the game's facts
 * (../shared/spec/board-game.md, "Facts"). The studio's push board editor changes a tile's
 * openings, the spare tile's, the start and the goal (a tile, or an exit's field and side) in
 * between. What it does not change (insert/2 lines, rotate., no_reverse., the cost) rides
 * along in the board's `kept` facts, written from the instance the reader validated, so the
 * written facts are the same instance; facts the game does not use and comments are not kept.
 * Coordinates are the facts' own, 1-based: row X from the south, column Y from the west.
 */
import type { BoardPart, EditableBoard } from "../../core/plugin.js";
import { DIRECTIONS, OPEN, isDirection } from "../../core/grid.js";
import { readGameInstance, spareRules, type GameInstance } from "./instance.js";

/**
 * The facts of a game instance that the editor does not change: its insert/2 lines (none
 * when every line may be pushed), rotate., no_reverse. and cost/1, always written (the
 * instance's cost or the default, pushes), so that the written facts are routed to the
 * game (cost/1 is a fact only the game has: recognise.ts) even with no spare opening.
 */
export function keptFacts(inst: GameInstance): string {
  const lines: string[] = [];
  const m = inst.rules.motion;
  if (m.kind === "spare" && m.inserts !== "all") for (const i of m.inserts) lines.push(`insert(${i.line},${i.direction}).`);
  const { rotate, noReverse } = spareRules(inst);
  if (rotate) lines.push("rotate.");
  if (noReverse) lines.push("no_reverse.");
  lines.push(`cost(${inst.rules.cost}).`);
  return `${lines.join("\n")}\n`;
}

/**
 * A game instance as an editable board: R rows (`size`), C columns (`cols`), the tiles and
 * the spare tile's OPEN bits, start and goal fields (1-based), the exit's side for an exit
 * goal, the bound and the kept facts (keptFacts).
 */
export function gameBoard(inst: GameInstance): EditableBoard {
  return {
    size: inst.rows,
    cols: inst.cols,
    tiles: Uint8Array.from(inst.tiles),
    spare: inst.spare,
    start: { ...inst.init },
    goal: { ...inst.goal.field },
    ...(inst.goal.kind === "exit" ? { exit: inst.goal.side } : {}),
    ...(inst.maxSteps !== undefined ? { maxSteps: inst.maxSteps } : {}),
    kept: keptFacts(inst),
  };
}

/**
 * The game's facts of an edited board: field/2 for each of 1..R x 1..C, connect/3 per tile
 * opening, spare/1 per spare opening, init_on/2, goal_on/2 or exit/3, the kept facts as they
 * are, max_steps/1 when the board has a bound.
 * @throws Error for a board the game cannot have: no spare tile (undefined), tiles that are
 *   not R x C, a start or goal outside the board, an exit side that is no direction
 */
export function gameFacts(b: EditableBoard): string {
  const rows = b.size;
  const cols = b.cols ?? b.size;
  if (b.spare === undefined) throw new Error("a board of the game has a spare tile (spare/1 facts, possibly none open)");
  if (b.tiles.length !== rows * cols) throw new Error(`a ${rows}x${cols} board has ${rows * cols} tiles, not ${b.tiles.length}`);
  const inside = (f: { row: number; col: number }): boolean => Number.isInteger(f.row) && Number.isInteger(f.col) && f.row >= 1 && f.row <= rows && f.col >= 1 && f.col <= cols;
  if (!inside(b.start) || !inside(b.goal)) throw new Error(`the start and the goal are fields of the ${rows}x${cols} board`);
  if (b.exit !== undefined && !isDirection(b.exit)) throw new Error(`an exit's side is n, s, e or w, not ${String(b.exit)}`);
  const lines: string[] = [];
  for (let row = 1; row <= rows; row++) for (let col = 1; col <= cols; col++) lines.push(`field(${row},${col}).`);
  for (let row = 1; row <= rows; row++)
    for (let col = 1; col <= cols; col++) {
      const t = b.tiles[(row - 1) * cols + (col - 1)];
      for (const d of DIRECTIONS) if (t & OPEN[d]) lines.push(`connect(${row},${col},${d}).`);
    }
  for (const d of DIRECTIONS) if (b.spare & OPEN[d]) lines.push(`spare(${d}).`);
  lines.push(`init_on(${b.start.row},${b.start.col}).`);
  lines.push(b.exit === undefined ? `goal_on(${b.goal.row},${b.goal.col}).` : `exit(${b.goal.row},${b.goal.col},${b.exit}).`);
  const kept = (b.kept ?? "").trim();
  if (kept !== "") lines.push(kept);
  if (b.maxSteps !== undefined) lines.push(`max_steps(${b.maxSteps}).`);
  return `${lines.join("\n")}\n`;
}

/** The registry's part: read by readGameInstance (throws its InputError), written by gameFacts (throws Error). */
export const board: BoardPart = {
  read(text, name) {
    return gameBoard(readGameInstance(text, name).instance);
  },
  write: gameFacts,
};
