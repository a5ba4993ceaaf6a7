/**
 * `labcheck`: verifies solutions from any solver, for every rule set the registry knows.
 *   labcheck EXITCODE INSTANCE < OUTPUT    competition protocol: OK / FAIL / DONTKNOW, exit 0 / 1 / 2
 *   labcheck [--json] INSTANCE [WITNESS]   the verdict (`valid: ...` or `invalid: step K: ...`), then details;
 *                                          the witness on standard input when absent or `-`
 *   labcheck - < INSTANCE_AND_WITNESS      the same on an instance and a witness concatenated
 *   labcheck < INSTANCE_AND_WITNESS        the 2009 convention: CORRECT / INCORRECT
 *   labcheck --instance INSTANCE           a check of the instance alone (a maze's perfection, a graph's figures)
 *   labcheck plan DOMAIN PROBLEM PLAN      a plan of the planning rule set (labcheck-plan.ts)
 *   labcheck plan EXITCODE DOMAIN PROBLEM < OUTPUT   the competition protocol on a plan (also EXITCODE plan ...)
 * The witness may be in any layout labsolve writes (competition, clingo, json) or plain;
 * the rule set's checker part judges it (src/core/plugin.ts), this module prints the Verdict.
 */
import { Command, Option } from "commander";
import { CHECKER_EXIT, protocolCheck } from "../core/checker-protocol.js";
import { endOf } from "../core/fact-args.js";
import { parseFacts, type Atom } from "../core/facts.js";
import { readOutput, readWitnessTexts } from "../core/witness.js";
import { jsonDocument, verdictOfAnswers, verdictText, type JudgedWitness, type NothingToCheck, type Verdict } from "../core/verdict.js";
import { addRuleSetOptions, clingoExits, givenRuleSetOptions } from "./args.js";
import { INSTANCE_RULE_NAMES, factsRuleSet, refuseOptions, ruleSetsHelp, textRuleSet, type RuleSetEntry } from "../registry.js";
import { guarded, readSource, type Source } from "./common.js";
import { VERSION } from "../core/version.js";
import { MAX_OUTPUT_BYTES } from "../core/files.js";
import { addCheckPlanCommand, checkPlanProtocol, isExitCode } from "./labcheck-plan.js";


const program = clingoExits(
  new Command("labcheck")
    .description(
      "Checks a witness (a solution) against an instance, for every rule set: push labyrinths (competition, board game), " +
        "IPC 2023 plans (labcheck plan), text mazes and the turn rule, the transit graph, Minotaur levels. The witness is solver output " +
        "in any layout labsolve writes (competition ANSWER lines, clingo, json) or the plain witness (facts, move words, graph states). " +
        "The first line is the verdict: `valid: ...` or `invalid: step K: ...`. Exit 0 valid, 1 invalid, 2 nothing to check, 65 bad input.",
    )
    .addHelpText(
      "after",
      "\nModes:\n" +
        "  labcheck EXITCODE INSTANCE < OUTPUT  competition checker: prints OK, FAIL or\n" +
        "                                       DONTKNOW (exit 0, 1, 2)\n" +
        "  labcheck INSTANCE [WITNESS]          valid (exit 0), or the rule the witness\n" +
        "                                       breaks and its step (exit 1); nothing to\n" +
        "                                       check in an INCONSISTENT or UNKNOWN\n" +
        "                                       output (exit 2); the witness on standard\n" +
        "                                       input when absent or -\n" +
        "  labcheck - < INSTANCE_AND_WITNESS    the same, instance and witness\n" +
        "                                       concatenated on standard input\n" +
        "  labcheck < INSTANCE_AND_WITNESS      2009 convention: CORRECT or INCORRECT\n" +
        "  labcheck --instance INSTANCE         the instance alone: a maze's perfection\n" +
        "                                       and statistics, a graph's figures\n" +
        "  labcheck plan DOMAIN PROBLEM PLAN    IPC 2023 labyrinth (labcheck plan --help)\n" +
        "  labcheck plan EXITCODE DOMAIN PROBLEM < OUTPUT\n" +
        "                                       the competition checker on a plan:\n" +
        "                                       OK, FAIL or DONTKNOW (exit 0, 1, 2)\n" +
        "\nMove letters: n e s w are north, east, south, west (w is west; on the Minotaur's\n" +
        "page, labshow --format html, the keys W A S D move north, west, south, east).\n" +
        ruleSetsHelp("labcheck"),
    )
    .version(VERSION)
    .argument("[args...]", "EXITCODE INSTANCE, or INSTANCE [WITNESS]")
    .option("--json", "print the verdict as a JSON document (schema/verdict.schema.json)")
    .option("--instance", "check the instance alone (a maze's perfection and statistics, a graph's figures); no witness is read")
    .addOption(new Option("--rules <rules>", "rule set (default: recognised from the input)").choices(INSTANCE_RULE_NAMES))
    .enablePositionalOptions(),
);
addRuleSetOptions(program, "labcheck");
addCheckPlanCommand(program);

