/**
 * The text maze format shared by the static labyrinths (text mazes, Theseus' turn rule on
 * a text maze, Theseus and the Minotaur): reading with errors at LINE:COL, writing, and a
 * cheap test of whether a text is one. Source: ../shared/spec/text-maze.md, section 1
 * (a teaching lab's format), and section 3 (`T`, `M`, openings in the border).
 *
 * A maze of R rows and C columns is 2R+1 lines of 2C+1 characters; a line may lack its
 * trailing spaces. Coordinates: rows from the top, columns from the left; 1-based in every
 * message and output `(row, column)`, 0-based inside: cell index = r*C + c.
 */
import { InputError } from "./errors.js";
import { OPEN } from "./grid.js";

/** A maze as cells and their opening bits (core/grid.ts OPEN: n 1, s 2, e 4, w 8). */
export interface TextMaze {
  rows: number;
  cols: number;
  /**
   * opening bits of each cell, index r*C + c (0-based, r from the top): a bit set means a
   * passage to the neighbour that way, or, on the border, an opening out of the maze
   */
  open: Uint8Array;
  /** the start cell: `S`, or `T` (Theseus) in a Minotaur level */
  start: number;
  /** which letter marked the start */
  startMark: "S" | "T";
  /** the `E` cell, or -1 when the exit is an opening in the border */
  exit: number;
  /** the Minotaur's cell (`M`), or -1 */
  minotaur: number;
}

const WALL_LINE = /^\+([-+ E]*)$/;
const PLUS = 43;
const DASH = 45;
const SPACE = 32;
const BAR = 124;
const LETTER_E = 69;
const LETTER_S = 83;
const LETTER_T = 84;
const LETTER_M = 77;

/**
 * True when `text` looks like a text maze (or a Minotaur level): its first non-blank line,
 * after a UTF-8 byte order mark, begins with `+` (a wall line) or `|` (a row of cells). No
 * ASP facts, PDDL or CSV begins so, and a text that does gets the maze reader's errors (a
 * broken wall line is a maze's mistake, not unreadable facts). Cheap: reads one line.
 */
export function looksLikeTextMaze(text: string): boolean {
  for (let i = text.charCodeAt(0) === 0xfeff ? 1 : 0; i < text.length; i++) {
    const c = text[i];
    if (c === " " || c === "\t" || c === "\r" || c === "\n") continue;
    return c === "+" || c === "|";
  }
  return false;
}

/**
 * Reads a text maze.
 * @param file the name in messages
 * @throws InputError at LINE:COL (1-based) for: a line of odd length other than 2C+1 or
 *   an even number of lines, a character not allowed where it stands, two starts, two `E`
 *   cells, no start, no exit (neither `E` nor an opening), an `M` without a `T`, a second
 *   maze after a blank line (one maze a file: `labgen maze --count K -o DIR` writes one file each)
 */
