/**
 * The maze editor (mazes, Minotaur levels): the grid of cells and walls to click (a wall
 * toggles; on the border, an opening; Tab reaches each wall, Enter or space toggles it),
 * the marks (S and E, or T and M) to drag to another cell. Each edit gives the maze's new
 * text (maze-edit.ts, the library's text format) to `onEdit`, which opens it again (the
 * worker reads it, the picture and the solver follow).
 */
import { useRef, useState } from "preact/hooks";
import type { TextMaze } from "../../src/core/maze-text.js";
import { isOpen, markCell, moveMark, toggleWall, type Side } from "./maze-edit.js";
import { activatable } from "./activate.js";

const CELL = 28;
const PAD = 6;

/** The cell (0-based) under a point of the page, from the grid's box. */
function cellAt(svg: SVGSVGElement, maze: TextMaze, x: number, y: number): [number, number] | undefined {
  const box = svg.getBoundingClientRect();
  const scale = box.width / (maze.cols * CELL + 2 * PAD);
  const col = Math.floor((x - box.left) / scale / CELL - PAD / CELL);
  const row = Math.floor((y - box.top) / scale / CELL - PAD / CELL);
  return row >= 0 && row < maze.rows && col >= 0 && col < maze.cols ? [row, col] : undefined;
}

/** The editor for one maze. */
export function MazeEditor({ maze, marks, onEdit }: { maze: TextMaze; marks: readonly string[]; onEdit: (text: string) => void }) {
  const svg = useRef<SVGSVGElement>(null);
  const [dragging, setDragging] = useState<string | undefined>(undefined);
  const walls = [];
  const line = (r: number, c: number, side: Side) => {
    const x = PAD + c * CELL;
    const y = PAD + r * CELL;
    const [x1, y1, x2, y2] = side === "n" ? [x, y, x + CELL, y] : side === "s" ? [x, y + CELL, x + CELL, y + CELL] : side === "w" ? [x, y, x, y + CELL] : [x + CELL, y, x + CELL, y + CELL];
    const open = isOpen(maze, r, c, side);
    const label = `${open ? "put a wall" : "remove the wall"} on the ${side} side of (${r + 1}, ${c + 1})`;
    return (
      <line class={open ? "edit-wall open" : "edit-wall"} data-wall={`${r + 1},${c + 1},${side}`} x1={x1} y1={y1} x2={x2} y2={y2} {...activatable(label, () => onEdit(toggleWall(maze, r, c, side)))}>
        <title>{label}</title>
      </line>
    );
  };
  for (let r = 0; r < maze.rows; r++) {
    for (let c = 0; c < maze.cols; c++) {
      // each wall once: north and west of every cell, and the south and east border
      walls.push(line(r, c, "n"), line(r, c, "w"));
      if (r === maze.rows - 1) walls.push(line(r, c, "s"));
      if (c === maze.cols - 1) walls.push(line(r, c, "e"));
    }
  }
  const mark = (cell: number, letter: string) =>
    cell < 0 ? null : (
      <text
        class="edit-mark"
        data-mark={letter}
        x={PAD + (cell % maze.cols) * CELL + CELL / 2}
        y={PAD + Math.floor(cell / maze.cols) * CELL + CELL / 2 + 6}
        text-anchor="middle"
        onPointerDown={(e) => {
          e.preventDefault();
          setDragging(letter);
        }}
      >
        {letter}
      </text>
    );
  return (
    <svg
      ref={svg}
      id="editor"
      class={dragging ? "editor dragging" : "editor"}
      viewBox={`0 0 ${maze.cols * CELL + 2 * PAD} ${maze.rows * CELL + 2 * PAD}`}
      width={maze.cols * CELL + 2 * PAD}
      height={maze.rows * CELL + 2 * PAD}
      onPointerUp={(e) => {
        if (!dragging || !svg.current) return;
        const at = cellAt(svg.current, maze, e.clientX, e.clientY);
        setDragging(undefined);
        if (at) onEdit(moveMark(maze, dragging, at[0], at[1]));
      }}
      onPointerLeave={() => setDragging(undefined)}
    >
      <rect x={PAD} y={PAD} width={maze.cols * CELL} height={maze.rows * CELL} fill="#fff" />
      {walls}
      {marks.map((m) => mark(markCell(maze, m), m))}
    </svg>
  );
}
