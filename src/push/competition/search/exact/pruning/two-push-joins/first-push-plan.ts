/**
 * The plan of a state with two pushes left (docs/design/search.md, Lemmas 5 and 6): the line
 * masks that the loop of TwoPushJoins.run reads (the lines touching R, C and both, the lines
 * near them, R's and C's growers, the last pushes that grow both now) and the first
 * pushes' lines left for that loop, made from R's and C's lines and the growth words
 * alone, without applying a push; with the shortcuts on, the line masks that drop the
 * first pushes that grow neither set, touch one and are far from the other, and leave
 * no last push (aliveRowPushes, aliveColumnPushes). Keeps every solution (the loop
 * decides the same without them).
 */
import { D_E, D_N } from "../../../board/layout.js";
import type { LineMath } from "../../../board/lines.js";
import type { PlyStack } from "../../ply-stack.js";

export class FirstPushPlan {
  /** the lines touching both sets (rows, columns) */
  rowLines = 0;
  colLines = 0;
  /** the lines touching R, touching C */
  rowsR = 0;
  colsR = 0;
  rowsC = 0;
  colsC = 0;
  /** the lines near R, near C (LineMath.around) */
  nearRowsR = 0;
  nearColsR = 0;
  nearRowsC = 0;
  nearColsC = 0;
  /** the last pushes that grow both sets now, rows and columns */
  passAllRows = 0;
  passAllCols = 0;
  /** R's growers and C's growers now, rows and columns (bit i: a push of line i, either way, grows the set) */
  growRowsR = 0;
  growColsR = 0;
  growRowsC = 0;
  growColsC = 0;
  /** the first pushes' lines left for the loop, per direction */
  readonly left = new Int32Array(4);

  /**
   * @param quick RuleSwitches.quickTwoPushes: `make` drops, by line masks, the first
   *   pushes the loop would drop one by one
   */
  constructor(
    private readonly plies: PlyStack,
    private readonly lines: LineMath,
    private readonly quick = true,
  ) {}

  /**
   * The line masks of `make` that follow from R's and C's lines and the growth words at
   * PlyStack.grow[g8 ..] alone (R's and C's growers among them), for the loop of
   * TwoPushJoins.run.
   */
  lineMasks(rRows: number, rCols: number, cRows: number, cCols: number, g8: number): void {
    const lm = this.lines;
    const grow = this.plies.grow;
    // lines touching R, touching C, both
    this.rowsR = lm.touching(rRows);
    this.colsR = lm.touching(rCols);
    this.rowsC = lm.touching(cRows);
    this.colsC = lm.touching(cCols);
    this.rowLines = this.rowsR & this.rowsC;
    this.colLines = this.colsR & this.colsC;
    // lines near (holding or beside, across the wraparound too) R, C
    this.nearRowsR = lm.around(rRows);
    this.nearColsR = lm.around(rCols);
    this.nearRowsC = lm.around(cRows);
    this.nearColsC = lm.around(cCols);
    // the last pushes that would make both R and C grow now: after a first push
    // parallel to them, moving no field of R or C, two lines away or more, they grow
    // them exactly as now (LookAhead.grows reads only its line and the two beside it);
    // after a first push far from both, exactly those of them touching both (Lemma 5)
    this.passAllRows = (grow[g8] & grow[g8 + 1]) | (grow[g8 + 2] & grow[g8 + 3]);
    this.passAllCols = (grow[g8 + 4] & grow[g8 + 5]) | (grow[g8 + 6] & grow[g8 + 7]);
    // R's growers and C's growers now (Lemma 6)
    this.growRowsR = grow[g8] | grow[g8 + 2];
    this.growColsR = grow[g8 + 4] | grow[g8 + 6];
    this.growRowsC = grow[g8 + 1] | grow[g8 + 3];
    this.growColsC = grow[g8 + 5] | grow[g8 + 7];
  }

