/**
 * The registry's rule-set options on every command: each command builds them from the
 * registry, names every rule set in its --help with an input and an example, and refuses a
 * flag the recognised rule set does not take, naming the rule set (exit 65; they were
 * silently ignored). labshow draws the turn rule; the "-o names an input" guard.
 */
import { copyFileSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { RULE_SETS } from "../../src/registry.js";
import { bin } from "../helpers/bin.js";

const ROOT = new URL("../..", import.meta.url).pathname;
const FACTS = join(ROOT, "instances/example-4x4.lp");
const MAZE = join(ROOT, "instances/maze-8x12.txt");
const TURN = join(ROOT, "instances/maze-turn-5x6.txt");
const LEVEL = join(ROOT, "instances/minotaur/01-4x4.txt");
const CSV = join(ROOT, "instances/labyrinth-of-theseus-edges.csv");

const sh = bin;

describe("a flag the rule set does not take is a usage error naming the rule set", () => {
  it.each([
    ["labsolve", ["--algorithm", "dfs", FACTS], "labsolve: error: --algorithm does not apply to competition instances (it applies to maze)"],
    ["labsolve", ["--rule", "turn", LEVEL], "labsolve: error: --rule does not apply to minotaur instances (it applies to maze)"],
    ["labsolve", ["--no-wait", MAZE], "labsolve: error: --no-wait does not apply to maze instances (it applies to minotaur)"],
    ["labsolve", ["--checkpoint", "x.json", MAZE], "labsolve: error: --checkpoint does not apply to maze instances (it applies to competition)"],
    ["labsolve", ["--max-steps", "3", CSV], "labsolve: error: --max-steps does not apply to theseus instances (it applies to game, competition)"],
    ["labshow", ["--algorithm", "wall-follower", FACTS], "labshow: error: --algorithm does not apply to competition instances (it applies to maze)"],
    ["labshow", ["--step", "1", "-f", "svg", MAZE], "labshow: error: --step does not apply to maze instances (it applies to minotaur, game, competition, ipc2023)"],
    ["labshow", ["--algorithm", "wall-follower", MAZE], "labshow: error: --algorithm is for --format html (the search page); the text picture draws BFS's shortest walk or the witness"],
  ])("%s %j", async (cmd, args, message) => {
    const r = await sh(cmd, args as string[]);
    expect(r).toMatchObject({ code: 65, out: "", err: `${message}\n` });
  });

  it("an option a rule set takes still works: labsolve --algorithm dfs on a maze, --max-steps on facts", async () => {
    expect((await sh("labsolve", ["--algorithm", "dfs", MAZE])).code).toBe(10);
    expect((await sh("labsolve", ["--max-steps", "1", FACTS])).code).toBe(20);
  });
});

describe("every command's --help names every rule set with its input and an example", () => {
  it.each(["labsolve", "labcheck", "labshow"])("%s --help", async (cmd) => {
    const help = (await sh(cmd, ["--help"])).out;
    for (const r of RULE_SETS) {
      expect(help).toMatch(new RegExp(`^  ${r.name} +\\S`, "m"));
      expect(help).toContain(`e.g. ${cmd} `);
    }
    for (const line of help.split("\n")) expect(line.length, line).toBeLessThanOrEqual(80);
    // the tools speak of every rule set, not of push labyrinths alone
    expect(help).not.toMatch(/competition or board game facts|Checks push-labyrinth witnesses|Finds the shortest push sequences/);
  });
});

describe("labshow --rule turn draws the turn rule", () => {
  it("without a witness the turn rule's shortest walk, with one its first straight move", async () => {
    const turn = await sh("labshow", ["--rule", "turn", TURN]);
    expect(turn.code, turn.err).toBe(0);
    const fewest = Number(/^% turn rule: (\d+) moves, the fewest$/m.exec((await sh("labsolve", ["--rule", "turn", TURN])).out)![1]);
    expect(turn.out).toContain(`\n${fewest} moves (. the path)\n`);
    // a maze with no walk under the turn rule: nothing drawn, exit 20
    expect(await sh("labshow", ["--rule", "turn", MAZE])).toMatchObject({ code: 20 });
    const bad = await sh("labshow", ["--rule", "turn", TURN, "-"], "ANSWER\nsouth south\n");
    expect(bad.code).toBe(1);
    expect(bad.out).toMatch(/invalid: step 2: south after south: the turn rule wants a turn left or right/);
  });
});

describe("-o never names an input, in every command that writes one", () => {
  it.each([
    ["labshow", (f: string) => [f, "-o", f]],
    ["labsolve plan", (f: string) => ["plan", f, join(ROOT, "docs/ipc2023/example.pddl"), "-o", f]],
  ] as const)("%s", async (cmd, args) => {
    const dir = mkdtempSync(join(tmpdir(), "options-"));
    const file = join(dir, "in.txt");
    copyFileSync(cmd === "labshow" ? MAZE : join(ROOT, "docs/ipc2023/domain.pddl"), file);
    const before = readFileSync(file, "utf8");
    const r = await sh(cmd.split(" ")[0], args(file));
    expect(r).toMatchObject({ code: 65, err: `${cmd}: error: -o ${file}: that is an input file; it is not overwritten\n` });
    expect(readFileSync(file, "utf8")).toBe(before);
  });
});
