/**
 * How far a checkpointed proof is, and how long the rest takes: the done units of the
 * depth being searched, weighed by each first push's share of a shallower depth's states
 * (scripts/done-share.ts).
 *
 *   node dist/scripts/depth-nodes.js --depth 6 --first-pushes INSTANCE > SHARES
 *   node dist/scripts/proof-estimate.js --shares SHARES [--since OLD_CKPT --cpu-seconds S] [--cores K] INSTANCE CKPT
 *
 * Prints the depth, the units done, the first pushes done whole and in part, and the
 * weighted share done. With --since (an earlier checkpoint of the same proof, e.g.
 * `git show COMMIT:expected/proofs/0207.ckpt`) and --cpu-seconds (the CPU the proof used
 * between the two), also the whole depth's and the rest's CPU time at that rate, and the
 * rest's wall time on K free cores (default 2). Reads the files only; a checkpoint that
 * does not exist is an error, not a new one. Bad input: `FILE: error: ...`, exit 65.
 */
import { existsSync } from "node:fs";
import { Command } from "commander";
import { guarded, readSource } from "../src/cli/common.js";
import { InputError } from "../src/core/errors.js";
import { readInstance, type Instance } from "../src/push/competition/instance.js";
import { openCheckpoint, type ProofCheckpoint } from "../src/push/competition/search/proof/checkpoint.js";
import { coverage, describeCoverage, weightedShare } from "./done-share.js";
import { PAIRS_FROM, prefixesArePairs } from "../src/push/competition/search/proof/prefixes.js";

interface Flags {
  shares: string;
  since?: string;
  cpuSeconds?: string;
  cores: string;
}

const program = new Command("proof-estimate")
  .argument("<instance>", "the instance's facts")
  .argument("<checkpoint>", "the proof's checkpoint (labsolve --checkpoint)")
  .requiredOption("--shares <file>", "depth-nodes --first-pushes output for the instance")
  .option("--since <checkpoint>", "an earlier checkpoint of the same proof")
  .option("--cpu-seconds <s>", "CPU seconds the proof used since --since")
  .option("--cores <k>", "free cores for the rest", "2")
  .action(async (instanceFile: string, checkpointFile: string, flags: Flags) => {
    await guarded("proof-estimate", () => estimate(instanceFile, checkpointFile, flags));
  });

/** The weights of the first line `first pushes (% of depth D's states): w0 w1 ...` of the file. */
function readShares(file: string, moves: number): number[] {
  const { text, name } = readSource(file);
  const lines = text.split("\n");
  const at = lines.findIndex((l) => l.startsWith("first pushes (% of depth"));
  if (at < 0) throw new InputError(name, undefined, "expected a line `first pushes (% of depth D's states): ...` (depth-nodes --first-pushes)");
  const line = lines[at];
  const colon = line.indexOf("):");
  const weights = line.slice(colon + 2).trim().split(/\s+/).map(Number);
  if (colon < 0 || weights.length !== moves || !weights.every((w) => Number.isFinite(w) && w >= 0) || weights.every((w) => w === 0)) {
    throw new InputError(name, { line: at + 1, column: 1 }, `expected ${moves} non-negative shares (4N first pushes of this instance), not all 0`);
  }
  return weights;
}

function open(path: string, instance: Instance, text: string): ProofCheckpoint {
  if (!existsSync(path)) throw new InputError(path, undefined, "no such checkpoint");
  return openCheckpoint(path, instance, text, undefined);
}

function estimate(instanceFile: string, checkpointFile: string, flags: Flags): number {
  const source = readSource(instanceFile);
  const { instance } = readInstance(source.text, source.name);
  const moves = 4 * instance.size;
  const weights = readShares(flags.shares, moves);
  const now = open(checkpointFile, instance, source.text);
  const depth = now.from;
  const pairs = prefixesArePairs(depth, PAIRS_FROM);
  const units = now.doneRoots[depth] ?? [];
  const c = coverage(units, moves, pairs);
  const share = weightedShare(c, weights);
  const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
  const out: string[] = [
    `depth ${depth} (depths up to ${now.finished} finished; best ${now.best?.length ?? "none"})`,
    `${units.length} of ${pairs ? moves * moves : moves} ${pairs ? "pairs" : "first pushes"} done: ${describeCoverage(c)}`,
    `weighted share done: ${pct(share)}`,
  ];
  if (flags.since !== undefined || flags.cpuSeconds !== undefined) {
    if (flags.since === undefined || flags.cpuSeconds === undefined) throw new InputError("proof-estimate", undefined, "--since and --cpu-seconds go together");
    const cpu = Number(flags.cpuSeconds);
    const cores = Number(flags.cores);
    if (!(cpu > 0)) throw new InputError("proof-estimate", undefined, `--cpu-seconds: expected a positive number, not ${flags.cpuSeconds}`);
    if (!(cores > 0)) throw new InputError("proof-estimate", undefined, `--cores: expected a positive number, not ${flags.cores}`);
    const before = open(flags.since, instance, source.text);
    // the CPU of a depth finished in between would be charged to this one's rate
    if (before.from !== depth) throw new InputError(flags.since, undefined, `expected a checkpoint at the same depth as ${checkpointFile} (${depth}), not at depth ${before.from}`);
    const earlier = weightedShare(coverage(before.doneRoots[depth] ?? [], moves, pairs), weights);
    const gained = share - earlier;
    if (!(gained > 0)) {
      out.push(`since ${flags.since}: nothing more of depth ${depth} done`);
    } else {
      const whole = cpu / gained;
      const rest = whole * (1 - share);
      out.push(
        `since ${flags.since}: ${pct(gained)} of depth ${depth} in ${(cpu / 60).toFixed(0)} CPU-minutes`,
        `at that rate depth ${depth} takes ${(whole / 3600).toFixed(1)} CPU-hours; ${(rest / 3600).toFixed(1)} CPU-hours left, ${(rest / 3600 / cores).toFixed(1)} hours on ${cores} free cores`,
      );
    }
  }
  process.stdout.write(`${out.join("\n")}\n`);
  return 0;
}

await program.parseAsync();
