/**
 * Playing a push labyrinth (the competition's or the board game's) by hand: which field of
 * labshow's picture was clicked, and the witness atoms a person's push or walk is, in
 * labsolve's words (push(LINE,DIR,STEP), walk(ROW,COL,STEP); rows and columns 1-based as
 * the commands print them). What a push does and whether it is allowed is the checker's
 * business, in the worker: nothing here knows a rule.
 */

/** A field of the board, 1-based, as the picture's tiles name it (data-row, data-col). */
export interface Field {
  row: number;
  col: number;
}

/** The direction a key pushes: the arrows, as on the picture (north is up). */
export const PUSH_KEYS: Readonly<Record<string, "n" | "e" | "s" | "w">> = { ArrowUp: "n", ArrowRight: "e", ArrowDown: "s", ArrowLeft: "w" };

/**
 * The field whose tile is under a point of the page (client coordinates), or undefined:
 * found by the tiles' boxes, so the pawn or an opening drawn over a tile does not hide it.
 */
export function fieldAt(board: Element, x: number, y: number): Field | undefined {
  for (const tile of board.querySelectorAll("rect.tile[data-row][data-col]")) {
    const box = tile.getBoundingClientRect();
    if (x >= box.left && x < box.right && y >= box.top && y < box.bottom) {
      return { row: Number(tile.getAttribute("data-row")), col: Number(tile.getAttribute("data-col")) };
    }
  }
  return undefined;
}

/**
 * The atom that pushes the selected field's line in `dir` as step `step` (1-based): a
 * row for east and west, a column for north and south.
 */
export function pushAtom(field: Field, dir: "n" | "e" | "s" | "w", step: number): string {
  const line = dir === "e" || dir === "w" ? field.row : field.col;
  return `push(${line},${dir},${step})`;
}

/** The atom that walks the pawn to `field` as step `step` (the board game's walk). */
export function walkAtom(field: Field, step: number): string {
  return `walk(${field.row},${field.col},${step})`;
}

/** CSS that marks the selected field's tile on the board. */
export function selectionStyle(field: Field | undefined): string {
  return field ? `#board rect.tile[data-row="${field.row}"][data-col="${field.col}"] { stroke: #d40; stroke-width: 4px; }` : "";
}

/**
 * The field next to `from` on the screen in the direction of an arrow key (the nearest
 * tile whose centre lies that way), or the first tile drawn when nothing is selected: the
 * selection moved without a mouse (Shift and an arrow). Read off the picture, so it follows
 * however the rule set numbers its rows.
 */
export function fieldBeside(board: Element, from: Field | undefined, key: string): Field | undefined {
  const tiles = [...board.querySelectorAll("rect.tile[data-row][data-col]")].map((t) => {
    const b = t.getBoundingClientRect();
    return { row: Number(t.getAttribute("data-row")), col: Number(t.getAttribute("data-col")), x: b.left + b.width / 2, y: b.top + b.height / 2 };
  });
  const here = from ? tiles.find((t) => t.row === from.row && t.col === from.col) : undefined;
  if (!here) return tiles[0] ? { row: tiles[0].row, col: tiles[0].col } : undefined;
  const [dx, dy] = key === "ArrowUp" ? [0, -1] : key === "ArrowDown" ? [0, 1] : key === "ArrowLeft" ? [-1, 0] : [1, 0];
  let best: (typeof tiles)[number] | undefined;
  let bestScore = Infinity;
  for (const t of tiles) {
    const ahead = (t.x - here.x) * dx + (t.y - here.y) * dy;
    const aside = Math.abs((t.x - here.x) * dy) + Math.abs((t.y - here.y) * dx);
    if (ahead <= 1 || aside > 1) continue;
    if (ahead < bestScore) {
      bestScore = ahead;
      best = t;
    }
  }
  return best ? { row: best.row, col: best.col } : from;
}
