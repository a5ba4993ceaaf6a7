/**
 * The push labyrinth's board in its plainest form: tiles, pushes with wraparound, and
 * walking. Written for clarity, not speed: the checker (src/push/competition/check.ts) and the pictures
 * (src/push/competition/picture.ts) use it; the solver has its own bit-level engine in src/push/competition/search/.
 *
 * Rules: ../shared/spec/push-labyrinth.md. Coordinates are those of the facts, 1-based:
 * row X counted from the south edge (row 1), column Y from the west edge (column 1);
 * north of (X,Y) is (X+1,Y), east is (X,Y+1). Internally a field is the 0-based index
 * (X-1)*N + (Y-1).
 */
import { Grid, type Direction, type Field } from "../../core/grid.js";

/**
 * One push: `push(line, dir, step)` without the step. For e and w, `line` is a row;
 * for n and s it is a column (1-based).
 */
export interface Push {
  /** the row (e, w) or column (n, s) pushed, 1-based */
  line: number;
  /** the direction the line's tiles move */
  dir: Direction;
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
