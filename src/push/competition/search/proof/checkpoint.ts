/**
 * A proof's checkpoint (`labsolve --checkpoint FILE`): what a run of the iterative
 * deepening has settled, so that a later run with the same file goes on from there and
 * gives the same answer and bounds as one run without a break.
 *
 * It records the depths searched to the end without a solution (all depths up to
 * `finished`), for each deeper depth the units whose subtrees were searched to the end
 * without a solution (WorkOptions.onRootDone), and the best solution found. Units are
 * first pushes m (0 <= m < 4N) below depth PAIRS_FROM and pairs (m0, m1) numbered
 * m0 * 4N + m1 from it on (WorkOptions.rootPairs): a first push of a deep proof takes
 * hours, and a run killed in its middle keeps the pairs below it that were done. A
 * resumed run starts at depth finished + 1 (WorkOptions.fromDepth), skips the units
 * done there (WorkOptions.skipRoot) and takes the best solution as known
 * (WorkOptions.known). It also records the states each done unit took (for the
 * progress line's weighted share, ProgressTicker: nothing of the proof depends on them).
 * Why that is sound: a depth or unit is recorded only once
 * searched to the end without a solution, which is what the deepening would learn again;
 * every pruning rule that keeps "the first shortest solution" (docs/design/search.md, Lemmas 3,
 * 3b, 9) needs only that no shorter solution exists, which the finished depths say.
 *
 * The file names what it is a proof of: the SHA-256 of the instance's text and the
 * options that change the answer (the horizon; one solution wanted). A file of another
 * instance or options, or no checkpoint at all, is refused and left as it is. It is
 * written whole to a temporary file beside it, then renamed over it (atomic on POSIX
 * file systems): a run killed while writing leaves the previous checkpoint.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync, renameSync, unlinkSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { InputError } from "../../../../core/errors.js";
import type { Push } from "../../board.js";
import type { Instance } from "../../instance.js";
import { solutionPrefix } from "../anytime/improve.js";
import { PAIRS_FROM, prefixesArePairs } from "./prefixes.js";

/** The first field of every checkpoint's JSON (its format and version). */
const FORMAT = "labsolve proof checkpoint 2";
/** Version 1 (before pairs): its done lists are first pushes at every depth; read, never written. */
const FORMAT_1 = "labsolve proof checkpoint 1";

/**
 * A checkpoint larger than this is not one of ours: a depth's pairs are at most (4N)^2
 * numbers, about 2 MB of JSON at N = 128 (with the states of two depths' units, about 9
 * MB); ours are a few kilobytes to some hundred.
 */
const MAX_BYTES = 1 << 24;
const DIRS: readonly string[] = ["e", "w", "n", "s"];

/** What a checkpoint is a proof of: a run with other values would give another answer. */
export interface ProofIdentity {
  /** SHA-256 of the instance's text, hex */
  instance: string;
  /** the board's size N (first pushes are 0 <= m < 4N) */
  size: number;
  /** the most pushes searched (max_steps or --max-steps) */
  horizon: number;
}

/** The file's content (JSON). */
interface CheckpointData {
  format: string;
  instance: string;
  horizon: number;
  models: 1;
  /** every depth 0..finished was searched to the end without a solution (-1: none) */
  finished: number;
  /** the first depth whose units are pairs (PAIRS_FROM; absent in version 1: none) */
  pairs_from?: number;
  /**
   * depth -> units searched to the end without a solution: below pairs_from first pushes
   * (move indices 0 <= m < 4N), from it on pairs m0 * 4N + m1
   */
  done: Record<string, number[]>;
  /**
   * depth -> unit -> the states its subtree took (as the worker that searched it counted
   * them): for the units done at the depths above `finished`, and for every unit of depth
   * `finished` when all of its units were counted so (its units' weights for the depth
   * after it: the progress line's share of the states). Absent in files before it.
   */
  states?: Record<string, Record<string, number>>;
  /** the best solution found, as [line (1-based), direction] pairs */
  best: [number, string][] | null;
  /** when it was written (ISO 8601), for people */
  written: string;
}

export class ProofCheckpoint {
  /** depths 0..finished have no solution */
  finished = -1;
  /** the best solution found (not necessarily proven shortest) */
  best: Push[] | undefined;
  private readonly done = new Map<number, Set<number>>();
  /** depth -> unit -> states, as CheckpointData.states */
  private readonly states = new Map<number, Map<number, number>>();
  private changed = false;
  /** told (once) when a write after the first fails; the search goes on */
  onError: ((message: string) => void) | undefined;
  private failed = false;

  private constructor(
    /** the path as the user gave it */
    readonly path: string,
    readonly identity: ProofIdentity,
  ) {}

