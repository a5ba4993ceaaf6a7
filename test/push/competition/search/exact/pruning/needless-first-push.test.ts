/**
 * The second-last push must matter (src/push/competition/search/exact/pruning/needless-first-push.ts,
 * docs/design/search.md Lemma 19):
 * - the search with the rule against the same search without it: all solutions (models 0,
 *   so no commutation rule), in the same order, and no more states, on random sparse boards
 *   with corridors (the search without it is the one test/push/competition/search/board/lookahead.test.ts compares with
 *   the plain search, and test/push/competition/differential.test.ts with clingo);
 * - the rule alone: on random states, for every first push whose line does not hold the
 *   goal and that does not grow R (by the plain simulation), every last push it drops is
 *   followed, in the plain simulation after both pushes, by no goal reachable.
 */
import { describe, expect, it } from "vitest";
import { K_R } from "../../../../../../src/push/competition/search/board/layout.js";
import { LineMath, LineSet } from "../../../../../../src/push/competition/search/board/lines.js";
import { GrownReach } from "../../../../../../src/push/competition/search/exact/pruning/grown-reach.js";
import { NeedlessFirstPush } from "../../../../../../src/push/competition/search/exact/pruning/needless-first-push.js";
import { expectSameSolutionsOver } from "../../../../../helpers/enumerate.js";
import { Plain, randomState } from "../../../../../helpers/plain-push.js";
import { sparseBoard } from "../../../../../helpers/sparse-board.js";

describe.each([
  [8, 4, 60],
  [11, 4, 40],
  [14, 4, 20],
  [9, 5, 6],
])("boards of size %i, max_steps %i", (size, maxSteps, count) => {
  it(`${count} instances: the same solutions, in the same order, with the rule as without`, async () => {
    const { solutions, cut } = await expectSameSolutionsOver(count, (seed) => sparseBoard(size, maxSteps, seed, 9300, 500), "secondLast", "Lemma 19");
    // the sample must have solutions and the rule must cut
    expect(solutions).toBeGreaterThan(50);
    expect(cut).toBeGreaterThan(100);
  }, 180_000);
});

describe("Lemma 19 against a plain simulation", () => {
  it("no last push the rule drops after a first push it is asked about makes the goal reachable", () => {
    let asked = 0;
    let dropped = 0;
    let skipped = 0;
    forEachAsked(1200, false, ({ seed, n, y, kept, rule, plain, afterY }) => {
      asked++;
      if (!kept) skipped++;
      for (let z = 0; z < 4 * n; z++) {
        const zRow = Math.floor(z / n) < 2;
        if ((((zRow ? rule.rows : rule.cols) >>> (z % n)) & 1) === 1) continue;
        dropped++;
        const s = plain.after(afterY.tiles, afterY.set, afterY.goal, z);
        expect(s.set[s.goal], `seed ${seed}, first push ${y}, last push ${z}`).toBe(0);
      }
    });
    // the sample must exercise the rule: first pushes skipped and last pushes dropped
    expect(asked).toBeGreaterThan(10_000);
    expect(skipped).toBeGreaterThan(1000);
    expect(dropped).toBeGreaterThan(100_000);
  }, 120_000);

  it.each([
    ["given R's and C's lines", false],
    ["walking after every last push", true],
  ])("the rule keeps exactly the last pushes' lines Lemma 19 keeps, by plain walks after each last push alone (%s)", (_, noLines) => {
    let asked = 0;
    let spared = 0;
    let settled = 0;
    let seenSeed = -1;
    let seenRule: NeedlessFirstPush | undefined;
    // per last push z: R's and C's walks after z alone (plain), for the state of seenSeed
    let rAfter: { set: Uint8Array; goal: number }[] = [];
    let cAfter: Uint8Array[] = [];
    forEachAsked(600, noLines, ({ seed, n, y, kept, rule, plain, state }) => {
      const { tiles, set, goal } = state;
      if (seed !== seenSeed) {
        seenSeed = seed;
        const component = new Uint8Array(n * n);
        component[goal] = 1;
        plain.walk(tiles, component);
        rAfter = [];
        cAfter = [];
        for (let z = 0; z < 4 * n; z++) {
          rAfter.push(plain.after(tiles, set, goal, z));
          cAfter.push(plain.after(tiles, component, goal, z).set);
        }
        spared += seenRule?.spared ?? 0;
        settled += seenRule?.settled ?? 0;
        seenRule = rule;
      }
      asked++;
      const row = Math.floor(y / n) < 2;
      const line = y % n;
      // within two lines of y's line, across the wraparound
      const near = (f: number): boolean => {
        const d = Math.abs((row ? Math.floor(f / n) : f % n) - line);
        return Math.min(d, n - d) <= 2;
      };
      const holdsNear = (s: Uint8Array): boolean => s.some((v, f) => v === 1 && near(f));
      let rows = 0;
      let cols = 0;
      for (let z = 0; z < 4 * n; z++) {
        const r = rAfter[z];
        const keep = r.set[r.goal] === 1 || (holdsNear(r.set) && holdsNear(cAfter[z]));
        if (!keep) continue;
        if (Math.floor(z / n) < 2) rows |= 1 << z % n;
        else cols |= 1 << z % n;
      }
      expect([rule.rows >>> 0, rule.cols >>> 0], `seed ${seed}, first push ${y}`).toEqual([rows >>> 0, cols >>> 0]);
      expect(kept).toBe((rows | cols) !== 0);
    });
    spared += seenRule?.spared ?? 0;
    settled += seenRule?.settled ?? 0;
    // the sample must ask often, and take the sets moved without a walk where the last push
    // does not grow them; given the lines, settle first pushes R and C are both near unwalked
    expect(asked).toBeGreaterThan(5000);
    expect(spared).toBeGreaterThan(1000);
    if (noLines) expect(settled).toBe(0);
    else expect(settled).toBeGreaterThan(500);
  }, 120_000);
});

