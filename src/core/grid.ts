/**
 * The grid every labyrinth shares: compass directions, the opening bits of a tile or
 * cell, fields, and walking through open sides. Coordinates are those of the push
 * labyrinth's facts, 1-based: row X counted from the south edge (row 1), column Y from
 * the west edge (column 1); north of (X,Y) is (X+1,Y), east is (X,Y+1). Internally a
 * field is the 0-based index (X-1)*C + (Y-1).
 *
 * Rules of walking: "Moving (reachability)" in ../shared/spec/push-labyrinth.md (and
 * docs/rules.md): a step joins two neighbours inside the board whose tiles open
 * towards each other; walking never wraps around.
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
  /** the row, 1-based, counted from the south edge */
  row: number;
  /** the column, 1-based, counted from the west edge */
  col: number;
}

export function isDirection(s: string): s is Direction {
  return s === "n" || s === "s" || s === "e" || s === "w";
}

/**
 * Tiles of an R x C grid and walking on it (the competition's Board is square; the board
 * game's, src/push/game/board.ts, need not be). `tiles[(row-1)*C + (col-1)]` holds the OPEN
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