  /**
   * Opens the checkpoint at `path`: reads it when the file exists, else starts an empty
   * one and writes it at once (so that an unwritable path fails before the search).
   * @param isSolution whether pushes are a solution of the instance (the best one recorded is checked with it)
   * @throws InputError (`FILE: error: ...`, exit 65) when the file is not a checkpoint, is
   *   damaged, or is one of another instance or horizon; the file is left untouched
   */
  static open(path: string, identity: ProofIdentity, isSolution: (pushes: Push[]) => boolean): ProofCheckpoint {
    const c = new ProofCheckpoint(path, identity);
    if (!existsSync(path)) {
      try {
        c.save();
      } catch (e) {
        throw new InputError(path, undefined, `cannot write the checkpoint: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
      }
      return c;
    }
    c.load(readCapped(path));
    if (c.best !== undefined && !isSolution(c.best)) {
      throw new InputError(path, undefined, "damaged checkpoint: its best solution is not a solution of this instance; the file is left as it is");
    }
    return c;
  }

  /** The first depth a resumed run searches (finished + 1). */
  get from(): number {
    return this.finished + 1;
  }

  /** Units done per depth above the finished ones (for the workers: plain data). */
  get doneRoots(): Record<number, number[]> {
    const out: Record<number, number[]> = {};
    for (const [d, set] of this.done) out[d] = [...set].sort((a, b) => a - b);
    return out;
  }

  /**
   * The states per unit known for each depth from `finished` on (CheckpointData.states):
   * depth `finished`'s only when every unit of it was counted. Plain data.
   */
  get unitStates(): Record<number, Record<number, number>> {
    const out: Record<number, Record<number, number>> = {};
    for (const [d, map] of this.states) out[d] = Object.fromEntries(map);
    return out;
  }

  /** Whether unit u (first push or pair: PAIRS_FROM) of depth d was searched to the end without a solution. */
  isDone(depth: number, u: number): boolean {
    return this.done.get(depth)?.has(u) === true;
  }

  /** Depths below `lower` are searched to the end without a solution. */
  provenBelow(lower: number): void {
    if (lower - 1 <= this.finished) return;
    this.finished = lower - 1;
    // the states of the depth now finished are kept when every unit done there was counted
    const last = this.finished;
    const units = this.done.get(last);
    const counted = this.states.get(last);
    const whole = units !== undefined && units.size > 0 && counted !== undefined && [...units].every((u) => counted.has(u));
    for (const d of this.states.keys()) if (d < last || (d === last && !whole)) this.states.delete(d);
    for (const d of this.done.keys()) if (d <= this.finished) this.done.delete(d);
    this.changed = true;
  }

  /**
   * Unit u (first push or pair: PAIRS_FROM) of depth d was searched to the end without a
   * solution; `states`, when given, the states its subtree took.
   */
  rootDone(depth: number, u: number, states?: number): void {
    if (depth <= this.finished) return;
    let set = this.done.get(depth);
    if (!set) this.done.set(depth, (set = new Set()));
    if (set.has(u)) return;
    set.add(u);
    if (states !== undefined) {
      let map = this.states.get(depth);
      if (!map) this.states.set(depth, (map = new Map()));
      map.set(u, states);
    }
    this.changed = true;
  }

  /** A solution with fewer pushes than any before. */
  better(pushes: Push[]): void {
    if (this.best !== undefined && this.best.length <= pushes.length) return;
    this.best = pushes;
    this.changed = true;
  }

  /**
   * Writes the checkpoint (when something changed since the last write): whole, to a
   * temporary file in the same folder, then renamed over the file. A failure is told to
   * onError (once) and the write is tried again next time.
   */
  write(): void {
    try {
      this.save();
    } catch (e) {
      if (!this.failed) this.onError?.((e as NodeJS.ErrnoException).code ?? String(e));
      this.failed = true;
    }
  }

  /** @throws Error (Node's file-system error) when the file cannot be written */
  private save(): void {
    if (!this.changed && existsSync(this.path)) return;
    const data: CheckpointData = {
      format: FORMAT,
      instance: this.identity.instance,
      horizon: this.identity.horizon,
      models: 1,
      finished: this.finished,
      pairs_from: PAIRS_FROM,
      done: Object.fromEntries([...this.done].map(([d, set]) => [String(d), [...set].sort((a, b) => a - b)])),
      states: Object.fromEntries([...this.states].map(([d, map]) => [String(d), Object.fromEntries([...map].sort((a, b) => a[0] - b[0]))])),
      best: this.best === undefined ? null : this.best.map((p) => [p.line, p.dir]),
      written: new Date().toISOString(),
    };
    const temporary = join(dirname(this.path), `.${basename(this.path)}.${process.pid}.tmp`);
    try {
      writeFileSync(temporary, `${JSON.stringify(data)}\n`);
      renameSync(temporary, this.path);
    } catch (e) {
      try {
        unlinkSync(temporary);
      } catch {
        // nothing was written
      }
      throw e;
    }
    this.changed = false;
  }

  /** @throws InputError for anything but a checkpoint of this identity */
  private load(text: string): void {
    const refuse = (why: string): never => {
      throw new InputError(this.path, undefined, `${why}; the file is left as it is (give another --checkpoint file, or remove this one to start afresh)`);
    };
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      return refuse("not a labsolve checkpoint (not JSON)");
    }
    if (!isRecord(data) || (data.format !== FORMAT && data.format !== FORMAT_1)) return refuse(`not a labsolve checkpoint (expected "format": "${FORMAT}")`);
    // version 1 knew first pushes only: from PAIRS_FROM on, each stands for all pairs below it
    const v1 = data.format === FORMAT_1;
    if (!v1 && data.pairs_from !== PAIRS_FROM) return refuse(`damaged checkpoint: "pairs_from" must be ${PAIRS_FROM}`);
    const id = this.identity;
    if (data.instance !== id.instance) {
      return refuse(`the checkpoint is of another instance (its text's SHA-256 is ${String(data.instance).slice(0, 12)}..., this one's ${id.instance.slice(0, 12)}...)`);
    }
    if (data.horizon !== id.horizon) return refuse(`the checkpoint is of a search up to ${String(data.horizon)} pushes, this one goes up to ${id.horizon} (--max-steps)`);
    if (data.models !== 1) return refuse("the checkpoint is not of a search for one shortest solution");
    const moves = 4 * id.size;
    const finished = data.finished;
    if (!isInt(finished) || finished < -1 || finished > id.horizon) return refuse(`damaged checkpoint: "finished" must be an integer from -1 to ${id.horizon}`);
    this.finished = finished;
    if (!isRecord(data.done)) return refuse(`damaged checkpoint: "done" must be an object`);
    for (const [key, list] of Object.entries(data.done)) {
      const d = Number(key);
      const units = !v1 && prefixesArePairs(d, PAIRS_FROM) ? moves * moves : moves;
      if (!/^\d+$/.test(key) || d > id.horizon || !Array.isArray(list) || !list.every((u) => isInt(u) && u >= 0 && u < units)) {
        return refuse(`damaged checkpoint: "done" maps depths up to ${id.horizon} to first pushes 0..${moves - 1}, and from depth ${PAIRS_FROM} on to pairs 0..${moves * moves - 1}`);
      }
      if (d <= finished) continue;
      const set = new Set<number>();
      for (const u of list as number[]) {
        if (v1 && prefixesArePairs(d, PAIRS_FROM)) for (let m1 = 0; m1 < moves; m1++) set.add(u * moves + m1);
        else set.add(u);
      }
      this.done.set(d, set);
    }
    if (data.states !== undefined) {
      const bad = (): never => refuse(`damaged checkpoint: "states" maps depths from "finished" up to ${id.horizon} to units and their states (non-negative integers)`);
      if (!isRecord(data.states)) return bad();
      for (const [key, units] of Object.entries(data.states)) {
        const d = Number(key);
        if (!/^\d+$/.test(key) || d < finished || d > id.horizon || !isRecord(units)) return bad();
        const count = prefixesArePairs(d, PAIRS_FROM) ? moves * moves : moves;
        const map = new Map<number, number>();
        for (const [u, states] of Object.entries(units)) {
          if (!/^\d+$/.test(u) || Number(u) >= count || !isInt(states) || states < 0) return bad();
          map.set(Number(u), states);
        }
        this.states.set(d, map);
      }
    }
    if (data.best !== null) {
      const best = data.best;
      if (!Array.isArray(best) || best.length > id.horizon || !best.every((p) => Array.isArray(p) && p.length === 2 && isInt(p[0]) && p[0] >= 1 && p[0] <= id.size && DIRS.includes(p[1]))) {
        return refuse(`damaged checkpoint: "best" must be null or up to ${id.horizon} pushes [line 1..${id.size}, "e" | "w" | "n" | "s"]`);
      }
      this.best = (best as [number, Push["dir"]][]).map(([line, dir]) => ({ line, dir }));
      // a solution is at least as long as the depths proven to have none
      if (this.best.length <= finished) return refuse(`damaged checkpoint: its best solution has ${this.best.length} pushes, but depths up to ${finished} are recorded as having none`);
    }
  }
}

function readCapped(path: string): string {
  let text: string;
  try {
    const bytes = readFileSync(path);
    if (bytes.length > MAX_BYTES) throw new InputError(path, undefined, `not a labsolve checkpoint (larger than ${MAX_BYTES} bytes); the file is left as it is`);
    text = bytes.toString("utf8");
  } catch (e) {
    if (e instanceof InputError) throw e;
    throw new InputError(path, undefined, `cannot read the checkpoint: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
  }
  return text;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function isInt(v: unknown): v is number {
  return typeof v === "number" && Number.isSafeInteger(v);
}

/**
 * Opens the checkpoint of a proof of `instance` (read from `text`) up to `maxSteps`
 * pushes (default the instance's max_steps): ProofCheckpoint.open with the identity
 * computed here and the best solution replayed by the search's simulator.
 * @throws InputError as ProofCheckpoint.open
 */
export function openCheckpoint(path: string, instance: Instance, text: string, maxSteps: number | undefined): ProofCheckpoint {
  const identity: ProofIdentity = {
    instance: createHash("sha256").update(text).digest("hex"),
    size: instance.size,
    horizon: maxSteps ?? instance.maxSteps,
  };
  return ProofCheckpoint.open(path, identity, (pushes) => solutionPrefix(instance, pushes)?.length === pushes.length);
}
