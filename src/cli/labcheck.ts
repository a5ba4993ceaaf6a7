/**
 * `labcheck`: verifies solutions from any solver.
 *   labcheck EXITCODE INSTANCE < OUTPUT    competition protocol: OK / FAIL / DONTKNOW, exit 0 / 1 / 2
 *   labcheck [--json] INSTANCE [WITNESS]   human mode: valid or the first broken rule, with a picture
 *   labcheck - < INSTANCE+WITNESS          human mode on an instance and a witness concatenated
 *   labcheck < INSTANCE+WITNESS            the 2009 convention: CORRECT / INCORRECT
 */
import { existsSync } from "node:fs";
import { Command } from "commander";
import { CHECKER_EXIT, checkWitness, competitionCheck, type Verdict } from "../check.js";
import { endOf, instanceFromAtoms, readInstance, type Instance } from "../instance.js";
import { MAX_OUTPUT_BYTES } from "../files.js";
import { drawBoard } from "../picture.js";
import { readOutput, type SolverOutput } from "../witness.js";
import { clingoExits } from "./args.js";
import { VERSION, endQuietlyOnClosedPipe, guarded, readSource } from "./common.js";

endQuietlyOnClosedPipe();

const program = clingoExits(
  new Command("labcheck")
    .description(
      "Checks push-labyrinth witnesses against an instance. A witness is solver output in any common layout " +
        "(competition ANSWER line, clingo, DLV braces, plain facts); only push/3 atoms count. Bad input exits 65.",
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
        "  labcheck < INSTANCE_AND_WITNESS      2009 convention: CORRECT or INCORRECT\n",
    )
    .version(VERSION)
    .argument("[args...]", "EXITCODE INSTANCE, or INSTANCE [WITNESS]")
    .option("--json", "human mode: print the verdict as JSON"),
);

/** Instance and output from one concatenated input. */
function combined(text: string, name: string): { instance: Instance; output: SolverOutput } {
  const output = readOutput(text, name);
  const atoms = output.answers.flatMap((a) => a.atoms);
  const { instance } = instanceFromAtoms(atoms, name, endOf(text));
  const pushes = atoms.filter((a) => a.name === "push");
  return { instance, output: { ...output, answers: [{ atoms: pushes, location: pushes[0]?.location }] } };
}

function describe(v: Verdict, instance: Instance): string {
  if (v.valid) {
    return `valid: ${v.pushes} push${v.pushes === 1 ? "" : "es"}; the goal is reachable after step ${v.pushes} and not before (max_steps ${instance.maxSteps})\n`;
  }
  const x = v.violation!;
  const where = x.location ? ` (line ${x.location.line}, column ${x.location.column})` : "";
  const state = v.trace[v.trace.length - 1];
  const caption = state.push ? `board after step ${state.step}, push(${state.push.line},${state.push.dir},${state.step}):` : "board at the start (step 0):";
  return `invalid: step ${x.step}: ${x.message}${where}\nrule: ${x.rule}\n\n${caption}\n${drawBoard(state.board, state.goal, state.reachable)}\n`;
}

function verdictJson(v: Verdict): object {
  return { valid: v.valid, pushes: v.pushes, violation: v.violation ?? null };
}

program.action(async (args: string[], flags: { json?: boolean }) => {
  await guarded("labcheck", () => {
    if (args.length === 2 && /^\d+$/.test(args[0]) && !existsSync(args[0])) {
      const instanceSource = readSource(args[1]);
      const { instance } = readInstance(instanceSource.text, instanceSource.name);
      const outputSource = readSource(undefined, MAX_OUTPUT_BYTES);
      let result;
      try {
        result = competitionCheck(Number(args[0]), instance, readOutput(outputSource.text, outputSource.name));
      } catch (e) {
        // malformed solver output is a FAIL, not an error of the checker
        result = { word: "FAIL" as const, reason: e instanceof Error ? e.message : String(e) };
      }
      process.stdout.write(`${result.word}\n`);
      process.stderr.write(`% ${result.reason}\n`);
      return CHECKER_EXIT[result.word];
    }
    if (args.length > 2) throw new Error("expected EXITCODE INSTANCE, or INSTANCE [WITNESS]; see labcheck --help");

    let instance: Instance;
    let output: SolverOutput;
    if (args.length === 0 || args[0] === "-") {
      const source = readSource(undefined, MAX_OUTPUT_BYTES);
      ({ instance, output } = combined(source.text, source.name));
    } else {
      const instanceSource = readSource(args[0]);
      const read = readInstance(instanceSource.text, instanceSource.name);
      for (const w of read.warnings) process.stderr.write(`${w}\n`);
      instance = read.instance;
      const witnessSource = readSource(args[1], MAX_OUTPUT_BYTES);
      output = readOutput(witnessSource.text, witnessSource.name);
    }
    if (output.answers.length === 0 && (output.saysInconsistent || output.saysUnknown)) {
      const why = output.saysInconsistent ? "the output says INCONSISTENT; unsatisfiability is not verified" : "the output has no answer";
      process.stdout.write(args.length === 0 ? "DONTKNOW\n" : `nothing to check: ${why}\n`);
      return CHECKER_EXIT.DONTKNOW;
    }
    // no answer lines at all: the empty witness (no pushes)
    const answers = output.answers.length > 0 ? output.answers : [{ atoms: [], location: undefined }];
    const verdicts = answers.map((a) => checkWitness(instance, a.atoms));
    const allValid = verdicts.every((v) => v.valid);
    if (args.length === 0) {
      process.stdout.write(allValid ? "CORRECT\n" : "INCORRECT\n");
      if (!allValid) process.stderr.write(`% ${describe(verdicts.find((v) => !v.valid)!, instance).split("\n")[0]}\n`);
    } else if (flags.json) {
      process.stdout.write(`${JSON.stringify({ valid: allValid, answers: verdicts.map(verdictJson) }, null, 2)}\n`);
    } else {
      verdicts.forEach((v, i) => {
        if (verdicts.length > 1) process.stdout.write(`answer ${i + 1}: `);
        process.stdout.write(describe(v, instance));
      });
    }
    return allValid ? 0 : 1;
  });
});

await program.parseAsync();
