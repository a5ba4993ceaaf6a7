/**
 * Beam search for some solution within the horizon, shortest not required (the
 * competition's task, `labsolve --any`). Incomplete on its own: when no width finds a
 * solution, the caller falls back to the exact iterative deepening.
 *
 * Each layer holds at most `width` states, none with the goal reachable; their children
 * (every push) are scored by how far the reachable set is from the goal's walking
 * component (Manhattan dilation steps, tiles ignored; larger sets break ties) and the
 * best `width` distinct ones form the next layer. A child with the goal reachable ends
 * the search: it is reached for the first time there, since no state of the beam had it.
 */
import type { Push } from "../../board.js";
import type { Instance } from "../../instance.js";
import { makeBoard, type SearchBoard } from "../board/searchboard.js";
import { runToEnd, type Yielding } from "./yielding.js";
import { TranspositionTable } from "../exact/table.js";

export interface BeamOptions {
  /** horizon override; default the instance's max_steps */
  maxSteps?: number;
  /** beam widths to try in turn (default 64, 256, 1024, 4096) */
  widths?: readonly number[];
  /** polled every few children (BEAM_POLL_EVERY); true interrupts */
  shouldStop?: () => boolean;
}

export interface BeamResult {
  /** a solution, when one was found */
  solution: Push[] | undefined;
  /** states generated */
  nodes: number;
  interrupted: boolean;
}

/**
 * The most layers a beam goes on NxN: its layers grow by one push each and it keeps no
 * record of states across layers, so past this it would only wander (and hold the
 * parents of every layer). A huge horizon is not searched layer by layer to its end.
 */
export function beamSteps(n: number): number {
  return 8 * n + 32;
}

/**
 * Children scored between two polls of shouldStop (and two pauses of the steps): a
 * child costs about a microsecond on 20x20 and up to a millisecond on 128x128.
 */
const BEAM_POLL_EVERY = 16;

/** Searches for any solution with a beam of growing width (at most beamSteps(N) pushes). */
export function solveBeam(instance: Instance, options: BeamOptions = {}): BeamResult {
  return runToEnd(solveBeamSteps(instance, options));
}

/** solveBeam as steps (src/push/competition/search/anytime/yielding.ts): it pauses wherever it polls shouldStop. */
export function* solveBeamSteps(instance: Instance, options: BeamOptions = {}): Yielding<BeamResult> {
  const board = makeBoard(instance.size);
  const horizon = options.maxSteps ?? instance.maxSteps;
  const start = new Int32Array(board.stride);
  board.load(instance, start, 0);
  if (board.goalReachable(start, 0)) return { solution: [], nodes: 0, interrupted: false };
  let nodes = 0;
  for (const width of options.widths ?? [64, 256, 1024, 4096]) {
    const r = yield* beam(board, start, horizon, width, options.shouldStop);
    nodes += r.nodes;
    if (r.solution || r.interrupted) return { solution: r.solution, nodes, interrupted: r.interrupted };
  }
  return { solution: undefined, nodes, interrupted: false };
}

function* beam(board: SearchBoard, start: Int32Array, horizon: number, width: number, shouldStop: (() => boolean) | undefined): Yielding<BeamResult> {
  const n = board.n;
  const stride = board.stride;
  const moves = 4 * n;
  const cur = new Int32Array(width * stride);
  const next = new Int32Array(width * stride);
  // scratch: [0] a child, [1] the goal's component, [2] dilation
  const scratch = new Int32Array(3 * stride);
  const scores = new Float64Array(width * moves);
  const order = new Int32Array(width * moves);
  const parents: Int32Array[] = [];
  const movesOf: Int32Array[] = [];
  // only its hash is used (to tell states apart), not its slots
  const hasher = new TranspositionTable(0, stride);
  cur.set(start, 0);
  let size = 1;
  let nodes = 0;

  const expand = (i: number, m: number): void => {
    for (let k = 0, at = i * stride; k < stride; k++) scratch[k] = cur[at + k];
    board.applyPush(scratch, 0, m);
    board.walk(scratch, 0);
    nodes++;
  };
  /** Dilation steps from R to the goal's component (lower is better), with set sizes as tie-break. */
  const score = (): number => {
    board.goalComponent(scratch, 0, stride);
    return board.gap(scratch, 0, stride, 2 * stride);
  };

  const steps = Math.min(horizon, beamSteps(n));
  for (let step = 0; step < steps; step++) {
    if (shouldStop?.()) return { solution: undefined, nodes, interrupted: true };
    // score every child; a child with the goal reachable is a solution
    let count = 0;
    let poll = BEAM_POLL_EVERY;
    for (let i = 0; i < size; i++) {
      for (let m = 0; m < moves; m++) {
        if (--poll === 0) {
          poll = BEAM_POLL_EVERY;
          yield;
          if (shouldStop?.()) return { solution: undefined, nodes, interrupted: true };
        }
        expand(i, m);
        if (board.goalReachable(scratch, 0)) {
          const path = [m];
          for (let s = step - 1, at = i; s >= 0; s--) {
            path.push(movesOf[s][at]);
            at = parents[s][at];
          }
          return { solution: path.reverse().map((x) => board.push(x)), nodes, interrupted: false };
        }
        scores[count] = score();
        order[count] = i * moves + m;
        count++;
      }
    }
    // the best `width` distinct children form the next layer
    const ranked = ranking(scores, count, width);
    const seen = new Set<number>();
    const parent = new Int32Array(width);
    const moveAt = new Int32Array(width);
    let kept = 0;
    for (const k of ranked) {
      if (kept === width) break;
      const i = Math.floor(order[k] / moves);
      const m = order[k] % moves;
      expand(i, m);
      hasher.hash(scratch, 0);
      const key = hasher.key;
      if (seen.has(key)) continue;
      seen.add(key);
      next.set(scratch.subarray(0, stride), kept * stride);
      parent[kept] = i;
      moveAt[kept] = m;
      kept++;
    }
    parents.push(parent);
    movesOf.push(moveAt);
    cur.set(next.subarray(0, kept * stride), 0);
    size = kept;
  }
  return { solution: undefined, nodes, interrupted: false };
}

/**
 * Child indices 0..count-1 by increasing score: the best ones first, enough of them to
 * fill a layer of `width` distinct states; the rest, sorted, only when duplicates leave
 * the layer short. Sorting only those under a threshold (a typed-array sort of the
 * scores finds it) is much cheaper than sorting every child with a comparator.
 */
function* ranking(scores: Float64Array, count: number, width: number): Generator<number> {
  const byScore = (a: number, b: number): number => scores[a] - scores[b];
  const want = 4 * width;
  if (count <= want) {
    yield* Array.from({ length: count }, (_, i) => i).sort(byScore);
    return;
  }
  const threshold = scores.slice(0, count).sort()[want - 1];
  const best: number[] = [];
  const rest: number[] = [];
  for (let i = 0; i < count; i++) (scores[i] <= threshold ? best : rest).push(i);
  yield* best.sort(byScore);
  yield* rest.sort(byScore);
}
