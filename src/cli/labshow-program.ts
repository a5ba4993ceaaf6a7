/**
 * `labshow INSTANCE [WITNESS] [--format text|svg|html] [-o FILE] [--rules NAME]`: a solution drawn step
 * by step (src/show/), for every rule set the registry knows. WITNESS: solver output in
 * any layout labcheck reads, `-` for standard input; without it, the rule set's shortest
 * solution. Exit 0 when the drawn solution is valid, 1 when the witness breaks a rule
 * (drawn up to that step, with the checker's words), 20 when the instance has no
 * solution, 65 bad input. The options only some rule sets take come from the registry.
 */
import { closeSync, openSync, writeFileSync, writeSync } from "node:fs";
import { basename } from "node:path";
import { Command, Option } from "commander";
import { playHtml } from "../show/html.js";
import { commandOptions, factsRuleSet, INSTANCE_RULE_NAMES, planRuleSet, refuseOptions, ruleSetsHelp, textRuleSet } from "../registry.js";
import { parseFacts } from "../core/facts.js";
import { readWitnessTexts } from "../core/witness.js";
import type { ShowPlay } from "../core/play.js";
import { replay } from "../show/replay.js";
import { stepSvg, stripSvg } from "../show/svg.js";
import { playText } from "../show/text.js";
import { addRuleSetOptions, clingoExits, givenRuleSetOptions, nonNegativeInteger } from "./args.js";
import { CLOSED_PIPE_EXIT, guarded, readSource, refuseOutputOverInput, type Source } from "./common.js";

import { VERSION } from "../core/version.js";
import { MAX_OUTPUT_BYTES } from "../core/files.js";


const FORMATS = ["text", "svg", "html"] as const;
type ShowFormat = (typeof FORMATS)[number];

interface ShowFlags {
  format: ShowFormat;
  timeLimit?: number;
  output?: string;
  step?: number;
  algorithm?: string;
  rule?: string;
  /** a registry name instead of recognising the input */
  rules?: string;
}

const program = clingoExits(
  new Command("labshow")
    .description(
      "Draws a solution step by step, for every rule set: the push labyrinths' boards after each push (the pushed line, " +
        "the reachable set, the goal), a maze's walk, a Minotaur level's moves, the transit graph's path; `labshow plan` " +
        "for IPC 2023 plans. WITNESS is solver output in any layout labcheck reads (- for standard input); without it, the " +
        "rule set's shortest solution is drawn. Exit 0 valid, 1 the witness breaks a rule (drawn up to that step), 20 no " +
        "solution, 65 bad input.",
    )
    .addHelpText("after", ruleSetsHelp("labshow"))
    .version(VERSION)
    .argument("<instance>", "instance file of any rule set below")
    .argument("[witness]", "solver output; - for standard input")
    .addOption(new Option("-f, --format <format>", "text: the boards in the terminal; svg: one picture (a strip of every step); html: a page that steps through them").choices(FORMATS).default("text"))
    .option("-o, --output <file>", "write to FILE (replaced if it exists; never an input file)")
    .addOption(new Option("--rules <rules>", "rule set (default: recognised from the input)").choices(INSTANCE_RULE_NAMES))
    .enablePositionalOptions(),
);
addRuleSetOptions(program, "labshow");

/**
 * The last answer's witness text of an output, for a text rule set's drawing (any layout labsolve writes).
 * @throws Error when the output has no answer (INCONSISTENT, UNKNOWN)
 */
function lastWitness(output: Source): Source {
  const read = readWitnessTexts(output.text, output.name);
  const last = read.answers.at(-1);
  if (last === undefined) throw new Error(`nothing to draw: ${output.name} says ${read.saysInconsistent ? "INCONSISTENT" : "UNKNOWN"}`);
  return { text: last, name: output.name };
}

/** Writes a picture by chunks to FILE (replaced) or standard output, never holding it whole (a closed pipe ends quietly, exit 141). */
function writeChunks(output: string | undefined, chunks: Iterable<string>): void {
  const fd = output === undefined ? 1 : openSync(output, "w");
  try {
    for (const chunk of chunks) {
      const bytes = Buffer.from(chunk, "utf8");
      for (let done = 0; done < bytes.length; ) {
        try {
          done += writeSync(fd, bytes, done, bytes.length - done);
        } catch (e) {
          const code = (e as NodeJS.ErrnoException).code;
          if (code === "EPIPE") process.exit(CLOSED_PIPE_EXIT);
          if (code !== "EAGAIN") throw e;
          Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 2);
        }
      }
    }
  } finally {
    if (fd !== 1) closeSync(fd);
  }
}

/** The picture of a replayed solution in the chosen format. */
function render(play: ShowPlay, flags: ShowFlags, title: string): string {
  if (flags.step !== undefined && flags.format !== "svg") throw new Error(`--step is for --format svg (the ${flags.format} picture shows every step)`);
  if (flags.format === "text") return playText(play);
  if (flags.format === "svg") {
    if (flags.step !== undefined && flags.step >= play.steps.length) throw new Error(`--step ${flags.step}: the solution drawn has steps 0 to ${play.steps.length - 1}`);
    return flags.step === undefined ? stripSvg(play) : stepSvg(play, play.steps[flags.step]);
  }
  return playHtml(play, title);
}

