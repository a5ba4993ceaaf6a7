/**
 * Text maze solvers (src/maze/text/search) against an independent search written here:
 * the walls are read from the text's characters, not by our reader; a plain BFS (lab order
 * north, east, south, west) gives the fewest moves and the order of the cells taken from its
 * queue; answers are replayed on the text. Hundreds of random mazes, perfect and braided,
 * and random walls (often no path). The turn rule likewise, with acyclic counts by brute force.
 */
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readTextMaze, writeTextMaze } from "../../../src/core/maze-text.js";
import { prng } from "../../../src/core/random.js";
import { generateMaze } from "../../../src/maze/text/generate.js";
import { ALGORITHMS } from "../../../src/maze/text/search/algorithms.js";
import { searchProblem } from "../../../src/maze/text/search/problem.js";
import { turnAcyclicPaths, turnShortest } from "../../../src/maze/text/search/turn.js";
import { SPANNING } from "../../../src/maze/text/generate/algorithms.js";

const SAMPLE = new URL("../../../../shared/mazes/sample-5x5.txt", import.meta.url).pathname;
const DR = [-1, 0, 1, 0];
const DC = [0, 1, 0, -1];

/** The maze as the text shows it: passage(r, c, d) from the characters. */
class TextWalls {
  lines: string[];
  rows: number;
  cols: number;
  start = [0, 0];
  exit = [0, 0];
  constructor(text: string) {
    this.lines = text.trimEnd().split("\n");
    this.rows = (this.lines.length - 1) / 2;
    this.cols = (this.lines[0].length - 1) / 2;
    for (let r = 0; r < this.rows; r++)
      for (let c = 0; c < this.cols; c++) {
        const ch = this.ch(2 * r + 1, 2 * c + 1);
        if (ch === "S") this.start = [r, c];
        if (ch === "E") this.exit = [r, c];
      }
  }
  ch(i: number, k: number): string {
    return (this.lines[i] ?? "").padEnd(k + 1, " ")[k];
  }
  passage(r: number, c: number, d: number): boolean {
    const nr = r + DR[d];
    const nc = c + DC[d];
    if (nr < 0 || nc < 0 || nr >= this.rows || nc >= this.cols) return false;
    return this.ch(2 * r + 1 + DR[d], 2 * c + 1 + DC[d]) === " ";
  }
}

/** A plain BFS: the fewest moves (or -1) and the cells in the order they leave the queue. */
function plainBfs(w: TextWalls): { fewest: number; order: string[] } {
  const dist = new Map<string, number>();
  const key = (r: number, c: number) => `${r},${c}`;
  const queue: [number, number][] = [[w.start[0], w.start[1]]];
  dist.set(key(w.start[0], w.start[1]), 0);
  const order: string[] = [];
  while (queue.length) {
    const [r, c] = queue.shift()!;
    order.push(key(r, c));
    if (r === w.exit[0] && c === w.exit[1]) return { fewest: dist.get(key(r, c))!, order };
    for (let d = 0; d < 4; d++) {
      if (!w.passage(r, c, d)) continue;
      const k = key(r + DR[d], c + DC[d]);
      if (dist.has(k)) continue;
      dist.set(k, dist.get(key(r, c))! + 1);
      queue.push([r + DR[d], c + DC[d]]);
    }
  }
  return { fewest: -1, order };
}

/** Replays moves on the text: true when every move goes through a passage and the walk ends on E. */
function replays(w: TextWalls, moves: ArrayLike<number>): boolean {
  let [r, c] = w.start;
  for (let i = 0; i < moves.length; i++) {
    if (!w.passage(r, c, moves[i])) return false;
    r += DR[moves[i]];
    c += DC[moves[i]];
  }
  return r === w.exit[0] && c === w.exit[1];
}

/** Random mazes: perfect (every generator), braided, and random walls with random S and E. */
function randomMazes(count: number, seed: number): string[] {
  const rnd = prng(seed);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const rows = 2 + Math.floor(rnd() * 9);
    const cols = 2 + Math.floor(rnd() * 9);
    const kind = i % 3;
    let m;
    if (kind === 2) {
      const open = new Uint8Array(rows * cols);
      for (let r = 0; r < rows; r++)
        for (let c = 0; c < cols; c++) {
          if (c < cols - 1 && rnd() < 0.55) { open[r * cols + c] |= 4; open[r * cols + c + 1] |= 8; }
          if (r < rows - 1 && rnd() < 0.55) { open[r * cols + c] |= 2; open[(r + 1) * cols + c] |= 1; }
        }
      m = { rows, cols, open, start: 0, startMark: "S" as const, exit: rows * cols - 1, minotaur: -1 };
    } else {
      m = generateMaze(rows, cols, SPANNING[i % SPANNING.length].name, rnd, kind === 1 ? rnd() : 0);
    }
    // S and E anywhere
    const n = rows * cols;
    m.start = Math.floor(rnd() * n);
    do m.exit = Math.floor(rnd() * n); while (m.exit === m.start);
    out.push(writeTextMaze(m));
  }
  return out;
}

