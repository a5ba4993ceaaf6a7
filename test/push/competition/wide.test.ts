/**
 * WideBoard (several words a row, boards above 32x32) against BitBoard (one word a row,
 * itself compared with clingo in test/push/competition/differential.test.ts): on the same instances,
 * forced onto WideBoard, the search must give the same solutions in the same order.
 * Sizes around the word boundaries (31..34, 63..65) are where a multiword shift or
 * fill goes wrong. A 40x40 instance is solved end to end and checked by labcheck.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { movedField, type Push } from "../../../src/push/competition/board.js";
import { checkWitness } from "../../../src/push/competition/check.js";
import { solutionAtoms } from "../../../src/push/competition/format.js";
import { generate, toFacts } from "../../../src/push/competition/generate.js";
import { prng } from "../../../src/core/random.js";
import { instanceFromData, readInstance, type Instance } from "../../../src/push/competition/instance.js";
import { solveBeam } from "../../../src/push/competition/search/anytime/beam.js";
import { searchInstance } from "../../../src/push/competition/search/exact/engine.js";
import { makeBoard } from "../../../src/push/competition/search/board/searchboard.js";
import { parseFacts } from "../../../src/core/facts.js";

const instanceOf = (size: number, maxSteps: number, seed: number, style: "maze" | "random"): Instance =>
  readInstance(toFacts(generate(size, maxSteps, seed, style)), `seed ${seed}`).instance;

const text = (pushes: readonly Push[][]): string[] => pushes.map((s) => solutionAtoms(s).join(" "));

describe("WideBoard", () => {
  it("finds the same solutions as BitBoard on 120 random boards of size 2..9 (all solutions)", () => {
    let solutions = 0;
    for (let seed = 0; seed < 120; seed++) {
      const instance = instanceOf(2 + (seed % 8), 3, 300 + seed, seed % 2 === 0 ? "maze" : "random");
      const bit = searchInstance(instance, { models: 0 });
      const wide = searchInstance(instance, { models: 0, wide: true });
      expect(text(wide.solutions), `seed ${300 + seed}`).toEqual(text(bit.solutions));
      solutions += bit.solutions.length;
    }
    expect(solutions).toBeGreaterThan(100);
    // about 6 s on a loaded 2-core machine: a limit with room (issue 13, 7)
  }, 60_000);

  it("moves and walks like the checker's field-by-field Board, push by push, on boards of 31..34 and 63..65", () => {
    let spread = 0;
    for (const size of [31, 32, 33, 34, 63, 64, 65]) {
      for (let seed = 0; seed < 3; seed++) {
        // mostly open tiles, so that the reachable set spreads across word boundaries
        const data = generate(size, 6, 40 + seed, "random");
        const rand = prng(seed + size);
        data.tiles = data.tiles.map((t) => (rand() < 0.6 + 0.1 * seed ? 15 : t));
        const instance = instanceFromData(data, `seed ${seed}`);
        const wide = makeBoard(size, true);
        const state = new Int32Array(wide.stride);
        wide.load(instance, state, 0);
        let board = instance.board;
        let reach = new Set([board.index(instance.init)]);
        let goal = instance.goal;
        for (let k = 0; k < 40; k++) {
          const m = (seed * 131 + k * 97) % (4 * size);
          const push = wide.push(m);
          wide.applyPush(state, 0, m);
          const grew = wide.walk(state, 0);
          const moved = [...reach].map((i) => board.index(movedField(size, board.field(i), push)));
          board = board.pushed(push);
          goal = movedField(size, goal, push);
          const next = board.walk(moved);
          expect(grew, `${size}: grew at push ${k}`).toBe(next.size > reach.size);
          reach = next;
          for (let i = 0; i < size * size; i++) {
            const f = board.field(i);
            if (wide.reaches(state, 0, f.row - 1, f.col - 1) !== reach.has(i)) {
              expect.fail(`${size}x${size} seed ${seed}: field (${f.row},${f.col}) after push ${k} (${push.line},${push.dir})`);
            }
          }
          expect(wide.goalReachable(state, 0)).toBe(reach.has(board.index(goal)));
          spread = Math.max(spread, reach.size);
        }
      }
    }
    expect(spread).toBeGreaterThan(64 * 32);
  }, 60_000);

  it("scores (beam's gap) like BitBoard", () => {
    for (const size of [20, 31, 32]) {
      for (let seed = 0; seed < 4; seed++) {
        const instance = instanceOf(size, 6, 90 + seed, "random");
        const bit = makeBoard(size);
        const wide = makeBoard(size, true);
        const a = new Int32Array(3 * bit.stride);
        const b = new Int32Array(3 * wide.stride);
        bit.load(instance, a, 0);
        wide.load(instance, b, 0);
        for (let k = 0; k < 20; k++) {
          const m = (seed * 31 + k * 57) % (4 * size);
          bit.applyPush(a, 0, m);
          wide.applyPush(b, 0, m);
          bit.walk(a, 0);
          wide.walk(b, 0);
          bit.goalComponent(a, 0, bit.stride);
          wide.goalComponent(b, 0, wide.stride);
          expect(wide.gap(b, 0, wide.stride, 2 * wide.stride), `gap, push ${k}`).toBe(bit.gap(a, 0, bit.stride, 2 * bit.stride));
        }
      }
    }
  }, 60_000);

  it("its solutions on boards of 33, 34, 63, 64 and 65 fields a row satisfy the checker", () => {
    for (const size of [33, 34, 63, 64, 65]) {
      const instance = instanceOf(size, 4, 7 + size, "random");
      // the shortest solution within 2 pushes, or none: both boards searched in full
      const wide = searchInstance(instance, { models: 0, maxSteps: 2 });
      for (const s of wide.solutions) {
        const atoms = solutionAtoms(s).map((a) => `${a}.`).join(" ");
        expect(checkWitness({ ...instance, maxSteps: 2 }, parseFacts(atoms, "<witness>")).valid, atoms).toBe(true);
      }
      // a beam answer (long sequences, the whole board) must satisfy the checker
      const beam = solveBeam(instance, { widths: [16] });
      if (beam.solution) {
        const atoms = solutionAtoms(beam.solution).map((a) => `${a}.`).join(" ");
        expect(checkWitness(instance, parseFacts(atoms, "<witness>")).valid, `${size}: ${atoms}`).toBe(true);
      }
    }
  }, 60_000);

  it("labsolve solves a 40x40 instance and labcheck accepts the answer", () => {
    const dir = mkdtempSync(join(tmpdir(), "labyrinth-wide-"));
    const file = join(dir, "wide.lp");
    writeFileSync(file, toFacts(generate(40, 40, 12, "random")));
    const run = (cmd: string, args: string[], input?: string): { status: number; stdout: string } => {
      try {
        return { status: 0, stdout: execFileSync(cmd, args, { input, encoding: "utf8" }) };
      } catch (e) {
        const err = e as { status: number; stdout: string };
        return { status: err.status, stdout: err.stdout };
      }
    };
    const solved = run("bin/labsolve", ["--any", file]);
    expect([10, 30]).toContain(solved.status);
    const checked = run("bin/labcheck", ["10", file], solved.stdout);
    expect(checked.stdout.trim()).toBe("OK");
  }, 60_000);
});
