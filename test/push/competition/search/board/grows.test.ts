/**
 * LookAhead.grows and LookAhead.growth (all moves at once), the search's look-ahead,
 * BitBoard.walkAfter (a walk that starts at the pushed line) and BitBoard.pushInto that says whether a push would let the
 * reachable set (and the goal's component) grow without applying the push, against
 * applying the push and walking (BitBoard.walk, itself checked against clingo by
 * test/push/competition/differential.test.ts and against the checker's Board by test/push/competition/wide.test.ts).
 */
import { describe, expect, it } from "vitest";
import { generate } from "../../../../../src/push/competition/generate.js";
import { prng } from "../../../../../src/core/random.js";
import { instanceFromData } from "../../../../../src/push/competition/instance.js";
import { BitBoard } from "../../../../../src/push/competition/search/board/bitboard.js";
import { K_R } from "../../../../../src/push/competition/search/board/layout.js";
import { LineMath } from "../../../../../src/push/competition/search/board/lines.js";
import { LookAhead } from "../../../../../src/push/competition/search/board/lookahead.js";

/**
 * A generated board of `size` (a maze or random tiles, labgen's generator with `genSeed`)
 * with extra openings at a density that varies with `seed`, so that sets of every size
 * occur, loaded at index 0 of a state array of four states (the rest work space).
 */
function randomBoard(size: number, genSeed: number, maze: boolean, randSeed: number, seed: number) {
  const data = generate(size, 6, genSeed, maze ? "maze" : "random");
  const rand = prng(randSeed);
  const open = (seed % 4) / 4;
  data.tiles = data.tiles.map((t) => (rand() < open ? t | (1 << Math.floor(rand() * 4)) : t));
  const instance = instanceFromData(data, `seed ${seed}`);
  const board = new BitBoard(size);
  const look = new LookAhead(board);
  const stride = board.stride;
  const state = new Int32Array(4 * stride);
  board.load(instance, state, 0);
  return { board, look, stride, state, rand };
}

