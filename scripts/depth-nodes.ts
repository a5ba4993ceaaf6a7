/**
 * Nodes per depth of the exact search, one thread, no beam bound: the numbers a change
 * to the search's structure must leave unchanged (and a pruning rule must lower).
 *
 *   node dist/scripts/depth-nodes.js [--depth D] [--models N] [--seconds S] [--plies] [--no-three] [--no-grown] [--no-second] [--no-quick] [--first-pushes] FILE...
 *
 * For each instance, the deepening runs up to D pushes (default 5, never past
 * max_steps) and stops at the first solution (models 1, the commutation rule on) or
 * after N solutions (-n 0: all, no commutation rule). A depth is cut short after S
 * seconds (default 120). Prints one line per instance: name, then depth:nodes pairs;
 * with --plies, then the last depth's nodes per ply (the states made by the push of
 * ply 0, 1, ...). --no-three turns the rules of Lemmas 15 and 16 off (three and four pushes left, sets
 * that cannot grow); --no-grown turns Lemma 17's rule off (two pushes left, where a grown
 * set reaches, decided before the push is written); --no-second turns Lemma 19's rule
 * off (two pushes left, a first push that cannot matter to the last); --no-quick turns off the shortcuts
 * of TwoPushJoins that decide the same (RuleSwitches.quickTwoPushes: growth words reused
 * from the parent, line masks for the first pushes that grow neither set, the far
 * children's plan, Lemma 17 (5) walks and first pushes decided whatever the far push
 * shared). (Relevance deferral and Lemma 18's rule, experiments that left the search:
 * docs/design/experiments.md.) --first-pushes prints,
 * after the line, each first push's share (%) of the last depth's states, in move order
 * (0 .. 4N - 1): what a checkpointed proof's done units weigh (the shares of 0207's first
 * pushes at depths 5 and 6 agree closely): the search's count of states when each first
 * push ends (WorkOptions.onRootDone), less the count before. `--help`
 * lists the options; bad input: `FILE: error: ...` (or `depth-nodes: error: ...`), exit 65.
 */
import { basename } from "node:path";
import { Command } from "commander";
import { clingoExits, nonNegativeInteger, positiveNumber } from "../src/cli/args.js";
import { guarded, readSource } from "../src/cli/common.js";
import { readInstance } from "../src/push/competition/instance.js";
import { searchInstance } from "../src/push/competition/search/exact/engine.js";

interface Flags {
  depth: number;
  models: number;
  seconds: number;
  plies?: boolean;
  three: boolean;
  grown: boolean;
  second: boolean;
  quick: boolean;
  firstPushes?: boolean;
}

const program = clingoExits(new Command("depth-nodes"))
  .description("Nodes per depth of the exact search, one thread, no beam bound (the numbers a change to the search's structure must leave unchanged).")
  .argument("<files...>", "instances (the competition's facts)")
  .option("--depth <d>", "search up to D pushes (never past max_steps)", nonNegativeInteger, 5)
  .option("--models <n>", "stop after N solutions (0: all, no commutation rule)", nonNegativeInteger, 1)
  .option("--seconds <s>", "cut a depth short after S seconds", positiveNumber, 120)
  .option("--plies", "also the last depth's states per ply")
  .option("--no-three", "Lemmas 15 and 16 off (three and four pushes left)")
  .option("--no-grown", "Lemma 17 off (two pushes left, where a grown set reaches)")
  .option("--no-second", "Lemma 19 off (two pushes left, the second-last push must matter)")
  .option("--no-quick", "TwoPushJoins' shortcuts off (RuleSwitches.quickTwoPushes)")
  .option("--first-pushes", "also each first push's share (%) of the last depth's states")
  .action(async (files: string[], flags: Flags) => {
    await guarded("depth-nodes", () => {
      for (const file of files) count(file, flags);
      return 0;
    });
  });

await program.parseAsync(process.argv);

/** Searches one instance to flags.depth and prints its line (and the first pushes' shares). */
function count(file: string, flags: Flags): void {
  const source = readSource(file);
  const { instance } = readInstance(source.text, source.name);
  const { depth, models, seconds } = flags;
  const plies = flags.plies === true;
  const firstPushes = flags.firstPushes === true;
  const started = performance.now();
  const maxSteps = Math.min(depth, instance.maxSteps);
  // states per first push of the last depth: the count at each first push's end, less the
  // one before; the depths before it are counted exactly (onDepth)
  const perFirstPush = new Float64Array(4 * instance.size);
  let before = 0;
  let earlier = 0;
  const result = searchInstance(instance, {
    maxSteps,
    models,
    threePushes: flags.three,
    grownReach: flags.grown,
    secondLast: flags.second,
    quickTwoPushes: flags.quick,
    shouldStop: () => performance.now() - started > seconds * 1000,
    onDepth: (stats) => {
      earlier += stats.nodes;
      before = earlier;
    },
    onRootDone: (d, m, at) => {
      if (d !== maxSteps) return;
      perFirstPush[m] = at - before;
      before = at;
    },
  });
  const cells = result.depths.map((d) => `${d.depth}:${d.nodes}${d.complete ? "" : "+"}`);
  const s = ((performance.now() - started) / 1000).toFixed(2);
  const last = result.depths[result.depths.length - 1];
  const perPly = plies && last?.plies !== undefined ? ` plies=${last.plies.join(",")}` : "";
  process.stdout.write(`${basename(file)} ${cells.join(" ")} solutions=${result.solutions.length} ${s}s${perPly}\n`);
  if (firstPushes) {
    const total = perFirstPush.reduce((a, b) => a + b, 0);
    const shares = Array.from(perFirstPush, (v) => (total > 0 ? ((100 * v) / total).toFixed(2) : "0"));
    process.stdout.write(`first pushes (% of depth ${last?.depth ?? 0}'s states): ${shares.join(" ")}\n`);
  }
}
