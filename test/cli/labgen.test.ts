/**
 * labgen built from the registry (RuleSetEntry.labgen): its --rules choices and default,
 * its subcommands, --style's values (the generator's own list) and its --help, which names
 * every rule set with a generator and an example that runs.
 */
import { describe, expect, it } from "vitest";
import { GENERATING, GENERATOR_NAMES, defaultGenerator } from "../../src/registry.js";
import { runBin } from "../helpers/bin.js";


/** bin/labgen with `args`: its stdout, stderr and exit code. */

describe("labgen from the registry", { timeout: 120_000 }, () => {
  it("--help names every rule set with a generator, and each one's example runs (exit 0, an instance on stdout)", () => {
    const help = runBin("labgen", ["--help"]);
    expect(help.code).toBe(0);
    expect(GENERATING.length).toBeGreaterThan(0);
    for (const r of GENERATING) {
      expect(help.out, r.name).toMatch(new RegExp(`^  ${r.name} +\\S`, "m"));
      const example = r.labgen!.example;
      expect(help.out.replace(/\s+/g, " "), r.name).toContain(`e.g. labgen ${example}`);
      const run = runBin("labgen", example.split(" "));
      expect(run.code, `labgen ${example}: ${run.err}`).toBe(0);
      expect(run.out.length, `labgen ${example}`).toBeGreaterThan(0);
    }
  });

  it("--rules takes the registry's `rules` generators and defaults to the one marked default; the others are subcommands", () => {
    const help = runBin("labgen", ["--help"]).out.replace(/\s+/g, " ");
    const choices = GENERATOR_NAMES.map((n) => `"${n}"`).join(", ");
    expect(help).toContain(`(choices: ${choices}, default: "${defaultGenerator().name}")`);
    for (const r of GENERATING.filter((e) => e.labgen?.command === "subcommand")) {
      expect(GENERATOR_NAMES).not.toContain(r.name);
      const sub = runBin("labgen", [r.name, "--help"]);
      expect(sub.code, r.name).toBe(0);
      expect(sub.out, r.name).toMatch(new RegExp(`^Usage: labgen ${r.name} `, "m"));
      // a subcommand's name is no --rules value
      const refused = runBin("labgen", ["4", "3", "--seed", "1", "--rules", r.name]);
      expect(refused.code).toBe(65);
      expect(refused.err).toMatch(/^labgen: error: .*--rules/);
    }
  });

  it("--style's values are the generator's own (Generator.styles), refused otherwise", async () => {
    const takers = GENERATING.filter((r) => r.labgen?.command === "rules" && r.takes.labgen?.includes("style"));
    expect(takers.length).toBeGreaterThan(0);
    const styles = [...new Set((await Promise.all(takers.map(async (r) => (await r.generator!()).styles))).flat())];
    expect(styles.length).toBeGreaterThan(0);
    const help = runBin("labgen", ["--help"]).out.replace(/\s+/g, " ");
    expect(help).toContain(`(choices: ${styles.map((s) => `"${s}"`).join(", ")})`);
    const entry = takers[0];
    const [n, ...rest] = entry.labgen!.example.split(" ");
    for (const style of styles) expect(runBin("labgen", [n, ...rest, "--rules", entry.name, "--style", style]).code, style).toBe(0);
    const bad = runBin("labgen", [n, ...rest, "--rules", entry.name, "--style", `not-${styles.join("-")}`]);
    expect(bad.code).toBe(65);
    expect(bad.err).toContain(`Allowed choices are ${styles.join(", ")}.`);
  });
});
