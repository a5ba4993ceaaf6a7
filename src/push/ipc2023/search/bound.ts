/**
 * The admissible cost bound of the IPC 2023 planner (docs/design/ipc-planner.md, Lemma B).
 *
 * Tiles are opening bits (board.ts OPEN: n 1, s 2, e 4, w 8) at index y*N + x, x the column
 * from the west, y the row from the north, 0-based; the exit is the south side of the card
 * at (N-1, N-1). Steps and pushes are counted apart: steps >= the Manhattan distance M (+2
 * when the first step must lead away: parity), pushes >= 1 when the corner's card does not
 * open south (it must be replaced) or when no useful neighbour can be entered yet.
 */
const N_ = 1;
const S_ = 2;
const E_ = 4;
const W_ = 8;

/**
 * A lower bound on the cost (pushes + steps) still needed to leave.
 * @param tiles opening bits, index y*N + x
 * @param n N
 * @param robot the robot's field index y*N + x
 * @returns the bound; `Infinity` when no plan can exist (the robot's card has no opening,
 *   away from a corner card that opens south: the card under the robot never changes)
 */
export function costBound(tiles: Uint8Array, n: number, robot: number): number {
  const x = robot % n;
  const y = (robot - x) / n;
  const last = n - 1;
  return boundOf(x, y, last, tiles[robot], y < last ? tiles[robot + n] : 0, x < last ? tiles[robot + 1] : 0, tiles[last * n + last]);
}

/**
 * costBound from the four cards it reads, so that the search can bound a child before
 * making its push.
 * @param x the robot's column, 0-based
 * @param y the robot's row from the north, 0-based
 * @param last N - 1
 * @param here the card under the robot
 * @param south the card south of the robot (any value when y = last)
 * @param east the card east of the robot (any value when x = last)
 * @param corner the card on (N-1, N-1)
 */
export function boundOf(x: number, y: number, last: number, here: number, south: number, east: number, corner: number): number {
  if (x === last && y === last) {
    if (here & S_) return 0;
    // leave the corner, have its card replaced (a push), come back
    return here === 0 ? Infinity : 3;
  }
  if (here === 0) return Infinity;
  const m = last - x + (last - y);
  const cornerPush = corner & S_ ? 0 : 1;
  let useful = 0;
  let entered = false;
  if (y < last && here & S_) {
    useful++;
    if (south & N_) entered = true;
  }
  if (x < last && here & E_) {
    useful++;
    if (east & W_) entered = true;
  }
  if (useful === 0) return m + 2 + cornerPush;
  return m + (entered ? cornerPush : 1);
}

export { N_ as OPEN_N, S_ as OPEN_S, E_ as OPEN_E, W_ as OPEN_W };

/**
 * Lemma W: is there a walk of exactly M steps (south and east only) from the robot to the
 * corner on the board as it is? If not, a plan without pushes has more than M steps and
 * one with a push costs M + 1 or more, so the bound M rises to M + 1.
 * @param reach scratch space of at least N*N bytes (overwritten)
 */
export function monotoneWalk(tiles: Uint8Array, n: number, robot: number, reach: Uint8Array): boolean {
  const x0 = robot % n;
  const y0 = (robot - x0) / n;
  for (let y = y0; y < n; y++) {
    for (let x = x0; x < n; x++) {
      const f = y * n + x;
      let r = f === robot ? 1 : 0;
      if (!r && x > x0 && reach[f - 1] && tiles[f - 1] & E_ && tiles[f] & W_) r = 1;
      if (!r && y > y0 && reach[f - n] && tiles[f - n] & S_ && tiles[f] & N_) r = 1;
      reach[f] = r;
    }
  }
  return reach[n * n - 1] === 1;
}
