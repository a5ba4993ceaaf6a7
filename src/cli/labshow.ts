/**
 * `labshow INSTANCE [WITNESS] [--format text|svg|html] [-o FILE]`: a solution drawn step
 * by step (src/show/). WITNESS: solver output in any layout labcheck reads, `-` for
 * standard input; without it, labsolve's shortest solution. Exit 0 when the drawn
 * solution is valid, 1 when the witness breaks a rule (drawn up to that step, with the
 * checker's words), 20 when the instance has no solution, 65 bad input.
 */
import { closeSync, existsSync, openSync, realpathSync, writeFileSync, writeSync } from "node:fs";
import { basename } from "node:path";
import { Command, Option } from "commander";
import { playHtml } from "../show/html.js";
import { planRuleSet, textRuleSet } from "../registry.js";
import type { ShowPlay } from "../core/play.js";
import { replay } from "../show/replay.js";
import { stepSvg, stripSvg } from "../show/svg.js";
import { playText } from "../show/text.js";
import { clingoExits, nonNegativeInteger, positiveNumber } from "./args.js";
import { CLOSED_PIPE_EXIT, endQuietlyOnClosedPipe, guarded, readSource } from "./common.js";
import { VERSION } from "../core/version.js";
import { MAX_OUTPUT_BYTES } from "../core/files.js";

endQuietlyOnClosedPipe();

const FORMATS = ["text", "svg", "html"] as const;
type ShowFormat = (typeof FORMATS)[number];

interface ShowFlags {
  format: ShowFormat;
  timeLimit?: number;
  output?: string;
  step?: number;
  algorithm?: string;
}

const program = clingoExits(
  new Command("labshow")
    .description(
      "Draws a solution step by step: the board after each push, the pushed line, the reachable set and the goal. " +
        "WITNESS is solver output in any layout labcheck reads (- for standard input); without it, labsolve's shortest " +
        "solution is drawn. Exit 0 valid, 1 the witness breaks a rule (drawn up to that step), 20 no solution, 65 bad input.",
    )
    .version(VERSION)
    .argument("<instance>", "instance file (competition or board game facts)")
    .argument("[witness]", "solver output; - for standard input")
    .addOption(new Option("-f, --format <format>", "text: the boards in the terminal; svg: one picture (a strip of every step); html: a page that steps through them").choices(FORMATS).default("text"))
    .option("--step <k>", "svg: only step K (0 is the start)", nonNegativeInteger)
    .option("-o, --output <file>", "write to FILE (replaced if it exists; never an input file)")
    .option("--algorithm <name>", "text maze, --format html: the search to animate (bfs, dfs, dijkstra, astar, ...)")
    .option("--time-limit <seconds>", "without a witness: search at most this long and draw the best solution found, saying whether it is the shortest", positiveNumber)
    .enablePositionalOptions(),
);

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
      if (flags.output !== undefined) {
        for (const input of [domainFile, problemFile, planFile]) {
          if (input !== "-" && existsSync(input) && existsSync(flags.output) && realpathSync(input) === realpathSync(flags.output)) {
            throw new Error(`-o ${flags.output}: that is an input file; it is not overwritten`);
          }
        }
        writeFileSync(flags.output, text);
      } else process.stdout.write(text);
      if (!play.valid) process.stderr.write(`labshow: ${play.verdict}\n`);
      return play.valid ? 0 : 1;
    });
  });

program.action(async (instanceFile: string, witnessFile: string | undefined, flags: ShowFlags) => {
  await guarded("labshow", async () => {
    const inst = readSource(instanceFile);
    const witness = witnessFile === undefined ? undefined : readSource(witnessFile, MAX_OUTPUT_BYTES);
    if (flags.output !== undefined) {
      for (const input of [instanceFile, witnessFile]) {
        if (input && input !== "-" && existsSync(input) && existsSync(flags.output) && realpathSync(input) === realpathSync(flags.output)) {
          throw new Error(`-o ${flags.output}: that is an input file; it is not overwritten`);
        }
      }
    }
    const textRules = textRuleSet(inst.text, inst.name);
    if (textRules) {
      const drawn = await (await textRules.drawing()).draw({ source: inst, stdin: instanceFile === "-" }, witness, { format: flags.format, step: flags.step, title: `labshow: ${basename(inst.name)}`, algorithm: flags.algorithm });
      if (drawn.note !== undefined) process.stderr.write(`labshow: note: ${drawn.note}\n`);
      if (drawn.chunks !== undefined) writeChunks(flags.output, drawn.chunks);
      else if (flags.output !== undefined) writeFileSync(flags.output, drawn.text);
      else process.stdout.write(drawn.text);
      return drawn.exitCode;
    }
    const { play, warnings, note, interrupted } = await replay(inst.text, inst.name, witness, { timeLimit: flags.timeLimit });
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

await program.parseAsync();