program
  .command("plan")
  .usage("[options] DOMAIN PROBLEM PLAN")
  .summary("draws a plan of the IPC 2023 labyrinth domain")
  .description("Draws a plan of the IPC 2023 labyrinth domain, replayed by labcheck plan's simulation: the board after each step or push.")
  .argument("<files...>", "DOMAIN PROBLEM PLAN: the domain, the problem and the plan (- for standard input)")
  .addOption(new Option("-f, --format <format>", "text, svg or html").choices(FORMATS))
  .option("--step <k>", "svg: only step K", nonNegativeInteger)
  .option("-o, --output <file>", "write to FILE (never an input file)")
  .action(async (files: string[], own: Partial<ShowFlags>) => {
    const [domainFile, problemFile, planFile] = files;
    const flags: ShowFlags = { ...program.opts<ShowFlags>(), ...Object.fromEntries(Object.entries(own).filter(([, v]) => v !== undefined)) };
    await guarded("labshow", async () => {
      if (files.length !== 3) throw new Error("expected labshow plan DOMAIN PROBLEM PLAN");
      const domain = readSource(domainFile);
      const problem = readSource(problemFile);
      const plan = readSource(planFile, MAX_OUTPUT_BYTES);
      const play = (await planRuleSet().drawing()).play({ domain, problem, plan });
      const text = render(play, flags, `labshow: ${basename(problem.name)}`);
      refuseOutputOverInput(flags.output, [domainFile, problemFile, planFile]);
      if (flags.output !== undefined) writeFileSync(flags.output, text);
      else process.stdout.write(text);
      if (!play.valid) process.stderr.write(`labshow: ${play.verdict}\n`);
      return play.valid ? 0 : 1;
    });
  });

program
  .command("studio")
  .usage("[options] [FILE]")
  .summary("the studio: every rule set in the browser (open, solve, step)")
  .description("Serves the studio on 127.0.0.1 (the URL on standard output; FILE opened in it) until interrupted, or with --out DIR writes it as static files that open from file://.")
  .argument("[file]", "an input of any rule set, opened in the studio")
  .option("--out <dir>", "write the studio to DIR instead of serving it")
  .action(async (file: string | undefined, own: { out?: string }) => {
    await guarded("labshow", async () => (await import("./labshow-studio.js")).studioCommand(file, own));
  });

program.action(async (instanceFile: string, witnessFile: string | undefined, flags: ShowFlags) => {
  await guarded("labshow", async () => {
    const inst = readSource(instanceFile);
    const witness = witnessFile === undefined ? undefined : readSource(witnessFile, MAX_OUTPUT_BYTES);
    refuseOutputOverInput(flags.output, [instanceFile, witnessFile]);
    const given = givenRuleSetOptions(program, "labshow");
    const textRules = textRuleSet(inst.text, inst.name, flags.rules);
    // facts are read for the rule set's options only when one is given (the drawing reads them anyway)
    if (textRules || given.length > 0) refuseOptions(textRules ?? factsRuleSet(parseFacts(inst.text, inst.name), flags.rules), "labshow", given);
    if (textRules) {
      const options = { format: flags.format, step: flags.step, title: `labshow: ${basename(inst.name)}`, algorithm: flags.algorithm, rule: flags.rule };
      const drawn = await (await textRules.drawing()).draw({ source: inst, stdin: instanceFile === "-" }, witness && lastWitness(witness), options);
      if (drawn.note !== undefined) process.stderr.write(`labshow: note: ${drawn.note}\n`);
      if (drawn.chunks !== undefined) writeChunks(flags.output, drawn.chunks);
      else if (flags.output !== undefined) writeFileSync(flags.output, drawn.text);
      else process.stdout.write(drawn.text);
      return drawn.exitCode;
    }
    const { play, warnings, note, interrupted } = await replay(inst.text, inst.name, witness, { timeLimit: flags.timeLimit, rules: flags.rules });
    for (const w of warnings) process.stderr.write(`${w}\n`);
    if (note) process.stderr.write(`labshow: ${note}\n`);
    if (!play) {
      if (interrupted) return 1;
      process.stdout.write("INCONSISTENT: no solution to draw\n");
      return 20;
    }
    const text = render(play, flags, `labshow: ${basename(inst.name)}`);
    if (flags.output !== undefined) writeFileSync(flags.output, text);
    else process.stdout.write(text);
    if (!play.valid) process.stderr.write(`labshow: ${play.verdict}\n`);
    return play.valid ? 0 : 1;
  });
});

/**
 * labshow's command line (its options, subcommands and actions), built once at import and
 * never parsed here: src/cli/labshow.ts parses argv with it, scripts/docs-cli.ts writes the
 * reference from it.
 */
export function labshowProgram(): Command {
  return program;
}