interface CheckFlags {
  json?: boolean;
  instance?: boolean;
  rules?: string;
  cost?: "pushes" | "moves" | "steps";
  rule?: string;
}

/** The rule-set options given on the command line (for RuleSetEntry.takes). */
function givenOptions(): string[] {
  return givenRuleSetOptions(program, "labcheck");
}

/** What an output says for one instance: its answers, each judged on demand, and its words. */
interface Judged {
  answers: (() => JudgedWitness)[];
  saysInconsistent: boolean;
  saysUnknown: boolean;
}

/** One instance's checker, whatever its rule set: reads an output and judges its answers. */
interface Case {
  entry: RuleSetEntry;
  warnings: string[];
  read(output: Source): Judged;
}

/**
 * The checker of an instance: the text rule set that recognises it, else the facts rule
 * set of its facts. `instance` may be followed by a witness (`labcheck - < BOTH`): then
 * the witness is returned as the rest, at its lines in the text.
 * @throws InputError for an ill-formed instance, Error for an option the rule set does not take
 */
async function caseOf(source: Source, flags: CheckFlags, combined: boolean): Promise<{ judge: Case; rest?: Source }> {
  const text = textRuleSet(source.text, source.name, flags.rules);
  if (text) {
    refuseOptions(text, "labcheck", givenOptions());
    const checker = await text.checker();
    let instance = source;
    let rest: Source | undefined;
    if (combined) {
      const end = checker.instanceEnd(source.text);
      const lines = source.text.slice(0, end).split("\n").length - 1;
      instance = { text: source.text.slice(0, end), name: source.name };
      rest = { text: "\n".repeat(lines) + source.text.slice(end), name: source.name };
    }
    const referee = checker.referee({ source: instance, stdin: source.name === "<stdin>" }, { rule: flags.rule });
    const read = (output: Source): Judged => {
      const w = readWitnessTexts(output.text, output.name);
      return { ...w, answers: w.answers.map((t) => () => referee.judge({ text: t, name: output.name })) };
    };
    return { judge: { entry: text, warnings: [], read }, rest };
  }
  if (combined) {
    // facts: the instance's atoms and the witness's actions in one text
    const output = readOutput(source.text, source.name);
    const atoms = output.answers.flatMap((a) => a.atoms);
    const { entry, referee } = await factsReferee(atoms, source, flags);
    const actions = atoms.filter((a) => referee.isAction(a));
    const read = (): Judged => ({ saysInconsistent: output.saysInconsistent, saysUnknown: output.saysUnknown, answers: [() => referee.judge(actions)] });
    return { judge: { entry, warnings: referee.warnings, read } };
  }
  const { entry, referee } = await factsReferee(parseFacts(source.text, source.name), source, flags);
  const read = (output: Source): Judged => {
    const o = readOutput(output.text, output.name);
    // no answer lines at all: the empty witness (no pushes)
    const answers = o.answers.length > 0 || o.saysInconsistent || o.saysUnknown ? o.answers : [{ atoms: [] as Atom[] }];
    return { saysInconsistent: o.saysInconsistent, saysUnknown: o.saysUnknown, answers: answers.map((a) => () => referee.judge(a.atoms)) };
  };
  return { judge: { entry, warnings: referee.warnings, read } };
}

/** The referee of an instance's facts, by the rule set the registry chooses. */
async function factsReferee(atoms: Atom[], source: Source, flags: CheckFlags) {
  const entry = factsRuleSet(atoms, flags.rules);
  refuseOptions(entry, "labcheck", givenOptions());
  const referee = (await entry.checker()).referee({ atoms, file: source.name, end: endOf(source.text) }, { cost: flags.cost });
  return { entry, referee };
}

/** `labcheck EXITCODE INSTANCE < OUTPUT`: the competition protocol for any rule set. */
async function protocol(solverExit: number, instanceFile: string, flags: CheckFlags): Promise<number> {
  const { judge } = await caseOf(readSource(instanceFile), flags, false);
  const output = readSource(undefined, MAX_OUTPUT_BYTES);
  let result;
  try {
    result = protocolCheck(solverExit, judge.read(output), (answer) => answer().verdict);
  } catch (e) {
    // malformed solver output is a FAIL, not an error of the checker
    result = { word: "FAIL" as const, reason: e instanceof Error ? e.message : String(e) };
  }
  process.stdout.write(`${result.word}\n`);
  process.stderr.write(`% ${result.reason}\n`);
  return CHECKER_EXIT[result.word];
}

