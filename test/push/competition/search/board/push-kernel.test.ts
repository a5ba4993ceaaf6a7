/**
 * PushKernel (the push in WebAssembly, src/push/competition/search/board/push-kernel.ts)
 * against BitBoard.pushInto, the JavaScript push it replaces in the search: every move
 * of boards of every size the kernel takes (1 to 32), on random words (every bit of
 * every row, the goal anywhere, R of any shape), between states at several distances
 * and in both orders; and a process whose address space is limited (ulimit -v), where V8
 * cannot reserve a WebAssembly memory, still solves (in JavaScript). The search with the kernel is compared with clingo by
 * test/push/competition/differential.test.ts and the other search tests.
 */
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { prng } from "../../../../../src/core/random.js";
import { BitBoard } from "../../../../../src/push/competition/search/board/bitboard.js";
import { PushKernel } from "../../../../../src/push/competition/search/board/push-kernel.js";

describe("PushKernel", () => {
  it("writes exactly the words of BitBoard.pushInto for every move, N = 1 to 32", () => {
    let compared = 0;
    for (let n = 1; n <= 32; n++) {
      const board = new BitBoard(n);
      const stride = board.stride;
      const slots = 6;
      const kernel = new PushKernel(n, slots * stride);
      const reference = new Int32Array(slots * stride);
      const rand = prng(1000 + n);
      const word = (): number => (n === 32 ? (rand() * 2 ** 32) | 0 : Math.floor(rand() * 2 ** n));
      for (let round = 0; round < 6; round++) {
        for (let m = 0; m < 4 * n; m++) {
          for (let i = 0; i < slots * stride; i++) kernel.state[i] = word();
          for (let s = 0; s < slots; s++) {
            // the goal's row and column: anywhere on the board, often on the pushed line
            kernel.state[s * stride + stride - 2] = rand() < 0.5 ? m % n : Math.floor(rand() * n);
            kernel.state[s * stride + stride - 1] = rand() < 0.5 ? m % n : Math.floor(rand() * n);
          }
          reference.set(kernel.state);
          // from and to any two different slots, either order
          const from = Math.floor(rand() * slots);
          const to = (from + 1 + Math.floor(rand() * (slots - 1))) % slots;
          board.pushInto(reference, from * stride, to * stride, m);
          kernel.push(from * stride, to * stride, m);
          for (let i = 0; i < slots * stride; i++) {
            if (kernel.state[i] !== reference[i]) {
              expect.fail(`N ${n}, move ${m}, from slot ${from} to ${to}: word ${i} is ${kernel.state[i]}, pushInto wrote ${reference[i]}`);
            }
          }
          compared++;
        }
      }
    }
    expect(compared).toBe(6 * 2 * 32 * 33);
  });

  it("refuses a board it cannot hold", () => {
    expect(() => new PushKernel(33, 100)).toThrow(RangeError);
    expect(() => new PushKernel(0, 100)).toThrow(RangeError);
  });

  it("a limited address space (ulimit -v 2000000) still solves the bundled example, in JavaScript", () => {
    const root = new URL("../../../../..", import.meta.url).pathname;
    // the limit holds Node itself but not V8's reservation for a WebAssembly memory
    const probe = spawnSync("bash", ["-c", "ulimit -v 2000000 && node -e 'new WebAssembly.Memory({ initial: 1, maximum: 1 })'"], { encoding: "utf8" });
    expect(probe.status, "a WebAssembly memory must be refused under the limit, or this test tells nothing").not.toBe(0);
    const r = spawnSync("bash", ["-c", "ulimit -v 2000000 && exec bin/labsolve instances/example-4x4.lp"], { cwd: root, encoding: "utf8" });
    expect(r.stderr).toBe("");
    expect(r.stdout).toContain("push(1,w,1). push(2,n,2).");
    expect(r.status).toBe(30);
  });
});
