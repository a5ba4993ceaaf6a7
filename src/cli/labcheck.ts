/**
 * `labcheck`: verifies solutions from any solver.
 *   labcheck EXITCODE INSTANCE < OUTPUT    competition protocol: OK / FAIL / DONTKNOW, exit 0 / 1 / 2
 *   labcheck [--json] INSTANCE [WITNESS]   human mode: valid or the first broken rule, with a picture
 *   labcheck - < INSTANCE+WITNESS          human mode on an instance and a witness concatenated
 *   labcheck < INSTANCE+WITNESS            the 2009 convention: CORRECT / INCORRECT
 */
import { existsSync } from "node:fs";
import { Command, Option } from "commander";
import { CHECKER_EXIT, protocolCheck } from "../core/checker-protocol.js";
import { endOf } from "../core/fact-args.js";
import { COSTS, type Cost } from "../core/push-rules.js";
import { parseFacts, type Atom } from "../core/facts.js";
import type { SourcePosition } from "../core/errors.js";
import { readOutput, type SolverOutput } from "../core/witness.js";
import { clingoExits } from "./args.js";
import type { Referee } from "../core/plugin.js";
import { INSTANCE_RULE_NAMES, factsRuleSet, textRuleSet } from "../registry.js";
import { endQuietlyOnClosedPipe, guarded, readSource, type Source } from "./common.js";
import { VERSION } from "../core/version.js";
import { MAX_OUTPUT_BYTES } from "../core/files.js";
import { checkPlanCommand } from "./labcheck-plan.js";

endQuietlyOnClosedPipe();

const program = clingoExits(
  new Command("labcheck")
    .description(
      "Checks push-labyrinth witnesses against an instance. A witness is solver output in any common layout " +
        "(competition ANSWER line, clingo, DLV braces, plain facts, labsolve --format json); only push/3 atoms count (board game: push/3 " +
        "or push/4, walk/3, step/2). Bad input exits 65.",
    )
    .addHelpText(
      "after",
      "\nModes:\n" +
        "  labcheck EXITCODE INSTANCE < OUTPUT  competition checker: prints OK, FAIL or\n" +
        "                                       DONTKNOW (exit 0, 1, 2)\n" +
        "  labcheck INSTANCE [WITNESS]          valid (exit 0), or the rule the witness\n" +
        "                                       breaks and its step (exit 1); nothing to\n" +
        "                                       check in an INCONSISTENT or UNKNOWN\n" +
        "                                       output (exit 2)\n" +
        "  labcheck - < INSTANCE_AND_WITNESS    the same, instance and witness\n" +
        "                                       concatenated on standard input\n" +
        "  labcheck < INSTANCE_AND_WITNESS      2009 convention: CORRECT or INCORRECT\n" +
        "  labcheck plan DOMAIN PROBLEM PLAN    IPC 2023 labyrinth: valid cost=C\n" +
        "                                       (exit 0), or the first failing action\n" +
        "                                       (exit 1)\n",
    )
    .version(VERSION)
    .argument("[args...]", "EXITCODE INSTANCE, or INSTANCE [WITNESS]")
    .option("--json", "human mode: print the verdict as JSON")
    .addOption(new Option("--rules <rules>", "rule set (default: game when the facts use spare/1, exit/3, insert/2, rotate, no_reverse or cost/1)").choices(INSTANCE_RULE_NAMES))
    .addOption(new Option("--cost <cost>", "board game: the cost the witness was made for, instead of the instance's cost/1").choices(COSTS)),
);

interface CheckFlags {
  json?: boolean;
  rules?: string;
  cost?: Cost;
}

/**
 * The referee of an instance's facts: the checker part of the rule set the registry
 * chooses (by the facts, or --rules).
 * @throws InputError for an ill-formed instance
 */
async function refereeOf(atoms: Atom[], file: string, end: SourcePosition, flags: CheckFlags): Promise<Referee> {
  const checker = await factsRuleSet(atoms, flags.rules).checker();
  return checker.referee({ atoms, file, end }, { cost: flags.cost });
}

/** The referee of an instance file. */
function refereeOfSource(source: Source, flags: CheckFlags): Promise<Referee> {
  return refereeOf(parseFacts(source.text, source.name), source.name, endOf(source.text), flags);
}

/** Referee and output from one concatenated input. */
async function combined(text: string, name: string, flags: CheckFlags): Promise<{ referee: Referee; output: SolverOutput }> {
  const output = readOutput(text, name);
  const atoms = output.answers.flatMap((a) => a.atoms);
  const referee = await refereeOf(atoms, name, endOf(text), flags);
  const actions = atoms.filter((a) => referee.isAction(a));
  return { referee, output: { ...output, answers: [{ atoms: actions, location: actions[0]?.location }] } };
}