describe("text maze solvers against a plain BFS written here", () => {
  const mazes = randomMazes(600, 7);

  it("mazes of every kind: perfect, braided, with no path", () => {
    const noPath = mazes.filter((t) => plainBfs(new TextWalls(t)).fewest < 0).length;
    expect(noPath).toBeGreaterThan(20);
    expect(noPath).toBeLessThan(mazes.length - 200);
  });

  for (const alg of ALGORITHMS) {
    it(`${alg.name}: finds a path exactly when one exists${alg.shortest ? ", the fewest moves" : ""}; its moves replay on the text`, () => {
      for (const text of mazes) {
        const w = new TextWalls(text);
        const ref = plainBfs(w);
        const result = alg.run(searchProblem(readTextMaze(text, "t")));
        if (alg.name === "wall-follower") {
          // on a loop it may give up; when it answers, the answer is a walk to the exit
          if (result.found) expect(replays(w, result.moves)).toBe(true);
          if (ref.fewest < 0) expect(result.found).toBe(false);
          continue;
        }
        expect(result.found, text).toBe(ref.fewest >= 0);
        if (!result.found) continue;
        expect(replays(w, result.moves), text).toBe(true);
        if (alg.shortest) expect(result.moves.length, text).toBe(ref.fewest);
        else expect(result.moves.length).toBeGreaterThanOrEqual(ref.fewest);
      }
    });
  }

  it("the wall follower always answers on perfect mazes", () => {
    const rnd = prng(3);
    for (let i = 0; i < 200; i++) {
      const m = generateMaze(2 + (i % 9), 2 + ((i * 7) % 9), SPANNING[i % SPANNING.length].name, rnd);
      const w = new TextWalls(writeTextMaze(m));
      const r = ALGORITHMS.find((a) => a.name === "wall-follower")!.run(searchProblem(m));
      expect(r.found).toBe(true);
      expect(replays(w, r.moves)).toBe(true);
    }
  });

  it("bfs takes the cells from its queue in the plain BFS's order (a student's hand trace)", () => {
    const bfs = ALGORITHMS.find((a) => a.name === "bfs")!;
    for (const text of mazes.slice(0, 200)) {
      const w = new TextWalls(text);
      const m = readTextMaze(text, "t");
      const visited = Array.from(bfs.run(searchProblem(m)).visited, (c) => `${Math.floor(c / m.cols)},${c % m.cols}`);
      expect(visited).toEqual(plainBfs(w).order);
    }
  });

  it.skipIf(!existsSync(SAMPLE))("the lab's sample (../shared/mazes): [south, east, north, east, east, south, south, south, east, south]", () => {
    const m = readTextMaze(readFileSync(SAMPLE, "utf8"), "sample");
    const words = ["north", "east", "south", "west"];
    for (const name of ["bfs", "dijkstra", "astar"]) {
      const r = ALGORITHMS.find((a) => a.name === name)!.run(searchProblem(m));
      expect(Array.from(r.moves, (d) => words[d])).toEqual(["south", "east", "north", "east", "east", "south", "south", "south", "east", "south"]);
    }
  });
});

describe("the turn rule against searches written here", () => {
  /** BFS over (cell, last direction) on the text. */
  function plainTurn(w: TextWalls): number {
    const seen = new Set<string>();
    let layer: [number, number, number][] = [[w.start[0], w.start[1], -1]];
    for (let depth = 0; layer.length; depth++) {
      const next: [number, number, number][] = [];
      for (const [r, c, last] of layer) {
        if (r === w.exit[0] && c === w.exit[1]) return depth;
        for (let d = 0; d < 4; d++) {
          if (last >= 0 && (d === last || d === (last + 2) % 4)) continue;
          if (!w.passage(r, c, d)) continue;
          const k = `${r + DR[d]},${c + DC[d]},${d}`;
          if (seen.has(k)) continue;
          seen.add(k);
          next.push([r + DR[d], c + DC[d], d]);
        }
      }
      layer = next;
    }
    return -1;
  }

  /** Every walk to E obeying the turn rule with no (cell, direction) twice, and those with no cell twice. */
  function bruteCounts(w: TextWalls): [number, number] {
    let byState = 0;
    let byCell = 0;
    const states = new Set<string>();
    const cells: string[] = [`${w.start[0]},${w.start[1]}`];
    const go = (r: number, c: number, last: number) => {
      if (r === w.exit[0] && c === w.exit[1]) {
        byState++;
        if (new Set(cells).size === cells.length) byCell++;
        return;
      }
      for (let d = 0; d < 4; d++) {
        if (last >= 0 && (d === last || d === (last + 2) % 4)) continue;
        if (!w.passage(r, c, d)) continue;
        const k = `${r + DR[d]},${c + DC[d]},${d}`;
        if (states.has(k)) continue;
        states.add(k);
        cells.push(`${r + DR[d]},${c + DC[d]}`);
        go(r + DR[d], c + DC[d], d);
        cells.pop();
        states.delete(k);
      }
    };
    go(w.start[0], w.start[1], -1);
    return [byState, byCell];
  }

  it("fewest moves on 400 random mazes (perfect, braided, random walls); answers replay and turn at every step", () => {
    let found = 0;
    for (const text of randomMazes(400, 11)) {
      const w = new TextWalls(text);
      const m = readTextMaze(text, "t");
      const moves = turnShortest(m, searchProblem(m));
      const ref = plainTurn(w);
      expect(moves === undefined ? -1 : moves.length, text).toBe(ref);
      if (!moves) continue;
      found++;
      expect(replays(w, moves)).toBe(true);
      for (let i = 1; i < moves.length; i++) expect((moves[i] - moves[i - 1] + 4) % 2).toBe(1);
    }
    expect(found).toBeGreaterThan(40);
  });

  it("acyclic walk counts under both definitions on small braided mazes", () => {
    const rnd = prng(5);
    let nonzero = 0;
    for (let i = 0; i < 150; i++) {
      const m = generateMaze(2 + (i % 3), 2 + ((i >> 2) % 3), SPANNING[i % SPANNING.length].name, rnd, 1);
      const text = writeTextMaze(m);
      const c = turnAcyclicPaths(m, searchProblem(m));
      const [byState, byCell] = bruteCounts(new TextWalls(text));
      expect([c.byState, c.byCell], text).toEqual([byState, byCell]);
      if (byState > 0) nonzero++;
    }
    expect(nonzero).toBeGreaterThan(10);
  });
});
