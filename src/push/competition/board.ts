/**
 * The push labyrinth's board in its plainest form: tiles, pushes with wraparound, and
 * walking. Written for clarity, not speed: the checker (src/check.ts) and the pictures
 * (src/picture.ts) use it; the solver has its own bit-level engine in src/search/.
 *
 * Rules: ../shared/spec/push-labyrinth.md. Coordinates are those of the facts, 1-based:
 * row X counted from the south edge (row 1), column Y from the west edge (column 1);
 * north of (X,Y) is (X+1,Y), east is (X,Y+1). Internally a field is the 0-based index
 * (X-1)*N + (Y-1).
 */

/** A compass direction of the facts: an opening of a tile, or the way a line is pushed. */
export type Direction = "n" | "s" | "e" | "w";
export const DIRECTIONS: readonly Direction[] = ["n", "s", "e", "w"];

/** Opening bits of a tile (a tile is the OR of its openings). */
export const OPEN: Readonly<Record<Direction, number>> = { n: 1, s: 2, e: 4, w: 8 };
export const OPPOSITE: Readonly<Record<Direction, Direction>> = { n: "s", s: "n", e: "w", w: "e" };
/** Row and column change of one step in a direction. */
export const DELTA: Readonly<Record<Direction, readonly [number, number]>> = {
  n: [1, 0],
  s: [-1, 0],
  e: [0, 1],
  w: [0, -1],
};

/** A field, 1-based: row from the south, column from the west. */
export interface Field {
  row: number;
  col: number;
}

/**
 * One push: `push(line, dir, step)` without the step. For e and w, `line` is a row;
 * for n and s it is a column (1-based).
 */
export interface Push {
  line: number;
  dir: Direction;
}

export function isDirection(s: string): s is Direction {
  return s === "n" || s === "s" || s === "e" || s === "w";
}

/** `push(Z,D,S)` as ASP text; step is 1-based. */
export function pushAtom(p: Push, step: number): string {
  return `push(${p.line},${p.dir},${step})`;
}

/**
 * Where the tile on `field` goes when `push` is applied to an NxN board (wraparound).
 * Fields off the pushed line stay. Rule: "A push" in the spec.
 * @param size N
 * @param field 1-based
 * @param push line 1-based
 * @returns the new 1-based field
 */
export function movedField(size: number, field: Field, push: Push): Field {
  const wrap = (v: number): number => ((v - 1 + size) % size) + 1;
  switch (push.dir) {
    case "e":
      return field.row === push.line ? { row: field.row, col: wrap(field.col + 1) } : field;
    case "w":
      return field.row === push.line ? { row: field.row, col: wrap(field.col - 1) } : field;
    case "n":
      return field.col === push.line ? { row: wrap(field.row + 1), col: field.col } : field;
    case "s":
      return field.col === push.line ? { row: wrap(field.row - 1), col: field.col } : field;
  }
}

/**
 * Tiles of an R x C grid and walking on it (the competition's Board is square; the board
 * game's, src/game/board.ts, need not be). `tiles[(row-1)*C + (col-1)]` holds the OPEN
 * bits of the tile on the 1-based field (row, col).
 */
export class Grid {
  /**
   * @param rows R; @param cols C
   * @param tiles R*C opening masks, indexed (row-1)*C + (col-1); copied
   * @throws RangeError when there are not R*C tiles
   */
  constructor(
    readonly rows: number,
    readonly cols: number,
    tiles: Uint8Array,
  ) {
    if (tiles.length !== rows * cols) throw new RangeError(`expected ${rows * cols} tiles, got ${tiles.length}`);
    this.tiles = Uint8Array.from(tiles);
  }
  readonly tiles: Uint8Array;

  /** 0-based index of a 1-based field. */
  index(f: Field): number {
    return (f.row - 1) * this.cols + (f.col - 1);
  }

  /** 1-based field of a 0-based index. */
  field(index: number): Field {
    return { row: Math.floor(index / this.cols) + 1, col: (index % this.cols) + 1 };
  }

  /** Opening bits of the tile on a 1-based field. */
  tile(f: Field): number {
    return this.tiles[this.index(f)];
  }

  /** True when 1 <= row <= R and 1 <= col <= C. */
  contains(f: Field): boolean {
    return f.row >= 1 && f.row <= this.rows && f.col >= 1 && f.col <= this.cols;
  }

  /**
   * True when the avatar can step from `from` to its neighbour in direction `dir`: the
   * neighbour is inside the board (no wraparound when walking) and both tiles open
   * towards each other. Rule: "Moving (reachability)" in the spec.
   */
  linked(from: Field, dir: Direction): boolean {
    const [dr, dc] = DELTA[dir];
    const to = { row: from.row + dr, col: from.col + dc };
    return this.contains(to) && (this.tile(from) & OPEN[dir]) !== 0 && (this.tile(to) & OPEN[OPPOSITE[dir]]) !== 0;
  }

  /**
   * Every field the avatar can walk to from any field of `start` (breadth-first).
   * @param start 0-based field indices
   * @returns 0-based field indices, `start` included
   */
  walk(start: Iterable<number>): Set<number> {
    const seen = new Set<number>(start);
    const queue = [...seen];
    while (queue.length > 0) {
      const here = this.field(queue.pop() as number);
      for (const dir of DIRECTIONS) {
        if (!this.linked(here, dir)) continue;
        const [dr, dc] = DELTA[dir];
        const next = this.index({ row: here.row + dr, col: here.col + dc });
        if (!seen.has(next)) {
          seen.add(next);
          queue.push(next);
        }
      }
    }
    return seen;
  }
}

/**
 * Tiles of an NxN board, pushed with wraparound. `tiles[(row-1)*N + (col-1)]` holds the
 * OPEN bits of the tile on the 1-based field (row, col).
 */
export class Board extends Grid {
  /**
   * @param size N, the board is NxN
   * @param tiles N*N opening masks, indexed (row-1)*N + (col-1); copied
   */
  constructor(
    readonly size: number,
    tiles: Uint8Array,
  ) {
    super(size, size, tiles);
  }

  /** A new board with `push` applied; `push.line` must be in 1..N. */
  pushed(push: Push): Board {
    const next = new Uint8Array(this.tiles.length);
    for (let i = 0; i < this.tiles.length; i++) {
      next[this.index(movedField(this.size, this.field(i), push))] = this.tiles[i];
    }
    return new Board(this.size, next);
  }
}