program.action(async (args: string[], flags: CheckFlags) => {
  await guarded("labcheck", async () => {
    if (args[0] === "plan" && !existsSync("plan")) return checkPlanCommand(args.slice(1));
    if (args.length === 2 && /^\d+$/.test(args[0]) && !existsSync(args[0])) {
      const instanceSource = readSource(args[1]);
      const referee = await refereeOfSource(instanceSource, flags);
      const outputSource = readSource(undefined, MAX_OUTPUT_BYTES);
      let result;
      try {
        result = protocolCheck(Number(args[0]), readOutput(outputSource.text, outputSource.name), (atoms) => referee.check(atoms));
      } catch (e) {
        // malformed solver output is a FAIL, not an error of the checker
        result = { word: "FAIL" as const, reason: e instanceof Error ? e.message : String(e) };
      }
      process.stdout.write(`${result.word}\n`);
      process.stderr.write(`% ${result.reason}\n`);
      return CHECKER_EXIT[result.word];
    }
    if (args.length > 2) throw new Error("expected EXITCODE INSTANCE, or INSTANCE [WITNESS]; see labcheck --help");

    let referee: Referee;
    let output: SolverOutput;
    if (args.length === 0 || args[0] === "-") {
      const source = readSource(undefined, MAX_OUTPUT_BYTES);
      // a text rule set's instance alone on standard input (a maze): its own check
      const text = args.length <= 1 ? textRuleSet(source.text, source.name, flags.rules) : undefined;
      if (text) {
        const verdict = (await text.checker()).check({ source, stdin: true }, undefined, { json: flags.json });
        process.stdout.write(verdict.text);
        return verdict.exitCode;
      }
      ({ referee, output } = await combined(source.text, source.name, flags));
    } else {
      const instance = readSource(args[0]);
      const text = textRuleSet(instance.text, instance.name, flags.rules);
      if (text) {
        const witness = args[1] === undefined ? undefined : readSource(args[1], MAX_OUTPUT_BYTES);
        const verdict = (await text.checker()).check({ source: instance, stdin: args[0] === "-" }, witness, { json: flags.json });
        process.stdout.write(verdict.text);
        return verdict.exitCode;
      }
      referee = await refereeOfSource(instance, flags);
      for (const w of referee.warnings) process.stderr.write(`${w}\n`);
      const witnessSource = readSource(args[1], MAX_OUTPUT_BYTES);
      output = readOutput(witnessSource.text, witnessSource.name);
    }
    if (output.answers.length === 0 && (output.saysInconsistent || output.saysUnknown)) {
      const why = output.saysInconsistent ? "the output says INCONSISTENT; unsatisfiability is not verified" : "the output has no answer";
      if (args.length > 0 && flags.json) {
        // --json answers in JSON whatever the verdict: valid null, nothing was checked
        process.stdout.write(`${JSON.stringify({ valid: null, says: output.saysInconsistent ? "INCONSISTENT" : "UNKNOWN", reason: `nothing to check: ${why}`, answers: [] }, null, 2)}\n`);
      } else process.stdout.write(args.length === 0 ? "DONTKNOW\n" : `nothing to check: ${why}\n`);
      return CHECKER_EXIT.DONTKNOW;
    }
    // no answer lines at all: the empty witness (no pushes)
    const answers = output.answers.length > 0 ? output.answers : [{ atoms: [], location: undefined }];
    const verdicts = answers.map((a) => referee.check(a.atoms));
    const allValid = verdicts.every((v) => v.valid);
    if (args.length === 0) {
      process.stdout.write(allValid ? "CORRECT\n" : "INCORRECT\n");
      if (!allValid) {
        const bad = referee.describe(answers[verdicts.findIndex((v) => !v.valid)].atoms).split("\n");
        process.stderr.write(`% ${bad.find((l) => l.startsWith("invalid")) ?? bad[0]}\n`);
      }
    } else if (flags.json) {
      process.stdout.write(`${JSON.stringify({ valid: allValid, answers: answers.map((a) => referee.json(a.atoms)) }, null, 2)}\n`);
    } else {
      answers.forEach((a, i) => {
        if (answers.length > 1) process.stdout.write(`answer ${i + 1}: `);
        process.stdout.write(referee.describe(a.atoms));
      });
    }
    return allValid ? 0 : 1;
  });
});

await program.parseAsync();