export function readTextMaze(text: string, file: string): TextMaze {
  // a byte order mark is no character of the maze (columns count from the one after it)
  const all = (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).split(/\r?\n/);
  let first = 0;
  while (first < all.length && all[first].trim() === "") first++;
  let last = all.length - 1;
  while (last >= first && all[last].trim() === "") last--;
  if (first > last) throw new InputError(file, { line: 1, column: 1 }, "expected a maze: a wall line such as +-+-+");
  // one maze a file: a blank line with a start before it and a maze with a start after it
  // separates two mazes (labgen maze --count K on standard output); else a blank line is a
  // row of open cells, read as padded
  const hasStart = (from: number, to: number): boolean => {
    for (let i = from; i <= to; i++) if (/[ST]/.test(all[i])) return true;
    return false;
  };
  for (let i = first + 1; i < last; i++) {
    if (all[i].trim() !== "" || !looksLikeTextMaze(all[i + 1] ?? "")) continue;
    if (hasStart(first, i - 1) && hasStart(i + 1, last)) {
      throw new InputError(file, { line: i + 2, column: 1 }, "a second maze starts here: a file holds one maze (labgen maze --count K -o DIR writes one file each)");
    }
  }
  const lines = all.slice(first, last + 1);
  const at = (i: number, col: number) => ({ line: first + i + 1, column: col + 1 });
  const width = lines[0].trimEnd().length;
  if (width < 3 || width % 2 === 0 || !WALL_LINE.test(lines[0].trimEnd()) || !lines[0].trimEnd().endsWith("+")) {
    throw new InputError(file, at(0, 0), "expected a wall line of 2C+1 characters: +, then - or a space, then + (C cells)");
  }
  if (lines.length < 3 || lines.length % 2 === 0) {
    throw new InputError(file, at(lines.length - 1, 0), `expected 2R+1 lines (a wall line after each row of cells); found ${lines.length}`);
  }
  const rows = (lines.length - 1) / 2;
  const cols = (width - 1) / 2;
  const open = new Uint8Array(rows * cols);
  let start = -1;
  let startMark: "S" | "T" = "S";
  let exit = -1;
  let minotaur = -1;
  let minotaurAt: { line: number; column: number } | undefined;
  let openings = 0;
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i].trimEnd(); // as /\s+$/ strips, without its quadratic cost on long lines
    if (raw.length > width) throw new InputError(file, at(i, width), `expected the end of the line: a row is ${width} characters wide`);
    const line = raw.padEnd(width, " ");
    const border = i === 0 || i === lines.length - 1;
    // char codes, a cell (column c) at a time: a maze may be 10^8 characters
    if (i % 2 === 0) {
      // a wall line: + at even positions, at 2c+1 - (a wall) or a space (a passage; in the border an opening, also E)
      const below = i / 2; // the row below this line (0-based); rows: the bottom border
      for (let c = 0; c <= cols; c++) {
        if (line.charCodeAt(2 * c) !== PLUS) throw new InputError(file, at(i, 2 * c), `expected + at a corner, found '${line[2 * c]}'`);
        if (c === cols) break;
        const code = line.charCodeAt(2 * c + 1);
        if (code === DASH) continue;
        if (code !== SPACE && !(border && code === LETTER_E)) {
          throw new InputError(file, at(i, 2 * c + 1), `expected - (a wall) or a space (a passage${border ? " or an opening" : ""}), found '${line[2 * c + 1]}'`);
        }
        if (i === 0) {
          open[c] |= OPEN.n;
          openings++;
        } else if (border) {
          open[(rows - 1) * cols + c] |= OPEN.s;
          openings++;
        } else {
          open[(below - 1) * cols + c] |= OPEN.s;
          open[below * cols + c] |= OPEN.n;
        }
      }
      continue;
    }
    // a cell line: at even positions | (a wall) or a space (a passage; at either end an opening, also E), at 2c+1 the cell
    const r = (i - 1) / 2;
    const row = r * cols;
    for (let k = 0; k <= 2 * cols; k += 2) {
      const code = line.charCodeAt(k);
      const c = k >> 1; // the wall between column c-1 and column c (0-based)
      if (code !== BAR) {
        const edge = k === 0 || c === cols;
        if (code !== SPACE && !(edge && code === LETTER_E)) {
          throw new InputError(file, at(i, k), `expected | (a wall) or a space (a passage${edge ? " or an opening" : ""}), found '${line[k]}'`);
        }
        if (k === 0) {
          open[row] |= OPEN.w;
          openings++;
        } else if (c === cols) {
          open[row + cols - 1] |= OPEN.e;
          openings++;
        } else {
          open[row + c - 1] |= OPEN.e;
          open[row + c] |= OPEN.w;
        }
      }
      if (c === cols) break;
      const mark = line.charCodeAt(k + 1);
      if (mark === SPACE) continue;
      const cell = row + c;
      if (mark === LETTER_S || mark === LETTER_T) {
        if (start >= 0) throw new InputError(file, at(i, k + 1), `a second start '${line[k + 1]}': a maze has one start (S, or T in a Minotaur level)`);
        start = cell;
        startMark = mark === LETTER_S ? "S" : "T";
      } else if (mark === LETTER_E) {
        if (exit >= 0) throw new InputError(file, at(i, k + 1), "a second exit E: a maze has one E cell (or openings in the border)");
        exit = cell;
      } else if (mark === LETTER_M) {
        if (minotaur >= 0) throw new InputError(file, at(i, k + 1), "a second Minotaur M");
        minotaur = cell;
        minotaurAt = at(i, k + 1);
      } else {
        throw new InputError(file, at(i, k + 1), `expected a cell: a space, S (start), E (exit), T (Theseus) or M (the Minotaur), found '${line[k + 1]}'`);
      }
    }
  }
  const end = { line: first + lines.length, column: width + 1 };
  if (start < 0) throw new InputError(file, end, "no start: expected one S (or T in a Minotaur level)");
  if (exit < 0 && openings === 0) throw new InputError(file, end, "no exit: expected an E cell or an opening in the border");
  if (minotaur >= 0 && startMark !== "T") throw new InputError(file, minotaurAt, "an M (the Minotaur) needs a T (Theseus) as the start");
  return { rows, cols, open, start, startMark, exit, minotaur };
}

