/**
 * The board game's board in its plainest form: an R x C board of tiles and a spare tile,
 * pushes that slide the spare in; walking as in the competition (board.ts Grid). Written for clarity, not speed: the game's
 * checker (src/push/game/check.ts) and its pictures use it; the solver has its own packed
 * engine in src/push/game/search/.
 *
 * Rules: ../shared/spec/board-game.md ("A push", "Walking"), docs/board-game.md.
 * Coordinates as in the facts, 1-based: row X from the south (north of (X,Y) is (X+1,Y)),
 * column Y from the west. Internally a field is the 0-based index (X-1)*C + (Y-1).
 */
import { Grid, OPEN, type Direction, type Field } from "../../core/grid.js";

/** The clockwise order of the sides: a quarter turn takes n to e, e to s, s to w, w to n. */
const CLOCKWISE: readonly Direction[] = ["n", "e", "s", "w"];

/**
 * A tile turned by quarter turns clockwise.
 * @param tile opening bits (board.ts OPEN); @param turns 0..3 (any integer, taken mod 4)
 */
export function turned(tile: number, turns: number): number {
  let out = 0;
  for (let i = 0; i < 4; i++) {
    if (tile & OPEN[CLOCKWISE[i]]) out |= OPEN[CLOCKWISE[(i + (((turns % 4) + 4) % 4)) % 4]];
  }
  return out;
}

/** The tiles of an R x C board (index, walking: board.ts Grid) and the spare. */
export class GameBoard extends Grid {
  /**
   * @param rows R; @param cols C
   * @param tiles R*C opening masks, index (row-1)*C + (col-1); copied
   * @param spare the spare tile's opening bits
   */
  constructor(
    rows: number,
    cols: number,
    tiles: Uint8Array,
    readonly spare: number,
  ) {
    super(rows, cols, tiles);
  }

  /**
   * The fields of a line in push order, upstream end first (where the spare enters) and
   * downstream end last (whose tile drops out). `line` is a row for e/w, a column for n/s.
   */
  lineFields(line: number, dir: Direction): Field[] {
    const out: Field[] = [];
    if (dir === "e") for (let c = 1; c <= this.cols; c++) out.push({ row: line, col: c });
    if (dir === "w") for (let c = this.cols; c >= 1; c--) out.push({ row: line, col: c });
    if (dir === "n") for (let r = 1; r <= this.rows; r++) out.push({ row: r, col: line });
    if (dir === "s") for (let r = this.rows; r >= 1; r--) out.push({ row: r, col: line });
    return out;
  }

  /**
   * Where something riding on the tile of `f` is after the push: one field towards
   * `dir` along the line, and from the tile that drops out onto the tile that just
   * entered (the game's rule). Fields off the line stay.
   */
  rideTo(f: Field, line: number, dir: Direction): Field {
    const fields = this.lineFields(line, dir);
    const i = fields.findIndex((g) => g.row === f.row && g.col === f.col);
    if (i < 0) return f;
    return i === fields.length - 1 ? fields[0] : fields[i + 1];
  }

  /**
   * The board after a push: the spare, turned `turns` quarter turns clockwise, enters at
   * the upstream end, every tile of the line moves one field towards `dir`, the tile at
   * the downstream end becomes the new spare. `line` must be on the board.
   */
  pushed(line: number, dir: Direction, turns: number): GameBoard {
    const fields = this.lineFields(line, dir);
    const next = Uint8Array.from(this.tiles);
    for (let i = fields.length - 1; i > 0; i--) next[this.index(fields[i])] = this.tiles[this.index(fields[i - 1])];
    next[this.index(fields[0])] = turned(this.spare, turns);
    return new GameBoard(this.rows, this.cols, next, this.tile(fields[fields.length - 1]));
  }
}