  /**
   * The masks of a state with two pushes left that TwoPushJoins.run's loop reads, and the first
   * pushes' lines left for it (`left`, per direction e, w, n, s): those the lines of R
   * and C and their growers allow (Lemmas 5, 6), less, with `masks` (the shortcuts on),
   * the pushes that grow neither set, touch one and are far from the other and after
   * which no last push remains (aliveRowPushes, aliveColumnPushes: the loop drops each
   * of them too, so without `masks` the loop looks at more pushes but applies the same). Reads only R's and C's lines
   * (bit i: line i holds a field), the growth words at PlyStack.grow[g8 ..] and, for
   * aliveRowPushes, R's and C's rows at `rAt` and `cAt` (indices into PlyStack.state).
   * @returns false when no line is left: the loop would look at no first push
   */
  make(rRows: number, rCols: number, cRows: number, cCols: number, g8: number, rAt: number, cAt: number, masks = this.quick): boolean {
    const lm = this.lines;
    const grow = this.plies.grow;
    this.lineMasks(rRows, rCols, cRows, cCols, g8);
    const { rowLines, colLines, rowsR, colsR, rowsC, colsC, nearRowsR, nearColsR, nearRowsC, nearColsC, passAllRows, passAllCols } = this;
    const { growRowsR, growColsR, growRowsC, growColsC } = this;
    const rowsNear = nearRowsR | nearRowsC;
    const colsNear = nearColsR | nearColsC;
    const passRows = passAllRows & rowLines;
    const passCols = passAllCols & colLines;
    // the first pushes worth trying, as line masks: a push touching neither set needs
    // lines touching both now (after it, those of them growing both, when it is far)
    const anyPass = (passRows | passCols) !== 0;
    const anyLine = (rowLines | colLines) !== 0;
    const full = lm.full;
    const growsR = (growRowsR | growColsR) !== 0;
    const growsC = (growRowsC | growColsC) !== 0;
    const growsBoth = ((growRowsR & growRowsC) | (growColsR & growColsC)) !== 0;
    const tryRows =
      (rowsR | rowsC | (anyPass ? full & ~rowsNear : 0) | (anyLine ? rowsNear : 0)) &
      this.allowed(nearRowsR, nearRowsC, growsR, growsC, growsBoth);
    const tryCols =
      (colsR | colsC | (anyPass ? full & ~colsNear : 0) | (anyLine ? colsNear : 0)) &
      this.allowed(nearColsR, nearColsC, growsR, growsC, growsBoth);
    const left = this.left;
    let any = 0;
    for (let dir = 0; dir < 4; dir++) {
      // the first pushes that grow neither set, touch one (S) and are far from the other
      // (T), and after which, by the test of the loop, no last push remains: dropped at once
      const still = ~(grow[g8 + 2 * dir] | grow[g8 + 2 * dir + 1]);
      let dead = 0;
      if (!masks) {
        // each first push judged by the loop
      } else if (dir < D_N) {
        const east = dir === D_E;
        let cls = rowsR & ~nearRowsC & still & tryRows;
        if (cls !== 0) dead |= cls & ~this.aliveRowPushes(rAt, rowsR, colsR, rowsC, colsC, growRowsC, growColsC, passAllRows, east, cls);
        cls = rowsC & ~nearRowsR & still & tryRows;
        if (cls !== 0) dead |= cls & ~this.aliveRowPushes(cAt, rowsC, colsC, rowsR, colsR, growRowsR, growColsR, passAllRows, east, cls);
      } else {
        const north = dir === D_N;
        let cls = colsR & ~nearColsC & still & tryCols;
        if (cls !== 0) dead |= cls & ~this.aliveColumnPushes(rRows, rCols, rowsR, colsR, rowsC, colsC, growRowsC, growColsC, passAllCols, north, cls);
        cls = colsC & ~nearColsR & still & tryCols;
        if (cls !== 0) dead |= cls & ~this.aliveColumnPushes(cRows, cCols, rowsC, colsC, rowsR, colsR, growRowsR, growColsR, passAllCols, north, cls);
      }
      left[dir] = (dir < D_N ? tryRows : tryCols) & ~dead;
      any |= left[dir];
    }
    return any !== 0;
  }

  /**
   * Of the row pushes `cls` (one direction, east when `east`), each touching S, far from
   * T and growing neither, those after which the test of TwoPushJoins.run leaves a last push: S
   * only moves (its columns gain its row's fields rotated, LineMath.moved), T stays, and
   * the last push must touch both, grow T (T's growers now, Lemma 6: `tGrowRows`,
   * `tGrowCols`) and, if it is a row, lie beside the pushed row or grow both now
   * (`passAllRows`; Lemma 5 (d)). The same decision as the loop's, as masks.
   * @param sAt index of S's N rows; sRows, sCols, tRows, tCols: the lines touching S, T
   */
  aliveRowPushes(sAt: number, sRows: number, sCols: number, tRows: number, tCols: number, tGrowRows: number, tGrowCols: number, passAllRows: number, east: boolean, cls: number): number {
    const lm = this.lines;
    const rowsLeft = sRows & tRows & tGrowRows;
    const colsLeft = tCols & tGrowCols;
    if ((rowsLeft & passAllRows) !== 0 || (sCols & colsLeft) !== 0) return cls;
    let alive = lm.touching(rowsLeft) & cls;
    if (colsLeft === 0) return alive;
    // a moved row of S touches a column of colsLeft: the row before the push meets them rotated back
    const back = lm.rotate(lm.touching(colsLeft), !east);
    const state = this.plies.state;
    let rest = cls & ~alive;
    while (rest !== 0) {
      const y = 31 - Math.clz32(rest & -rest);
      rest &= rest - 1;
      if ((state[sAt + y] & back) !== 0) alive |= 1 << y;
    }
    return alive;
  }

  /**
   * aliveRowPushes for column pushes (north when `north`): S's rows gain its rows
   * rotated when the pushed column holds a field of S (LineMath.moved); a last push
   * that is a column must lie beside the pushed one or grow both now (`passAllCols`).
   * @param sRows0 S's rows, sCols0 its columns; sRows, sCols, tRows, tCols: the lines touching S, T
   */
  aliveColumnPushes(sRows0: number, sCols0: number, sRows: number, sCols: number, tRows: number, tCols: number, tGrowRows: number, tGrowCols: number, passAllCols: number, north: boolean, cls: number): number {
    const lm = this.lines;
    const colsLeft = sCols & tCols & tGrowCols;
    const rowsLeft = tRows & tGrowRows;
    if ((colsLeft & passAllCols) !== 0 || (sRows & rowsLeft) !== 0) return cls;
    let alive = lm.touching(colsLeft) & cls;
    if ((lm.rotate(sRows0, north) & lm.touching(rowsLeft)) !== 0) alive |= sCols0 & cls;
    return alive;
  }

  /**
   * The first pushes of one orientation (bit i: line i) that the growers of R and C
   * allow (Lemma 6): a line far from R (not in nearR) needs a push that grows R now
   * (growsR), one far from C one that grows C, one far from both a line with a push
   * that grows both (growsBoth: a line, not one push).
   */
  private allowed(nearR: number, nearC: number, growsR: boolean, growsC: boolean, growsBoth: boolean): number {
    let lines = nearR & nearC;
    if (growsC) lines |= nearR & ~nearC;
    if (growsR) lines |= nearC & ~nearR;
    if (growsBoth) lines |= ~(nearR | nearC);
    return lines;
  }
}