/**
 * The text format's lines of a grid (2R+1 lines of 2C+1 characters, trailing spaces kept):
 * `+` corners, `-` and `|` walls, spaces for passages, `opening` for border openings (a
 * space, or `E`: the format reads both as an opening), and in each cell the character
 * `cell(i)` gives (i = r*C + c, 0-based; one character). Shared by the writer and the
 * pictures of every static labyrinth.
 */
export function textLines(grid: { rows: number; cols: number; open: Uint8Array }, cell: (i: number) => string, opening: " " | "E" = " "): string[] {
  const { rows, cols, open } = grid;
  const out: string[] = [];
  const wall = (r: number): string => {
    let s = "+";
    for (let c = 0; c < cols; c++) {
      const passage = r < rows ? (open[r * cols + c] & OPEN.n) !== 0 : (open[(rows - 1) * cols + c] & OPEN.s) !== 0;
      s += `${passage ? (r === 0 || r === rows ? opening : " ") : "-"}+`;
    }
    return s;
  };
  for (let r = 0; r < rows; r++) {
    out.push(wall(r));
    let s = (open[r * cols] & OPEN.w) !== 0 ? opening : "|";
    for (let c = 0; c < cols; c++) {
      const i = r * cols + c;
      s += cell(i);
      s += (open[i] & OPEN.e) !== 0 ? (c === cols - 1 ? opening : " ") : "|";
    }
    out.push(s);
  }
  out.push(wall(rows));
  return out;
}

/** The letter a maze's text shows in a cell: S or T on the start, E on the exit, M on the Minotaur, else a space. */
export function cellLetter(maze: TextMaze, i: number): string {
  return i === maze.start ? maze.startMark : i === maze.exit ? "E" : i === maze.minotaur ? "M" : " ";
}

/**
 * Writes a maze in the text format (no trailing spaces): `S` or `T` on the start, `E` on
 * the exit cell, `M` on the Minotaur, spaces for passages and border openings.
 */
export function writeTextMaze(maze: TextMaze): string {
  return `${textLines(maze, (i) => cellLetter(maze, i)).map((l) => l.trimEnd()).join("\n")}\n`;
}

/**
 * Writes a maze in the text format by chunks of bytes (ASCII), for mazes too large for one
 * string (10^8 cells is 400 MB of text): the same text as writeTextMaze except that a line
 * keeps a trailing space (a border opening). `write` must consume the chunk before it
 * returns (the buffer is reused).
 */
export function streamTextMaze(maze: TextMaze, write: (chunk: Uint8Array) => void, chunkBytes = 1 << 20): void {
  const { rows, cols, open } = maze;
  const width = 2 * cols + 2; // with the newline
  const size = Math.max(chunkBytes, width);
  const buf = new Uint8Array(size);
  let used = 0;
  const PLUS = 43;
  const DASH = 45;
  const SPACE = 32;
  const BAR = 124;
  const NL = 10;
  const flush = (): void => {
    if (used > 0) write(buf.subarray(0, used));
    used = 0;
  };
  const wall = (r: number): void => {
    if (used + width > size) flush();
    buf[used++] = PLUS;
    for (let c = 0; c < cols; c++) {
      const passage = r < rows ? (open[r * cols + c] & 1) !== 0 : (open[(rows - 1) * cols + c] & 2) !== 0;
      buf[used++] = passage ? SPACE : DASH;
      buf[used++] = PLUS;
    }
    buf[used++] = NL;
  };
  const mark = (i: number): number => (i === maze.start ? maze.startMark.charCodeAt(0) : i === maze.exit ? 69 : i === maze.minotaur ? 77 : SPACE);
  for (let r = 0; r < rows; r++) {
    wall(r);
    if (used + width > size) flush();
    buf[used++] = (open[r * cols] & 8) !== 0 ? SPACE : BAR;
    for (let c = 0; c < cols; c++) {
      const i = r * cols + c;
      buf[used++] = mark(i);
      buf[used++] = (open[i] & 4) !== 0 ? SPACE : BAR;
    }
    buf[used++] = NL;
  }
  wall(rows);
  flush();
}
