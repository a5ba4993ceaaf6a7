/**
 * labyrinth as a library: README's example, imported by the package's name through
 * package.json "exports" (Node's self-reference), runs and prints what README says; and
 * every rule set goes through the same calls (readInstance, solve, check, draw): each
 * bundled instance is solved through the library, its witness checked valid, the witness
 * without its last step checked invalid (a proper prefix of a proven fewest solution
 * cannot be one), and `fewest` compared with labsolve's for the same file.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { check, check as checkHere, draw as drawHere, readInstance, solve, solve as solveHere, type LibraryInstance, type ReadOptions } from "../src/index.js";

const ROOT = join(new URL(".", import.meta.url).pathname, "..");

describe("import ... from \"labyrinth\"", () => {
  it("README's example runs by the package's name and prints what its comments say", () => {
    const readme = readFileSync(join(ROOT, "README.md"), "utf8");
    const block = /<!-- library-example -->\n```js\n([\s\S]*?)```\n<!-- \/library-example -->/.exec(readme)?.[1];
    expect(block).toBeDefined();
    expect(block).toMatch(/from "labyrinth"/);
    const r = spawnSync(process.execPath, ["--input-type=module", "-e", block!], { cwd: ROOT, encoding: "utf8" });
    expect(r.stderr).toBe("");
    const expected = [...block!.matchAll(/console\.log\(.*\); \/\/ (.*)$/gm)].map((m) => m[1]);
    expect(r.stdout.trim().split("\n")).toEqual(expected);
  });
  it("the exports name type declarations that exist after the build", () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { name: string; exports: { ".": { types: string; import: string } } };
    expect(pkg.name).toBe("labyrinth");
    expect(existsSync(join(ROOT, pkg.exports["."].types))).toBe(true);
    expect(existsSync(join(ROOT, pkg.exports["."].import))).toBe(true);
  });
});

/** labsolve's fewest for a file: its json layout's `fewest`, and its exit code. */
function cliFewest(args: string[]): { fewest: number | null; exitCode: number | null } {
  const r = spawnSync(process.execPath, [join(ROOT, "bin/labsolve"), "-f", "json", ...args], { cwd: ROOT, encoding: "utf8" });
  return { fewest: (JSON.parse(r.stdout) as { fewest: number | null }).fewest, exitCode: r.status };
}

/** A witness as text, in the words its kind is written in (facts end in a dot). */
function witnessText(words: readonly string[], kind: string): string {
  if (kind === "atoms") return words.map((w) => `${w}.`).join(" ");
  if (kind === "actions") return words.join("\n");
  return words.join(" ");
}

const CASES: { rules: string; file: string; read?: ReadOptions; cli?: string[] }[] = [
  { rules: "competition", file: "instances/example-4x4.lp" },
  { rules: "game", file: "docs/game-example.lp" },
  { rules: "maze", file: "instances/maze-8x12.txt" },
  { rules: "maze", file: "instances/maze-turn-5x6.txt", read: { rule: "turn" }, cli: ["--rule", "turn"] },
  { rules: "theseus", file: "instances/labyrinth-of-theseus-edges.csv" },
  { rules: "minotaur", file: "instances/minotaur/01-4x4.txt" },
];

type Library = typeof import("../src/index.js");

/** Solves through the library, checks the witness and a mutated one, returns the outcome's fewest. */
async function roundTrip(instance: LibraryInstance, { solve, check, draw }: Library = { solve: solveHere, check: checkHere, draw: drawHere } as Library): Promise<number | null> {
  const outcome = await solve(instance);
  expect(outcome.rules).toBe(instance.rules);
  expect(outcome.optimal).toBe(true);
  expect(outcome.exitCode).toBe(30);
  const witness = outcome.models[0].witness;
  const verdict = await check(instance, witnessText(witness, outcome.witnessKind));
  expect(verdict.valid, JSON.stringify(verdict)).toBe(true);
  expect(verdict.rules).toBe(instance.rules);
  expect(verdict.cost).toBe(outcome.fewest);
  const mutated = await check(instance, witnessText(witness.slice(0, -1), outcome.witnessKind));
  expect(mutated.valid).toBe(false);
  expect(mutated.violation).toBeDefined();
  const picture = await draw(instance, witnessText(witness, outcome.witnessKind), { format: "text" });
  expect(picture.exitCode).toBe(0);
  expect(picture.text.length).toBeGreaterThan(0);
  return outcome.fewest;
}

