/**
 * The push board editor: the competition's facts and the board game's (the registry's board
 * part reads and writes them in the worker). Each tile's four openings are drawn as tabs to
 * click (a tab toggles that opening of that tile alone: tiles move, so each carries its own;
 * Tab reaches each tab, Enter or space toggles it), and so are the spare tile's where the
 * board has one (drawn beside the board, east of it); the start (S) and the goal (G) are
 * dragged to another field; an exit's side (the game's exit/3: a band along that side of G's field) turns
 * clockwise on a click, Enter or space. Rows are drawn as labshow draws them, row R at the
 * top; the tabs are named by the facts' 1-based row (from the south), column and side
 * (`ROW,COL,SIDE`; the spare's `spare,SIDE`). A goal the rule set fixes (`fixedGoal`: the IPC
 * 2023 domain's exit) is drawn but neither dragged nor turned. Each edit gives the new board to `onEdit`,
 * which writes it and opens it again.
 */
import { useRef, useState } from "preact/hooks";
import type { EditableBoard } from "../../src/core/plugin.js";
import { activatable } from "./activate.js";

const CELL = 40;
const PAD = 6;
const TAB = 8;
/** The OPEN bits (src/core/grid.ts): n 1, s 2, e 4, w 8. */
const BIT = { n: 1, s: 2, e: 4, w: 8 } as const;
type Side = keyof typeof BIT;
/** A quarter turn clockwise (the exit's side). */
const CLOCKWISE: Record<Side, Side> = { n: "e", e: "s", s: "w", w: "n" };

/** The four tabs of one tile whose top left corner is (x, y): `name` names it in data-opening (`ROW,COL` or `spare`), `what` in words. */
function tileTabs(x: number, y: number, bits: number, name: string, what: string, toggle: (side: Side) => void) {
  return (["n", "e", "s", "w"] as const).map((side) => {
    const open = (bits & BIT[side]) !== 0;
    const [tx, ty, w, h] =
      side === "n" ? [x + CELL / 2 - TAB, y, 2 * TAB, TAB] : side === "s" ? [x + CELL / 2 - TAB, y + CELL - TAB, 2 * TAB, TAB] : side === "w" ? [x, y + CELL / 2 - TAB, TAB, 2 * TAB] : [x + CELL - TAB, y + CELL / 2 - TAB, TAB, 2 * TAB];
    const label = `${open ? "close" : "open"} the ${side} side of ${what}`;
    return (
      <rect class={open ? "edit-tab open" : "edit-tab"} data-opening={`${name},${side}`} x={tx} y={ty} width={w} height={h} {...activatable(label, () => toggle(side))}>
        <title>{label}</title>
      </rect>
    );
  });
}

/** The editor for one board (R x C; N x N where `cols` is undefined). */
export function BoardEditor({ board, onEdit }: { board: EditableBoard; onEdit: (b: EditableBoard) => void }) {
  const svg = useRef<SVGSVGElement>(null);
  const [dragging, setDragging] = useState<"start" | "goal" | undefined>(undefined);
  const rows = board.size;
  const cols = board.cols ?? board.size;
  const x0 = (col: number) => PAD + (col - 1) * CELL;
  const y0 = (row: number) => PAD + (rows - row) * CELL;
  /** The board with one opening of one tile toggled, to `onEdit`. */
  const toggle = (row: number, col: number, side: Side) => {
    const tiles = Uint8Array.from(board.tiles);
    tiles[(row - 1) * cols + (col - 1)] ^= BIT[side];
    onEdit({ ...board, tiles });
  };
  const tabs = [];
  for (let row = 1; row <= rows; row++)
    for (let col = 1; col <= cols; col++) tabs.push(...tileTabs(x0(col), y0(row), board.tiles[(row - 1) * cols + (col - 1)], `${row},${col}`, `field (${row},${col})`, (side) => toggle(row, col, side)));
  // the spare tile beside the board, east of it, level with the top row
  const spareX = PAD + cols * CELL + 2 * PAD;
  const spare =
    board.spare === undefined ? null : (
      <g id="edit-spare">
        <rect class="edit-field" x={spareX} y={PAD} width={CELL} height={CELL} fill="#fff" stroke="#999" stroke-dasharray="4 2" />
        <text class="edit-label" x={spareX + CELL / 2} y={PAD + CELL + 14} text-anchor="middle">
          spare
        </text>
        {tileTabs(spareX, PAD, board.spare, "spare", "the spare tile", (side) => onEdit({ ...board, spare: (board.spare ?? 0) ^ BIT[side] }))}
      </g>
    );
  const mark = (which: "start" | "goal") => {
    const f = board[which];
    return (
      <text
        class={which === "goal" && board.fixedGoal ? "edit-mark fixed" : "edit-mark"}
        data-mark={which}
        x={x0(f.col) + CELL / 2 + (which === "goal" ? 8 : -8)}
        y={y0(f.row) + CELL / 2 + 6}
        text-anchor="middle"
        onPointerDown={(e) => {
          e.preventDefault();
          if (which === "start" || !board.fixedGoal) setDragging(which);
        }}
      >
        {which === "start" ? "S" : "G"}
      </text>
    );
  };
  /** An exit's side: a band along that side of G's field, under the tile's tabs; a click, Enter or space turns it clockwise. */
  const exit = (side: Side) => {
    const x = x0(board.goal.col);
    const y = y0(board.goal.row);
    const depth = 5;
    const [bx, by, w, h] = side === "n" ? [x, y, CELL, depth] : side === "s" ? [x, y + CELL - depth, CELL, depth] : side === "w" ? [x, y, depth, CELL] : [x + CELL - depth, y, depth, CELL];
    const label = `the exit leaves field (${board.goal.row},${board.goal.col}) through its ${side} side: turn it to ${CLOCKWISE[side]}`;
    if (board.fixedGoal) return <rect class="edit-exit fixed" data-exit={side} x={bx} y={by} width={w} height={h} />;
    return (
      <rect class="edit-exit" data-exit={side} x={bx} y={by} width={w} height={h} {...activatable(label, () => onEdit({ ...board, exit: CLOCKWISE[side] }))}>
        <title>{label}</title>
      </rect>
    );
  };
  const width = cols * CELL + 2 * PAD + (board.spare === undefined ? 0 : CELL + 2 * PAD);
  const height = rows * CELL + 2 * PAD + (board.spare === undefined || rows > 1 ? 0 : 14);
  return (
    <svg
      ref={svg}
      id="board-editor"
      class={dragging ? "editor dragging" : "editor"}
      viewBox={`0 0 ${width} ${height}`}
      width={width}
      height={height}
      onPointerUp={(e) => {
        if (!dragging || !svg.current) return;
        const box = svg.current.getBoundingClientRect();
        const scale = box.width / width;
        const col = Math.floor(((e.clientX - box.left) / scale - PAD) / CELL) + 1;
        const row = rows - Math.floor(((e.clientY - box.top) / scale - PAD) / CELL);
        setDragging(undefined);
        if (row >= 1 && row <= rows && col >= 1 && col <= cols) onEdit({ ...board, [dragging]: { row, col } });
      }}
      onPointerLeave={() => setDragging(undefined)}
    >
      {Array.from({ length: rows * cols }, (_, i) => (
        <rect class="edit-field" x={x0((i % cols) + 1)} y={y0(Math.floor(i / cols) + 1)} width={CELL} height={CELL} fill="#fff" stroke="#999" />
      ))}
      {board.exit ? exit(board.exit) : null}
      {tabs}
      {spare}
      {mark("start")}
      {mark("goal")}
    </svg>
  );
}