describe("LookAhead.grows", () => {
  it("grows and growth say exactly when applying a push and walking would grow R and the goal's component", () => {
    let checked = 0;
    const seen = [0, 0, 0, 0];
    for (const size of [1, 2, 3, 4, 5, 6, 7, 9, 16, 31, 32]) {
      for (let seed = 0; seed < 12; seed++) {
        // at 0: the state; at stride: its goal component; 2 and 3: work space
        const { board, look, stride, state, rand } = randomBoard(size, 900 + 37 * size + seed, seed % 3 === 0, seed * 7 + size, seed);
        const all = new Int32Array(8);
        for (let step = 0; step < 6; step++) {
          // a few pushes first, so R is a walked (closed) set and the board is shuffled
          board.applyPush(state, 0, Math.floor(rand() * 4 * size));
          board.walk(state, 0);
          board.goalComponent(state, 0, stride);
          look.growth(state, 0, stride + K_R * size, all, 0);
          // with the hint of the rows near either set: the same words
          let held = 0;
          for (let r = 0; r < size; r++) if ((state[K_R * size + r] | state[stride + K_R * size + r]) !== 0) held |= 1 << r;
          const top = size - 1;
          const near = held | (held << 1) | (held >>> 1) | ((held & 1) << top) | (held >>> top);
          const hinted = new Int32Array(8);
          look.growth(state, 0, stride + K_R * size, hinted, 0, near);
          expect(Array.from(hinted), `growth with rows hint: size ${size} seed ${seed} step ${step}`).toEqual(Array.from(all));
          for (let m = 0; m < 4 * size; m++) {
            state.copyWithin(2 * stride, 0, stride);
            board.applyPush(state, 2 * stride, m);
            // pushInto (copy and push in one pass) must give the pushed state
            board.pushInto(state, 0, 3 * stride, m);
            let pushed = true;
            for (let i = 0; i < stride; i++) if (state[3 * stride + i] !== state[2 * stride + i]) pushed = false;
            expect(pushed, `pushInto: size ${size} seed ${seed} move ${m}`).toBe(true);
            // moveRowsInto (one set's rows copied and moved in one pass): R's rows as the push left them
            const movedRows = new Int32Array(2 * size);
            movedRows.set(state.subarray(K_R * size, (K_R + 1) * size));
            board.moveRowsInto(movedRows, 0, size, m);
            expect(Array.from(movedRows.subarray(size)), `moveRowsInto: size ${size} seed ${seed} move ${m}`).toEqual(Array.from(state.subarray(2 * stride + K_R * size, 2 * stride + (K_R + 1) * size)));
            const r = board.walk(state, 2 * stride) ? 1 : 0;
            // walkAfter, from the pushed line on, must give the same set
            expect(board.walkAfter(state, 3 * stride, m), `walkAfter grew: size ${size} seed ${seed} move ${m}`).toBe(r === 1);
            let same = true;
            for (let i = 0; i < stride; i++) if (state[3 * stride + i] !== state[2 * stride + i]) same = false;
            expect(same, `walkAfter: size ${size} seed ${seed} move ${m}`).toBe(true);
            state.copyWithin(3 * stride, stride, 2 * stride);
            board.applyPush(state, 3 * stride, m);
            const c = board.walk(state, 3 * stride) ? 2 : 0;
            const got = look.grows(state, 0, m, stride + K_R * size);
            expect(got, `size ${size} seed ${seed} step ${step} move ${m}`).toBe(r | c);
            // the last push's test (Lemma 4), every row push or column push at once
            let rowsR = 0;
            let rowsC = 0;
            for (let y = 0; y < size; y++) {
              if (state[K_R * size + y] !== 0) rowsR |= 1 << y;
              if (state[stride + K_R * size + y] !== 0) rowsC |= 1 << y;
            }
            if (m >= 2 * size) {
              // columnsGrowingBoth, with the rows near R and C (as LastPushJoins passes them), and with every row
              const line = m % size;
              for (const rows of [new LineMath(size).around(rowsR | rowsC), -1]) {
                look.columnsGrowingBoth(state, 0, stride + K_R * size, rows);
                const both = m < 3 * size ? look.bothNorth : look.bothSouth;
                expect(((both >>> line) & 1) === 1, `columnsGrowingBoth: size ${size} seed ${seed} step ${step} move ${m}`).toBe((r | c) === 3);
              }
            }
            if (m < 2 * size) {
              // rowsGrowingBoth, for every row at once and for this row alone
              const line = m % size;
              for (const lines of [-1, 1 << line]) {
                look.rowsGrowingBoth(state, 0, lines, stride + K_R * size);
                const both = m < size ? look.bothEast : look.bothWest;
                expect(((both >>> line) & 1) === 1, `rowsGrowingBoth: size ${size} seed ${seed} step ${step} move ${m}`).toBe((r | c) === 3);
              }
            }
            const d = Math.floor(m / size);
            const line = m % size;
            const fromAll = ((all[2 * d] >>> line) & 1) | (((all[2 * d + 1] >>> line) & 1) << 1);
            expect(fromAll, `growth: size ${size} seed ${seed} step ${step} move ${m}`).toBe(r | c);
            seen[r | c]++;
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(10000);
    // every outcome occurs, so the comparison is not one-sided
    for (const k of [0, 1, 2, 3]) expect(seen[k], `outcome ${k}`).toBeGreaterThan(50);
  }, 60_000);
});

describe("LookAhead.rowsGrowingBothAfter", () => {
  it("says for the child of every move, without writing it, what rowsGrowingBoth says on the child written (R and C moved, not walked)", () => {
    let checked = 0;
    let grew = 0;
    for (const size of [1, 2, 3, 4, 5, 7, 9, 16, 31, 32]) {
      for (let seed = 0; seed < 8; seed++) {
        // at 0: the state; at stride: its goal component; 2: the child; 3: the child's C rows
        const { board, look, stride, state, rand } = randomBoard(size, 700 + 31 * size + seed, seed % 2 === 0, seed * 11 + size, seed);
        for (let step = 0; step < 4; step++) {
          board.applyPush(state, 0, Math.floor(rand() * 4 * size));
          board.walk(state, 0);
          board.goalComponent(state, 0, stride);
          const cAt = stride + K_R * size;
          for (let m = 0; m < 4 * size; m++) {
            board.pushInto(state, 0, 2 * stride, m);
            state.copyWithin(3 * stride, cAt, cAt + size);
            board.moveRowsInto(state, 3 * stride, 3 * stride + size, m);
            for (const lines of [1 << Math.floor(rand() * size), Math.floor(rand() * 2 ** size) | 0, -1]) {
              look.rowsGrowingBoth(state, 2 * stride, lines, 3 * stride + size);
              const want = (look.bothEast | look.bothWest) & lines;
              // another move's rows first, so that no row is left from this move's last call
              look.rowsGrowingBothAfter(state, 0, cAt, Math.floor(rand() * 4 * size), -1);
              const got = look.rowsGrowingBothAfter(state, 0, cAt, m, lines);
              expect(got, `size ${size} seed ${seed} step ${step} move ${m} lines ${lines}`).toBe(want);
              if (want !== 0) grew++;
              checked++;
            }
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(5000);
    // both answers occur, so the comparison is not one-sided
    expect(grew).toBeGreaterThan(100);
    expect(checked - grew).toBeGreaterThan(100);
  }, 60_000);
});
