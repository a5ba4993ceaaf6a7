/**
 * The static labyrinths' command lines end to end (bin/, built by `npm test`'s pretest):
 * labsolve, labcheck, labshow and labgen maze on the project's own mazes (instances/),
 * the lab's sample and the transit graph from ../shared when present.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runBin } from "../../helpers/bin.js";

const ROOT = new URL("../../..", import.meta.url).pathname;
const MAZE = join(ROOT, "instances/maze-8x12.txt");
const BRAIDED = join(ROOT, "instances/maze-8x12-braided.txt");
const TURN = join(ROOT, "instances/maze-turn-5x6.txt");
const SAMPLE = join(ROOT, "../shared/mazes/sample-5x5.txt");
const CSV = join(ROOT, "../shared/mazes/labyrinth-of-theseus-edges.csv");
const WORDS = ["north", "east", "south", "west"];

describe("labsolve on a text maze", () => {
  it.skipIf(!existsSync(SAMPLE))("prints the lab's answer for its sample as ANSWER and the move words, a proven optimum: exit 30", () => {
    const r = runBin("labsolve", [SAMPLE]);
    expect(r.code).toBe(30);
    expect(r.out).toMatch(/^ANSWER\nsouth east north east east south south south east south\n/);
  });

  it("--format json: the outcome (fewest, witness, visited 1-based cells, algorithm); exit 30 for the shortest-path algorithms, 10 for the others; every algorithm's moves pass labcheck", () => {
    for (const algorithm of ["bfs", "dfs", "dijkstra", "astar", "wall-follower", "tremaux", "dead-end-filling"]) {
      const r = runBin("labsolve", ["--format", "json", "--algorithm", algorithm, MAZE]);
      const shortest = ["bfs", "dijkstra", "astar"].includes(algorithm);
      expect(r.code, `${algorithm}: ${r.err}`).toBe(shortest ? 30 : 10);
      const doc = JSON.parse(r.out) as { fewest: number; models: { cost: number; witness: string[] }[]; visited: [number, number][]; algorithm: string; status: string; exitCode: number; optimal: boolean };
      expect({ rules: doc.algorithm, status: doc.status, exitCode: doc.exitCode, optimal: doc.optimal }).toEqual({ rules: algorithm, status: shortest ? "OPTIMUM FOUND" : "SATISFIABLE", exitCode: r.code, optimal: shortest });
      const moves = doc.models[0].witness;
      expect(moves.every((m) => WORDS.includes(m))).toBe(true);
      expect(doc.models[0].cost).toBe(moves.length);
      if (["bfs", "dfs", "dijkstra", "astar", "tremaux"].includes(algorithm)) expect(doc.visited[0]).toEqual([1, 1]);
      for (const [row, col] of doc.visited) expect(row >= 1 && row <= 8 && col >= 1 && col <= 12).toBe(true);
      if (shortest) expect(moves.length).toBe(doc.fewest);
      else expect(moves.length).toBeGreaterThanOrEqual(doc.fewest);
      const check = runBin("labcheck", [MAZE, "-"], `[${moves.join(", ")}]`);
      expect(check.code, check.out).toBe(0);
    }
  });

  it("the same layouts as every rule set: ANSWER and the moves by default, clingo's with -f clingo (Answer, Optimization, OPTIMUM FOUND)", () => {
    const doc = JSON.parse(runBin("labsolve", ["-f", "json", MAZE]).out) as { models: { witness: string[] }[] };
    const line = doc.models[0].witness.join(" ");
    const plain = runBin("labsolve", [MAZE]);
    expect(plain.out.split("\n").slice(0, 2)).toEqual(["ANSWER", line]);
    const clingo = runBin("labsolve", ["-f", "clingo", MAZE]);
    expect(clingo.code).toBe(30);
    expect(clingo.out).toContain(`\nAnswer: 1\n${line}\nOptimization: ${doc.models[0].witness.length}\n`);
    expect(clingo.out).toMatch(/\nOPTIMUM FOUND\n\nModels {7}: 1\n {2}Optimum {4}: yes\n/);
    const dfs = runBin("labsolve", ["-f", "clingo", "--algorithm", "dfs", MAZE]);
    expect(dfs.code).toBe(10);
    expect(dfs.out).toMatch(/\nSATISFIABLE\n\nModels {7}: 1\+\n {2}Optimum {4}: unknown\n/);
  });

  it("exit 20 and INCONSISTENT when no path exists; exit 65 with FILE:LINE:COL on a malformed maze", () => {
    const closed = "+-+-+\n|S|E|\n+-+-+\n";
    const r = runBin("labsolve", ["-"], closed);
    expect(r.code).toBe(20);
    expect(r.out).toMatch(/\nINCONSISTENT\n$/);
    expect(runBin("labsolve", ["-f", "clingo", "-"], closed).out).toMatch(/\nUNSATISFIABLE\n\nModels {7}: 0\n/);
    expect(JSON.parse(runBin("labsolve", ["-f", "json", "-"], closed).out)).toMatchObject({ status: "UNSATISFIABLE", exitCode: 20, models: [], fewest: null });
    const bad = runBin("labsolve", ["-"], "+-+-+\n|S X|\n+-+-+\n");
    expect(bad.code).toBe(65);
    expect(bad.err).toMatch(/^<stdin>:2:4: error: /);
  });

  it("--rule turn: the fewest moves turn at every step, proven (exit 30); -n 0 lists the acyclic walks fewest first and exits 30; -n N cut at N exits 10 with the N fewest", () => {
    const r = runBin("labsolve", ["--rule", "turn", "--format", "json", TURN]);
    expect(r.code).toBe(30);
    const doc = JSON.parse(r.out) as { rule: string; status: string; fewest: number; models: { witness: string[] }[] };
    expect([doc.rule, doc.status]).toEqual(["turn", "OPTIMUM FOUND"]);
    const moves = doc.models[0].witness.map((m) => WORDS.indexOf(m));
    expect(moves.length).toBe(doc.fewest);
    for (let i = 1; i < moves.length; i++) expect((moves[i] + moves[i - 1]) % 2).toBe(1);
    expect(runBin("labcheck", [TURN, "-"], moves.map((m) => "NESW"[m]).join("")).code).toBe(0);
    const all = runBin("labsolve", ["--rule", "turn", "-n", "0", TURN]);
    expect(all.code).toBe(30);
    const lines = all.out.split("\n");
    const walks = lines.filter((_, i) => i > 0 && lines[i - 1] === "ANSWER").map((l) => l.split(" ").length);
    expect(all.out).toContain(`% acyclic paths (no cell and direction twice): ${walks.length}\n`);
    expect(walks[0]).toBe(moves.length);
    expect(walks).toEqual([...walks].sort((a, b) => a - b));
    const two = runBin("labsolve", ["--rule", "turn", "-n", "2", TURN]);
    expect(two.code).toBe(10);
    expect(two.out.split("\n").filter((l) => l === "ANSWER")).toHaveLength(2);
    expect(two.out.split("\n")[1].split(" ").length).toBe(moves.length);
    const every = runBin("labsolve", ["--rule", "turn", "-n", String(walks.length), TURN]);
    expect(every.code).toBe(30);
  });
});

describe("labcheck on a text maze", () => {
  it("reads the lab's list, words and letters alike; a wrong move gives its step, its place in the file and a picture", () => {
    const best = (JSON.parse(runBin("labsolve", ["-f", "json", MAZE]).out) as { models: { witness: string[] }[] }).models[0].witness;
    expect(runBin("labcheck", [MAZE, "-"], best.join("\n")).code).toBe(0);
    expect(runBin("labcheck", [MAZE, "-"], `Solution: [${best.join(", ")}]`).code).toBe(0);
    const wrong = ["east", ...best.slice(1)];
    const r = runBin("labcheck", [MAZE, "-"], wrong.map((w) => w[0]).join(" "));
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/^invalid: step 1: east from \(1, 1\): a wall \(<stdin>:1:1\)/);
    const short = runBin("labcheck", [MAZE, "-"], `[${best.slice(0, -1).join(", ")}]`);
    expect(short.code).toBe(1);
    expect(short.out).toMatch(/^invalid: step 65: the walk ends at \(8, 11\), not at the exit/);
    expect(short.out.split("\n")[16]).toMatch(/^\|.*\*.* @ E\|$/);
  });

  it("the perfection check, asked for with --instance: perfect, or not and where (a file, or standard input)", () => {
    expect(runBin("labcheck", ["--instance", MAZE]).out).toMatch(/^perfect: 96 cells/);
    expect(runBin("labcheck", ["--instance", "-"], readFileSync(MAZE, "utf8")).out).toMatch(/^perfect: 96 cells/);
    const r = runBin("labcheck", ["--instance", BRAIDED]);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/^not perfect: a loop: the passage between \(\d+, \d+\) and \(\d+, \d+\) closes one/);
  });
});

describe("labgen maze", () => {
  it("K mazes each followed by a blank line, the same for the same seed, each perfect by labcheck; never overwrites", () => {
    const a = runBin("labgen", ["maze", "6", "9", "--algorithm", "wilson", "--seed", "4", "--count", "3"]);
    expect(a.code).toBe(0);
    expect(runBin("labgen", ["maze", "6", "9", "--algorithm", "wilson", "--seed", "4", "--count", "3"]).out).toBe(a.out);
    const mazes = a.out.split("\n\n").filter((m) => m.trim() !== "");
    expect(mazes).toHaveLength(3);
    expect(a.out.endsWith("+\n\n")).toBe(true);
    const dir = mkdtempSync(join(tmpdir(), "labgen-maze-"));
    mazes.forEach((m, i) => {
      expect(m.split("\n")).toHaveLength(13);
      writeFileSync(join(dir, `${i}.txt`), m);
      expect(runBin("labcheck", ["--instance", join(dir, `${i}.txt`)]).out).toMatch(/^perfect: 54 cells/);
    });
    const file = join(dir, "m.txt");
    expect(runBin("labgen", ["maze", "4", "4", "--algorithm", "kruskal", "--seed", "1", "-o", file]).code).toBe(0);
    const first = readFileSync(file, "utf8");
    expect(runBin("labgen", ["maze", "4", "4", "--algorithm", "prim", "--seed", "2", "-o", file]).code).toBe(65);
    expect(readFileSync(file, "utf8")).toBe(first);
    expect(runBin("labcheck", ["--instance", file]).out).toMatch(/^perfect/);
  });

  it("--help says for each algorithm whether it is uniform, and its bias", () => {
    const help = runBin("labgen", ["maze", "--help"]).out;
    for (const name of ["aldous-broder", "recursive-division", "backtracker", "kruskal", "prim", "wilson", "eller", "hunt-and-kill", "sidewinder", "binary-tree", "growing-tree"]) {
      expect(help).toMatch(new RegExp(`\\n  ${name} +(uniform|not uniform)\\n {6}\\S`));
    }
  });
});

describe("labshow on a text maze", () => {
  it("text with the path; SVG with walls, S, E, the path and the distance shading", () => {
    const t = runBin("labshow", [MAZE]);
    expect(t.code).toBe(0);
    expect(t.out).toMatch(/^\+-\+/);
    const svg = runBin("labshow", [MAZE, "--format", "svg"]);
    expect(svg.code).toBe(0);
    expect(svg.out).toContain("<polyline class=\"path\"");
    expect(svg.out).toContain("distance 0");
    expect((svg.out.match(/<rect /g) ?? []).length).toBe(96);
  });
});

describe.skipIf(!existsSync(CSV))("the transit graph (../shared/mazes)", () => {
  it("labsolve: the shortest acyclic path, 30.0 with 14 edges, proven (exit 30); labcheck accepts it", () => {
    const r = runBin("labsolve", [CSV]);
    expect(r.code).toBe(30);
    expect(r.out).toContain("% shortest acyclic path: weight 30.0, 14 edges\n");
    const lines = r.out.split("\n");
    expect(lines[0]).toBe("ANSWER");
    expect(lines[1].split(" ")).toHaveLength(15);
    expect(runBin("labcheck", [CSV, "-"], lines[1]).code).toBe(0);
  });

  it("labsolve -n N: the N paths of least weight, fewest first, exit 10 when cut", () => {
    const r = runBin("labsolve", ["-n", "3", "-f", "json", CSV]);
    expect(r.code).toBe(10);
    const doc = JSON.parse(r.out) as { status: string; fewest: number; models: { cost: number; witness: string[] }[] };
    expect(doc.models.map((m) => m.cost)).toEqual([...doc.models.map((m) => m.cost)].sort((a, b) => a - b));
    expect([doc.status, doc.fewest, doc.models[0].cost, doc.models[0].witness.length]).toEqual(["SATISFIABLE", 30, 30, 15]);
  });

  it("labsolve -n 0: 8256 paths listed, the table, exit 30; --format json the same figures", () => {
    const r = runBin("labsolve", ["-n", "0", CSV]);
    expect(r.code).toBe(30);
    expect(r.out.split("\n").filter((l) => l === "ANSWER").length).toBe(8256);
    expect(r.out).toMatch(/no transit state twice \(published\) +8256 +35\.047 +70\.516 +30\.0 \(14 edges\) +104\.0 \(51 edges\)/);
    expect(r.out).toMatch(/distinct cycles \(no state twice\) +3538 +24\.910 +54\.987 +4\.0 \(3 edges\) +85\.0 \(39 edges\)/);
    const j = JSON.parse(runBin("labsolve", ["-n", "0", "-f", "json", CSV]).out) as { acyclicPaths: { states: { count: number } }; cycles: { count: number } };
    expect([j.acyclicPaths.states.count, j.cycles.count]).toEqual([8256, 3538]);
  });
});
