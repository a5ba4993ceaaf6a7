/**
 * The rule of where a grown set reaches, with two pushes left
 * (src/push/competition/search/exact/pruning/grown-reach.ts, docs/design/search.md Lemma 17):
 * - the search with it against the same search without it: all solutions (models 0, so
 *   no commutation rule), in the same order, on random sparse boards with corridors
 *   (the search without it is the one test/push/competition/search/board/lookahead.test.ts compares with the plain
 *   search, and test/push/competition/differential.test.ts with clingo);
 * - the walk alone: on random states, for every push and both sets (R, the goal's
 *   component C), whether the set after the push has a field in a band of lines is
 *   compared with a plain simulation written for the tests (test/helpers/plain-push.ts),
 *   both ways, with the bands the search uses (the other set's growers) and with random
 *   ones;
 * - every push the rule would skip in the search's case (the push grows the set and is
 *   far from the other one) is followed by no last push that makes the goal reachable,
 *   in the plain simulation;
 * - (5): the walk on a far child's board written aside (PlyStack.boardOf) against the plain
 *   simulation after the far push and the push, exactly, with the child's state left
 *   unwritten and uncounted until the search writes it (then the same words).
 */
import { describe, expect, it } from "vitest";
import { prng } from "../../../../../src/core/random.js";
import { K_R } from "../../../../../src/push/competition/search/board/layout.js";
import { LineMath } from "../../../../../src/push/competition/search/board/lines.js";
import { GrownReach } from "../../../../../src/push/competition/search/exact/pruning/grown-reach.js";
import { expectSameSolutionsOver } from "../../../../helpers/enumerate.js";
import { Plain, randomState } from "../../../../helpers/plain-push.js";
import { sparseBoard } from "../../../../helpers/sparse-board.js";

describe.each([
  [8, 4, 60],
  [11, 4, 40],
  [14, 4, 20],
])("boards of size %i, max_steps %i", (size, maxSteps, count) => {
  it(`${count} instances: the same solutions, in the same order, with the rule as without`, async () => {
    // sparser boards in two of three, with a corridor: sets that grow far in one push
    const { solutions, cut } = await expectSameSolutionsOver(count, (seed) => sparseBoard(size, maxSteps, seed, 9100, 500), "grownReach", "Lemma 17");
    // the sample must have solutions and the rule must cut
    expect(solutions).toBeGreaterThan(100);
    expect(cut).toBeGreaterThan(10_000);
  }, 120_000);
});

/** The lines (bit i: line i) holding a field of a 0/1 set of fields. */
function linesOf(n: number, set: Uint8Array): { rows: number; cols: number } {
  let rows = 0;
  let cols = 0;
  for (let f = 0; f < set.length; f++) {
    if (set[f] === 1) {
      rows |= 1 << Math.floor(f / n);
      cols |= 1 << f % n;
    }
  }
  return { rows, cols };
}

/** True when the 0/1 set has a field on a row of `rows` or a column of `cols`. */
function inBand(n: number, set: Uint8Array, rows: number, cols: number): boolean {
  for (let f = 0; f < set.length; f++) if (set[f] === 1 && (((rows >>> Math.floor(f / n)) & 1) === 1 || ((cols >>> f % n) & 1) === 1)) return true;
  return false;
}

/** A random state (randomState) with the plain simulation, the rule, a random stream (seed + salt) and C: the goal's component. */
function scene(seed: number, salt: number) {
  const made = randomState(seed, [6, 7, 8, 9, 10, 11, 12]);
  if (made === undefined) return undefined;
  const { n, tiles, goal, plies } = made;
  const plain = new Plain(n);
  const comp = new Uint8Array(n * n);
  comp[goal] = 1;
  plain.walk(tiles, comp);
  return { ...made, plain, lines: new LineMath(n), rule: new GrownReach(plies, true), stride: plies.stride, rand: prng(salt + seed), comp };
}