type State = NonNullable<ReturnType<typeof randomState>>;

/**
 * For seeds 0 to count - 1, a random state of ply 1 (test/helpers/plain-push.ts) and a
 * fresh rule on it: calls `each` for every first push y (0-based move index) the rule may
 * be asked about (y's line does not hold the goal and y does not grow R, by the plain
 * simulation), after asking it (`kept`: its answer; the lines left in rule.rows, rule.cols),
 * with the plain state after y. The rule's walks are cached per state, as in the search.
 * The rule is given R's and C's lines, as the search gives them, unless `noLines`.
 */
function forEachAsked(
  count: number,
  noLines: boolean,
  each: (asked: { seed: number; n: number; y: number; kept: boolean; rule: NeedlessFirstPush; plain: Plain; state: State; afterY: { tiles: Uint8Array; set: Uint8Array; goal: number } }) => void,
): void {
  for (let seed = 0; seed < count; seed++) {
    const state = randomState(seed, [6, 7, 8, 9, 10, 11, 12]);
    if (state === undefined) continue;
    const { n, tiles, set, goal, plies, cs } = state;
    const plain = new Plain(n);
    const lm = new LineMath(n);
    const rule = new NeedlessFirstPush(plies, lm, new GrownReach(plies, true), true);
    rule.startRun(8);
    const full = n === 32 ? -1 : (1 << n) - 1;
    // R's and C's lines, as the search passes them (`noLines`: none, so that every last push is walked)
    const r = new LineSet();
    const c = new LineSet();
    lm.of(plies.state, plies.stride + K_R * n, r);
    lm.of(plies.state, cs + K_R * n, c);
    for (let y = 0; y < 4 * n; y++) {
      const row = Math.floor(y / n) < 2;
      if ((row ? Math.floor(goal / n) : goal % n) === y % n) continue;
      const afterY = plain.after(tiles, set, goal, y);
      if (plain.grows(set, afterY.set, y)) continue;
      const rLines = noLines ? 0 : row ? r.rows : r.cols;
      const cLines = noLines ? 0 : row ? c.rows : c.cols;
      const kept = rule.keeps(plies.stride, plies.stride + K_R * n, cs + K_R * n, y, full, full, rLines, cLines);
      each({ seed, n, y, kept, rule, plain, state, afterY });
    }
  }
}