describe("every rule set through the same calls", () => {
  for (const c of CASES) {
    it(`${c.rules}${c.read?.rule ? ` (--rule ${c.read.rule})` : ""}: ${c.file} solved, checked, mutated, drawn; fewest as labsolve's`, async () => {
      const instance = readInstance(readFileSync(join(ROOT, c.file), "utf8"), c.file, c.read);
      expect(instance.rules).toBe(c.rules);
      const fewest = await roundTrip(instance);
      const cli = cliFewest([c.file, ...(c.cli ?? [])]);
      expect(cli.exitCode).toBe(30);
      expect(fewest).toBe(cli.fewest);
      expect(fewest).not.toBeNull();
    }, 60_000);
  }

  // the planner runs in a worker thread whose module is compiled JavaScript: the built library (dist/, built before the tests)
  it("ipc2023: a domain and a problem (readPlanningInstance) solved, checked, mutated, drawn; plan cost as labsolve plan's", async () => {
    const built = (await import(join(ROOT, "dist/src/index.js"))) as Library;
    const files = ["docs/ipc2023/domain.pddl", "docs/ipc2023/example.pddl"];
    const [domain, problem] = files.map((f) => ({ text: readFileSync(join(ROOT, f), "utf8"), name: f }));
    const fewest = await roundTrip(built.readPlanningInstance(domain, problem), built);
    const r = spawnSync(process.execPath, [join(ROOT, "bin/labsolve"), "plan", ...files], { cwd: ROOT, encoding: "utf8" });
    expect(r.status).toBe(30);
    expect(fewest).toBe(Number(/^; cost = (\d+)/m.exec(r.stdout)?.[1]));
  }, 60_000);

  it("the maze's turn rule is the instance's: a walk fine by the walls breaks it, and an option the rule set does not take is refused", async () => {
    const text = readFileSync(join(ROOT, "instances/maze-turn-5x6.txt"), "utf8");
    const plain = readInstance(text, "maze-turn-5x6.txt");
    const turn = readInstance(text, "maze-turn-5x6.txt", { rule: "turn" });
    const walk = (await solve(plain)).models[0].witness;
    // the plain maze's shortest walk is shorter than the turn rule's fewest, so it breaks the rule
    expect((await check(plain, walk.join(" "))).valid).toBe(true);
    expect((await check(turn, walk.join(" "))).valid).toBe(false);
    expect(() => readInstance(readFileSync(join(ROOT, "instances/example-4x4.lp"), "utf8"), "x.lp", { rule: "turn" })).toThrow(/--rule does not apply to competition/);
    await expect(solve(plain, { maxSteps: 3 })).rejects.toThrow(/--max-steps does not apply to maze/);
  });
});

describe("draw honours a forced rule set, as labshow --rules does", () => {
  const example = readFileSync(join(ROOT, "instances", "example-4x4.lp"), "utf8");
  const witness = "push(1,w,1). push(3,s,2).";
  it("competition facts read with rules 'game' are drawn by the game's rules (its verdict's words, its spare)", async () => {
    const asGame = readInstance(example, "example-4x4.lp", { rules: "game" });
    expect(asGame.rules).toBe("game");
    const drawn = await drawHere(asGame, witness, { format: "text" });
    expect(drawn.exitCode).toBe(0);
    // the game's checker says "cost"; the competition's "pushes"
    expect(drawn.text.trim().split("\n").at(-1)).toBe("valid: cost 2");
    expect(drawn.text).toMatch(/\nspare: \S\n/);
    const asIs = await drawHere(readInstance(example, "example-4x4.lp"), witness, { format: "text" });
    expect(asIs.text.trim().split("\n").at(-1)).toBe("valid: 2 pushes");
    // the same picture labshow --rules game draws
    const cli = spawnSync(process.execPath, [join(ROOT, "bin/labshow"), "--rules", "game", join(ROOT, "instances", "example-4x4.lp"), "-"], { cwd: ROOT, input: witness, encoding: "utf8" });
    expect(cli.status, cli.stderr).toBe(0);
    expect(cli.stdout).toBe(drawn.text);
  });
  it("without a witness too: the game's solver, its cheapest answer drawn by its rules", async () => {
    const drawn = await drawHere(readInstance(example, "example-4x4.lp", { rules: "game" }), undefined, { format: "text" });
    expect(drawn.exitCode).toBe(0);
    expect(drawn.text.trim().split("\n").at(-1)).toMatch(/^valid: cost \d+$/);
  });
});

describe("the library's time limit counts from the call, not from the process's start", () => {
  it("solve(..., { timeLimit: 10 }) in a process alive for longer than that still searches and proves a small board", async () => {
    // the commands' limit counts from the process's start (clingo's); a library host may be older than any limit
    // (the condition is the process's age itself: this test's worker has usually lived that long already)
    if (performance.now() < 10_500) await new Promise((resolve) => setTimeout(resolve, 10_500 - performance.now()));
    const instance = await readInstance(readFileSync(join(ROOT, "instances/random-9x9-a.asp"), "utf8"), "random-9x9-a.asp");
    const outcome = await solve(instance, { timeLimit: 10 });
    expect(outcome.status).toBe("OPTIMUM FOUND");
    expect(outcome.interrupted).toBeFalsy();
  });
});

describe("solve's onBetter and onLowerBound: what a run has found before its end", () => {
  it("random-9x9-a: each answer passed on is better than the one before and valid by the checker; the bounds close on the optimum", async () => {
    const instance = readInstance(readFileSync(join(ROOT, "instances", "random-9x9-a.asp"), "utf8"), "random-9x9-a.asp");
    const found: { cost: number; valid: boolean; kinds: string }[] = [];
    const bounds: number[] = [];
    const pending: Promise<void>[] = [];
    const outcome = await solve(instance, {
      onBetter: (b) => {
        pending.push(check(instance, b.model.witness.join(" ")).then((v) => void found.push({ cost: b.model.cost, valid: v.valid && v.cost === b.model.cost, kinds: `${b.witnessKind} ${b.cost}` })));
      },
      onLowerBound: (bound) => void bounds.push(bound),
    });
    await Promise.all(pending);
    expect(found.length).toBeGreaterThan(0);
    for (const f of found) expect(f).toEqual({ cost: f.cost, valid: true, kinds: `${outcome.witnessKind} ${outcome.cost}` });
    const costs = found.map((f) => f.cost);
    expect(costs).toEqual([...costs].sort((a, b) => b - a));
    expect(new Set(costs).size).toBe(costs.length);
    expect(Math.min(...costs)).toBeGreaterThanOrEqual(outcome.fewest!);
    expect(bounds).toEqual([...bounds].sort((a, b) => a - b));
    for (const b of bounds) expect(b).toBeLessThanOrEqual(outcome.fewest!);
  });
});
