/**
 * The transposition table as a pruning rule (docs/design/search.md, Lemma 2): a state proven
 * to need more than k pushes is not searched again with k pushes left. Keeps every
 * solution. Counts probes (tried) and the states it cut.
 */
import { TranspositionTable } from "../table.js";
import type { PlyStack } from "../ply-stack.js";
import type { Commutation } from "./commutation.js";
import { PruningRule } from "./rule.js";

export class Transposition extends PruningRule {
  readonly name = "transposition table";
  readonly preserves = "every solution" as const;
  readonly lemma = "Lemma 2";
  private readonly table: TranspositionTable;
  /** the key of the state after ply p's push at [2p, 2p + 2), kept by provenAbove for store */
  private keys = new Int32Array(64);

  /**
   * @param megabytes the table's size in MiB (> 0)
   * @param commutation keys states with its context (Lemma 3)
   * @param shared the memory of a table the search shares with others (WorkOptions.sharedTable; megabytes is then not used)
   */
  constructor(
    private readonly plies: PlyStack,
    megabytes: number,
    private readonly commutation: Commutation,
    shared?: SharedArrayBuffer,
  ) {
    super();
    this.table = new TranspositionTable(megabytes, plies.stride, shared);
  }

  /**
   * True when the state of ply p + 1 (after ply p's push) is known to need more than
   * `left` pushes. The key is kept for a following `store` of the same ply (the search
   * below writes only the plies after p + 1, so the state is the same then).
   */
  provenAbove(p: number, left: number): boolean {
    this.key(p);
    // a deeper ply than ever before: more room (doubling, so rarely)
    if (2 * p + 2 > this.keys.length) {
      const more = new Int32Array(4 * p + 4);
      more.set(this.keys);
      this.keys = more;
    }
    this.table.keep(this.keys, 2 * p);
    this.tried++;
    if (!this.table.provenAbove(left)) return false;
    this.cut++;
    return true;
  }

  /** Records that the state of ply p + 1 needs more than `left` pushes (after provenAbove(p, ..)). */
  store(p: number, left: number): void {
    this.table.recall(this.keys, 2 * p);
    this.table.storeAbove(left);
  }

  private key(p: number): void {
    this.table.hash(this.plies.state, (p + 1) * this.plies.stride);
    this.table.mix(this.commutation.context(p));
  }
}