/** `labcheck --instance INSTANCE`: the rule set's check of the instance alone. */
async function instanceOnly(args: string[], flags: CheckFlags): Promise<number> {
  if (args.length !== 1) throw new Error("--instance checks one instance and reads no witness: labcheck --instance INSTANCE");
  const source = readSource(args[0]);
  const text = textRuleSet(source.text, source.name, flags.rules);
  const entry = text ?? factsRuleSet(parseFacts(source.text, source.name), flags.rules);
  refuseOptions(entry, "labcheck", givenOptions());
  const checker = text ? await text.checker() : undefined;
  if (!text || !checker?.report) throw new Error(`--instance: ${entry.name} instances have no check without a witness; give one (labcheck INSTANCE WITNESS)`);
  const report = checker.report({ source, stdin: args[0] === "-" }, { rule: flags.rule });
  process.stdout.write(flags.json ? `${JSON.stringify(report.json, null, 2)}\n` : report.text);
  return report.exitCode;
}

program.action(async (args: string[], flags: CheckFlags) => {
  await guarded("labcheck", async () => {
    if (flags.instance) return instanceOnly(args, flags);
    if (args.length === 2 && isExitCode(args[0])) return protocol(Number(args[0]), args[1], flags);
    // `labcheck EXITCODE plan DOMAIN PROBLEM < OUTPUT`: the protocol's word order, on the plan subcommand's rule set
    if (args.length === 4 && isExitCode(args[0]) && args[1] === "plan") return checkPlanProtocol(Number(args[0]), args[2], args[3]);
    if (args.length > 2) throw new Error("expected EXITCODE INSTANCE, or INSTANCE [WITNESS]; see labcheck --help");
    if (args[1] === "-" && args[0] === "-") throw new Error("the instance and the witness cannot both be standard input: labcheck - < INSTANCE_AND_WITNESS");

    let judge: Case;
    let output: Source;
    if (args.length === 0 || (args[0] === "-" && args.length === 1)) {
      const both = await caseOf(readSource(undefined, MAX_OUTPUT_BYTES), flags, true);
      judge = both.judge;
      output = both.rest ?? { text: "", name: "<stdin>" };
    } else {
      judge = (await caseOf(readSource(args[0]), flags, false)).judge;
      output = readSource(args[1], MAX_OUTPUT_BYTES);
    }
    for (const w of judge.warnings) process.stderr.write(`${w}\n`);
    const read = judge.read(output);
    if (read.answers.length === 0) {
      const says = read.saysInconsistent ? "INCONSISTENT" : "UNKNOWN";
      const why = read.saysInconsistent ? "the output says INCONSISTENT; unsatisfiability is not verified" : "the output has no answer";
      if (args.length === 0) process.stdout.write("DONTKNOW\n");
      else if (flags.json) {
        const doc: NothingToCheck = { rules: judge.entry.name, valid: null, says, reason: `nothing to check: ${why}` };
        process.stdout.write(jsonDocument(doc));
      } else process.stdout.write(`nothing to check: ${why}\n`);
      return CHECKER_EXIT.DONTKNOW;
    }
    const judged = read.answers.map((a) => a());
    const verdicts: Verdict[] = judged.map((j) => j.verdict);
    const allValid = verdicts.every((v) => v.valid);
    if (args.length === 0) {
      // the 2009 convention
      process.stdout.write(allValid ? "CORRECT\n" : "INCORRECT\n");
      if (!allValid) process.stderr.write(`% ${verdictText(judged[verdicts.findIndex((v) => !v.valid)]).split("\n")[0]}\n`);
    } else if (flags.json) {
      process.stdout.write(jsonDocument(verdictOfAnswers(verdicts)));
    } else {
      judged.forEach((j, i) => {
        if (judged.length > 1) process.stdout.write(`answer ${i + 1}: `);
        process.stdout.write(verdictText(j));
      });
    }
    return allValid ? 0 : 1;
  });
});

/**
 * labcheck's command line (its options, subcommands and actions), built once at import and
 * never parsed here: src/cli/labcheck.ts parses argv with it, scripts/docs-cli.ts writes the
 * reference from it.
 */
export function labcheckProgram(): Command {
  return program;
}