describe("Lemma 17 at the walk, against a plain simulation", () => {
  it("the set after a push has a field in the band exactly when the rule says so; no push it skips is followed by a last push reaching the goal", () => {
    let compared = 0;
    let skipped = 0;
    let finished = 0;
    for (let seed = 0; seed < 1000; seed++) {
      const sc = scene(seed, 70000);
      if (sc === undefined) continue;
      const { n, tiles, set, goal, plies, cs, plain, lines, rule, stride, rand, comp } = sc;
      const g = plies.grow;
      // growers of R and of C (LookAhead.growth of ply 1, made by randomState)
      const growR = { rows: g[8] | g[10], cols: g[12] | g[14] };
      const growC = { rows: g[9] | g[11], cols: g[13] | g[15] };
      for (const goalSide of [false, true]) {
        const mine = goalSide ? comp : set;
        const other = linesOf(n, goalSide ? set : comp);
        const growOther = goalSide ? growR : growC;
        const setAt = goalSide ? cs + K_R * n : stride + K_R * n;
        for (let m = 0; m < 4 * n; m++) {
          const bands = [
            { rows: lines.touching(growOther.rows), cols: lines.touching(growOther.cols), real: true },
            { rows: Math.floor(rand() * (1 << n)) & Math.floor(rand() * (1 << n)), cols: Math.floor(rand() * (1 << n)) & Math.floor(rand() * (1 << n)), real: false },
          ];
          for (const band of bands) {
            // the rule's precondition: the set moved by m (not walked) has no field in the band
            const moved = plain.push(mine, m);
            if (inBand(n, moved, band.rows, band.cols)) continue;
            const after = plain.after(tiles, mine, goal, m);
            const expected = inBand(n, after.set, band.rows, band.cols);
            expect(rule.meets(stride, setAt, m, band.rows, band.cols), `seed ${seed}, push ${m}, ${goalSide ? "C" : "R"}`).toBe(expected);
            compared++;
            if (!expected) {
              // a miss: finish leaves the whole set after m in the scratch rows (walkRow copies rows only as it reads them)
              rule.finish();
              const rows: number[] = [];
              const want: number[] = [];
              for (let r = 0; r < n; r++) {
                rows.push(plies.state[plies.grownAt + r]);
                let x = 0;
                for (let c = 0; c < n; c++) if (after.set[r * n + c] === 1) x |= 1 << c;
                want.push(x);
              }
              expect(rows, `seed ${seed}, push ${m}, ${goalSide ? "C" : "R"}: the scratch rows after finish`).toEqual(want);
              finished++;
            }
            // the search's case: m grows the set, is far from the other set, and the band is the other set's growers
            const dir = Math.floor(m / n);
            const line = m % n;
            const far = ((lines.around(dir < 2 ? other.rows : other.cols) >>> line) & 1) === 0;
            let grew = false;
            for (let f = 0; f < n * n; f++) if (after.set[f] === 1 && moved[f] === 0) grew = true;
            if (!band.real || expected || !far || !grew) continue;
            skipped++;
            const s = plain.after(tiles, set, goal, m);
            expect(plain.reaches(s.tiles, s.set, s.goal, 1), `seed ${seed}, push ${m}`).toBe(false);
          }
        }
      }
    }
    // the sample must exercise the rule both ways
    expect(compared).toBeGreaterThan(20_000);
    expect(finished).toBeGreaterThan(5000);
    expect(skipped).toBeGreaterThan(1000);
  }, 120_000);
});

describe("Lemma 17 (5): a far child's board written aside (PlyStack.boardOf)", () => {
  it("the set walked there has a field in the band exactly when it has after the far push X and the push m (plain simulation); the child's own state stays unwritten and uncounted", () => {
    let compared = 0;
    let missed = 0;
    let reached = 0;
    for (let seed = 0; seed < 1500; seed++) {
      const sc = scene(seed, 80000);
      if (sc === undefined) continue;
      const { n, tiles, set, goal, cs, plain, lines, rule, stride, rand, comp, plies } = sc;
      const state = plies.state;
      for (const goalSide of [false, true]) {
        const mine = goalSide ? comp : set;
        const own = linesOf(n, mine);
        const setAt = goalSide ? cs + K_R * n : stride + K_R * n;
        for (let k = 0; k < 6; k++) {
          // X far from the set: its line and the lines beside it hold no field of it
          const x = Math.floor(rand() * 4 * n);
          const xRow = Math.floor(x / n) < 2;
          const x0 = x % n;
          if (((lines.around(xRow ? own.rows : own.cols) >>> x0) & 1) === 1) continue;
          // ply 2 pending after X, as the search leaves a far child (its state poisoned)
          state.fill(-1, 2 * stride, 3 * stride);
          plies.path[1] = x;
          plies.setPending(2);
          const nodes = plies.nodes;
          const tilesX = plain.push(tiles, x);
          for (let m = 0; m < 4 * n; m++) {
            const band = { rows: Math.floor(rand() * (1 << n)) & Math.floor(rand() * (1 << n)), cols: Math.floor(rand() * (1 << n)) & Math.floor(rand() * (1 << n)) };
            const moved = plain.push(mine, m);
            if (inBand(n, moved, band.rows, band.cols)) continue;
            const truth = inBand(n, plain.after(tilesX, mine, goal, m).set, band.rows, band.cols);
            const got = rule.meets(plies.boardOf(2), setAt, m, band.rows, band.cols);
            compared++;
            if (!got) missed++;
            if (truth) reached++;
            expect(got, `seed ${seed}, far push ${x}, push ${m}, ${goalSide ? "C" : "R"}`).toBe(truth);
          }
          expect(plies.nodes, `seed ${seed}`).toBe(nodes);
          expect(state.subarray(2 * stride, 3 * stride).every((w) => w === -1), `seed ${seed}: ply 2 written`).toBe(true);
          // the board aside is the state the search writes when it needs ply 2
          const aside = state.slice(plies.boardOf(2), plies.boardOf(2) + stride);
          expect(plies.written(2)).toBe(2 * stride);
          expect(Array.from(state.subarray(2 * stride, 3 * stride)), `seed ${seed}`).toEqual(Array.from(aside));
          expect(plies.boardOf(2)).toBe(2 * stride);
          plies.setPending(-1);
        }
      }
    }
    // the sample must exercise both answers
    expect(compared).toBeGreaterThan(50_000);
    expect(missed).toBeGreaterThan(20_000);
    expect(reached).toBeGreaterThan(2_000);
  }, 120_000);
});
