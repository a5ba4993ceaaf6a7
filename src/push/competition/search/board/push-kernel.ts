/**
 * The push in WebAssembly: BitBoard.pushInto's work (copy a state, apply one push) done
 * by a small SIMD module (push-kernel.wat) on states that live in the module's memory.
 * A column push changes a bit of every row word, which JavaScript writes one word at a
 * time; the module writes four at a time. The same words as BitBoard.pushInto
 * (test/push/competition/search/board/push-kernel.test.ts compares them on random states for N from 1 to 32); docs/design/search.md,
 * "The push in WebAssembly", has what it saves.
 *
 * The state layout is layout.ts's with one word per row (BitBoard: N <= 32); indices are
 * words of the Int32Array `state`, coordinates 0-based.
 */
import { addressSpaceLimit } from "../../../../core/address-space.js";
import { PUSH_KERNEL_WASM } from "../../../../generated/push-kernel.js";

let compiled: WebAssembly.Module | undefined;

/** The module, compiled once per thread (decoded by atob, which Node and browsers both have). */
function kernelModule(): WebAssembly.Module {
  compiled ??= new WebAssembly.Module(Uint8Array.from(atob(PUSH_KERNEL_WASM), (c) => c.charCodeAt(0)));
  return compiled;
}

/** @throws RangeError unless 1 <= N <= 32 (one word a row) */
function checkSize(n: number): void {
  if (!(n >= 1 && n <= 32)) throw new RangeError(`the push kernel holds boards of 1 to 32 fields a side, not ${n}`);
}

/** A memory of states and the push that writes them. */
export class PushKernel {
  /** `words` words of the module's memory (zeroed), the states' array */
  readonly state: Int32Array;
  private readonly pushWasm: (from: number, to: number, m: number, n: number) => void;

  /**
   * @param n the board's size N (1 to 32: one word per row)
   * @param words the Int32Array's length
   * @throws RangeError when N is out of range, or when the memory cannot be reserved
   */
  constructor(
    readonly n: number,
    words: number,
  ) {
    checkSize(n);
    const pages = Math.max(1, Math.ceil((words * 4) / 65536));
    const memory = new WebAssembly.Memory({ initial: pages, maximum: pages });
    const instance = new WebAssembly.Instance(kernelModule(), { env: { memory } });
    this.pushWasm = instance.exports.push as (from: number, to: number, m: number, n: number) => void;
    this.state = new Int32Array(memory.buffer, 0, words);
  }

  /**
   * A kernel, or undefined when this process's address space is limited (`ulimit -v`:
   * src/core/address-space.ts) or it cannot reserve a WebAssembly memory. V8 reserves
   * about 10 GiB of address space for each (its bounds checks): a limit such as
   * `ulimit -v 8000000` refuses it, and under a larger one it could take the room the
   * worker threads need later (V8 aborts then). The search then writes its states in
   * JavaScript (BitBoard.pushInto): the same states, more slowly.
   * @throws RangeError when N is out of range
   */
  static tryMake(n: number, words: number): PushKernel | undefined {
    checkSize(n);
    if (addressSpaceLimit() !== undefined) return undefined;
    try {
      return new PushKernel(n, words);
    } catch (e) {
      if (e instanceof RangeError) return undefined;
      throw e;
    }
  }

  /**
   * Writes at word `to` the state at word `from` after move m (0 <= m < 4N: e, w, n, s
   * on 0-based line m % N), as BitBoard.pushInto does. The two states must not overlap.
   */
  push(from: number, to: number, m: number): void {
    this.pushWasm(from, to, m, this.n);
  }
}
