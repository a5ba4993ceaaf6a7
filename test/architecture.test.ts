/**
 * The layout's import rules (docs/design/architecture.md), enforced by dependency-cruiser with
 * test/architecture/import-rules.cjs, and the registry's promises: the commands route
 * through it, and it loads a rule set's parts only when they are used.
 */
import { execFile, spawnSync } from "node:child_process";
import { promisify } from "node:util";
import { appendFileSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { OUTPUT_FORMATS } from "../src/core/outcome.js";
import { GENERATOR_NAMES, RULE_SETS } from "../src/registry.js";

const ROOT = new URL("..", import.meta.url).pathname;
const CONFIG = join(ROOT, "test/architecture/import-rules.cjs");
const DEPCRUISE = join(ROOT, "node_modules/dependency-cruiser/bin/dependency-cruise.mjs");

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

/**
 * dependency-cruiser's violations on the src/ of `dir` (a checkout, or a copy of one).
 * Run asynchronously: a synchronous run of many seconds blocks the test worker, and vitest's
 * RPC with it ("Timeout calling onTaskUpdate").
 */
async function violations(dir: string): Promise<Violation[]> {
  const r = await promisify(execFile)(process.execPath, [DEPCRUISE, "--config", CONFIG, "--output-type", "json", "src"], { cwd: dir, encoding: "utf8", maxBuffer: 64 << 20 }).catch(
    (e: { stdout?: string; stderr?: string }) => ({ stdout: e.stdout ?? "", stderr: e.stderr ?? String(e) }),
  );
  expect(r.stdout, r.stderr).not.toBe("");
  const report = JSON.parse(r.stdout) as { summary: { violations: Violation[]; totalCruised: number } };
  // the rules saw the whole tree: every module of src/ (not a resolution failure that hides imports)
  expect(report.summary.totalCruised).toBeGreaterThan(100);
  return report.summary.violations;
}

/** A copy of src/ and tsconfig.json to break on purpose. */
function copyOfSource(): string {
  const dir = mkdtempSync(join(tmpdir(), "labyrinth-layout-"));
  cpSync(join(ROOT, "src"), join(dir, "src"), { recursive: true, filter: (p) => !p.includes("generated") });
  cpSync(join(ROOT, "tsconfig.json"), join(dir, "tsconfig.json"));
  return dir;
}

// dependency-cruiser reads the whole of src/: several seconds on a loaded 2-core machine
describe("import rules (dependency-cruiser)", { timeout: 120_000 }, () => {
  it("src/ keeps every rule: no cycles, no checker reaching search code, core imports no rule set, no rule set imports another", async () => {
    const found = (await violations(ROOT)).map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`);
    expect(found).toEqual([]);
  });

  it("fails when a checker imports search code, directly or through another module", async () => {
    const dir = copyOfSource();
    try {
      const check = join(dir, "src/push/competition/check.ts");
      writeFileSync(check, `import "./search/exact/engine.js";\n${readFileSync(check, "utf8")}`);
      const names = (await violations(dir)).map((v) => `${v.rule.name} ${v.from}`);
      expect(names).toContain("checker-not-search src/push/competition/check.ts");
      // the game's referee imports nothing of the competition: only the injected module breaks the rule
      expect(names.some((n) => n.includes("src/push/game/"))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("fails on an import cycle, on core importing a rule set, and on one rule set importing another", async () => {
    const dir = copyOfSource();
    try {
      // a cycle: the board imports the instance reader, which imports the board
      appendFileSync(join(dir, "src/push/competition/board.ts"), `import "./instance.js";\n`);
      appendFileSync(join(dir, "src/core/grid.ts"), `import "../push/game/board.js";\n`);
      appendFileSync(join(dir, "src/push/game/actions.ts"), `import "../competition/format.js";\n`);
      const names = new Set((await violations(dir)).map((v) => v.rule.name));
      for (const rule of ["no-cycles", "core-imports-core", "rule-set-imports-itself-and-core"]) expect(names).toContain(rule);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the registry of rule sets", () => {
  it("names each rule set once, in a family, with the parts its kind of input needs", () => {
    const names = RULE_SETS.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
    for (const r of RULE_SETS) {
      expect(["push", "maze"]).toContain(r.family);
      expect(typeof r.solver).toBe("function");
      expect(typeof r.checker).toBe("function");
      expect(typeof r.drawing).toBe("function");
    }
  });

  it("labsolve, labcheck and labshow name no rule set: no copies of the registry's lists, no tests of a name", () => {
    // the old labsolve.ts kept its own --rules and --cost lists, cli/solve.ts a CHECKPOINTED list
    const names = RULE_SETS.map((r) => r.name);
    for (const file of ["labsolve.ts", "program.ts", "solve.ts", "labcheck.ts", "labcheck-plan.ts", "labshow.ts"]) {
      // "competition" is also an output layout's name (labsolve -f competition)
      const text = readFileSync(join(ROOT, "src/cli", file), "utf8").replace('.default("competition")', "");
      for (const name of names) expect(text.includes(`"${name}"`), `${file} names ${name}`).toBe(false);
    }
    expect([...GENERATOR_NAMES].sort()).toEqual(["competition", "ipc2023"]);
  });

  /** Our modules a command loads (a module hook logs each resolved URL under src/). */
  function loaded(cmd: string, args: string[], input = ""): string[] {
    const dir = mkdtempSync(join(tmpdir(), "labyrinth-hooks-"));
    const hooks = join(dir, "hooks.mjs");
    writeFileSync(
      hooks,
      `import { appendFileSync } from "node:fs";\n` +
        `export async function resolve(spec, ctx, next) { const r = await next(spec, ctx); if (r.url.includes("/dist/src/")) appendFileSync(${JSON.stringify(join(dir, "log"))}, r.url.split("/dist/src/")[1] + "\\n"); return r; }\n`,
    );
    const register = join(dir, "register.mjs");
    writeFileSync(register, `import { register } from "node:module"; register(${JSON.stringify(`file://${hooks}`)});\n`);
    const r = spawnSync(process.execPath, ["--import", register, join(ROOT, "bin", cmd), ...args], { input, encoding: "utf8", cwd: ROOT });
    expect(r.status, r.stderr).not.toBe(null);
    let log = "";
    try {
      log = readFileSync(join(dir, "log"), "utf8");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    return [...new Set(log.trim().split("\n"))];
  }

  it("loads a rule set's modules only when that rule set is used", () => {
    const solveCompetition = loaded("labsolve", [join(ROOT, "instances/example-4x4.lp")]);
    expect(solveCompetition).toContain("push/competition/solve.js");
    // routing reads the game's recogniser, a module that imports nothing, and no other game module
    expect(solveCompetition.filter((m) => m.startsWith("push/game/"))).toEqual(["push/game/recognise.js"]);
    expect(solveCompetition.filter((m) => m.startsWith("push/ipc2023/"))).toEqual([]);

    const solveGame = loaded("labsolve", [join(ROOT, "docs/game-example.lp")]);
    expect(solveGame).toContain("push/game/solve.js");
    expect(solveGame.filter((m) => m.startsWith("push/competition/"))).toEqual([]);

    // labcheck runs the checker part: no search module is loaded at all
    const check = loaded("labcheck", [join(ROOT, "instances/example-4x4.lp"), "-"], "push(1,w,1). push(2,n,2).");
    expect(check).toContain("push/competition/referee.js");
    expect(check.filter((m) => m.includes("/search/"))).toEqual([]);

    // a Minotaur level: its checker replays the moves with the rules alone
    const checkLevel = loaded("labcheck", [join(ROOT, "instances/minotaur/01-4x4.txt"), "-"], "west north");
    expect(checkLevel).toContain("maze/minotaur/check.js");
    expect(checkLevel.filter((m) => m.includes("/search/") || (m.startsWith("push/") && m !== "push/game/recognise.js"))).toEqual([]);
  });
});

/**
 * Where a module names a rule set in its code: each string literal (quotes or a template
 * without substitutions, in an expression or a type) whose whole text is a registry name.
 * Comments and help text (a sentence that mentions a rule set) are not code that decides
 * anything; a literal that is the name, in a comparison, a default, a map key or a field,
 * is. Two uses are not rule sets: the output layout named "competition" where the line
 * speaks of a format (`-f, --format`, OUTPUT_FORMATS), and core/push-rules.ts's `name`
 * labels of the push family's rules as data.
 * @returns `FILE:LINE: "NAME"` for each
 */
function rulesetLiterals(file: string, text: string): string[] {
  const names = new Set(RULE_SETS.map((r) => r.name));
  const layouts = new Set<string>(OUTPUT_FORMATS);
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const lines = text.split("\n");
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && names.has(node.text)) {
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const layout = layouts.has(node.text) && /format/i.test(lines[line]);
      const parent = node.parent;
      const owner = ts.isLiteralTypeNode(parent) ? parent.parent : parent;
      const labelled = (n: ts.Node | undefined): boolean =>
        n !== undefined && (ts.isPropertyAssignment(n) || ts.isPropertySignature(n)) && n.name.getText(source) === "name";
      const label = file.endsWith("core/push-rules.ts") && (labelled(owner) || (ts.isUnionTypeNode(owner) && labelled(owner.parent)));
      if (!layout && !label) found.push(`${file}:${line + 1}: "${node.text}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The TypeScript modules of src/ outside the registry, the rule sets' folders and the generated code. */
function modulesOutsideRuleSets(): string[] {
  const all = readdirSync(join(ROOT, "src"), { recursive: true, encoding: "utf8" }).map((f) => `src/${f}`);
  return all.filter((f) => f.endsWith(".ts") && f !== "src/registry.ts" && !/^src\/(push|maze|generated)\//.test(f));
}

describe("no file outside the registry and the rule sets names a rule set", () => {
  it("no module of src/ outside src/registry.ts, src/push/ and src/maze/ has a registry name as a string literal in its code", () => {
    const files = modulesOutsideRuleSets();
    // the commands, the layouts, core, batch, queue, show and the library are all read
    for (const dir of ["src/cli/", "src/core/", "src/format/", "src/show/", "src/batch/", "src/queue/"]) expect(files.some((f) => f.startsWith(dir)), dir).toBe(true);
    const found = files.flatMap((f) => rulesetLiterals(f, readFileSync(join(ROOT, f), "utf8")));
    expect(found).toEqual([]);
  });

  it("the rule fails on what the old labgen did: a default, a comparison and a dispatch by a rule set's name", () => {
    const old = [
      `program.addOption(new Option("--rules <rules>", "competition facts, or an IPC 2023 PDDL problem").default("competition"));`,
      `if (flags.rules === "competition") check(n);`,
      `if (process.argv[2] === "maze") run();`,
      `const g = generators.get(\`minotaur\`);`,
      `type Name = "game" | "ipc2023";`,
    ].join("\n");
    expect(rulesetLiterals("src/cli/labgen.ts", old)).toEqual([
      'src/cli/labgen.ts:1: "competition"',
      'src/cli/labgen.ts:2: "competition"',
      'src/cli/labgen.ts:3: "maze"',
      'src/cli/labgen.ts:4: "minotaur"',
      'src/cli/labgen.ts:5: "game"',
      'src/cli/labgen.ts:5: "ipc2023"',
    ]);
    // comments, help sentences, the output layout and push-rules' labels are not routing
    const fine = [
      `// labgen maze: "maze" in a comment`,
      `.description("Generates competition facts or a maze");`,
      `.addOption(new Option("-f, --format <format>").default("competition"));`,
    ].join("\n");
    expect(rulesetLiterals("src/cli/x.ts", fine)).toEqual([]);
    expect(rulesetLiterals("src/core/push-rules.ts", `const C = { name: "competition" };\ninterface R { name: "competition" | "game" }`)).toEqual([]);
    expect(rulesetLiterals("src/core/push-rules.ts", `if (rules.name === "game") x();`)).toEqual(['src/core/push-rules.ts:1: "game"']);
  });
});
