/**
 * The push board editor (the competition's facts; the registry's board part reads and
 * writes them in the worker): each tile's four openings drawn as tabs to click (a tab
 * toggles that opening of that tile alone: tiles move, so each carries its own; Tab
 * reaches each tab, Enter or space toggles it), the start
 * (S) and the goal (G) to drag to another field. Rows are drawn as labshow draws them, row N
 * at the top; the tabs are named by the facts' 1-based row (from the south), column and
 * side. Each edit gives the new board to `onEdit`, which writes it and opens it again.
 */
import { useRef, useState } from "preact/hooks";
import type { EditableBoard } from "../../src/core/plugin.js";

const CELL = 40;
const PAD = 6;
const TAB = 8;
/** The OPEN bits (src/core/grid.ts): n 1, s 2, e 4, w 8. */
const BIT = { n: 1, s: 2, e: 4, w: 8 } as const;
type Side = keyof typeof BIT;

/** The editor for one board. */
export function BoardEditor({ board, onEdit }: { board: EditableBoard; onEdit: (b: EditableBoard) => void }) {
  const svg = useRef<SVGSVGElement>(null);
  const [dragging, setDragging] = useState<"start" | "goal" | undefined>(undefined);
  const n = board.size;
  const x0 = (col: number) => PAD + (col - 1) * CELL;
  const y0 = (row: number) => PAD + (n - row) * CELL;
  /** The board with one opening of one tile toggled, to `onEdit`. */
  const toggle = (row: number, col: number, side: Side) => {
    const tiles = Uint8Array.from(board.tiles);
    tiles[(row - 1) * n + (col - 1)] ^= BIT[side];
    onEdit({ ...board, tiles });
  };
  const tabs = [];
  for (let row = 1; row <= n; row++)
    for (let col = 1; col <= n; col++) {
      const t = board.tiles[(row - 1) * n + (col - 1)];
      for (const side of ["n", "e", "s", "w"] as const) {
        const open = (t & BIT[side]) !== 0;
        const [x, y, w, h] =
          side === "n" ? [x0(col) + CELL / 2 - TAB, y0(row), 2 * TAB, TAB] : side === "s" ? [x0(col) + CELL / 2 - TAB, y0(row) + CELL - TAB, 2 * TAB, TAB] : side === "w" ? [x0(col), y0(row) + CELL / 2 - TAB, TAB, 2 * TAB] : [x0(col) + CELL - TAB, y0(row) + CELL / 2 - TAB, TAB, 2 * TAB];
        tabs.push(
          <rect
            class={open ? "edit-tab open" : "edit-tab"}
            data-opening={`${row},${col},${side}`}
            x={x}
            y={y}
            width={w}
            height={h}
            tabindex={0}
            role="button"
            aria-label={`${open ? "close" : "open"} the ${side} side of field (${row},${col})`}
            onClick={() => toggle(row, col, side)}
            onKeyDown={(e) => {
              // Enter or space toggles the focused tab (the page's keys do not see it)
              if (e.key !== "Enter" && e.key !== " ") return;
              e.preventDefault();
              e.stopPropagation();
              toggle(row, col, side);
            }}
          >
            <title>{`${open ? "close" : "open"} the ${side} side of field (${row},${col})`}</title>
          </rect>,
        );
      }
    }
  const mark = (which: "start" | "goal") => {
    const f = board[which];
    return (
      <text
        class="edit-mark"
        data-mark={which}
        x={x0(f.col) + CELL / 2 + (which === "goal" ? 8 : -8)}
        y={y0(f.row) + CELL / 2 + 6}
        text-anchor="middle"
        onPointerDown={(e) => {
          e.preventDefault();
          setDragging(which);
        }}
      >
        {which === "start" ? "S" : "G"}
      </text>
    );
  };
  const size = n * CELL + 2 * PAD;
  return (
    <svg
      ref={svg}
      id="board-editor"
      class={dragging ? "editor dragging" : "editor"}
      viewBox={`0 0 ${size} ${size}`}
      width={size}
      height={size}
      onPointerUp={(e) => {
        if (!dragging || !svg.current) return;
        const box = svg.current.getBoundingClientRect();
        const scale = box.width / size;
        const col = Math.floor(((e.clientX - box.left) / scale - PAD) / CELL) + 1;
        const row = n - Math.floor(((e.clientY - box.top) / scale - PAD) / CELL);
        setDragging(undefined);
        if (row >= 1 && row <= n && col >= 1 && col <= n) onEdit({ ...board, [dragging]: { row, col } });
      }}
      onPointerLeave={() => setDragging(undefined)}
    >
      {Array.from({ length: n * n }, (_, i) => (
        <rect class="edit-field" x={x0((i % n) + 1)} y={y0(Math.floor(i / n) + 1)} width={CELL} height={CELL} fill="#fff" stroke="#999" />
      ))}
      {tabs}
      {mark("start")}
      {mark("goal")}
    </svg>
  );
}
