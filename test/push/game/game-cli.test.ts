/**
 * The board game end to end: bin/labsolve and bin/labcheck on game instances (routing by
 * the facts and --rules, --cost, the formats, refusals), and the optima of our example
 * and of the spec's worked puzzle (../shared, skipped when absent) against clingo with
 * test/asp/board-game.lp.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { clingoOptimum, randomGame, type GameCost } from "../../helpers/game.js";
import { board } from "../../../src/push/game/edit.js";
import { runBin } from "../../helpers/bin.js";

const ROOT = new URL("../../..", import.meta.url).pathname;
const EXAMPLE = join(ROOT, "docs/game-example.lp");
const PUZZLE = join(ROOT, "../shared/spec/board-game-puzzle6.lp");

const COSTS: GameCost[] = ["pushes", "moves", "steps"];

describe("labsolve and labcheck on a game instance", () => {
  it.each(COSTS)("--cost %s: the optimum clingo finds, in atoms labcheck accepts (competition protocol)", async (cost) => {
    const facts = readFileSync(EXAMPLE, "utf8").replace("cost(moves).", "");
    const r = runBin("labsolve", ["--cost", cost, "--format", "json", EXAMPLE]);
    // proven cheapest: clingo's OPTIMUM FOUND, exit 30 (issue 18, 4)
    expect(r.code).toBe(30);
    const doc = JSON.parse(r.out) as { rules: string; status: string; cost: string; optimal: boolean; fewest: number; models: { cost: number; witness: string[] }[] };
    expect(doc.rules).toBe("game");
    // clingo's words beside exit 30 (never SATISFIABLE with optimal true)
    expect(doc.status).toBe("OPTIMUM FOUND");
    expect(doc.models[0].cost).toBe(doc.fewest);
    expect(doc.cost).toBe(cost);
    expect(doc.optimal).toBe(true);
    expect(doc.fewest).toBe((await clingoOptimum(`${facts}\ncost(${cost}).`, 10))?.cost);
    const answer = runBin("labsolve", ["--cost", cost, EXAMPLE]);
    expect(answer.out.split("\n")[1]).toBe(doc.models[0].witness.map((a) => `${a}.`).join(" "));
    const check = runBin("labcheck", ["--cost", cost, "10", EXAMPLE], answer.out);
    expect(check.out).toBe("OK\n");
    expect(check.code).toBe(0);
  });

  it("labcheck's human mode names the rule set, the broken rule and step, and draws the spare", () => {
    const r = runBin("labcheck", [EXAMPLE], "push(2,e,1). walk(4,4,2).");
    expect(r.code).toBe(1);
    const lines = r.out.split("\n");
    expect(lines[0]).toMatch(/^invalid: step 2: walk\(4,4,2\): no open path/);
    expect(lines[1]).toBe("rules: game (spare tile, 4 insert line(s), exit(4,4,n)), cost moves");
    expect(lines[2]).toBe("rule: walk-blocked");
    expect(r.out).toMatch(/\nspare: \S\n$/);
    const json = JSON.parse(runBin("labcheck", ["--json", EXAMPLE], "push(2,e,1). walk(1,3,2). push(3,s,3). walk(4,4,4).").out) as { valid: boolean };
    expect(json.valid).toBe(true);
  });

  it("reads an instance and a witness concatenated (the 2009 convention)", () => {
    const text = `${readFileSync(EXAMPLE, "utf8")}\npush(2,e,1). walk(1,3,2). push(3,s,3). walk(4,4,4).\n`;
    expect(runBin("labcheck", [], text).out).toBe("CORRECT\n");
    expect(runBin("labcheck", [], text.replace("walk(4,4,4)", "walk(4,3,4)")).out).toBe("INCORRECT\n");
  });

  it("refuses -n other than 1 (exit 65), and --cost on a competition instance", () => {
    const r = runBin("labsolve", ["-n", "0", EXAMPLE]);
    expect(r.code).toBe(65);
    expect(r.err).toMatch(/not supported for game instances/);
    expect(runBin("labsolve", ["--cost", "moves", join(ROOT, "instances/example-4x4.lp")]).code).toBe(65);
  });

  it("--rules competition reads a game instance by the competition's rules (and finds it ill-formed)", () => {
    const r = runBin("labsolve", ["--rules", "competition", EXAMPLE]);
    expect(r.code).toBe(65);
    expect(r.err).toMatch(/error: no goal_on\(X,Y\) fact/);
  });

  it("--rules game reads a competition instance by the game's rules (spare without openings, cost pushes)", () => {
    const r = runBin("labsolve", ["--rules", "game", "--stats", join(ROOT, "instances/example-4x4.lp")]);
    expect(r.err).toMatch(/^% rules: game \(spare tile, every line, goal tile\), cost pushes$/m);
    expect([30, 20]).toContain(r.code);
  });

  it("--time-limit stops a long search: exit 1, the interruption in the output", () => {
    // 5x5, rotate, cost steps, no solution: the exit's tile (5,5) does not open north and
    // lies on no pushable line (rows 1-4 east, columns 1-4 north), but the search cannot tell
    const fields = Array.from({ length: 25 }, (_, i) => `field(${Math.floor(i / 5) + 1},${(i % 5) + 1}).`).join(" ");
    const tiles = Array.from({ length: 24 }, (_, i) => `connect(${Math.floor(i / 5) + 1},${(i % 5) + 1},${"nsew"[i % 4]}). connect(${Math.floor(i / 5) + 1},${(i % 5) + 1},${"ewns"[i % 3]}).`).join(" ");
    const inserts = [1, 2, 3, 4].map((z) => `insert(${z},e). insert(${z},n).`).join(" ");
    const r = runBin("labsolve", ["--time-limit", "0.5"], `${fields} ${tiles} ${inserts} spare(n). spare(e). init_on(1,1). exit(5,5,n). rotate. cost(steps).`);
    expect(r.code).toBe(1);
    expect(r.out).toBe("% interrupted: time limit\n");
  });

  it("the studio's board part: labsolve finds the same optimum on the facts it writes as on the example and on random instances, and warns of nothing", () => {
    const costs: GameCost[] = ["pushes", "moves", "steps"];
    const inputs = [readFileSync(EXAMPLE, "utf8"), ...[0, 1, 2, 3, 4, 5].map((k) => randomGame({ seed: 7700 + k, rows: 3, cols: 3 + (k % 2), cost: costs[k % 3], rotate: k % 2 === 1, noReverse: k > 2, maxSteps: 5 }))];
    const fewest = new Set<number | null>();
    for (const facts of inputs) {
      const written = board.write(board.read(facts, "instance.lp"));
      const a = runBin("labsolve", ["--format", "json"], facts);
      const b = runBin("labsolve", ["--format", "json"], written);
      expect(b.err).toBe("");
      expect(b.code).toBe(a.code);
      const [da, db] = [a, b].map((r) => JSON.parse(r.out) as { rules: string; status: string; fewest: number | null });
      expect(db.rules).toBe("game");
      expect(db.status).toBe(da.status);
      expect(db.fewest).toBe(da.fewest);
      fewest.add(da.fewest);
    }
    // not all one answer
    expect(fewest.size).toBeGreaterThan(1);
  });
});

describe.skipIf(!existsSync(PUZZLE))("the spec's worked puzzle (../shared/spec/board-game-puzzle6.lp)", () => {
  it.each(COSTS)("cost %s: labsolve's optimum is clingo's", async (cost) => {
    const doc = JSON.parse(runBin("labsolve", ["--cost", cost, "--format", "json", PUZZLE]).out) as { fewest: number };
    expect(doc.fewest).toBe((await clingoOptimum(`${readFileSync(PUZZLE, "utf8")}\ncost(${cost}).`, 10))?.cost);
  });
});
if (!existsSync(PUZZLE)) console.warn(`skipping the worked puzzle: ${PUZZLE} is absent`);
